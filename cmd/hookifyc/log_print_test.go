package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

// TestPrintEntryEscapes: hookifyc log prints a summary the agent wrote on
// one line with its escape sequences and bidi overrides escaped, so that
// it cannot erase or reorder what the reader sees.
func TestPrintEntryEscapes(t *testing.T) {
	var b bytes.Buffer
	printEntry(&b, &audit.Entry{Time: time.Unix(0, 0), Decision: "block", Summary: "rm -rf / \x1b[2K\x1b[1Gls \u202eabc\nx"}, false)
	got := b.String()
	if strings.ContainsAny(got, "\x1b\u202e") || strings.Count(got, "\n") != 1 || !strings.Contains(got, `rm -rf / \x1b[2K\x1b[1Gls \u202eabc\nx`) {
		t.Errorf("printEntry: %q", got)
	}
}

// TestPrintColumnsEscapes: hooks list prints a repository's hook command
// on its own line, escaped.
func TestPrintColumnsEscapes(t *testing.T) {
	var b bytes.Buffer
	printColumns(&b, [][]string{{"COMMAND"}, {"true \x1b[2K\nfake"}}, []string{"in x\ny"})
	if got := b.String(); got != "COMMAND\ntrue \\x1b[2K\\nfake\n    in x\\ny\n" {
		t.Errorf("printColumns: %q", got)
	}
}

// TestExplainEscapes: hookifyc check prints a rule's name, file, pattern
// and message (text a repository's rule file holds) with escape sequences
// and bidi overrides escaped; the message keeps its lines.
func TestExplainEscapes(t *testing.T) {
	r := &ir.Rule{Name: "ev\x1b[31mil", Action: ir.ActionBlock, Origin: ir.OriginHookify, Source: ir.Source{File: "a\u202e.md"},
		Message: "line one \x1b]0;T\x07\nline two"}
	res := &engine.Result{Blocking: []*ir.Rule{r}, Explanations: []engine.Explanation{{Rule: r, Conditions: []engine.ConditionMatch{{
		Condition: &ir.Condition{Field: "command", Operator: "regex_match", Pattern: "rm\x1b[2K"}, Field: "command", Value: "rm x"}}}}}
	var b bytes.Buffer
	explain(&b, res, []string{"problem \x1b[2J"})
	got := b.String()
	if strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("raw control or bidi characters:\n%q", got)
	}
	for _, want := range []string{`ev\x1b[31mil (a\u202e.md)`, `rm\x1b[2K`, "    line one \\x1b]0;T\\a\n    line two", `problem \x1b[2J`} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}

// TestPrintEntryJSON: hookifyc log --json writes deceptive characters of
// a logged command as escapes, and reports an entry that cannot be JSON
// instead of writing nothing.
func TestPrintEntryJSON(t *testing.T) {
	var b bytes.Buffer
	if err := printEntry(&b, &audit.Entry{Time: time.Unix(0, 0).UTC(), Decision: "block", Summary: "ls \u202eabc\u009b"}, true); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); strings.ContainsAny(got, "\u202e\u009b") || !strings.Contains(got, `ls \u202eabc\u009b`) {
		t.Errorf("json: %q", got)
	}
	b.Reset()
	bad := &audit.Entry{Time: time.Unix(0, 0).In(time.FixedZone("x", 25*3600)), Decision: "block"}
	if err := printEntry(&b, bad, true); err == nil || b.Len() != 0 {
		t.Errorf("a time past encoding/json: %v, wrote %q", err, b.String())
	}
}
