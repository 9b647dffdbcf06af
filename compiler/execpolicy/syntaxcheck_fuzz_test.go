package execpolicy

import (
	"strings"
	"testing"
)

// FuzzSyntaxCheck checks that the Codex-worded syntax checker never panics
// or loops (hangs) on any input, and that every error it returns is well
// formed: a non-empty message, the file's name, and a position inside the
// file (a line of the file, a column of at least 1; 1:1 is where Codex puts
// the end of a file that ends a line). It does not check what the message
// says or that the checker accepts what go.starlark.net accepts: the
// conformance tests compare the checker's words and positions with the
// real Codex's (TestConformanceSyntaxErrors). The seeds (the conformance
// policies and some of their spoiled variants) run with go test.
func FuzzSyntaxCheck(f *testing.F) {
	for _, s := range syntaxBases {
		f.Add(s)
	}
	names, files := syntaxMutants()
	for i := range names {
		if i%20 == 0 {
			f.Add(string(files[i]))
		}
	}
	for _, s := range []string{"x = f\"{1 + \n", "def f(*):\n\tpass\n", "if x:\n  y\n z\n", "x = (\n\t1)\n", "@", "\t", "\n\n\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e := syntaxCheck("f.rules", []byte(src), nil)
		if e == nil {
			return
		}
		lines := strings.Split(src, "\n")
		if e.Pos.Line < 1 || e.Pos.Line > len(lines) || e.Pos.Col < 1 {
			t.Fatalf("%q: error outside the file: %v", src, e)
		}
		if e.Msg == "" || e.Pos.File != "f.rules" {
			t.Fatalf("%q: malformed error %#v", src, e)
		}
	})
}
