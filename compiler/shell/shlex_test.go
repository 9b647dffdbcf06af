package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// The expected values below were produced by CPython 3.11.7's shlex.split,
// shlex.quote and shlex.join and are hard-coded here.

func TestSplitShlexMatchesPython(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string // Python's ValueError text
	}{
		{"", []string{}, ""},
		{" \t\r\n ", []string{}, ""},
		{"a", []string{"a"}, ""},
		{"a b", []string{"a", "b"}, ""},
		{"  a   b  ", []string{"a", "b"}, ""},
		{"''", []string{""}, ""},
		{"\"\"", []string{""}, ""},
		{"a '' b", []string{"a", "", "b"}, ""},
		{"\"\" \"\"", []string{"", ""}, ""},
		{"''''", []string{""}, ""},
		{"\"\"\"\"", []string{""}, ""},
		{"'a b'", []string{"a b"}, ""},
		{"\"a b\"", []string{"a b"}, ""},
		{"a\\ b", []string{"a b"}, ""},
		{"a\"b\"c", []string{"abc"}, ""},
		{"a'b'c", []string{"abc"}, ""},
		{"a'b'\"c\"d", []string{"abcd"}, ""},
		{"a\tb\nc\rd", []string{"a", "b", "c", "d"}, ""},
		{"a\u000bb", []string{"a\u000bb"}, ""},
		{"a\fb", []string{"a\fb"}, ""},
		{"#x", []string{"#x"}, ""},
		{"a #b", []string{"a", "#b"}, ""},
		{"a;b|c&&d", []string{"a;b|c&&d"}, ""},
		{"é 日本", []string{"é", "日本"}, ""},
		{"x\\\"y", []string{"x\"y"}, ""},
		{"\"x'y\"", []string{"x'y"}, ""},
		{"'x\"y'", []string{"x\"y"}, ""},
		{"\\\\", []string{"\\"}, ""},
		{"\"\\\\\"", []string{"\\"}, ""},
		{"\"a\\b\"", []string{"a\\b"}, ""},
		{"\"a\\\\b\"", []string{"a\\b"}, ""},
		{"'a\\b'", []string{"a\\b"}, ""},
		{"\\n", []string{"n"}, ""},
		{"\"\\$x\"", []string{"\\$x"}, ""},
		{"$x ~ *", []string{"$x", "~", "*"}, ""},
		{"@%+=:,./-_", []string{"@%+=:,./-_"}, ""},
		{"a\u2028b", []string{"a\u2028b"}, ""},
		{"\\'", []string{"'"}, ""},
		{"\"\\'\"", []string{"\\'"}, ""},
		{"a\\\nb", []string{"a\nb"}, ""},
		{"--flag=\"x y\"", []string{"--flag=x y"}, ""},
		{"git commit -m 'fix: it'\"'\"'s done'", []string{"git", "commit", "-m", "fix: it's done"}, ""},
		{"it's", nil, "No closing quotation"},
		{"'", nil, "No closing quotation"},
		{"\"", nil, "No closing quotation"},
		{"'abc", nil, "No closing quotation"},
		{"\"abc", nil, "No closing quotation"},
		{"a \"b", nil, "No closing quotation"},
		{"a 'b", nil, "No closing quotation"},
		{"'\\", nil, "No closing quotation"},
		{"\\", nil, "No escaped character"},
		{"a\\", nil, "No escaped character"},
		{"\"a\\", nil, "No escaped character"},
		{"\"\\", nil, "No escaped character"},
	}
	for _, tt := range tests {
		got, err := SplitShlex(tt.in)
		if tt.err != "" {
			if err == nil || !strings.HasSuffix(err.Error(), ": "+tt.err) {
				t.Errorf("SplitShlex(%q) error = %v, want one ending in %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("SplitShlex(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		if got == nil {
			t.Errorf("SplitShlex(%q) returned nil, want a non-nil slice", tt.in)
		}
	}
}

func TestSplitShlexSentinelErrors(t *testing.T) {
	if _, err := SplitShlex("'open"); !errors.Is(err, ErrNoClosingQuotation) {
		t.Errorf("unclosed quote: %v, want ErrNoClosingQuotation", err)
	}
	if _, err := SplitShlex("end\\"); !errors.Is(err, ErrNoEscapedCharacter) {
		t.Errorf("trailing backslash: %v, want ErrNoEscapedCharacter", err)
	}
}

func TestQuoteMatchesPython(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "''"},
		{"a", "a"},
		{"abc-DEF_0.9/x:y,z@%+=", "abc-DEF_0.9/x:y,z@%+="},
		{"a b", "'a b'"},
		{"it's", "'it'\"'\"'s'"},
		{"'", "''\"'\"''"},
		{"''", "''\"'\"''\"'\"''"},
		{"\"", "'\"'"},
		{"é", "'é'"},
		{"a\nb", "'a\nb'"},
		{"$HOME", "'$HOME'"},
		{"*", "'*'"},
		{"~", "'~'"},
		{"-", "-"},
		{"--x=y", "--x=y"},
		{"a\tb", "'a\tb'"},
		{"\\", "'\\'"},
		{"!", "'!'"},
		{"#", "'#'"},
		{"{a,b}", "'{a,b}'"},
		{"[x]", "'[x]'"},
		{"a;b", "'a;b'"},
		{"\u0000", "'\u0000'"},
		{"日本", "'日本'"},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCanonicalMatchesPythonJoin(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"git", "commit", "-m", "fix: it's done"}, "git commit -m 'fix: it'\"'\"'s done'"},
		{[]string{"rm", "-rf", "/tmp/a b"}, "rm -rf '/tmp/a b'"},
		{[]string{""}, "''"},
		{[]string{"a", "", "b"}, "a '' b"},
		{[]string{"echo", "$HOME", "*.go"}, "echo '$HOME' '*.go'"},
		{[]string{}, ""},
		{nil, ""},
	}
	for _, tt := range tests {
		if got := Canonical(tt.argv); got != tt.want {
			t.Errorf("Canonical(%q) = %q, want %q", tt.argv, got, tt.want)
		}
	}
}

func TestCanonicalSplitRoundTrip(t *testing.T) {
	for i, argv := range randomArgvs(2000, 1) {
		got, err := SplitShlex(Canonical(argv))
		if err != nil || !slices.Equal(got, argv) {
			t.Fatalf("#%d: SplitShlex(Canonical(%q)) = %q, %v", i, argv, got, err)
		}
	}
}
