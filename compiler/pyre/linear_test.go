package pyre

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/codextest"
)

// The linear path against the CPython-recorded answers and against the
// regexp2 path. Tests that compare answers run regexp2 without a bound
// (or skip what it cannot finish), so no answer depends on the clock.

// backtrack searches with the regexp2 path, whatever the pattern.
func backtrack(re *Regexp, subject string) (bool, error) {
	return re.searchBacktrack(pyval.Runes(subject))
}

// TestLinearParity: every linear pattern of the CPython-recorded tables
// answers as Python on the linear path (and on the regexp2 path), and the
// documented divergences are the same on both paths.
func TestLinearParity(t *testing.T) {
	linear := 0
	for _, c := range searchCases {
		re, err := Compile(c.pattern, Options{IgnoreCase: c.ignoreCase, Timeout: noTimeout})
		if err != nil {
			t.Errorf("Compile(%q): %v", c.pattern, err)
			continue
		}
		if !re.Linear() {
			if ast := re.AST(); compileLinear(ast) != nil {
				t.Errorf("%q: has an NFA but is not linear", c.pattern)
			}
			continue
		}
		linear++
		if got, err := re.Search(c.subject); err != nil || got != c.want {
			t.Errorf("linear Search(%q, %q, I=%v) = %v, %v; Python says %v", c.pattern, c.subject, c.ignoreCase, got, err, c.want)
		}
		if got, err := re.SearchRunes(pyval.Runes(c.subject)); err != nil || got != c.want {
			t.Errorf("linear SearchRunes(%q, %q) = %v, %v; Python says %v", c.pattern, c.subject, got, err, c.want)
		}
		if got, err := backtrack(re, c.subject); err != nil || got != c.want {
			t.Errorf("regexp2 Search(%q, %q) = %v, %v; Python says %v", c.pattern, c.subject, got, err, c.want)
		}
	}
	for _, c := range divergentCases {
		re := MustCompile(c.pattern, Options{IgnoreCase: c.ignoreCase, Timeout: noTimeout})
		if !re.Linear() {
			continue
		}
		a, errA := re.Search(c.subject)
		b, errB := backtrack(re, c.subject)
		if errA != nil || errB != nil || a != b {
			t.Errorf("%q on %q: linear %v, %v; regexp2 %v, %v", c.pattern, c.subject, a, errA, b, errB)
		}
	}
	t.Logf("%d of %d search cases on the linear path", linear, len(searchCases))
	if linear < len(searchCases)*3/4 {
		t.Errorf("only %d of %d search cases are linear", linear, len(searchCases))
	}
}

// TestLinearConstructs pins which constructs take the linear path.
func TestLinearConstructs(t *testing.T) {
	for _, c := range []struct {
		pattern string
		linear  bool
	}{
		{`rm\s+-rf`, true}, {`\bgit\s+push\b`, true}, {`^a$`, true}, {`(?m)^a$`, true}, {`a\Z`, true},
		{`\Aa`, true}, {`(?s).`, true}, {`(?a)\w\b`, true}, {`\B`, true}, {`(?P<n>a)|b`, true},
		{`a{,3}`, true}, {`a{2,5}?`, true}, {`(?x) a b # c`, true}, {`[^\W\d_]+`, true}, {`(a|)*`, true},
		{`a{1000}`, true}, {`(?:a{100}){100}`, true}, {`x{19999}`, true}, {`a{4294967294}`, false},
		{`a{20001}`, false}, {`(?:a{200}){200}`, false},
		{`(a)\1`, false}, {`(?P<n>a)(?P=n)`, false}, {`(a)?(?(1)b|c)`, false}, {`(?=a)`, false},
		{`(?!a)`, false}, {`(?<=a)b`, false}, {`(?<!a)b`, false}, {`(?>a+)`, false}, {`a++`, false},
		{`a*+`, false}, {`a?+`, false}, {`a{1,2}+`, false},
	} {
		re, err := Compile(c.pattern, Options{IgnoreCase: true})
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if re.Linear() != c.linear {
			t.Errorf("%q: Linear() = %v", c.pattern, re.Linear())
		}
		if re.Summary().Linear() != c.linear {
			t.Errorf("%q: Summary().Linear() = %v", c.pattern, re.Summary().Linear())
		}
	}
}

