package hookify

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// addCorpusSeeds adds a few real rule files as fuzz seeds.
func addCorpusSeeds(f *testing.F, extra ...any) {
	dir := filepath.Join(corpusDir(f), "rules")
	for _, id := range []string{
		"ex-sensitive-files-warning", "q-16-pattern-true", "q-27-name-list",
		"pub-aloekun-claude-code-hook-test-block-git", "pub-woink-upstate-fishing-console-log",
		"pub-kimchanhyung98-agentic-workflows-warn-security",
	} {
		data, err := os.ReadFile(filepath.Join(dir, id+".md"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(append([]any{data}, extra...)...)
	}
	for _, s := range fuzzSeeds() {
		f.Add(append([]any{[]byte(s)}, extra...)...)
	}
	f.Add(append([]any{[]byte("---\nname: \xff\n---\n")}, extra...)...)
	f.Add(append([]any{[]byte("\ufeff---\nname: x\n---\n")}, extra...)...)
}

// FuzzReadRule: the reader never panics, its positions are in range, and a
// decoding failure is always reported as hookify's "Malformed rule file".
func FuzzReadRule(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		r, d := ReadRule("p", data)
		if (r == nil) == (d == nil) {
			t.Fatalf("rule %v, diagnostic %v", r, d)
		}
		text, err := Decode(data)
		if err != nil {
			if d == nil || d.Kind != DiagMalformed || !d.Pos.IsValid() {
				t.Fatalf("decode error %v gave %+v", err, d)
			}
			return
		}
		fm := ParseFrontmatter(text)
		checkPositions(t, fm)
		if r != nil {
			for _, c := range r.Conditions {
				if !c.Pos.IsValid() {
					t.Fatalf("condition without a position: %+v", c)
				}
			}
		}
	})
}

// FuzzSetEnabled: read → toggle enabled → read gives the same rule except
// Enabled, and only the enabled value (or one inserted line) changed.
func FuzzSetEnabled(f *testing.F) {
	addCorpusSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if r, _ := ReadRule("p", data); r == nil {
			SetEnabledBytes(data, true) // must not panic
			return
		}
		checkToggle(t, "fuzz", data)
	})
}

// FuzzRender: whatever Render accepts reads back to the same rule.
func FuzzRender(f *testing.F) {
	f.Add("n", "bash", "block", "command", "regex_match", `rm\s+-rf`, "msg", false)
	f.Add("n", "file", "warn", "a,b", "c,d", "e, f", "", true)
	f.Add("true", "", "x", "", "", "", " m", false)
	f.Add(`"q'`, "a---b", "block", "f: g", "#", "- x", "a\r\nb", true)
	f.Fuzz(func(t *testing.T, name, event, action, field, op, pattern, msg string, legacy bool) {
		r := &ir.Rule{Name: name, Enabled: true, Event: event, ActionText: action, Action: ir.ActionWarn, Message: msg}
		if action == "block" {
			r.Action = ir.ActionBlock
		}
		if legacy {
			r.Conditions = []ir.Condition{{Field: LegacyField(pyvalStr(event)), Operator: ir.OpRegexMatch, Pattern: pattern, Legacy: true}}
		} else {
			r.Conditions = []ir.Condition{{Field: field, Operator: op, Pattern: pattern}}
		}
		out, err := Render(r)
		if err != nil {
			return
		}
		got, d := ReadRule("p", out)
		if d != nil {
			t.Fatalf("rendered file unreadable: %v\n%q", d, out)
		}
		if diff := ruleDiff(r, got); diff != "" {
			t.Fatalf("%s\n%q", diff, out)
		}
	})
}

func pyvalStr(s string) pyval.Value { return pyval.Str(s) }
