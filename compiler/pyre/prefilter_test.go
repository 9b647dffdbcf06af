package pyre

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrefilterLiterals(t *testing.T) {
	tests := []struct {
		pattern string
		want    []string
	}{
		{`rm\s+-rf`, []string{"-rf"}},
		{`^git\s+push\b.*(--force|-f\b)`, []string{"push"}},
		{`git\s+commit.*--no-verify`, []string{"--no-verify"}},
		{`console\.log\(`, []string{"console.log("}},
		{`\.env$`, []string{".env"}},
		{`(npm|yarn|pnpm)\s+publish`, []string{"publish"}},
		{`(DROP|TRUNCATE)\s`, []string{"drop", "truncate"}},
		{`a|\d`, nil},
		{`x?`, nil},
		{`(?:ab){2}c`, []string{"ababc"}},
		{`é+`, nil},
		{`K`, []string{"k"}},
	}
	for _, tc := range tests {
		re, err := Compile(tc.pattern, Options{IgnoreCase: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.pattern, err)
		}
		if !reflect.DeepEqual(re.prefilter, tc.want) {
			t.Errorf("%s: prefilter %q, want %q", tc.pattern, re.prefilter, tc.want)
		}
	}
}

// TestPrefilterSound: on every CPython parity case, the prefiltered search
// gives Python's answer.
func TestPrefilterSound(t *testing.T) {
	for _, c := range searchCases {
		for _, ic := range []bool{true, false} {
			re, err := Compile(c.pattern, Options{IgnoreCase: ic, Timeout: noTimeout})
			if err != nil {
				continue
			}
			a, errA := re.Search(c.subject)
			b, errB := re.SearchSubject(NewSubject(c.subject))
			if errA != nil || errB != nil || a != b {
				t.Errorf("%q on %q (ignorecase %v): Search %v %v, SearchSubject %v %v", c.pattern, c.subject, ic, a, errA, b, errB)
			}
		}
	}
}

func TestAlwaysMatches(t *testing.T) {
	for pattern, want := range map[string]bool{
		`.*`: true, `x?`: true, `(a|)`: true, `(?:ab)*`: true, ``: true,
		`^$`: false, `^.*`: false, `a*b`: false, `(?=x)`: false, `(a)\1*`: false, `.+`: false, `\b`: false,
	} {
		re, err := Compile(pattern, Options{IgnoreCase: true})
		if err != nil {
			t.Fatalf("%s: %v", pattern, err)
		}
		if re.always != want {
			t.Errorf("%q: always = %v, want %v", pattern, re.always, want)
		}
	}
}

func TestLowerASCIITable(t *testing.T) {
	if len(lowerASCII) != utf8.RuneSelf {
		t.Fatalf("len = %d", len(lowerASCII))
	}
	for c := 0; c < utf8.RuneSelf; c++ {
		if got, want := lowerASCII[c:c+1], strings.ToLower(string(rune(c))); got != want {
			t.Errorf("%#x: %q, want %q", c, got, want)
		}
	}
}