// TestLinearCategories: the category sets of the linear path are Python's
// (isWord, isDigit, isSpace, which TestUnicodeCategories checks against
// CPython) for every code point.
func TestLinearCategories(t *testing.T) {
	for _, ascii := range []bool{false, true} {
		for cat := CatDigit; cat <= CatNotWord; cat++ {
			set := categorySet(cat, ascii)
			for r := rune(0); r <= unicode.MaxRune; r++ {
				if inSet(r, set) != inCategory(r, cat, ascii) {
					t.Fatalf("category %d (ascii %v): U+%04X", cat, ascii, r)
				}
			}
		}
	}
}

// TestWordSetASCII: below 0x80, Python's Unicode \w is (?a)\w, which
// newDFA relies on to leave the Unicode categories unbuilt until a
// non-ASCII code point comes.
func TestWordSetASCII(t *testing.T) {
	for r := rune(0); r < 0x80; r++ {
		if inSet(r, wordSet(false)) != inSet(r, asciiWord) {
			t.Fatalf("U+%04X: Unicode \\w %v, ASCII \\w %v", r, inSet(r, wordSet(false)), inSet(r, asciiWord))
		}
	}
}

// TestLinearAnchors: Python's assertions at the subject's edges, where a
// DFA could most easily get them wrong. Every answer is checked against
// the regexp2 path too.
func TestLinearAnchors(t *testing.T) {
	for _, c := range []struct {
		pattern, subject string
		want             bool
	}{
		{`a$`, "a", true}, {`a$`, "a\n", true}, {`a$`, "a\n\n", false}, {`a$`, "a\nb", false},
		{`a$\n`, "a\n", true}, {`a$\n$`, "a\n", true}, {`$\n`, "\n\n", true}, {`$\n\n`, "\n\n", false},
		{`^$`, "", true}, {`^$`, "\n", true}, {`^$`, "\n\n", false}, {`(?m)^$`, "a\n\nb", true},
		{`(?m)^$`, "a\n", true}, {`(?m)a$`, "a\nb", true}, {`a\Z`, "a\n", false}, {`\Z`, "", true},
		{`\A`, "", true}, {`x\A`, "x", false}, {`(?m)^b`, "a\nb", true}, {`^b`, "a\nb", false},
		{`\b`, "", false}, {`\B`, "", false}, {`\B`, " ", true}, {`\B`, "a", false}, {`\b`, "é", true},
		{`(?a)\b`, "é", false}, {`(?a)\B`, "é", true}, {`\bé`, " é", true}, {`\bé`, "aé", false},
		{`a\b`, "a\u0131", false}, {`(?a)a\b`, "a\u0131", true}, {`x\b`, "x\xed\xa0\x80", true},
		{`.`, "\n", false}, {`(?s).`, "\n", true}, {`[^a]`, "\xed\xa0\x80", true}, {`\W`, "\xff", true},
		{"\xed\xa0\x80", "a\xed\xa0\x80", true}, {`(?i)k`, "\u212a", true}, {`(?ai)k`, "\u212a", false},
		{`(?i)git`, "G\u0130T", true}, {`(?i)git`, "g\u0131t", true}, {`(?i)ss`, "\u017fS", true},
		{`$`, "", true}, {`\n$`, "\n", true}, {`\n\Z`, "a\n", true}, {`a|$`, "b", true},
		{`(?:\b|\B)`, "", false}, {`(?:\b|\B)x`, "x", true}, {`\B$`, "a ", true}, {`\b$`, "a", true},
	} {
		re, err := Compile(c.pattern, Options{IgnoreCase: true, Timeout: noTimeout})
		if err != nil || !re.Linear() {
			t.Errorf("%q: %v, linear %v", c.pattern, err, err == nil && re.Linear())
			continue
		}
		got, _ := re.Search(c.subject)
		back, err := backtrack(re, c.subject)
		if got != c.want || back != c.want || err != nil {
			t.Errorf("%q on %q: linear %v, regexp2 %v (%v); want %v", c.pattern, c.subject, got, back, err, c.want)
		}
	}
}

