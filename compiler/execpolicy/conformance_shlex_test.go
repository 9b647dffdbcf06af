package execpolicy

import (
	"strings"
	"testing"

	"go.starlark.net/syntax"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// shlexExamples are example strings whose tokenization (Rust shlex split)
// and rendering (shlex try_join) must agree with Codex.
var shlexExamples = []string{
	`git status`, `  git   status  `, "git\tstatus\nlog", `a\ b`, `"a\"b"`, `'a'"b"c`, `a#b c`, `a #b c`,
	"a #b\nc d", `"a\\$b"`, `"a\x"`, "a\\\nb", "\"a\\\nb\"", `x=1 %p ,c {a,b} ~u ^v !w`, `^a`, `a^b`,
	`'^'`, `é ✓ 日本`, "a\rb", `$'x'`, `é^`, `''`, `""''`, `a;b a|b a&b a<b a>b (a) $x`, `*?[ ]`,
	`"it's"`, `'say "hi"'`, `a\'b`, "a`b`", `a!b`, `+-./:@]_`, `a\\b`, `"a\\b"`, `'a\b'`, `--flag=--x`,
	`'' x ''`, `"#" #`, `a"#"b`, "\"a\tb\"", `"\$\` + "`" + `\"\\"`, `'a b' "c d" e\ f`,
	`"x"y'z'`, `'it'\''s'`, `-`, `--`, `%`, `a=b=c`, `x,y`, `{}`, `@x`, `:`, `]`, `[`, `\a`, `"\a"`,
	"\x01 \x7f", "tab\\\tx",
}

// TestConformanceShlex checks that hookifyc splits example strings and
// renders examples exactly as Codex does, by comparing the message of a
// prefix_rule whose examples all fail to match (codex's answer recorded in
// testdata/codex/shlex.jsonl; live with HOOKIFYC_LIVE=1).
func TestConformanceShlex(t *testing.T) {
	var b strings.Builder
	b.WriteString(`prefix_rule(["never-matches"], match = [`)
	for _, s := range shlexExamples {
		if _, err := SplitExample(s); err != nil {
			t.Fatalf("SplitExample(%q): %v", s, err)
		}
		b.WriteString(syntax.Quote(s, false) + ", ")
	}
	b.WriteString("])\n")
	cx := openCodex(t, "shlex")
	file := cx.File("shlex.rules", []byte(b.String()))
	_, err := LoadFile(file, []byte(b.String()))
	if err == nil {
		t.Fatal("hookifyc accepted the file")
	}
	ours := err.(*Error).Msg

	res, err := cx.Check([]string{file}, false, []string{"x"})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 1 {
		t.Fatalf("codex exit %d", res.ExitCode)
	}
	t.Logf("%d examples; message %d bytes", len(shlexExamples), len(ours))
	if theirs := codextest.ErrorText(res.Stderr); theirs != ours {
		t.Errorf("messages differ\ncodex:    %s\nhookifyc: %s", theirs, ours)
	}
}
