package hookify

import (
	"reflect"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

func mustRule(t *testing.T, text string) *ir.Rule {
	t.Helper()
	r, err := FromFrontmatter(ParseFrontmatter(text), "r.md")
	if err != nil {
		t.Fatalf("FromFrontmatter(%q): %v", text, err)
	}
	return r
}

// TestFromDict covers spec §5 (Rule.from_dict) field by field.
func TestFromDict(t *testing.T) {
	type want struct {
		name, event, action string
		enabled, block      bool
	}
	tests := []struct {
		body string
		want want
	}{
		{"x: y\n", want{"unnamed", "all", "warn", true, false}},
		{"name: n\nevent: bash\naction: block\nenabled: true\n", want{"n", "bash", "block", true, true}},
		{"name:\n", want{"[]", "all", "warn", true, false}},
		{"name: true\n", want{"True", "all", "warn", true, false}},
		{"name: FALSE\n", want{"False", "all", "warn", true, false}},
		{"name:\n  - a: 'b'\n  - c\n", want{"[{'a': 'b'}, 'c']", "all", "warn", true, false}},
		{"name:\n  - it's\n", want{`["it's"]`, "all", "warn", true, false}},
		{"event: Bash\naction: BLOCK\n", want{"unnamed", "Bash", "BLOCK", true, false}},
		{"event: bash # c\naction: block # c\n", want{"unnamed", "bash # c", "block # c", true, false}},
		{"action: true\n", want{"unnamed", "all", "True", true, false}},
		{"action: deny\n", want{"unnamed", "all", "deny", true, false}},
		{"action: \"block\"\n", want{"unnamed", "all", "block", true, true}},
		{"enabled: false\n", want{"unnamed", "all", "warn", false, false}},
		{"enabled: no\n", want{"unnamed", "all", "warn", true, false}},
		{"enabled: 0\n", want{"unnamed", "all", "warn", true, false}},
		{"enabled:\n", want{"unnamed", "all", "warn", false, false}},
		{"enabled: ''\n", want{"unnamed", "all", "warn", false, false}},
		{"enabled:\n- no\n", want{"unnamed", "all", "warn", true, false}},
		{"event:\n", want{"unnamed", "[]", "warn", true, false}},
	}
	for _, tt := range tests {
		r := mustRule(t, "---\n"+tt.body+"---\nmsg")
		got := want{r.Name, r.Event, r.ActionText, r.Enabled, r.Blocks()}
		if got != tt.want {
			t.Errorf("%q: got %+v, want %+v", tt.body, got, tt.want)
		}
		if r.Message != "msg" || r.Origin != ir.OriginHookify || r.Source.File != "r.md" {
			t.Errorf("%q: message/origin/source %q %q %v", tt.body, r.Message, r.Origin, r.Source)
		}
	}
}

func TestToolMatcher(t *testing.T) {
	tests := []struct {
		body string
		want ir.ToolMatcher
	}{
		{"x: y\n", ir.ToolMatcher{}},
		{"tool_matcher: Edit|Write\n", ir.ToolMatcher{Set: true, Names: []string{"Edit", "Write"}}},
		{"tool_matcher: Edit | Write\n", ir.ToolMatcher{Set: true, Names: []string{"Edit ", " Write"}}},
		{"tool_matcher: *\n", ir.ToolMatcher{Set: true, Any: true}},
		{"tool_matcher: '*'\n", ir.ToolMatcher{Set: true, Any: true}},
		{"tool_matcher: *|Bash\n", ir.ToolMatcher{Set: true, Names: []string{"*", "Bash"}}},
		{"tool_matcher: true\n", ir.ToolMatcher{Set: true, TypeError: "'bool' object has no attribute 'split'"}},
		{"tool_matcher: false\n", ir.ToolMatcher{}},
		{"tool_matcher:\n", ir.ToolMatcher{}},
		{"tool_matcher: \"\"\n", ir.ToolMatcher{}},
		{"tool_matcher:\n- Bash\n", ir.ToolMatcher{Set: true, TypeError: "'list' object has no attribute 'split'"}},
	}
	for _, tt := range tests {
		r := mustRule(t, "---\n"+tt.body+"---\n")
		if !reflect.DeepEqual(r.ToolMatcher, tt.want) {
			t.Errorf("%q: got %+v, want %+v", tt.body, r.ToolMatcher, tt.want)
		}
	}
}

func TestConditions(t *testing.T) {
	c := func(field, op, pat string) ir.Condition {
		return ir.Condition{Field: field, Operator: op, Pattern: pat}
	}
	legacy := func(field, pat, typeErr string) ir.Condition {
		return ir.Condition{Field: field, Operator: ir.OpRegexMatch, Pattern: pat, Legacy: true, PatternTypeError: typeErr}
	}
	tests := []struct {
		name, body string
		want       []ir.Condition
	}{
		{"defaults", "conditions:\n  - field: command\n  - pattern: x\n  - operator: contains\n",
			[]ir.Condition{c("command", "regex_match", ""), c("", "regex_match", "x"), c("", "contains", "")}},
		{"extra keys ignored", "conditions:\n  - field: f\n    value: v\n    description: d\n    pattern: p\n",
			[]ir.Condition{c("f", "regex_match", "p")}},
		{"inline regex loses its fields", "conditions:\n  - pattern: \\d{1,3}\n    field: command\n",
			[]ir.Condition{c("", "regex_match", `\d{1`)}},
		{"2-space continuation dropped", "conditions:\n- field: x\n  operator: y\n  pattern: z\n",
			[]ir.Condition{c("x", "regex_match", "")}},
		{"legacy bash", "event: bash\npattern: rm\n", []ir.Condition{legacy("command", "rm", "")}},
		{"legacy file", "event: file\npattern: rm\n", []ir.Condition{legacy("new_text", "rm", "")}},
		{"legacy stop", "event: stop\npattern: rm\n", []ir.Condition{legacy("content", "rm", "")}},
		{"legacy prompt", "event: prompt\npattern: rm\n", []ir.Condition{legacy("content", "rm", "")}},
		{"legacy no event", "pattern: rm\n", []ir.Condition{legacy("content", "rm", "")}},
		{"legacy Bash", "event: Bash\npattern: rm\n", []ir.Condition{legacy("content", "rm", "")}},
		{"legacy list event", "event:\npattern: rm\n", []ir.Condition{legacy("content", "rm", "")}},
		{"legacy true", "event: bash\npattern: true\n",
			[]ir.Condition{legacy("command", "True", "first argument must be string or compiled pattern")}},
		{"legacy list", "event: bash\npattern:\n- a\n",
			[]ir.Condition{legacy("command", "['a']", "unhashable type: 'list'")}},
		{"legacy false ignored", "pattern: false\n", nil},
		{"legacy empty list ignored", "pattern:\n", nil},
		{"legacy empty string ignored", "pattern: ''\n", nil},
		{"conditions win", "pattern: p\nconditions:\n  - field: f\n", []ir.Condition{c("f", "regex_match", "")}},
		{"empty conditions fall back", "pattern: p\nconditions:\n", []ir.Condition{legacy("content", "p", "")}},
		{"flow conditions fall back", "pattern: p\nconditions: [{field: x}]\n", []ir.Condition{legacy("content", "p", "")}},
		{"block scalar", "event: bash\npattern: |\n  rm -rf\n", []ir.Condition{legacy("command", "|", "")}},
		{"nested hookify key", "hookify:\n  event: bash\n  pattern: rm\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustRule(t, "---\n"+tt.body+"---\n")
			got := append([]ir.Condition(nil), r.Conditions...)
			for i := range got {
				if !got[i].Pos.IsValid() {
					t.Errorf("condition %d has no position", i)
				}
				got[i].Pos = ir.Pos{}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestConditionPositions(t *testing.T) {
	r := mustRule(t, "---\nname: n\nconditions:\n  - field: a\n    pattern: b\n  - x: 1, y: 2\n---\n")
	if r.Conditions[0].Pos != (ir.Pos{Line: 4, Col: 3}) || r.Conditions[1].Pos != (ir.Pos{Line: 6, Col: 3}) {
		t.Errorf("positions %v %v", r.Conditions[0].Pos, r.Conditions[1].Pos)
	}
	r = mustRule(t, "---\nname: n\n\npattern: p\n---\n")
	if r.Conditions[0].Pos != (ir.Pos{Line: 4, Col: 1}) {
		t.Errorf("legacy position %v", r.Conditions[0].Pos)
	}
	if n, _ := r.KeyPos.Get("name"); n != (ir.Pos{Line: 2, Col: 1}) {
		t.Errorf("key positions %v", r.KeyPos)
	}
	if p, _ := r.KeyPos.Get("pattern"); p != (ir.Pos{Line: 4, Col: 1}) {
		t.Errorf("key positions %v", r.KeyPos)
	}
}

func TestStringConditionItem(t *testing.T) {
	_, err := FromFrontmatter(ParseFrontmatter("---\nconditions:\n  - field: a\n  - foo\n---\n"), "x.md")
	e, ok := err.(*Error)
	if !ok {
		t.Fatalf("error %v", err)
	}
	if e.Msg != "'str' object has no attribute 'get'" || e.Kind != "AttributeError" {
		t.Errorf("error %+v", e)
	}
	if got := e.Error(); got != "x.md:4:3: 'str' object has no attribute 'get'" {
		t.Errorf("Error() = %q", got)
	}
}
