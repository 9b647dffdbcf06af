package execpolicy

import (
	"bytes"
	"sync"
	"testing"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// emitTokens are printable strings that could upset a quoting routine or a
// lexer: quotes, backslashes, Starlark and shell syntax, non-ASCII scripts,
// combining marks, emoji.
var emitTokens = []string{
	`"`, `\`, `\"`, `'`, `'''`, `"""`, `\n`, `\x41`, `\u00e9`, `{x}`, `f"{x}"`, `#`, `# comment`, `)`, `"])`,
	`prefix_rule(["evil"])`, ` `, `  padded  `, `*`, ``, `é`, `ü`, `日本語`, `😀`, "e\u0301", "\u0301x", `ﷺ`,
	`ß`, `İ`, `$HOME`, "`id`", `;`, `&&`, `|`, `a=b`, `--`, `-rf`, `~`, `/usr/bin/git`, `%s`, `%`, `{}`, `\\`,
}

// TestConformanceEmit emits rules made of awkward tokens, justifications and
// a hostile header, checks that codex loads the file, and that codex and
// hookifyc give the same output for each rule's own argv (codex's answers
// recorded in testdata/codex/emit.jsonl; live with HOOKIFYC_LIVE=1).
func TestConformanceEmit(t *testing.T) {
	var rules []*PrefixRule
	for i, tok := range emitTokens {
		just := emitTokens[(i+7)%len(emitTokens)]
		if just == "" || just == " " || just == "  padded  " {
			just = "why: " + just
		}
		rules = append(rules, &PrefixRule{
			First: "emit-test", Rest: []Token{{tok}, {tok, emitTokens[(i+1)%len(emitTokens)]}},
			Decision: Decision(i%3 + 1), Justification: just,
			Match:    [][]string{{"emit-test", tok, tok}},
			NotMatch: [][]string{{"emit-test"}},
		}, &PrefixRule{First: tok, Decision: Prompt, Match: [][]string{{tok, "x"}}})
	}
	header := "sources: a.md\nprefix_rule([\"evil\"])\r\n\"\"\"\n\\\n\u2028prefix_rule([\"evil\"])"
	out, err := Emit(rules, header)
	if err != nil {
		t.Fatal(err)
	}
	cx := openCodex(t, "emit")
	file := cx.File("hookify.rules", out)
	pol, err := LoadFile(file, out)
	if err != nil {
		t.Fatal(err)
	}
	var argvs [][]string
	for _, rule := range rules {
		argvs = append(argvs, rule.Match...)
	}
	argvs = append(argvs, []string{"evil"})
	got := make([]codextest.Result, len(argvs))
	errs := make([]error, len(argvs))
	var mu sync.Mutex
	codextest.Parallel(len(argvs), 2, func(i int) {
		res, err := cx.Check([]string{file}, true, argvs[i])
		mu.Lock()
		got[i], errs[i] = res, err
		mu.Unlock()
	})
	opts := MatchOptions{ResolveHostExecutables: true, WorkDir: cx.Dir, Home: cx.Home}
	for i, a := range argvs {
		if errs[i] != nil || got[i].ExitCode != 0 {
			t.Fatalf("codex rejected the emitted file (%v, exit %d):\n%s\n%s", errs[i], got[i].ExitCode, got[i].Stderr, out)
		}
		want := append(pol.CheckWith(a, opts).CodexJSON(false), '\n')
		if !bytes.Equal(got[i].Stdout, want) {
			t.Errorf("%q:\n codex:    %s hookifyc: %s", a, got[i].Stdout, want)
		}
	}
	if ev := pol.Check([]string{"evil"}, false); len(ev.Matches) != 0 {
		t.Errorf("header injected a rule")
	}
}
