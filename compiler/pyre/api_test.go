package pyre

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dlclark/regexp2"
)

func TestParseTree(t *testing.T) {
	for _, c := range []struct {
		pattern string
		flags   Flags
		want    string
	}{
		{`^git\s+push\b`, FlagIgnoreCase,
			`(concat begin-text 'g'/i 'i'/i 't'/i (repeat 1 - greedy \s/i) 'p'/i 'u'/i 's'/i 'h'/i word-boundary)`},
		{`rm\s+-rf`, 0, `(concat 'r' 'm' (repeat 1 - greedy \s) '-' 'r' 'f')`},
		{``, 0, `empty`},
		{`a|`, 0, `(alt 'a' empty)`},
		{`(?P<cmd>git)(?P=cmd)`, 0, `(concat (group 1 "cmd" (concat 'g' 'i' 't')) (backref 1))`},
		{`(?:a)(?>b)(?=c)(?!d)(?<=e)(?<!f)`, 0,
			`(concat (nocapture 'a') (atomic 'b') (lookahead 'c') (neg-lookahead 'd') (lookbehind 'e') (neg-lookbehind 'f'))`},
		{`(a)?(?(1)b|c)`, 0, `(concat (repeat 0 1 greedy (group 1 'a')) (if 1 'b' 'c'))`},
		{`(?(1)b)(a)`, 0, `(concat (if 1 'b' empty) (group 1 'a'))`},
		{`a*?b++c{2,5}d{,3}e{2,}f{3}`, 0,
			`(concat (repeat 0 - lazy 'a') (repeat 1 - possessive 'b') (repeat 2 5 greedy 'c') (repeat 0 3 greedy 'd') (repeat 2 - greedy 'e') (repeat 3 3 greedy 'f'))`},
		{`[^a-z\d_]`, 0, `[^'a'-'z' '_' \d]`},
		{`(?m)^$(?s:.)\A\Z\B.`, 0, `(concat begin-line end-line (nocapture flags+16-0 any/s) begin-text end-text non-word-boundary any)`},
		{`(?x) a b # c
		 [ ]\ `, 0, `(concat 'a' 'b' [U+0020] U+0020)`},
		{`(?i:a)(?-i:b)`, FlagIgnoreCase, `(concat (nocapture flags+2-0 'a'/i) (nocapture flags+0-2 'b'))`},
		{`(?a)\w\b`, 0, `(concat \w/a word-boundary/a)`},
		{`\x41\u00e9\U0001F600\0\101`, 0, `(concat 'A' U+00E9 U+1F600 U+0000 'A')`},
	} {
		ast, err := Parse(c.pattern, c.flags)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.pattern, err)
			continue
		}
		if got := Dump(ast.Root); got != c.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", c.pattern, got, c.want)
		}
	}
}

func TestASTFields(t *testing.T) {
	ast, err := Parse(`(?i)(?P<a>x)(y)(?P<b>z)`, 0)
	if err != nil {
		t.Fatal(err)
	}
	if ast.Groups != 3 || ast.Names["a"] != 1 || ast.Names["b"] != 3 || len(ast.Names) != 2 {
		t.Errorf("groups %d names %v", ast.Groups, ast.Names)
	}
	if ast.Flags != FlagIgnoreCase|FlagUnicode {
		t.Errorf("flags %d", ast.Flags)
	}
	ast, _ = Parse(`(?a)x`, FlagIgnoreCase)
	if ast.Flags != FlagIgnoreCase|FlagASCII {
		t.Errorf("flags %d", ast.Flags)
	}
	var lits []rune
	Walk(ast.Root, func(n Node) bool {
		if l, ok := n.(*Literal); ok {
			lits = append(lits, l.Matches()...)
		}
		return true
	})
	if string(lits) != "xX" {
		t.Errorf("ASCII matches %q", string(lits))
	}
}

func TestLiteralMatches(t *testing.T) {
	for _, c := range []struct {
		r    rune
		f    Flags
		want string
	}{
		{'k', FlagIgnoreCase, "kK\u212a"},
		{'i', FlagIgnoreCase, "iI\u0130\u0131"},
		{'s', FlagIgnoreCase, "sS\u017f"},
		{'k', FlagIgnoreCase | FlagASCII, "kK"},
		{'k', 0, "k"},
		{'-', FlagIgnoreCase, "-"},
	} {
		got := (&Literal{Rune: c.r, Flags: c.f}).Matches()
		slices.Sort(got)
		want := []rune(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("Matches(%q, %d) = %q, want %q", c.r, c.f, string(got), c.want)
		}
	}
}

