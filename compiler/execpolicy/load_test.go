package execpolicy

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func mustLoad(t *testing.T, src string) *Policy {
	t.Helper()
	p, err := LoadFile("t.rules", []byte(src))
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return p
}

func TestLoadPrefixRule(t *testing.T) {
	p := mustLoad(t, `prefix_rule(pattern = [["git", "hg"], ["status"], ["log", "diff"], "*", ""], decision = "prompt", justification = "why", match = ["git status log * ''", ["hg", "status", "diff", "*", "", "x"]], not_match = ["git status show"])`)
	if len(p.Rules) != 2 {
		t.Fatalf("got %d rules, want one per first-token alternative", len(p.Rules))
	}
	want := PrefixRule{
		First:         "git",
		Rest:          []Token{{"status"}, {"log", "diff"}, {"*"}, {""}},
		Decision:      Prompt,
		Justification: "why",
		Match:         [][]string{{"git", "status", "log", "*", ""}, {"hg", "status", "diff", "*", "", "x"}},
		NotMatch:      [][]string{{"git", "status", "show"}},
	}
	if !p.Rules[0].Equal(&want) {
		t.Errorf("rule 0 = %+v\nwant %+v", *p.Rules[0], want)
	}
	want.First = "hg"
	if !p.Rules[1].Equal(&want) {
		t.Errorf("rule 1 = %+v", *p.Rules[1])
	}
	if got := p.Rules[0].Pos; got != (Position{"t.rules", 1, 1}) {
		t.Errorf("Pos = %v", got)
	}
}

func TestLoadDefaultsAndPositional(t *testing.T) {
	p := mustLoad(t, "prefix_rule([\"a\"])\r\nprefix_rule([\"b\"], \"forbidden\", [\"b\"], [\"c\"], \"j\", True)")
	a, b := p.Rules[0], p.Rules[1]
	if a.Decision != Allow || a.Justification != "" || a.CanonicalMatching {
		t.Errorf("defaults: %+v", *a)
	}
	if b.Decision != Forbidden || b.Justification != "j" || !b.CanonicalMatching ||
		!reflect.DeepEqual(b.Match, [][]string{{"b"}}) || !reflect.DeepEqual(b.NotMatch, [][]string{{"c"}}) {
		t.Errorf("positional: %+v", *b)
	}
	if b.Pos.Line != 2 {
		t.Errorf("CRLF line numbers: %v", b.Pos)
	}
}

func TestLoadExtendedDialect(t *testing.T) {
	src := `
# comments, variables, def, top-level for/if, comprehensions, reassignment
TOOLS = ["ls", "cat"]
TOOLS = TOOLS + ["wc"]
def allow(p, **kw):
    prefix_rule(pattern = p, decision = "allow", **kw)
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
for t in TOOLS:
    allow([t], justification = "%s is read-only" % t)
if len(TOOLS) == 3:
    [prefix_rule([t, "--help"]) for t in TOOLS if t != "cat"]
prefix_rule(["x%d" % fact(4)], "prompt")
d = {"k": "v"}
prefix_rule([d["k"]], "prompt", justification = "é ✓ 日本")`
	p := mustLoad(t, src)
	var firsts []string
	for _, r := range p.Rules {
		firsts = append(firsts, strings.Join(append([]string{r.First}, flat(r.Rest)...), " "))
	}
	want := []string{"ls", "cat", "wc", "ls --help", "wc --help", "x24", "v"}
	if !reflect.DeepEqual(firsts, want) {
		t.Errorf("rules %q, want %q", firsts, want)
	}
}

func flat(ts []Token) []string {
	var out []string
	for _, t := range ts {
		out = append(out, strings.Join(t, "|"))
	}
	return out
}

func TestLoadHostExecutableAndNetwork(t *testing.T) {
	p := mustLoad(t, `
host_executable("git", ["/usr/bin/git", "/usr/bin/../bin/git", "/opt/git/"])
host_executable(name = "rm", paths = [])
host_executable("git", ["/usr/local/bin/git"])
network_rule("Example.COM.:8443", "http-connect", "deny", "blocked")
network_rule(host = "[::1]:80", protocol = "socks5_udp", decision = "prompt")
`)
	wantHosts := []HostExecutable{{Name: "git", Paths: []string{"/usr/local/bin/git"}}, {Name: "rm"}}
	for i := range p.HostExecutables {
		p.HostExecutables[i].Pos = Position{}
	}
	if !reflect.DeepEqual(p.HostExecutables, wantHosts) {
		t.Errorf("hosts %+v", p.HostExecutables)
	}
	n := p.NetworkRules
	if len(n) != 2 || n[0].Host != "example.com" || n[0].Protocol != "https" || n[0].Decision != Forbidden ||
		n[0].Justification != "blocked" || n[1].Host != "::1" || n[1].Protocol != "socks5_udp" || n[1].Decision != Prompt {
		t.Errorf("network rules %+v", n)
	}
}

