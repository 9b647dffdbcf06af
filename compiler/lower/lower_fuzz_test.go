package lower

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/shell"
)

// FuzzLowerEmit feeds arbitrary rule names, messages and patterns through
// Lower → Emit → Load and checks that the loaded policy holds exactly the
// emitted rules (nothing injected, nothing lost: a sentinel rule written
// after the fuzzed one must come back last and intact), that every
// justification is a non-empty printable line, and that the emitted rules
// stay sound on an argv made of their prefix and the fuzzed text.
func FuzzLowerEmit(f *testing.F) {
	f.Add("block-rm", "No.\nMore.", `rm\s+-rf`, uint8(0))
	f.Add("n\"]), prefix_rule([\"x\"])\n#", "\")\nprefix_rule(pattern=[\"rm\"], decision=\"allow\")", `^git\s+push\b`, uint8(0))
	f.Add("\x00\r\n\u2028", "\\\"\\", `(?i)^RM\s+(-rf|-fr)(\s|$)`, uint8(0))
	f.Add("x", "y", "git push", uint8(1))
	f.Add("x", "y", "git  push ", uint8(2))
	f.Add("x", "reason", "git push *", uint8(3))
	f.Add("x", "reason", "npm run test:*", uint8(4))
	f.Add("x", "", `rm -rf "*`, uint8(4))
	f.Fuzz(func(t *testing.T, name, message, pattern string, kind uint8) {
		var r *ir.Rule
		switch kind % 5 {
		case 0, 1, 2:
			op := []string{ir.OpRegexMatch, ir.OpContains, ir.OpStartsWith}[kind%5]
			r = hookifyRule(name, op, pattern)
		default:
			list := []string{"allow", "deny"}[kind%5-3]
			data, _ := json.Marshal(map[string]any{"permissions": map[string]any{list: []string{"Bash(" + pattern + ")"}}})
			rules, _, err := perm.LoadSettings("settings.json", data, perm.LoadOptions{BaseDir: "/p"})
			if err != nil || len(rules) != 1 {
				return
			}
			r = rules[0]
		}
		r.Message = message
		sentinel := hookifyRule("sentinel", ir.OpRegexMatch, `^sentinel\s+token\b`)
		ls, err := Lower([]*ir.Rule{r, sentinel}, LowerOptions{Allow: true})
		if err != nil {
			t.Fatal(err)
		}
		prs := PrefixRules(ls)
		if n := len(ls[1].Rules); n != 1 {
			t.Fatalf("sentinel lowered to %d rules", n)
		}
		out, err := EmitLowered(ls, name+"\n"+message+"\n"+pattern)
		if err != nil {
			t.Fatalf("Emit: %v", err)
		}
		pol, err := execpolicy.LoadFile("fuzz.rules", out)
		if err != nil {
			t.Fatalf("Load: %v\n%s", err, out)
		}
		if len(pol.Rules) != len(prs) {
			t.Fatalf("emitted %d rules, loaded %d\n%s", len(prs), len(pol.Rules), out)
		}
		for i, pr := range prs {
			if !pr.Equal(pol.Rules[i]) {
				t.Fatalf("rule %d changed: %s → %s", i, pr.PatternString(), pol.Rules[i].PatternString())
			}
			j := pr.Justification
			if j == "" || strings.TrimSpace(j) != j || sanitizeLine(j) != j {
				t.Fatalf("justification %q", j)
			}
		}
		last := pol.Rules[len(pol.Rules)-1]
		if last.First != "sentinel" || last.PatternString() != `["sentinel", "token"]` || last.Justification != Justification(sentinel) {
			t.Fatalf("sentinel lost or altered: %s %q", last.PatternString(), last.Justification)
		}
		// Soundness on the rule's prefix plus fuzzed arguments.
		eng := engine.New(engine.Options{RegexTimeout: 10 * oracleTimeout})
		for _, pr := range ls[0].Rules {
			argv := append(append([]string(nil), pr.Match[0]...), message, pattern, name)
			cmd := shell.Canonical(argv)
			var ok bool
			if r.Origin == ir.OriginPermission {
				if pr.Decision == execpolicy.Allow && !allowDomain(cmd) {
					continue
				}
				ok, err = perm.MatchRule(r, "Bash", map[string]any{"command": cmd}, perm.Context{})
			} else {
				ok = engineMatches(eng, r, cmd)
			}
			if err != nil || !ok {
				t.Fatalf("UNSOUND: %s matches %s but the source rule does not match %s", pr.PatternString(), strconv.Quote(strings.Join(argv, " ")), strconv.Quote(cmd))
			}
		}
	})
}