func TestErrorFormat(t *testing.T) {
	_, err := Compile("a\nb)", Options{IgnoreCase: true})
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%v", err)
	}
	if e.Msg != "unbalanced parenthesis" || e.Pos != 3 || e.Exception != ExcReError || e.Unsupported {
		t.Errorf("%#v", e)
	}
	if got := e.Error(); got != "unbalanced parenthesis at position 3 (line 2, column 2)" {
		t.Errorf("Error() = %q", got)
	}
	if pos, ok := e.Position(); !ok || pos != 3 {
		t.Errorf("Position() = %d, %v", pos, ok)
	}
	// Positions count code points, lone surrogates included.
	_, err = Compile("\xed\xa0\x80\U0001F600*)", Options{})
	if !errors.As(err, &e) || e.Pos != 3 {
		t.Errorf("%v", err)
	}
	_, err = Compile(`\N{LATIN SMALL LETTER A}`, Options{})
	if !errors.As(err, &e) || !e.Unsupported || e.Exception != "" || !strings.Contains(e.Error(), "not supported") {
		t.Errorf("%v", err)
	}
	_, err = Compile(`a{4294967295}`, Options{})
	if !errors.As(err, &e) || e.Exception != ExcOverflowError || e.Error() != "the repetition number is too large" {
		t.Errorf("%v", err)
	}
	_, err = Parse(`(?a)x`, FlagUnicode)
	if !errors.As(err, &e) || e.Exception != ExcValueError || e.Error() != "ASCII and UNICODE flags are incompatible" {
		t.Errorf("%v", err)
	}
	_, err = Parse(`x`, FlagLocale)
	if !errors.As(err, &e) || e.Exception != ExcValueError || e.Error() != "cannot use LOCALE flag with a str pattern" {
		t.Errorf("%v", err)
	}
	_, err = Parse(`x`, FlagDebug)
	if !errors.As(err, &e) || !e.Unsupported {
		t.Errorf("%v", err)
	}
}

func TestRecursionLimit(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("(", n) + strings.Repeat(")", n) }
	if _, err := Parse(deep(400), 0); err != nil {
		t.Errorf("400 levels: %v", err)
	}
	var e *Error
	if _, err := Parse(deep(600), 0); !errors.As(err, &e) || e.Exception != ExcRecursionError {
		t.Errorf("600 levels: %v", err)
	}
	// The limit does not apply to long flat patterns.
	if _, err := Compile(strings.Repeat("a|", 20000)+"b", Options{IgnoreCase: true}); err != nil {
		t.Errorf("flat: %v", err)
	}
}

// noTimeout is the Options.Timeout of tests that check answers: no bound,
// so that a loaded machine cannot turn an answer into ErrTimeout (the
// default is 100 ms). Only TestTimeout and the fuzz tests' probes use a
// bound, on searches that either cannot finish or need not.
const noTimeout = -1

// TestTimeout: catastrophic backtracking ends with ErrTimeout instead of
// running for ages. Only the error is asserted, not the elapsed time: the
// search cannot finish within any reasonable time, so the short timeout
// fires however loaded the machine is.
func TestTimeout(t *testing.T) {
	re, err := Compile(`(a+)+\1$`, Options{IgnoreCase: true, Timeout: 20 * time.Millisecond}) // not linear: a backreference
	if err != nil {
		t.Fatal(err)
	}
	subject := strings.Repeat("a", 50*1024) + "!"
	ok, err := re.Search(subject)
	if ok || !errors.Is(err, ErrTimeout) || !IsTimeout(err) {
		t.Fatalf("Search = %v, %v; want ErrTimeout", ok, err)
	}
	// The same Regexp still works afterwards (with its bound lifted: "aaa"
	// must not time out just because the machine is busy).
	re.re.MatchTimeout = time.Hour
	if ok, err := re.Search("aaa"); !ok || err != nil {
		t.Fatalf("Search(aaa) = %v, %v", ok, err)
	}
}

func TestOptionsAndAccessors(t *testing.T) {
	re := MustCompile(`a\Z`, Options{})
	if re.String() != `a\Z` || re.Emitted() != `a\z` || re.AST() == nil {
		t.Errorf("%q %q", re.String(), re.Emitted())
	}
	if err := re.prepareBacktrack(); err != nil || re.re.MatchTimeout != DefaultTimeout {
		t.Errorf("timeout %v, %v", re.re.MatchTimeout, err)
	}
	if re, _ := Compile(`a`, Options{Timeout: -1}); re.prepareBacktrack() != nil || re.re.MatchTimeout < time.Hour {
		t.Errorf("negative timeout: %v", re.re.MatchTimeout)
	}
	if ok, err := MustCompile(`a\Z`, Options{Timeout: noTimeout}).Search("A"); ok || err != nil {
		t.Errorf("case-sensitive pattern on A: %v, %v", ok, err)
	}
	if ok, err := MustCompile(`a\Z`, Options{IgnoreCase: true, Timeout: noTimeout}).SearchRunes([]rune("xA")); !ok || err != nil {
		t.Errorf("case-insensitive pattern on xA: %v, %v", ok, err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustCompile did not panic")
		}
	}()
	MustCompile(`(`, Options{})
}

