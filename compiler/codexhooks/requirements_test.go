package codexhooks

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
)

// checkRequirements checks a parsed requirements.toml against the rules:
// every prompt/forbidden rule in order, with its pattern, decision and
// justification, and nothing else.
func checkRequirements(t *testing.T, doc map[string]any, rules []*execpolicy.PrefixRule, skipped int) {
	t.Helper()
	if len(doc) != 1 {
		t.Fatalf("top-level keys %v", doc)
	}
	rs, ok := doc["rules"].(map[string]any)
	if !ok || len(rs) != 1 {
		t.Fatalf("[rules] = %#v", doc["rules"])
	}
	list, _ := rs["prefix_rules"].([]any)
	var want []any
	allow := 0
	for _, r := range rules {
		if r.Decision == execpolicy.Allow {
			allow++
			continue
		}
		var pat []any
		for _, tok := range r.Pattern() {
			if len(tok) == 1 {
				pat = append(pat, map[string]any{"token": tok[0]})
				continue
			}
			var alts []any
			for _, a := range tok {
				alts = append(alts, a)
			}
			pat = append(pat, map[string]any{"any_of": alts})
		}
		m := map[string]any{"pattern": pat, "decision": r.Decision.String()}
		if r.Justification != "" {
			m["justification"] = r.Justification
		}
		want = append(want, m)
	}
	if !reflect.DeepEqual(list, want) {
		t.Errorf("prefix_rules = %#v\nwant %#v", list, want)
	}
	if skipped != allow {
		t.Errorf("skipped %d, want %d", skipped, allow)
	}
}

func TestRequirementsInjection(t *testing.T) {
	evil := []string{
		`x" }, { pattern = [{ token = "rm" }], decision = "allow" }, { pattern = [{ token = "y`,
		"a\nb\r\n[rules]\nprefix_rules = []\n#",
		`\`, `"`, "\x00\x7f", "é 😀", "'''", `"""`, "]", "}", "#",
	}
	var rules []*execpolicy.PrefixRule
	for i, e := range evil {
		rules = append(rules,
			&execpolicy.PrefixRule{First: e, Rest: []execpolicy.Token{{e}, {"a", e}}, Decision: execpolicy.Forbidden, Justification: e},
			&execpolicy.PrefixRule{First: "git", Decision: []execpolicy.Decision{execpolicy.Allow, execpolicy.Prompt}[i%2]})
	}
	out, skipped, err := Requirements(rules, strings.Join(evil, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parseTOML(string(out))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	checkRequirements(t, doc, rules, skipped)

	if _, _, err := Requirements([]*execpolicy.PrefixRule{{First: "\xff", Decision: execpolicy.Prompt}}, ""); err == nil {
		t.Error("invalid UTF-8 accepted")
	}
	if _, _, err := Requirements([]*execpolicy.PrefixRule{{First: "x"}}, ""); err == nil {
		t.Error("zero decision accepted")
	}
	out, skipped, err = Requirements(nil, "")
	if err != nil || string(out) != "[rules]\nprefix_rules = []\n" || skipped != 0 {
		t.Errorf("empty: %q %d %v", out, skipped, err)
	}
}
