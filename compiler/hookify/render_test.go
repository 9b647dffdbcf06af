package hookify

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

func baseRule() *ir.Rule {
	return &ir.Rule{
		Name: "block-rm", Enabled: true, Event: "bash", ActionText: "block", Action: ir.ActionBlock,
		Conditions: []ir.Condition{{Field: "command", Operator: "regex_match", Pattern: `rm\s+-rf`}},
		Message:    "**Dangerous rm!**\n\n- check the path",
	}
}

func TestRenderRoundTrip(t *testing.T) {
	mods := map[string]func(r *ir.Rule){
		"base":            func(r *ir.Rule) {},
		"disabled":        func(r *ir.Rule) { r.Enabled = false },
		"warn":            func(r *ir.Rule) { r.ActionText, r.Action = "warn", ir.ActionWarn },
		"action from IR":  func(r *ir.Rule) { r.ActionText = "" },
		"odd action text": func(r *ir.Rule) { r.ActionText, r.Action = "deny", ir.ActionWarn },
		"no message":      func(r *ir.Rule) { r.Message = "" },
		"message with ---": func(r *ir.Rule) {
			r.Message = "a\n---\nb: c"
		},
		"tool matcher":     func(r *ir.Rule) { r.ToolMatcher = ir.ToolMatcher{Set: true, Names: []string{"Edit", "Write"}} },
		"tool matcher any": func(r *ir.Rule) { r.ToolMatcher = ir.ToolMatcher{Set: true, Any: true} },
		"comma in pattern": func(r *ir.Rule) { r.Conditions[0].Pattern = `\d{1,3}` },
		"commas everywhere": func(r *ir.Rule) {
			r.Conditions[0] = ir.Condition{Field: "a,b", Operator: "c,d", Pattern: "e,f"}
		},
		"comma in field only": func(r *ir.Rule) { r.Conditions[0].Field = "a,b" },
		"empty pattern":       func(r *ir.Rule) { r.Conditions[0].Pattern = "" },
		"true pattern in a condition": func(r *ir.Rule) {
			r.Conditions[0].Pattern = "true"
		},
		"several conditions": func(r *ir.Rule) {
			r.Conditions = append(r.Conditions, ir.Condition{Field: "file_path", Operator: "not_contains", Pattern: "# not a comment"})
		},
		"no conditions": func(r *ir.Rule) { r.Conditions = nil },
		"legacy": func(r *ir.Rule) {
			r.Conditions = []ir.Condition{{Field: "command", Operator: "regex_match", Pattern: `rm\s+-rf`, Legacy: true}}
		},
		"legacy file": func(r *ir.Rule) {
			r.Event = "file"
			r.Conditions = []ir.Condition{{Field: "new_text", Operator: "regex_match", Pattern: `a, b: c`, Legacy: true}}
		},
		"legacy other event": func(r *ir.Rule) {
			r.Event = "Stop"
			r.Conditions = []ir.Condition{{Field: "content", Operator: "regex_match", Pattern: "x", Legacy: true}}
		},
		"unicode": func(r *ir.Rule) { r.Name, r.Message = "règle", "⚠️ **attention**" },
		"colons":  func(r *ir.Rule) { r.Name = "a: b" },
	}
	for name, mod := range mods {
		t.Run(name, func(t *testing.T) {
			r := baseRule()
			mod(r)
			out, err := Render(r)
			if err != nil {
				t.Fatal(err)
			}
			got, d := ReadRule("x", out)
			if d != nil {
				t.Fatal(d)
			}
			if diff := ruleDiff(r, got); diff != "" {
				t.Errorf("%s\n%s", diff, out)
			}
			if !strings.HasPrefix(string(out), "---\nname: ") {
				t.Errorf("output %q", out)
			}
		})
	}
}