// TestLinearReproducer: the padded command that makes regexp2 time out on
// the bundled rm -rf rule (CPython answers in 63 ms) is answered on the
// linear path, at 2,500 and at a million characters.
func TestLinearReproducer(t *testing.T) {
	re := MustCompile(`\brm\s+-[a-zA-Z]*[rR][a-zA-Z]*f|\brm\s+-[a-zA-Z]*f[a-zA-Z]*[rR]`, Options{IgnoreCase: true})
	if !re.Linear() {
		t.Fatal("not linear")
	}
	for _, n := range []int{2500, 1 << 20} {
		cmd := "echo rm -" + strings.Repeat("r", n) + "; rm -rf /"
		if ok, err := re.SearchSubject(NewSubject(cmd)); !ok || err != nil {
			t.Errorf("%d: %v, %v", n, ok, err)
		}
		if ok, err := re.Search("echo rm -" + strings.Repeat("r", n) + "; ls"); ok || err != nil {
			t.Errorf("%d, no rm -rf: %v, %v", n, ok, err)
		}
	}
}

// TestLinearSummary: a Regexp rebuilt from its summary keeps the linear
// path; a damaged encoding is rejected (the regexp2 path answers), never
// run, and never panics.
func TestLinearSummary(t *testing.T) {
	re := MustCompile(`\bgit\s+push\b.*(--force\b|-f\b)$`, Options{IgnoreCase: true})
	s := re.Summary()
	emitted, code := splitEmitted(s.Emitted)
	if emitted != re.Emitted() || code == "" || !s.Linear() {
		t.Fatalf("summary %q", s.Emitted)
	}
	back := FromSummary(s, noTimeout)
	if !back.Linear() || !reflect.DeepEqual(back.Summary(), s) {
		t.Fatal("the summary lost the linear path")
	}
	for _, subj := range []string{"git push -f", "GIT PUSH origin --force\n", "git push --forced", "xgit push -f"} {
		a, _ := re.Search(subj)
		b, _ := back.Search(subj)
		if a != b {
			t.Errorf("%q: %v, from the summary %v", subj, a, b)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		b := []byte(code)
		switch i % 3 {
		case 0:
			b = b[:rng.IntN(len(b))]
		case 1:
			b[rng.IntN(len(b))] ^= byte(1 + rng.IntN(255))
		default:
			b = append(b, byte(rng.IntN(256)))
		}
		bad := s
		bad.Emitted = emitted + linSep + string(b)
		r := FromSummary(bad, noTimeout)
		ok, err := r.Search("git push -f")
		if err != nil {
			t.Fatalf("damaged summary: %v", err)
		}
		if !r.Linear() && !ok {
			t.Fatalf("damaged summary without a linear path answers %v", ok)
		}
	}
}

// linearSubjectAlphabet: code points that tell Python's semantics apart:
// word and non-word, ASCII and not, case pairs with Python-only folds, the
// line break, a lone surrogate.
var linearSubjectAlphabet = []string{"a", "b", "A", "B", "_", " ", "\n", "-", "0", "é", "É", "\u0131",
	"\u0130", "\u017f", "s", "k", "\u212a", "i", "\u00df", "\u1e9e", "\u0663", "\u2028", "\xed\xa0\x80", "!"}

// randomPattern generates a pattern from the constructs of the linear path
// (and a few that are not, which must then say so).
func randomPattern(rng *rand.Rand, depth int) string {
	atoms := []string{"a", "b", "A", "k", "s", "i", "\u0131", "\u017f", "é", "_", " ", `\n`, "-", "0", ".",
		`\w`, `\W`, `\d`, `\D`, `\s`, `\S`, `[ab]`, `[^a]`, `[a-z]`, `[A-Z_]`, `[\w-]`, `[^\W\d]`, `[^\s\S]`,
		`[\x{131}]`, `[é-ê]`, "^", "$", `\A`, `\Z`, `\b`, `\B`, `\b`, "$", `\x00`, "(?-i:k)", "(?a:\\w)", "(?a:\\b)"}
	if depth <= 0 || rng.IntN(3) == 0 {
		return atoms[rng.IntN(len(atoms))]
	}
	switch rng.IntN(8) {
	case 0, 1:
		n := 1 + rng.IntN(3)
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteString(randomPattern(rng, depth-1))
		}
		return b.String()
	case 2:
		return randomPattern(rng, depth-1) + "|" + randomPattern(rng, depth-1)
	case 3:
		groups := []string{"(", "(?:", "(?i:", "(?-i:", "(?m:", "(?s:", "(?a:", "(?P<g>"}
		g := groups[rng.IntN(len(groups))]
		if g == "(?P<g>" && rng.IntN(2) == 0 {
			g = "("
		}
		return g + randomPattern(rng, depth-1) + ")"
	case 4:
		reps := []string{"*", "+", "?", "*?", "+?", "??", "{2}", "{0,2}", "{1,3}", "{,2}", "{2,}", "{0}"}
		return "(?:" + randomPattern(rng, depth-1) + ")" + reps[rng.IntN(len(reps))]
	case 5:
		flags := []string{"(?m)", "(?s)", "(?a)", "(?ms)", "(?-i:", ""}
		f := flags[rng.IntN(len(flags))]
		if f == "(?-i:" {
			return f + randomPattern(rng, depth-1) + ")"
		}
		return f + randomPattern(rng, depth-1)
	case 6:
		return randomPattern(rng, depth-1) + randomPattern(rng, depth-1)
	default:
		// A construct without a linear path now and then.
		others := []string{`(a)\1`, `(?=a)`, `(?!b)`, `(?<=a)`, `a++`, `(?>a|ab)`}
		return randomPattern(rng, depth-1) + others[rng.IntN(len(others))]
	}
}