// TestEmitShapes pins a few translations that matter for speed.
func TestEmitShapes(t *testing.T) {
	for _, c := range []struct{ pattern, want string }{
		{`rm\s+-rf`, `rm[\x{1c}-\x{1f}\s]+\-rf`},
		{`git`, `git`}, // searches replace U+0131 by 'i' (foldsIS)
		{`(g)it\1`, `(g)[i\x{131}]t\k<1>`},
		{`\.env$`, `\.env$`},
		{`(?P<a>x)(?P=a)`, `(x)\k<1>`},
		{`a++`, `(?>a+)`},
		{`a{,3}`, `a{0,3}`},
		{`(?-i:K)`, `(?:(?-i:K))`},
	} {
		re, err := Compile(c.pattern, Options{IgnoreCase: true})
		if err != nil || re.Emitted() != c.want {
			t.Errorf("%q: %q, %v; want %q", c.pattern, re.Emitted(), err, c.want)
		}
	}
	ast, _ := Parse(`git`, FlagIgnoreCase)
	if expr, opts, err := Emit(ast); expr != `g[i\x{131}]t` || opts != regexp2.IgnoreCase || err != nil {
		t.Errorf("Emit(git) = %q, %v, %v", expr, opts, err)
	}
	re := MustCompile(`\bgit\b`, Options{IgnoreCase: true})
	if strings.Count(re.Emitted(), "(?") != 2 { // one look-around on each side
		t.Errorf("%s", re.Emitted())
	}
}

// TestSyntheticAST: other packages build trees by hand (e.g. restricting
// a parsed pattern) and compile them with CompileAST.
func TestSyntheticAST(t *testing.T) {
	ast, err := Parse(`\bgit\b`, FlagIgnoreCase)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		root    Node
		subject string
		want    bool
	}{
		{&Concat{Subs: []Node{ast.Root, &Group{Kind: GroupNegLookAhead, Sub: &Anchor{Kind: AnchorEndText}}}}, "GIT PUSH", true},
		{&Concat{Subs: []Node{ast.Root, &Group{Kind: GroupNegLookAhead, Sub: &Anchor{Kind: AnchorEndText}}}}, "x git", false},
		{ast.Root, "x git", true},
		{ast.Root, "xgit push", false},
		{&Concat{}, "x", true},
		{&Alternate{}, "x", false},
		{&Concat{Subs: []Node{&Concat{Subs: []Node{&Literal{Rune: 'a'}}}, &Alternate{Subs: []Node{&Literal{Rune: 'b'}}}}}, "ab", true},
		{&Repeat{Min: 1, Max: Unbounded, Mode: Greedy, Sub: &Concat{Subs: []Node{&Literal{Rune: 'a'}, &Literal{Rune: 'b'}}}}, "xabab", true},
	} {
		re, err := CompileAST(&AST{Pattern: "synthetic", Root: c.root, Flags: ast.Flags}, noTimeout)
		if err != nil {
			t.Errorf("%s: %v", Dump(c.root), err)
			continue
		}
		if got, err := re.Search(c.subject); err != nil || got != c.want {
			t.Errorf("%s on %q: %v, %v (regexp2 %s)", Dump(c.root), c.subject, got, err, re.Emitted())
		}
	}
}

func TestFoldsIS(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    bool
	}{
		{`git push`, true}, {`[a-z]+`, true}, {`\w\b`, true}, {`(?-i:k)`, true}, {`[^i]`, true},
		{`(?-i:i)`, false}, {`(?-i:[a-z])`, false}, {`(s)\1`, false}, {`(?a:i)`, false}, {`(?a:\w)`, false},
		{`(?a:x\b)`, false}, {`(?-i:[^s])`, false}, {`(?-i:\u0131)`, false}, {`(?a:\b).i`, false}, {`(s)\1i`, false},
	} {
		ast, err := Parse(c.pattern, FlagIgnoreCase)
		if err != nil {
			t.Fatal(err)
		}
		if got := foldsIS(ast); got != c.want {
			t.Errorf("foldsIS(%q) = %v", c.pattern, got)
		}
	}
	if ast, _ := Parse(`git`, 0); foldsIS(ast) {
		t.Error("foldsIS without IGNORECASE")
	}
	in := []rune("PU\u017fH \u0131")
	if out := foldSubjectIS(in); string(out) != "PUsH i" || string(in) != "PU\u017fH \u0131" {
		t.Errorf("foldSubjectIS: %q, input now %q", string(out), string(in))
	}
}
