package execpolicy

import (
	"fmt"
	"strings"
	"testing"
)

const evalPolicy = `
prefix_rule(["git", "status"], "allow", justification = "read-only git")
prefix_rule(["git"], "prompt")
prefix_rule(["git", ["push", "fetch"], "origin"], "forbidden")
prefix_rule(["rm"], "forbidden", justification = "Use ` + "`trash`" + ` instead of rm.")
prefix_rule(["rm"], "forbidden", justification = "Use ` + "`trash`" + ` instead of rm.")
prefix_rule(["/usr/bin/curl"], "prompt")
prefix_rule(["curl"], "allow")
prefix_rule(["find", ".", "-name", "*"], "prompt")
prefix_rule(["echo", ""], "prompt")
host_executable("git", ["/usr/bin/git"])
`

func TestCheckJSON(t *testing.T) {
	p := mustLoad(t, evalPolicy)
	for _, tc := range []struct {
		argv    []string
		resolve bool
		want    string
	}{
		{[]string{"git", "status"}, false, `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["git","status"],"decision":"allow","justification":"read-only git"}},{"prefixRuleMatch":{"matchedPrefix":["git"],"decision":"prompt"}}],"decision":"prompt"}`},
		{[]string{"git", "push", "origin", "main"}, false, `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["git"],"decision":"prompt"}},{"prefixRuleMatch":{"matchedPrefix":["git","push","origin"],"decision":"forbidden"}}],"decision":"forbidden"}`},
		{[]string{"git status"}, false, `{"matchedRules":[]}`},
		{[]string{"hg"}, true, `{"matchedRules":[]}`},
		{[]string{"/usr/bin/git", "status"}, false, `{"matchedRules":[]}`},
		{[]string{"/usr/bin/git", "status"}, true, `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["git","status"],"decision":"allow","resolvedProgram":"/usr/bin/git","justification":"read-only git"}},{"prefixRuleMatch":{"matchedPrefix":["git"],"decision":"prompt","resolvedProgram":"/usr/bin/git"}}],"decision":"prompt"}`},
		{[]string{"//usr/bin/./git/"}, true, `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["git"],"decision":"prompt","resolvedProgram":"/usr/bin/git"}}],"decision":"prompt"}`},
		{[]string{"/opt/bin/git", "status"}, true, `{"matchedRules":[]}`}, // not a declared path
		{[]string{"/bin/rm", "-rf", "x"}, true, `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["rm"],"decision":"forbidden","resolvedProgram":"/bin/rm","justification":"Use ` + "`trash`" + ` instead of rm."}},{"prefixRuleMatch":{"matchedPrefix":["rm"],"decision":"forbidden","resolvedProgram":"/bin/rm","justification":"Use ` + "`trash`" + ` instead of rm."}}],"decision":"forbidden"}`},
		{[]string{"/usr/bin/curl", "x"}, true, `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["/usr/bin/curl"],"decision":"prompt"}}],"decision":"prompt"}`},
		{[]string{"find", ".", "-name", "*.go"}, false, `{"matchedRules":[]}`},
		{[]string{"find", ".", "-name", "*"}, false, `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["find",".","-name","*"],"decision":"prompt"}}],"decision":"prompt"}`},
		{[]string{"echo", "", "\"\\\x01\x1f\x7f\n\t\r\b\fé\u2028"}, false, `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["echo",""],"decision":"prompt"}}],"decision":"prompt"}`},
		{[]string{}, true, `{"matchedRules":[]}`},
	} {
		got := string(p.CheckJSON(tc.argv, tc.resolve))
		if got != tc.want+"\n" {
			t.Errorf("CheckJSON(%q, %v)\n got  %s want %s", tc.argv, tc.resolve, got, tc.want)
		}
	}
}