func randomSubject(rng *rand.Rand) string {
	var b strings.Builder
	n := rng.IntN(9)
	for i := 0; i < n; i++ {
		b.WriteString(linearSubjectAlphabet[rng.IntN(len(linearSubjectAlphabet))])
	}
	return b.String()
}

// checkLinear compares the linear path with the regexp2 path on one pair;
// it reports whether the pair was compared (the pattern compiled, is
// linear, and regexp2 finished).
func checkLinear(t *testing.T, pattern, subject string, ignoreCase bool) bool {
	t.Helper()
	re, err := Compile(pattern, Options{IgnoreCase: ignoreCase, Timeout: 200 * time.Millisecond})
	if err != nil {
		return false
	}
	if !re.Linear() {
		if linearizable(re.AST().Root) && compileLinear(re.AST()) != nil {
			t.Fatalf("%q: has an NFA but is not linear", pattern)
		}
		return false
	}
	want, err := backtrack(re, subject)
	if errors.Is(err, ErrTimeout) {
		return false
	}
	if err != nil {
		t.Fatalf("%q on %q: regexp2: %v", pattern, subject, err)
	}
	if got, err := re.Search(subject); err != nil || got != want {
		t.Fatalf("%q on %q (I=%v): linear %v, %v; regexp2 %v (%s)", pattern, subject, ignoreCase, got, err, want, re.Emitted())
	}
	if got, _ := re.SearchRunes(pyval.Runes(subject)); got != want {
		t.Fatalf("%q on %q: linear SearchRunes %v; regexp2 %v", pattern, subject, got, want)
	}
	if got, _ := re.SearchSubject(NewSubject(subject)); got != want {
		t.Fatalf("%q on %q: linear SearchSubject %v; regexp2 %v", pattern, subject, got, want)
	}
	if got, _ := FromSummary(re.Summary(), noTimeout).Search(subject); got != want {
		t.Fatalf("%q on %q: linear from the summary %v; regexp2 %v", pattern, subject, got, want)
	}
	return true
}