func TestRenderRejects(t *testing.T) {
	mods := map[string]struct {
		mod  func(r *ir.Rule)
		want string
	}{
		"leading space":     {func(r *ir.Rule) { r.Name = " x" }, "whitespace"},
		"trailing tab":      {func(r *ir.Rule) { r.Event = "bash\t" }, "whitespace"},
		"trailing U+001F":   {func(r *ir.Rule) { r.Name = "x\x1f" }, "whitespace"},
		"leading quote":     {func(r *ir.Rule) { r.Name = `"x` }, "quotes"},
		"trailing quote":    {func(r *ir.Rule) { r.Conditions[0].Pattern = `it's'` }, "quotes"},
		"newline":           {func(r *ir.Rule) { r.Conditions[0].Pattern = "a\nb" }, "line break"},
		"carriage return":   {func(r *ir.Rule) { r.Name = "a\rb" }, "line break"},
		"---":               {func(r *ir.Rule) { r.Conditions[0].Pattern = "a---b" }, "---"},
		"name true":         {func(r *ir.Rule) { r.Name = "True" }, "boolean"},
		"event false":       {func(r *ir.Rule) { r.Event = "false" }, "boolean"},
		"empty event":       {func(r *ir.Rule) { r.Event = "" }, "empty list"},
		"empty name":        {func(r *ir.Rule) { r.Name = "" }, "empty list"},
		"invalid UTF-8":     {func(r *ir.Rule) { r.Name = "\xff" }, "UTF-8"},
		"message space":     {func(r *ir.Rule) { r.Message = " x" }, "whitespace"},
		"message CR":        {func(r *ir.Rule) { r.Message = "a\rb" }, "carriage return"},
		"tool matcher bool": {func(r *ir.Rule) { r.ToolMatcher = ir.ToolMatcher{Set: true, TypeError: "x"} }, "non-string"},
		"tool name with |":  {func(r *ir.Rule) { r.ToolMatcher = ir.ToolMatcher{Set: true, Names: []string{"a|b"}} }, "separator"},
		"tool name *":       {func(r *ir.Rule) { r.ToolMatcher = ir.ToolMatcher{Set: true, Names: []string{"*"}} }, "any tool"},
		"pattern type error": {func(r *ir.Rule) {
			r.Conditions[0].Legacy, r.Conditions[0].PatternTypeError = true, "unhashable type: 'list'"
		}, "non-string"},
		"legacy wrong field": {func(r *ir.Rule) { r.Conditions[0].Legacy, r.Conditions[0].Field = true, "content" }, "tests \"command\""},
		"legacy operator": {func(r *ir.Rule) {
			r.Conditions[0].Legacy, r.Conditions[0].Operator = true, "contains"
		}, "regex_match"},
		"legacy true": {func(r *ir.Rule) { r.Conditions[0].Legacy, r.Conditions[0].Pattern = true, "TRUE" }, "boolean"},
		"legacy and more": {func(r *ir.Rule) {
			r.Conditions[0].Legacy = true
			r.Conditions = append(r.Conditions, ir.Condition{Field: "x"})
		}, "only condition"},
		"block text, warn action": {func(r *ir.Rule) { r.Action = ir.ActionWarn }, "exact text"},
	}
	for name, tt := range mods {
		t.Run(name, func(t *testing.T) {
			r := baseRule()
			tt.mod(r)
			_, err := Render(r)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to mention %q", err, tt.want)
			}
		})
	}
}

func TestCreate(t *testing.T) {
	root := t.TempDir()
	claude := filepath.Join(root, ".claude")
	p, err := Create(claude, baseRule())
	must(t, err)
	if p != filepath.Join(claude, "hookify.block-rm.local.md") {
		t.Errorf("path %s", p)
	}
	fi, err := os.Stat(p)
	must(t, err)
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
	// hookify's own discovery finds it.
	res := DiscoverCompat(os.DirFS(root))
	if len(res.Entries) != 1 || res.Entries[0].Rule == nil || res.Entries[0].Rule.Name != "block-rm" {
		t.Errorf("discovery %+v", res.Entries)
	}
	if _, err := Create(claude, baseRule()); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second create: %v", err)
	}
	other := filepath.Join(root, ".codex", "hookify")
	p, err = Create(other, baseRule())
	must(t, err)
	if p != filepath.Join(other, "block-rm.md") {
		t.Errorf("path %s", p)
	}
	for _, name := range []string{"a/b", ".hidden", "..", "tab\tname", strings.Repeat("x", 201)} {
		r := baseRule()
		r.Name = name
		if _, err := Create(other, r); err == nil {
			t.Errorf("name %q accepted", name)
		}
	}
	assertNoTemp(t, claude)
	assertNoTemp(t, other)
}
