package execpolicy

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEmitFormat(t *testing.T) {
	rules := []*PrefixRule{
		{First: "git", Rest: []Token{{"push", "fetch"}, {"origin"}}, Decision: Prompt, Justification: `block-push: "remote" \ writes`,
			Match: [][]string{{"git", "push", "origin", "main"}}, NotMatch: [][]string{{"git", "pull"}}},
		{First: "rm", Decision: Forbidden},
		{First: "terraform", Rest: []Token{{"destroy"}}, Decision: Allow, CanonicalMatching: true},
	}
	got, err := Emit(rules, "hookifyc compile\nsources:\n  .claude/hookify.block-push.local.md\n")
	if err != nil {
		t.Fatal(err)
	}
	want := `# hookifyc compile
# sources:
#   .claude/hookify.block-push.local.md

prefix_rule(pattern=["git", ["push", "fetch"], "origin"], decision="prompt", justification="block-push: \"remote\" \\ writes", match=[["git", "push", "origin", "main"]], not_match=[["git", "pull"]])
prefix_rule(pattern=["rm"], decision="forbidden")
prefix_rule(pattern=["terraform", "destroy"], decision="allow", canonical_matching=True)
`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestEmitRejects(t *testing.T) {
	for _, tc := range []struct {
		rule PrefixRule
		want string
	}{
		{PrefixRule{First: "a\xff", Decision: Allow}, "not valid UTF-8"},
		{PrefixRule{First: "a", Rest: []Token{{"x\ny"}}, Decision: Allow}, "non-printable character U+000A"},
		{PrefixRule{First: "a", Decision: Allow, Justification: "tab\there"}, "U+0009"},
		{PrefixRule{First: "a", Decision: Allow, Justification: "a\u2028b"}, "U+2028"},
		{PrefixRule{First: "a", Decision: Allow, Justification: "   "}, "blank"},
		{PrefixRule{First: "a"}, "invalid decision"},
		{PrefixRule{First: "a", Rest: []Token{{}}, Decision: Allow}, "empty alternatives"},
		{PrefixRule{First: "a", Decision: Allow, Match: [][]string{{}}}, "empty example"},
		{PrefixRule{First: "a", Decision: Allow, Match: [][]string{{"b"}}}, "expected every example to match"},
		{PrefixRule{First: "a", Decision: Allow, NotMatch: [][]string{{"a", "b"}}}, "expected example to not match"},
	} {
		_, err := Emit([]*PrefixRule{&tc.rule}, "")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want %q", tc.rule, err, tc.want)
		}
	}
}

func TestEmitHeaderCannotInject(t *testing.T) {
	header := "src\nx\r\nprefix_rule([\"evil\"])\rprefix_rule([\"evil\"])\u2028prefix_rule([\"evil\"])\x00\xff\f\v\x1b[31m"
	out, err := Emit([]*PrefixRule{{First: "ok", Decision: Allow}}, header)
	if err != nil {
		t.Fatal(err)
	}
	p, err := LoadFile("h.rules", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(p.Rules) != 1 || p.Rules[0].First != "ok" {
		t.Errorf("header injected rules:\n%s", out)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if line != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "prefix_rule(pattern=[\"ok\"]") {
			t.Errorf("unexpected line %q", line)
		}
	}
}

// printable reports whether Emit must accept s as a token.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return false
		}
	}
	return true
}

// FuzzEmitRoundTrip: whatever the names, justifications and tokens, Emit
// either refuses them for a stated reason or writes a file that loads back
// into exactly the emitted rules (no injected or lost rules).
func FuzzEmitRoundTrip(f *testing.F) {
	f.Add("git", "push", "--force", "block-force-push: Force push rewrites history", "hookify.block.local.md", uint8(3), false)
	f.Add(`"]) prefix_rule(["x`, `\"`, `'''`, `"""`, "\nprefix_rule([\"evil\"])\n", uint8(1), true)
	f.Add("", "", "*", "é ✓ 日本 😀", "# \\", uint8(2), false)
	f.Add("/usr/bin/git", "a\\nb", "#", "\\x00", "x\ry", uint8(2), true)
	f.Add("..", ".", "~", "  x  ", "\xff", uint8(0), false)
	f.Fuzz(func(t *testing.T, first, second, alt, justification, header string, decision uint8, canonical bool) {
		d := Decision(decision%3 + 1)
		rules := []*PrefixRule{
			{
				First: first, Rest: []Token{{second}, {alt, second}}, Decision: d, Justification: justification,
				CanonicalMatching: canonical,
				Match:             [][]string{{first, second, alt, "extra"}},
				NotMatch:          [][]string{{first}},
			},
			{First: justification, Decision: Forbidden, Justification: first},
		}
		if len(alt) == 0 {
			rules[0].Rest = rules[0].Rest[:1]
		}
		valid := printable(first) && printable(second) && printable(alt) && printable(justification) &&
			(justification == "" || strings.TrimSpace(justification) != "") &&
			(first == "" || strings.TrimSpace(first) != "")
		out, err := Emit(rules, header)
		if err != nil {
			if valid {
				t.Fatalf("Emit refused valid rules: %v", err)
			}
			return
		}
		if !valid {
			t.Fatalf("Emit accepted invalid rules:\n%s", out)
		}
		p, err := LoadFile("fuzz.rules", out)
		if err != nil {
			t.Fatalf("emitted file does not load: %v\n%s", err, out)
		}
		if len(p.Rules) != len(rules) {
			t.Fatalf("loaded %d rules, emitted %d:\n%s", len(p.Rules), len(rules), out)
		}
		for i := range rules {
			if !rules[i].Equal(p.Rules[i]) {
				t.Fatalf("rule %d changed: %+v → %+v\n%s", i, *rules[i], *p.Rules[i], out)
			}
		}
	})
}