// TestLinearRandom compares the two paths on random patterns made of the
// linear constructs (anchors, \b \B, classes, case folding, flags, repeats)
// and random subjects over code points that tell them apart.
func TestLinearRandom(t *testing.T) {
	n := 6000 // about 1.5 s; HOOKIFYC_LIVE=1: 100,000
	switch {
	case testing.Short():
		n = 1500
	case codextest.Live():
		n = 100000
	}
	rng := rand.New(rand.NewPCG(7, 11))
	compared := 0
	for i := 0; i < n; i++ {
		p := randomPattern(rng, 4)
		ic := rng.IntN(4) != 0
		re, err := Compile(p, Options{IgnoreCase: ic, Timeout: noTimeout})
		if err != nil || !re.Linear() {
			continue
		}
		for j := 0; j < 8; j++ {
			subject := randomSubject(rng)
			if !checkLinear(t, p, subject, ic) {
				continue
			}
			compared++
			// re's automaton is shared by the pattern's subjects: states
			// and classes built for one (its table widened for non-ASCII
			// classes, its $ step) serve the next.
			want, err := backtrack(re, subject)
			if got, _ := re.Search(subject); err == nil && got != want {
				t.Fatalf("%q on %q after other subjects: linear %v; regexp2 %v", p, subject, got, want)
			}
		}
	}
	t.Logf("%d pairs compared", compared)
	if compared < n {
		t.Errorf("only %d pairs compared", compared)
	}
}

// FuzzLinearVsBacktrack: on any pattern and subject, the linear path (when
// the pattern has one) answers as the regexp2 path, wherever regexp2
// finishes.
func FuzzLinearVsBacktrack(f *testing.F) {
	for _, c := range searchCases {
		f.Add(c.pattern, c.subject, c.ignoreCase)
	}
	for _, p := range benchPatterns {
		for _, s := range benchSubjects {
			f.Add(p, s, true)
		}
	}
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 200; i++ {
		f.Add(randomPattern(rng, 4), randomSubject(rng), rng.IntN(2) == 0)
	}
	f.Fuzz(func(t *testing.T, pattern, subject string, ignoreCase bool) {
		checkLinear(t, pattern, subject, ignoreCase)
	})
}

// TestScanASCII: the word-at-a-time scan of NewSubject agrees with a byte
// loop.
func TestScanASCII(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.IntN(40))
		for j := range b {
			b[j] = byte(rng.IntN(128))
			if rng.IntN(50) == 0 {
				b[j] = byte(128 + rng.IntN(128))
			}
			if rng.IntN(3) == 0 {
				b[j] = "@AZ[`az{"[rng.IntN(8)]
			}
		}
		s := string(b)
		ascii, upper := true, false
		for _, c := range b {
			ascii = ascii && c < 0x80
			upper = upper || 'A' <= c && c <= 'Z'
		}
		upper = upper && ascii
		if a, u := scanASCII(s); a != ascii || u != upper {
			t.Fatalf("scanASCII(%q) = %v, %v", s, a, u)
		}
		if sub := NewSubject(s); ascii && sub.lower != strings.ToLower(s) || !ascii && sub.lower != "" {
			t.Fatalf("NewSubject(%q).lower = %q", s, sub.lower)
		}
	}
}

// TestLinearCacheReset: a pattern whose DFA has more states than the cache
// keeps (a[ab]{14}c: one state per pattern of a's among the last 15 code
// points) still answers exactly, the cache being dropped and rebuilt.
func TestLinearCacheReset(t *testing.T) {
	re := MustCompile(`a[ab]{14}c`, Options{})
	rng := rand.New(rand.NewPCG(9, 9))
	b := make([]byte, 60_000)
	for i := range b {
		b[i] = "ab"[rng.IntN(2)]
	}
	for _, last := range []byte{'a', 'b'} {
		b[len(b)-15] = last // the code point 16th from the end of s
		s := string(b) + "c"
		if got, _ := re.Search(s); got != (last == 'a') {
			t.Errorf("s[n-16] = %c: %v", last, got)
		}
		if got, _ := re.SearchRunes([]rune(s)); got != (last == 'a') {
			t.Errorf("runes, s[n-16] = %c: %v", last, got)
		}
	}
	if d := re.linMatcher().d; d.resets == 0 {
		t.Errorf("the cache was never dropped (%d states)", len(d.states))
	}
}

