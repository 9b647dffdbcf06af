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

// FuzzCompileSearch: Compile and Search never panic, and a search either
// answers or times out.
func FuzzCompileSearch(f *testing.F) {
	addSeeds(f, func(p string) { f.Add(p, "git push --force origin main") })
	for _, c := range searchCases {
		f.Add(c.pattern, c.subject)
	}
	f.Fuzz(func(t *testing.T, pattern, subject string) {
		for _, ic := range []bool{true, false} {
			re, err := Compile(pattern, Options{IgnoreCase: ic, Timeout: 50 * time.Millisecond})
			if err == nil {
				err = re.Prepare()
			}
			if err != nil {
				checkError(t, pattern, err)
				return
			}
			if _, err := re.Search(subject); err != nil && !errors.Is(err, ErrTimeout) {
				t.Fatalf("%q on %q: %v", pattern, subject, err)
			}
			if utf8.ValidString(subject) {
				a, errA := re.Search(subject)
				b, errB := re.SearchRunes([]rune(subject))
				if errA == nil && errB == nil && a != b {
					t.Fatalf("%q on %q: Search %v, SearchRunes %v", pattern, subject, a, b)
				}
			}
			// The literal prefilter never changes an answer.
			a, errA := re.Search(subject)
			b, errB := re.SearchSubject(NewSubject(subject))
			if errA == nil && errB == nil && a != b {
				t.Fatalf("%q on %q: Search %v, SearchSubject %v (prefilter %q)", pattern, subject, a, b, re.prefilter)
			}
			// A Regexp rebuilt from its summary searches the same.
			fromSummary := FromSummary(re.Summary(), 50*time.Millisecond)
			c, errC := fromSummary.SearchSubject(NewSubject(subject))
			if errA == nil && errC == nil && a != c {
				t.Fatalf("%q on %q: Search %v, from the summary %v", pattern, subject, a, c)
			}
		}
	})
}