// TestLoadTabs: Codex accepts tabs on blank and comment-only lines and at
// the end of the file (the refused ones are in TestLoadErrors).
func TestLoadTabs(t *testing.T) {
	for _, src := range []string{"x = 1\n  \t\n# \t\n", "x = 1\n\t# c\n", "x = 1\n\t", "x = \"\t\"\n"} {
		if _, err := LoadFile("t.rules", []byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		src, want string
	}{
		{"prefix_rule([\"git\"])\nprefix_rule([\"git\"], decision = \"deny\")", "t.rules:2:1: invalid decision: deny"},
		{"def f(p):\n    prefix_rule(p)\n\nf([\"a\"])\nf([])", "t.rules:2:5: invalid pattern element: pattern cannot be empty"},
		{"x = 1\nprefix_rule(\n  [\"git\"],\n  justification = \"\")", "t.rules:2:1: invalid rule: justification cannot be empty"},
		{"prefix_rule(['a'], match=['b'])", "t.rules:1:1: expected every example to match at least one rule"},
		{"x = f\"{}\"", "t.rules:1:8: Parse error: unexpected f-string expression end"},
		{"x = f\"a}b\"", "t.rules:1:8: Parse error: invalid input `}`"},
		{"x = 1\ny = f'{x}' + f'{x + \"a\"}'", "t.rules:2:17: Operation `+` not supported for types `int` and `string`"},
		{"x = \"a\\xZ\"", "t.rules:1:7: Parse error: invalid string escape sequence `xZ`"},
		{"def g():\n    print(1)", "t.rules:2:5: Variable `print` not found"},
		// Codex reports a tab in the indentation at the newline before it,
		// and the end of a file that ends a line at 1:1 (its code map has
		// no line there), as starlark-rust does (probed with Codex 0.169.0).
		{"x = 1\n\ty = 2", "t.rules:1:6: Parse error: tabs are not allowed"},
		{"x = 1 \t+ 2\n", "t.rules:1:7: Parse error: tabs are not allowed"},
		{"prefix_rule([\"a\"]\n", "t.rules:1:1: Parse error: unexpected new line, expected symbol ')'"},
		{"prefix_rule([\"a\"]", "t.rules:1:18: Parse error: unexpected new line, expected symbol ')'"},
		{"x = 1 ** 2\n", "t.rules:1:7: Parse error: unexpected symbol '**', expected new line"},
		{"x = [1, 2\ny = 3\n", "t.rules:2:1: Parse error: unexpected identifier 'y', expected symbol ']'"},
		{"b = 1\na = 2\nx = c\n", "t.rules:3:5: Variable `c` not found, did you mean `b`?"},
		{"def g(a):\n  pass\ng(b = 1)\n", "t.rules:3:1: Missing parameter `a` for call to `t.rules.g`"},
		{"x = [1][3]", "t.rules:1:5: Index `3` is out of bound"},
		{"fail('no')", "t.rules:1:1: fail: no"},
		{"x = \"a\"\xff", "t.rules:1:8: stream did not contain valid UTF-8"},
		{"\ufeffx = 1", "t.rules:1:1: Parse error: invalid input"},
	} {
		_, err := LoadFile("t.rules", []byte(tc.src))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: error %v (%T), want *Error", tc.src, err, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q:\n got  %v\n want %s", tc.src, err, tc.want)
		}
	}
}