// TestLinearConcurrent: one Regexp searched from several goroutines (run
// with -race).
func TestLinearConcurrent(t *testing.T) {
	re := MustCompile(`\bgit\s+push\b.*(--force\b|-f\b)`, Options{IgnoreCase: true})
	subjects := []string{"git push -f", "git push origin main", "GIT  PUSH --force-with-lease x --force", "é git push -f é"}
	want := []bool{true, false, true, true}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			ok := true
			for i := 0; i < 200; i++ {
				k := (i + g) % len(subjects)
				got, err := re.Search(subjects[k])
				ok = ok && err == nil && got == want[k]
			}
			done <- ok
		}()
	}
	for g := 0; g < 4; g++ {
		if !<-done {
			t.Error("a concurrent search answered wrongly")
		}
	}
}

// TestLinearLongAlternation: a pattern of many alternatives (a rule file
// the guarded agent can write) compiles in bounded stack, one alternative
// per link of a split chain, whether it fits the linear path (two thousand
// alternatives) or not (a hundred thousand go to regexp2), and each
// alternative still matches. The chain once took a stack frame per
// alternative, before the size bound was checked: millions of them ended
// the process with a stack overflow.
func TestLinearLongAlternation(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	for _, n := range []int{2_000, 100_000} {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte('|')
			}
			fmt.Fprintf(&b, "a%db", i)
		}
		re, err := Compile(b.String(), Options{Timeout: noTimeout})
		if err != nil {
			t.Fatal(err)
		}
		if want := n < maxLinearInsts/4; re.Linear() != want {
			t.Errorf("%d alternatives: Linear() = %v, want %v", n, re.Linear(), want)
		}
		last := fmt.Sprintf("a%db", n-1)
		for _, c := range []struct {
			subject string
			want    bool
		}{{"x a0b", true}, {last, true}, {"a1000b y", true}, {fmt.Sprintf("a%db", n), false}, {"ab", false}, {"a5c", false}} {
			if got, err := re.Search(c.subject); err != nil || got != c.want {
				t.Errorf("%d alternatives: Search(%q) = %v, %v; want %v", n, c.subject, got, err, c.want)
			}
		}
	}
}

// TestCompileRefusesHugePatterns: a pattern past MaxPatternLen is refused
// at once as unsupported (the rule is reported, not compiled), without
// building anything.
func TestCompileRefusesHugePatterns(t *testing.T) {
	pattern := strings.Repeat("a|", MaxPatternLen/2) + "b"
	_, err := Compile(pattern, Options{IgnoreCase: true})
	var perr *Error
	if !errors.As(err, &perr) || !perr.Unsupported || !strings.Contains(err.Error(), "hookifyc compiles patterns of up to") {
		t.Fatalf("err = %v", err)
	}
	if _, err := Compile(pattern[:MaxPatternLen], Options{IgnoreCase: true}); err != nil {
		t.Fatalf("a pattern of MaxPatternLen bytes: %v", err)
	}
}

// TestMaxEmittedLen: a pattern whose translation would pass MaxEmittedLen
// (Python's \b becomes hundreds of bytes of Unicode classes) is refused as
// unsupported, at once and without building the translation; \b written
// 500,000 times took a hook 3.7 GB before.
func TestMaxEmittedLen(t *testing.T) {
	for _, p := range []string{
		strings.Repeat(`\b`, 500_000),
		"(?=e)" + strings.Repeat(`\b`, 3_000),
		strings.Repeat(`\w\d\s|`, 60_000) + "x",
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Compile(p, Options{})
		runtime.ReadMemStats(&after)
		var perr *Error
		if !errors.As(err, &perr) || !perr.Unsupported || !strings.Contains(perr.Msg, "translates to more than") {
			t.Errorf("%.20q…: %v", p, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
			t.Errorf("%.20q…: %d MB allocated to refuse it", p, alloc>>20)
		}
	}
	// The longest translations real patterns need stay far below.
	if _, err := Compile(strings.Repeat(`\bword\b|`, 300)+"x", Options{}); err != nil {
		t.Errorf("300 bounded words: %v", err)
	}
}
