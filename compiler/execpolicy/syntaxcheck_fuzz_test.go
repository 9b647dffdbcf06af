package execpolicy

import (
	"strings"
	"testing"
)

// FuzzSyntaxCheck checks the Codex-worded syntax checker: it never panics
// or loops, every error it returns points into the file (or at 1:1, where
// Codex puts the end of a file that ends a line) and says what Codex's
// parser says, and it accepts every file go.starlark.net and the pre-pass
// accept that starlark-rust's grammar also accepts (the seeds: the
// conformance policies). The seeds run with go test.
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