func TestLoadAcceptsLexicalEdgeCases(t *testing.T) {
	for _, src := range []string{
		"x = \"a\tb\"  # tab inside a string",
		"# comment with a tab\t and é",
		"x = '''multi\n\tline'''",
		"x = r\"\\d\" + 'it\\'s'",
		"x = 1 + \\\n    2",
		"prefix_rule([\"é\"], justification = \"日本\")",
		"prefix_rule([\"git\"])", // no final newline
		"",
	} {
		if _, err := LoadFile("t.rules", []byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

func TestLoadMultipleFiles(t *testing.T) {
	hosts := File{"a.rules", []byte(`host_executable("git", ["/usr/bin/git"])`)}
	uses := File{"b.rules", []byte(`prefix_rule(["git"], not_match = ["/opt/git status"], match = ["/usr/bin/git status"])`)}
	p, err := Load([]File{hosts, uses})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Rules) != 1 || len(p.HostExecutables) != 1 {
		t.Fatalf("%+v", p)
	}
	// Declared only in a later file: b's examples are checked before it.
	_, err = Load([]File{{"b.rules", []byte(`prefix_rule(["git"], not_match = ["/opt/git status"])`)}, hosts})
	if err == nil || !strings.HasPrefix(err.Error(), "b.rules:1:1: expected example to not match rule") {
		t.Errorf("got %v", err)
	}
	// The first bad file aborts.
	_, err = Load([]File{{"ok.rules", nil}, {"bad.rules", []byte("prefix_rule([])")}, {"worse.rules", []byte("(")}})
	if err == nil || !strings.HasPrefix(err.Error(), "bad.rules:1:1: ") {
		t.Errorf("got %v", err)
	}
}

// TestLoadManyUnboundNames: a file that uses thousands of names it never
// binds (go.starlark.net's resolver would spell-check each against every
// global, minutes for 20,000) is refused at the first, with Codex's words;
// one that uses thousands of names ahead of their binding fails at the
// first use that runs, as in Codex.
func TestLoadManyUnboundNames(t *testing.T) {
	var undef, ahead strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&undef, "x%d = y%d\n", i, i)
		fmt.Fprintf(&ahead, "y%d = x%d\nx%d = 1\n", i, i, i)
	}
	for _, c := range []struct{ src, want string }{
		{undef.String(), "u.rules:1:6: Variable `y0` not found, did you mean `x0`?"},
		{ahead.String(), "u.rules:1:6: Local variable `x0` referenced before assignment"},
	} {
		_, err := LoadFile("u.rules", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
}

// TestLoadDeepNesting: a file nested past any real policy (millions of
// '['; what Codex's own parser does there was not measured) is refused,
// never a crash.
func TestLoadDeepNesting(t *testing.T) {
	for _, src := range []string{
		"x = " + strings.Repeat("[", 1_000_000),
		"x = " + strings.Repeat("-", 100_000) + "1",
		"x = " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000),
	} {
		_, err := LoadFile("d.rules", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "excessive nesting") {
			t.Errorf("%.20q...: %v, want excessive nesting", src, err)
		}
	}
}

// TestLoadManyUniversalNames: more than 256 uses of universal names (None,
// True, False) are not unbound names; Codex loads such a file.
func TestLoadManyUniversalNames(t *testing.T) {
	src := "x = [None" + strings.Repeat(", None, True, False", 400) + "]\nprefix_rule([\"a\"])"
	if _, err := LoadFile("u.rules", []byte(src)); err != nil {
		t.Errorf("%v", err)
	}
}

// TestLoadLongChains: a chain of 100,000 attributes, indexes or slices
// loads (or is refused) like a short one; its rewriting once took the
// square of its length (over a minute).
func TestLoadLongChains(t *testing.T) {
	for src, want := range map[string]string{
		"x = undefined" + strings.Repeat(".b", 100_000):                                "1:5: Variable `undefined` not found",
		"x = [1]\ny = x" + strings.Repeat("[0:1]", 100_000) + "\nprefix_rule([\"a\"])": "",
		"x = {}\ny = x" + strings.Repeat("[\"k\"]", 100_000):                           "2:5: Key `\"k\"` was not found",
	} {
		_, err := LoadFile("c.rules", []byte(src))
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("%.20q...: %v, want %q", src, err, want)
		}
	}
}

