package execpolicy

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzLexCheck checks the pre-pass that rewrites string literals and
// f-strings for go.starlark.net: it never panics, and its output keeps every
// line and every column of the input (so that go.starlark.net's positions
// are the file's), and parsing and rewriting its output never panic. (It
// does not run the file: Starlark code may compute for long.) The seeds run
// with go test.
func FuzzLexCheck(f *testing.F) {
	for _, s := range []string{
		`x = f"a{1}b{'c'!r}d{ {'k': 2}['k'] }e"`,
		"x = f\"\"\"a\n{1 +\n 2}\nb\"\"\"",
		`x = fr'\d{x}\'' + f"{{}}" + f"{f'{1}'}"`,
		`x = "\q\xe9\101\u00e9\U0001F600" + r"\'\"" + '\N{X}'`,
		"x = \"a\\\nb\" + '''c\r\nd'''",
		`x = f"{1!x}" + f"{}" + f"a}b"`,
		`prefix_rule([f"{len('é')}", "é"[0], "%c" % 65])`,
		"x = f\"{1:>3}\"\ny = 'unterminated",
		`x = "\ud800"`,
		"# comment \"not a string\"\nx = 1 ! 2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, e := lexCheck("f.rules", []byte(src))
		if e != nil || !utf8.ValidString(src) {
			return
		}
		if ast, err := fileOptions.Parse("f.rules", p.src, 0); err == nil {
			newRewriter(p).file(ast)
		}
		in, out := strings.Split(src, "\n"), strings.Split(string(p.src), "\n")
		if len(in) != len(out) {
			t.Fatalf("%d lines in, %d out:\n%q\n%q", len(in), len(out), src, p.src)
		}
		for i := range in {
			if a, b := utf8.RuneCountInString(in[i]), utf8.RuneCountInString(out[i]); a != b {
				t.Fatalf("line %d: %d characters in, %d out:\n%q\n%q", i+1, a, b, in[i], out[i])
			}
		}
	})
}
