package shell

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// argvPieces are the fragments random words are built from: plain text,
// whitespace, quotes, backslashes, shell metacharacters, glob/brace/tilde
// characters, non-ASCII text and control characters. NUL is excluded (no
// argv or shell word can hold it), and so is \x01, which Parse cannot accept
// together with \r.
var argvPieces = []string{
	"a", "Z", "9", "rm", "-rf", "--x=y", "/", ".", "_", "@", "%", "+", "=", ":", ",",
	" ", "  ", "\t", "\n", "\r", "'", "''", "\"", "\\", "\\\\",
	"$", "$HOME", "${x}", "$(rm)", "`id`", "$'\\x41'", ";", "|", "&", "&&", "<", ">", "(", ")",
	"*", "?", "[", "]", "{", "}", "{a,b}", "~", "#", "!", "^",
	"é", "日本", "😀", "\u2028", "\u00a0", "\x7f", "\x02",
}

// randomArgvs returns n random argvs (1 to 5 words, some empty) from a fixed
// seed.
func randomArgvs(n int, seed uint64) [][]string {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([][]string, n)
	for i := range out {
		argv := make([]string, 1+r.IntN(5))
		for j := range argv {
			var b strings.Builder
			for k := r.IntN(5); k > 0; k-- {
				b.WriteString(argvPieces[r.IntN(len(argvPieces))])
			}
			argv[j] = b.String()
		}
		out[i] = argv
	}
	return out
}

// canonicalRoundTrips reports whether bash reads Canonical(argv) back as the
// same argv. It does not when shlex.join leaves a first word bare that bash
// treats specially: a reserved word (if, time, …), an assignment (FOO=bar)
// or let (whose operands are arithmetic). Canonical copies Python there on
// purpose; these argvs are excluded from the property and covered by
// TestCanonicalBashDivergences.
func canonicalRoundTrips(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	first := Quote(argv[0])
	if syntax.IsKeyword(first) || first == "let" {
		return false
	}
	if eq := strings.IndexByte(first, '='); eq > 0 && isName(strings.TrimSuffix(first[:eq], "+")) {
		return false
	}
	return true
}

func TestParseCanonicalRoundTrip(t *testing.T) {
	checked := 0
	for i, argv := range randomArgvs(3000, 2) {
		if !canonicalRoundTrips(argv) {
			continue
		}
		checked++
		src := Canonical(argv)
		cmds, err := Parse(src)
		if err != nil {
			t.Fatalf("#%d: Parse(Canonical(%q)) = %v", i, argv, err)
		}
		if len(cmds) != 1 {
			t.Fatalf("#%d: Parse(%q) gave %d commands, want 1", i, src, len(cmds))
		}
		got, ok := cmds[0].LiteralArgv()
		if !ok || !slices.Equal(got, argv) {
			t.Fatalf("#%d: Parse(%q) = %q (literal %v), want %q", i, src, cmds[0].Argv(), ok, argv)
		}
		if len(cmds[0].Assigns) != 0 || len(cmds[0].Redirs) != 0 {
			t.Fatalf("#%d: Parse(%q) has assignments or redirections", i, src)
		}
	}
	if checked < 2500 {
		t.Fatalf("only %d argvs checked", checked)
	}
}

// Hand-picked argvs with every awkward character class, on top of the
// random ones.
func TestParseCanonicalRoundTripExamples(t *testing.T) {
	for _, argv := range [][]string{
		{"echo", ""},
		{"echo", "", ""},
		{"printf", "%s\n", "it's \"quoted\""},
		{"rm", "-rf", "/tmp/a b"},
		{"grep", "-e", "$(rm -rf /)", "`id`", "${HOME}", "$'x'"},
		{"ls", "*.go", "?", "[ab]", "{a,b}", "~", "~/x", "a=~/x"},
		{"x", "#not a comment", "a;b", "a|b", "a&b", "<in", ">out", "(sub)"},
		{"日本語", "é", "😀", "\u2028", "\t", "\n", "\r\n", "\x7f"},
		{"declare", "-x", "a=b", "c"},
		{"export", "PATH=/bin:/usr/bin"},
		{"[", "-f", "x", "]"},
		{"!"},
		{"{"},
		{"--"},
	} {
		src := Canonical(argv)
		cmds, err := Parse(src)
		if err != nil || len(cmds) != 1 {
			t.Errorf("Parse(%q) = %d commands, %v", src, len(cmds), err)
			continue
		}
		if got, ok := cmds[0].LiteralArgv(); !ok || !slices.Equal(got, argv) {
			t.Errorf("Parse(%q) = %q (literal %v), want %q", src, cmds[0].Argv(), ok, argv)
		}
	}
}

// TestCanonicalBashDivergences documents the argvs for which shlex.join's
// output means something else to bash.
func TestCanonicalBashDivergences(t *testing.T) {
	tests := []struct {
		argv []string
		want string // what Parse sees, rendered by render()
	}{
		{[]string{"FOO=bar", "x"}, "[FOO=bar] x"},
		{[]string{"time", "ls"}, "ls"},
		{[]string{"let", "a=1"}, "let <a=1>"},
	}
	for _, tt := range tests {
		if canonicalRoundTrips(tt.argv) {
			t.Errorf("canonicalRoundTrips(%q) = true", tt.argv)
		}
		cmds, err := Parse(Canonical(tt.argv))
		if err != nil {
			t.Errorf("Parse(Canonical(%q)): %v", tt.argv, err)
			continue
		}
		if got := renderAll(cmds); got != tt.want {
			t.Errorf("Parse(Canonical(%q)) = %q, want %q", tt.argv, got, tt.want)
		}
	}
	if _, err := Parse(Canonical([]string{"if", "x"})); err == nil {
		t.Errorf("Parse(Canonical([if x])) succeeded, want a syntax error")
	}
}
