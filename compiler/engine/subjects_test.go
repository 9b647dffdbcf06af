package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// TestSharedSubjectsOnce: the events of one call that carry the same
// string (a patch's content on each of its files) share one prepared
// value, searched once per pattern, whatever values the events searched
// before it (a reviewer filled a fixed-size list with paths first, and
// every later event searched the content again: 13,000 events took 7.8 s).
func TestSharedSubjectsOnce(t *testing.T) {
	var rules []*ir.Rule
	for _, text := range []string{
		"---\nname: p\nevent: file\naction: warn\nconditions:\n  - field: file_path\n    operator: regex_match\n    pattern: \\.txt$\n---\nm",
		"---\nname: c\nevent: file\naction: block\nconditions:\n  - field: file_path\n    operator: regex_match\n    pattern: \\.py$\n  - field: content\n    operator: regex_match\n    pattern: \\beval\\(\n---\nm",
	} {
		r, diag := hookify.ReadRule("r.md", []byte(text))
		if diag != nil {
			t.Fatal(diag)
		}
		rules = append(rules, r)
	}
	content := strings.Repeat("x = 1\n", 1000) + "eval(y)\n"
	eng := New(Options{Semantics: Fixed})
	subjects := NewSubjects()
	const n = 2000
	var res Result
	for i := range n {
		ext := ".txt"
		if i >= 10 {
			ext = ".py"
		}
		ti := pyval.NewDict()
		ti.Set("file_path", pyval.Str(fmt.Sprintf("/p/f%d%s", i, ext)))
		ti.Set("content", pyval.Str(content))
		ev := pyval.NewDict()
		ev.Set("hook_event_name", pyval.Str("PreToolUse"))
		ev.Set("tool_name", pyval.Str("Write"))
		ev.Set("tool_input", ti)
		res.Merge(eng.Evaluate(rules, Event{Input: ev, Subjects: subjects}))
	}
	if res.Decision() != DecisionBlock {
		t.Errorf("decision %s", res.Decision())
	}
	// One entry per path and one for the content, which every event shares.
	if got := len(subjects.byID); got != n+1 {
		t.Errorf("%d prepared values, want %d (the paths and one content)", got, n+1)
	}
}