func TestJSONEscaping(t *testing.T) {
	r := &PrefixRule{First: "x", Decision: Allow, Justification: "\"\\\x01\x1f\x7f\n\t\r\b\fé\u2028</>&"}
	ev := Evaluation{Matches: []Match{{Rule: r, MatchedPrefix: []string{"x"}}}, Decision: Allow}
	want := `{"matchedRules":[{"prefixRuleMatch":{"matchedPrefix":["x"],"decision":"allow","justification":"\"\\\u0001\u001f` + "\x7f" + `\n\t\r\b\fé` + "\u2028" + `</>&"}}],"decision":"allow"}`
	if got := string(ev.CodexJSON(false)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestCodexJSONPretty(t *testing.T) {
	p := mustLoad(t, evalPolicy)
	got := string(p.Check([]string{"/usr/bin/git", "status"}, true).CodexJSON(true))
	want := `{
  "matchedRules": [
    {
      "prefixRuleMatch": {
        "matchedPrefix": [
          "git",
          "status"
        ],
        "decision": "allow",
        "resolvedProgram": "/usr/bin/git",
        "justification": "read-only git"
      }
    },
    {
      "prefixRuleMatch": {
        "matchedPrefix": [
          "git"
        ],
        "decision": "prompt",
        "resolvedProgram": "/usr/bin/git"
      }
    }
  ],
  "decision": "prompt"
}`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := string(p.Check([]string{"nothing"}, false).CodexJSON(true)); got != "{\n  \"matchedRules\": []\n}" {
		t.Errorf("empty: %q", got)
	}
}

func TestResolveProgram(t *testing.T) {
	opts := MatchOptions{WorkDir: "/work/dir", Home: "/home/u"}
	for _, tc := range []struct{ in, abs, base string }{
		{"/usr/bin/git", "/usr/bin/git", "git"},
		{"//usr/bin/./git/", "/usr/bin/git", "git"},
		{"/a/../../git", "/git", "git"},
		{"/usr/bin/git/..", "/usr/bin", "bin"},
		{"./git", "/work/dir/git", "git"},
		{"bin/git", "/work/dir/bin/git", "git"},
		{"..", "/work", "work"},
		{"", "/work/dir", "dir"},
		{"~", "/home/u", "u"},
		{"~/bin/git", "/home/u/bin/git", "git"},
		{"~root/git", "/work/dir/~root/git", "git"},
		{"/", "", ""},
	} {
		abs, base, ok := resolveProgram(tc.in, opts)
		if abs != tc.abs || base != tc.base || ok != (tc.abs != "") {
			t.Errorf("resolveProgram(%q) = %q, %q, %v; want %q, %q", tc.in, abs, base, ok, tc.abs, tc.base)
		}
	}
	p := mustLoad(t, `prefix_rule(["dir"])`)
	ev := p.CheckWith([]string{"", "x"}, MatchOptions{ResolveHostExecutables: true, WorkDir: "/w/dir"})
	if len(ev.Matches) != 1 || ev.Matches[0].ResolvedProgram != "/w/dir" {
		t.Errorf("%+v", ev)
	}
}

func TestCheckLargeBucketKeepsOrder(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 40; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "prefix_rule([\"p\"], justification = \"r%d\")\n", i)
		case 1:
			fmt.Fprintf(&b, "prefix_rule([\"p\", [\"a\", \"b\", \"a\"]], justification = \"r%d\")\n", i)
		case 2:
			fmt.Fprintf(&b, "prefix_rule([\"p\", \"a\", \"c\"], justification = \"r%d\")\n", i)
		default:
			fmt.Fprintf(&b, "prefix_rule([\"p\", \"z\"], justification = \"r%d\")\n", i)
		}
	}
	p := mustLoad(t, b.String())
	for _, argv := range [][]string{{"p"}, {"p", "a"}, {"p", "a", "c"}, {"p", "b", "c"}, {"p", "z", "a"}, {"p", "q"}} {
		got := p.Check(argv, false)
		var want []string
		for _, r := range p.Rules {
			if r.MatchPrefix(argv) {
				want = append(want, r.Justification)
			}
		}
		var names []string
		for _, m := range got.Matches {
			names = append(names, m.Rule.Justification)
		}
		if strings.Join(names, ",") != strings.Join(want, ",") {
			t.Errorf("%q: got %v want %v", argv, names, want)
		}
	}
}
