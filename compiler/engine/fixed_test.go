package engine_test

import (
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// rule parses a hookify rule file given as text.
func rule(t *testing.T, text string) *ir.Rule {
	t.Helper()
	r, diag := hookify.ReadRule("test.md", []byte(text))
	if diag != nil {
		t.Fatalf("rule does not parse: %v", diag)
	}
	return r
}

// event decodes a hook input given as JSON.
func event(t *testing.T, js string) engine.Event {
	t.Helper()
	v, err := pyval.LoadJSON(js)
	if err != nil {
		t.Fatalf("input does not parse: %v", err)
	}
	return engine.Event{Input: v}
}

func decide(t *testing.T, sem engine.Semantics, r *ir.Rule, ev engine.Event, files map[string]string) engine.Result {
	t.Helper()
	// A minute, not the default 100 ms: answers must not depend on load.
	eng := engine.New(engine.Options{Semantics: sem, RegexTimeout: time.Minute, ReadFile: func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, errNotExist
	}})
	return eng.Evaluate([]*ir.Rule{r}, ev)
}

// TestFixes has one case per documented fix (docs/compat.md): the decision
// under hookify semantics (the defect) and under fixed semantics.
func TestFixes(t *testing.T) {
	tests := []struct {
		fix          string
		rule, input  string
		files        map[string]string
		compat, want engine.Decision
	}{
		{
			fix:    "event-filter-every-tool",
			rule:   "---\nname: r\nevent: stop\naction: block\nconditions:\n  - field: file_path\n    operator: contains\n    pattern: x\n---\nm",
			input:  `{"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/x"}}`,
			compat: engine.DecisionBlock, want: engine.DecisionAllow,
		},
		{
			fix:    "prompt-field",
			rule:   "---\nname: r\nevent: prompt\naction: warn\nconditions:\n  - field: user_prompt\n    operator: contains\n    pattern: deploy\n---\nm",
			input:  `{"hook_event_name":"UserPromptSubmit","prompt":"please deploy now"}`,
			compat: engine.DecisionAllow, want: engine.DecisionWarn,
		},
		{
			fix:    "prompt-field",
			rule:   "---\nname: r\nevent: prompt\naction: warn\nconditions:\n  - field: prompt\n    operator: contains\n    pattern: deploy\n---\nm",
			input:  `{"hook_event_name":"UserPromptSubmit","prompt":"please deploy now"}`,
			compat: engine.DecisionAllow, want: engine.DecisionWarn,
		},
		{
			fix:    "legacy-pattern-prompt",
			rule:   "---\nname: r\nevent: prompt\npattern: deploy\n---\nm",
			input:  `{"hook_event_name":"UserPromptSubmit","prompt":"deploy it"}`,
			compat: engine.DecisionAllow, want: engine.DecisionWarn,
		},
		{
			fix:    "legacy-pattern-stop",
			rule:   "---\nname: r\nevent: stop\naction: block\npattern: TODO\n---\nm",
			input:  `{"hook_event_name":"Stop","transcript_path":"/t.jsonl","stop_hook_active":false}`,
			files:  map[string]string{"/t.jsonl": `{"text":"left a TODO"}`},
			compat: engine.DecisionAllow, want: engine.DecisionBlock,
		},
		{
			fix:    "write-new-text",
			rule:   "---\nname: r\nevent: file\nconditions:\n  - field: new_text\n    operator: contains\n    pattern: console.log(\n---\nm",
			input:  `{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/a.js","content":"console.log(1)"}}`,
			compat: engine.DecisionAllow, want: engine.DecisionWarn,
		},
		{
			fix:    "stop-hook-active",
			rule:   "---\nname: r\nevent: stop\naction: block\nconditions:\n  - field: transcript\n    operator: not_contains\n    pattern: go test\n---\nm",
			input:  `{"hook_event_name":"Stop","transcript_path":"/t.jsonl","stop_hook_active":true}`,
			files:  map[string]string{"/t.jsonl": "nothing"},
			compat: engine.DecisionBlock, want: engine.DecisionWarn,
		},
		{
			fix:    "multiedit-old-text",
			rule:   "---\nname: r\nevent: file\nconditions:\n  - field: old_text\n    operator: contains\n    pattern: secret\n---\nm",
			input:  `{"hook_event_name":"PreToolUse","tool_name":"MultiEdit","tool_input":{"file_path":"/a","edits":[{"old_string":"secret","new_string":"x"}]}}`,
			compat: engine.DecisionAllow, want: engine.DecisionWarn,
		},
	}
	for _, tc := range tests {
		t.Run(tc.fix, func(t *testing.T) {
			r := rule(t, tc.rule)
			if got := decide(t, engine.Hookify, r, event(t, tc.input), tc.files); got.Decision() != tc.compat || got.Exception != nil {
				t.Errorf("hookify semantics: decision %s (exception %v), want %s", got.Decision(), got.Exception, tc.compat)
			}
			if got := decide(t, engine.Fixed, r, event(t, tc.input), tc.files); got.Decision() != tc.want {
				t.Errorf("fixed semantics: decision %s, want %s (problems %v)", got.Decision(), tc.want, got.Problems)
			}
		})
	}
}

