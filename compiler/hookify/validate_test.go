package hookify

import (
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

func TestValidate(t *testing.T) {
	rule := func(edit func(*ir.Rule)) *ir.Rule {
		r := &ir.Rule{Name: "r", Event: "bash", ActionText: "block", Action: ir.ActionBlock,
			Conditions: []ir.Condition{{Field: "command", Operator: ir.OpRegexMatch, Pattern: `rm\s+-rf`}}}
		edit(r)
		return r
	}
	for _, tc := range []struct {
		name string
		rule *ir.Rule
		want string // "" = valid
	}{
		{"valid", rule(func(*ir.Rule) {}), ""},
		{"tool_input field", rule(func(r *ir.Rule) { r.Conditions[0].Field = "url" }), ""},
		{"event typo", rule(func(r *ir.Rule) { r.Event = "bahs" }), `event "bahs" is not one of [bash file stop prompt all] (did you mean "bash"?)`},
		{"action typo", rule(func(r *ir.Rule) { r.ActionText = "blocks" }), `action "blocks" is not warn or block (did you mean "block"?)`},
		{"operator typo", rule(func(r *ir.Rule) { r.Conditions[0].Operator = "regex_matches" }), `(did you mean "regex_match"?)`},
		{"field typo", rule(func(r *ir.Rule) { r.Conditions[0].Field = "comand" }), `field "comand" is not a field hookify reads (did you mean "command"?)`},
		{"bad regex", rule(func(r *ir.Rule) { r.Conditions[0].Pattern = "rm (" }), `invalid regex pattern 'rm (': missing ), unterminated subpattern at position 3`},
		{"no conditions", rule(func(r *ir.Rule) { r.Conditions = nil }), "never matches"},
	} {
		got := strings.Join(Validate(tc.rule), "; ")
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
