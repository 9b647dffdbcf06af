package pyre

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

func addSeeds(f *testing.F, add func(string)) {
	for _, c := range searchCases {
		add(c.pattern)
	}
	for _, c := range errorCases {
		add(c.pattern)
	}
	for _, p := range benchPatterns {
		add(p)
	}
	for _, p := range []string{`(?x)a#b\n(c)`, `\N{`, `[\w-[a]]`, `(?(1)a|b|`, `a{1,2}{3}`, "\xed\xa0\x80+", `[^\W\d_]`} {
		add(p)
	}
}

// checkError verifies the invariants of a returned error.
func checkError(t *testing.T, pattern string, err error) {
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%q: error %v is not a *Error", pattern, err)
	}
	if e.Msg == "" || e.Error() == "" || e.Pattern != pattern {
		t.Fatalf("%q: bad error %#v", pattern, e)
	}
	if e.Pos < -1 || e.Pos > pyval.RuneCount(pattern) {
		t.Fatalf("%q: position %d out of range", pattern, e.Pos)
	}
	if e.Unsupported == (e.Exception != "") {
		t.Fatalf("%q: Unsupported=%v with exception %q", pattern, e.Unsupported, e.Exception)
	}
	if strings.HasPrefix(e.Msg, "internal error") {
		t.Fatalf("%q: %v", pattern, e)
	}
}

// FuzzParse: Parse never panics; every accepted pattern translates (or is
// Unsupported) and the translation compiles in regexp2.
func FuzzParse(f *testing.F) {
	addSeeds(f, func(p string) { f.Add(p) })
	f.Fuzz(func(t *testing.T, pattern string) {
		ast, err := Parse(pattern, FlagIgnoreCase)
		if err != nil {
			checkError(t, pattern, err)
			return
		}
		_ = Dump(ast.Root)
		expr, opts, err := Emit(ast)
		if err != nil {
			checkError(t, pattern, err)
			return
		}
		if _, err := regexp2.Compile(expr, opts); err != nil {
			t.Fatalf("%q: regexp2 rejects %q: %v", pattern, expr, err)
		}
	})
}

// probeTimeout bounds FuzzCompileSearch's first search, the only one that
// may time out (a fuzzed pattern can backtrack catastrophically). Once it
// has answered, the comparisons search without a bound: they do the same
// work, and a loaded machine must not make them skip (or fail) a case.
const probeTimeout = time.Second

// FuzzCompileSearch: Compile and Search never panic, a search either
// answers or times out, and when it answers the other ways of searching
// (runes, prefilter, a Regexp rebuilt from its summary) answer the same.
func FuzzCompileSearch(f *testing.F) {
	addSeeds(f, func(p string) { f.Add(p, "git push --force origin main") })
	for _, c := range searchCases {
		f.Add(c.pattern, c.subject)
	}
	f.Fuzz(func(t *testing.T, pattern, subject string) {
		for _, ic := range []bool{true, false} {
			probe, err := Compile(pattern, Options{IgnoreCase: ic, Timeout: probeTimeout})
			if err == nil {
				err = probe.Prepare()
			}
			if err != nil {
				checkError(t, pattern, err)
				return
			}
			a, err := probe.Search(subject)
			if errors.Is(err, ErrTimeout) {
				continue
			}
			if err != nil {
				t.Fatalf("%q on %q: %v", pattern, subject, err)
			}
			re, err := Compile(pattern, Options{IgnoreCase: ic, Timeout: noTimeout})
			if err != nil {
				t.Fatalf("%q: compiles with one timeout, not another: %v", pattern, err)
			}
			check := func(how string, got bool, err error) {
				t.Helper()
				if err != nil || got != a {
					t.Fatalf("%q on %q: Search %v, %s %v, %v (prefilter %q)", pattern, subject, a, how, got, err, re.prefilter)
				}
			}
			if utf8.ValidString(subject) {
				got, err := re.SearchRunes([]rune(subject))
				check("SearchRunes", got, err)
			}
			// The literal prefilter never changes an answer.
			got, err := re.SearchSubject(NewSubject(subject))
			check("SearchSubject", got, err)
			// A Regexp rebuilt from its summary searches the same.
			got, err = FromSummary(re.Summary(), noTimeout).SearchSubject(NewSubject(subject))
			check("from the summary", got, err)
		}
	})
}