// TestFixedExceptionIsPerRule: a value hookify would crash on (here a string
// tool_input) ends only the rule that meets it, as a reported problem; other
// rules still decide.
func TestFixedExceptionIsPerRule(t *testing.T) {
	crash := rule(t, "---\nname: crash\nevent: all\nconditions:\n  - field: command\n    operator: contains\n    pattern: x\n---\nm")
	other := rule(t, "---\nname: other\nevent: all\naction: block\nconditions:\n  - field: transcript\n    operator: contains\n    pattern: \"\"\n---\nm")
	ev := event(t, `{"hook_event_name":"PreToolUse","tool_name":"Task","tool_input":"a string command x","transcript_path":"/t"}`)
	files := map[string]string{"/t": "log"}
	eng := engine.New(engine.Options{Semantics: engine.Hookify, ReadFile: func(p string) ([]byte, error) { return []byte(files[p]), nil }})
	res := eng.Evaluate([]*ir.Rule{crash, other}, ev)
	if res.Exception == nil || res.Exception.Msg != "string indices must be integers, not 'str'" {
		t.Fatalf("hookify: exception %v", res.Exception)
	}
	eng = engine.New(engine.Options{Semantics: engine.Fixed, ReadFile: func(p string) ([]byte, error) { return []byte(files[p]), nil }})
	res = eng.Evaluate([]*ir.Rule{crash, other}, ev)
	if res.Exception != nil || res.Decision() != engine.DecisionBlock || len(res.Problems) != 1 || res.Problems[0].Kind != engine.ProblemException {
		t.Fatalf("fixed: decision %s exception %v problems %+v", res.Decision(), res.Exception, res.Problems)
	}
}

// TestRegexTimeout: a catastrophic regex (off pyre's linear path: a
// backreference) on a long value ends in a reported problem; the condition
// is false under hookify semantics and holds (fail safe, so the rule blocks)
// under fixed semantics (see also timeout_test.go).
func TestRegexTimeout(t *testing.T) {
	r := rule(t, "---\nname: redos\nevent: bash\naction: block\nconditions:\n  - field: command\n    operator: regex_match\n    pattern: (a+)+\\1$\n---\nm")
	cmd := strings.Repeat("a", 50_000) + "!"
	for _, sem := range []engine.Semantics{engine.Hookify, engine.Fixed} {
		eng := engine.New(engine.Options{Semantics: sem, RegexTimeout: 20_000_000})
		d := pyval.NewDict()
		d.Set("hook_event_name", pyval.Str("PreToolUse"))
		d.Set("tool_name", pyval.Str("Bash"))
		ti := pyval.NewDict()
		ti.Set("command", pyval.Str(cmd))
		d.Set("tool_input", ti)
		res := eng.Evaluate([]*ir.Rule{r}, engine.Event{Input: d})
		want := map[engine.Semantics]engine.Decision{engine.Hookify: engine.DecisionAllow, engine.Fixed: engine.DecisionBlock}[sem]
		if res.Decision() != want || len(res.Problems) != 1 || res.Problems[0].Kind != engine.ProblemRegexTimeout {
			t.Errorf("%s: decision %s problems %+v", sem, res.Decision(), res.Problems)
		}
	}
}

// TestSearchBudget: many rules with catastrophic patterns cost one bounded
// budget per call, not one timeout per rule; a repeated pattern is searched
// once.
func TestSearchBudget(t *testing.T) {
	var rules []*ir.Rule
	for i := 0; i < 30; i++ {
		p := `(a+)+\1$` // off the linear path: a backreference
		if i%2 == 1 {
			// Distinct patterns with no literal the prefilter could use.
			p = "([a-" + string(rune('b'+i/2)) + `]+)+\1$`
		}
		rules = append(rules, rule(t, "---\nname: r\nevent: bash\naction: block\nconditions:\n  - field: command\n    operator: regex_match\n    pattern: "+p+"\n---\nm"))
	}
	d := pyval.NewDict()
	d.Set("hook_event_name", pyval.Str("PreToolUse"))
	d.Set("tool_name", pyval.Str("Bash"))
	ti := pyval.NewDict()
	ti.Set("command", pyval.Str(strings.Repeat("a", 50_000)+"!"))
	d.Set("tool_input", ti)
	eng := engine.New(engine.Options{Semantics: engine.Fixed, RegexTimeout: 10_000_000, SearchBudget: 50_000_000})
	res := eng.Evaluate(rules, engine.Event{Input: d})
	if res.Decision() != engine.DecisionBlock { // fail safe
		t.Fatalf("decision %s", res.Decision())
	}
	timeouts, skipped := 0, 0
	for _, p := range res.Problems {
		switch {
		case strings.HasPrefix(p.Text, "Regex search timed out"):
			timeouts++
		case strings.HasPrefix(p.Text, "Regex search skipped"):
			skipped++
		}
	}
	// 16 distinct patterns; at most budget/timeout = 5 searches run.
	if timeouts > 5 || timeouts+skipped != 16 {
		t.Errorf("%d timed out, %d skipped; want ≤ 5 and 16 in all (%d problems)", timeouts, skipped, len(res.Problems))
	}
}