// TestLoadManyNamedArguments: a call's named arguments are checked for
// repeats in one pass (a call with 100,000 of them once took 10 s); a
// repeated one is still refused, where Codex refuses it.
func TestLoadManyNamedArguments(t *testing.T) {
	const n = 50_000
	var b strings.Builder
	b.WriteString("f(")
	for i := range n {
		fmt.Fprintf(&b, "a%d=1, ", i)
	}
	distinct := b.String()
	// Distinct names: no repeat, whatever else refuses the file (f is
	// unbound; go.starlark.net's resolver bounds a call at 255 named
	// arguments).
	if _, err := LoadFile("n.rules", []byte(distinct+")")); err == nil || strings.Contains(err.Error(), "repeated named argument") {
		t.Errorf("distinct names: %v", err)
	}
	// The first name again, last: refused there.
	src := distinct + "a0=2)"
	want := fmt.Sprintf("n.rules:1:%d: repeated named argument", len(distinct)+1)
	if _, err := LoadFile("n.rules", []byte(src)); err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestLoadDeepAnnotation: a type annotation nested past what the syntax
// checker reads is refused as any such nesting is, not with
// go.starlark.net's words for an annotation it was never meant to read
// ("got ':', want newline").
func TestLoadDeepAnnotation(t *testing.T) {
	for _, src := range []string{
		"x: " + strings.Repeat("(", 900) + "int" + strings.Repeat(")", 900) + " = 1",
		"x: " + strings.Repeat("list[", 900) + "int" + strings.Repeat("]", 900) + " = []",
		"def f(a: " + strings.Repeat("(", 900) + "int" + strings.Repeat(")", 900) + "):\n    pass",
	} {
		_, err := LoadFile("d.rules", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "Parse error: excessive nesting") {
			t.Errorf("%.20q...: %v, want excessive nesting", src, err)
		}
	}
}

// TestLoadManyAnnotations: a type of many names and a def of many
// annotated parameters on one line load at a cost that grows with their
// size, not its square (a 50,000-name union took a minute, 40,000
// parameters several seconds), with the results they always had.
func TestLoadManyAnnotations(t *testing.T) {
	var union strings.Builder
	union.WriteString("x: int")
	for i := 1; i < 50_000; i++ {
		union.WriteString([]string{" | str", " | int"}[(i+1)%2])
	}
	var def strings.Builder
	def.WriteString("def f(")
	for i := range 40_000 {
		if i > 0 {
			def.WriteString(", ")
		}
		fmt.Fprintf(&def, "a%d: int", i)
	}
	lastParam := strings.LastIndex(def.String(), "a39999") + 1
	for _, c := range []struct {
		src string
		err *Error // nil: it loads
	}{
		{union.String() + " = 1\n", nil},
		{union.String() + " = 1.5\n", &Error{Pos: Position{File: "t.rules", Line: 1, Col: 4},
			Msg: "Value `1.5` of type `float` does not match the type annotation `int | str` for return type"}},
		{def.String() + "): pass\n", nil},
		{def.String() + ` = "s"): pass` + "\n", &Error{Pos: Position{File: "t.rules", Line: 1, Col: lastParam},
			Msg: "Value `s` of type `string` does not match the type annotation `int` for argument `a39999`"}},
	} {
		_, err := LoadFile("t.rules", []byte(c.src))
		if c.err == nil {
			if err != nil {
				t.Errorf("%.30q...: %v, want it to load", c.src, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || *e != *c.err {
			t.Errorf("%.30q...: %#v, want %#v", c.src, err, c.err)
		}
	}
}

// TestLoadNestingLimit: where nesting is refused (go.starlark.net's
// parser's bound, as docs/compile.md states it): from 76 nested brackets,
// 83 nested calls, 1001 nested defs; a chain of a million calls is
// refused, not a crash.
func TestLoadNestingLimit(t *testing.T) {
	nest := func(n int, open, inner, close string) string {
		return "x = " + strings.Repeat(open, n) + inner + strings.Repeat(close, n) + "\n"
	}
	defs := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(strings.Repeat(" ", i) + "def f():\n")
		}
		return b.String() + strings.Repeat(" ", n) + "pass\n"
	}
	for _, c := range []struct {
		src     string
		refused bool
	}{
		{nest(75, "(", "1", ")"), false},
		{nest(76, "(", "1", ")"), true},
		{nest(75, "[", "1", "]"), false},
		{nest(76, "[", "1", "]"), true},
		{nest(82, "str(", "1", ")"), false},
		{nest(83, "str(", "1", ")"), true},
		{nest(1_000_000, "str(", "1", ")"), true},
		{nest(1_000_000, "str(1, ", "1", ")"), true},
		{defs(1000), false},
		{defs(1001), true},
	} {
		_, err := LoadFile("n.rules", []byte(c.src))
		if c.refused && (err == nil || !strings.Contains(err.Error(), "Parse error: excessive nesting")) || !c.refused && err != nil {
			t.Errorf("%.20q... (%d bytes): %v, refused: %v", c.src, len(c.src), err, c.refused)
		}
	}
}