// TestPermissionActor: actor-scoped genesis rules apply only to their actor.
func TestPermissionActor(t *testing.T) {
	rules, _, err := perm.LoadGenesis("genesis.key", []byte("permissions:\n  actors:\n    intern:\n      deny: [\"Bash(git push *)\"]\n"), perm.LoadOptions{BaseDir: "/p"})
	if err != nil || len(rules) != 1 {
		t.Fatal(rules, err)
	}
	ev := event(t, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push origin main"},"cwd":"/p"}`)
	for actor, want := range map[string]engine.Decision{"": engine.DecisionAllow, "ci": engine.DecisionAllow, "intern": engine.DecisionBlock} {
		res := engine.New(engine.Options{Actor: actor, RegexTimeout: time.Minute}).Evaluate(rules, ev)
		if res.Decision() != want {
			t.Errorf("actor %q: %s, want %s", actor, res.Decision(), want)
		}
	}
}

// TestHugePatternIsAProblem: a rule whose pattern is past
// pyre.MaxPatternLen (the guarded agent writes project rules) is reported,
// not compiled, and the problem quotes only the pattern's start: a
// megabytes-long pattern never becomes megabytes of stderr.
func TestHugePatternIsAProblem(t *testing.T) {
	pattern := strings.Repeat("rm|", pyre.MaxPatternLen/3+1) + "x"
	r := rule(t, "---\nname: huge\nevent: bash\naction: block\npattern: "+pattern+"\n---\nm")
	d := pyval.NewDict()
	d.Set("hook_event_name", pyval.Str("PreToolUse"))
	d.Set("tool_name", pyval.Str("Bash"))
	ti := pyval.NewDict()
	ti.Set("command", pyval.Str("rm -rf /"))
	d.Set("tool_input", ti)
	res := engine.New(engine.Options{Semantics: engine.Fixed}).Evaluate([]*ir.Rule{r}, engine.Event{Input: d})
	if len(res.Problems) != 1 || res.Problems[0].Kind != engine.ProblemUnsupportedRegex {
		t.Fatalf("problems %+v", res.Problems)
	}
	if text := res.Problems[0].Text; len(text) > 1024 || !strings.Contains(text, "bytes)") || !strings.Contains(text, "hookifyc compiles patterns of up to") {
		t.Errorf("problem text (%d bytes): %.300s", len(text), text)
	}
}

// TestNotebookEditIsAFileEvent: under the fixed semantics, Claude Code's
// NotebookEdit is a file event: file rules see its notebook_path as
// file_path and its new_source as the content (hookify never matched
// it, which let a secret into a notebook past every file rule).
func TestNotebookEditIsAFileEvent(t *testing.T) {
	secret := rule(t, "---\nname: secret\nevent: file\naction: block\nconditions:\n  - field: content\n    operator: regex_match\n    pattern: AKIA[0-9A-Z]{16}\n---\nNo keys.")
	path := rule(t, "---\nname: nb\nevent: file\naction: warn\nconditions:\n  - field: file_path\n    operator: ends_with\n    pattern: .ipynb\n---\nNotebook.")
	ev := event(t, `{"hook_event_name":"PreToolUse","tool_name":"NotebookEdit","tool_input":{"notebook_path":"/p/a.ipynb","cell_id":"c1","new_source":"k='AKIAIOSFODNN7EXAMPLE'","cell_type":"code","edit_mode":"replace"}}`)
	res := engine.New(engine.Options{Semantics: engine.Fixed}).Evaluate([]*ir.Rule{secret, path}, ev)
	if res.Decision() != engine.DecisionBlock || len(res.Warning) != 1 {
		t.Errorf("fixed: %s, warnings %d", res.Decision(), len(res.Warning))
	}
	if res := engine.New(engine.Options{Semantics: engine.Hookify}).Evaluate([]*ir.Rule{secret, path}, ev); res.Decision() != engine.DecisionAllow {
		t.Errorf("hookify semantics: %s (hookify does not map NotebookEdit)", res.Decision())
	}
}
