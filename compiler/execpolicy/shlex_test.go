package execpolicy

import (
	"reflect"
	"testing"
)

func TestSplitExample(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"git status", []string{"git", "status"}},
		{" \tgit\nstatus ", []string{"git", "status"}},
		{"git status # a comment", []string{"git", "status"}},
		{"#only", nil},
		{"a#b", []string{"a#b"}},
		{"a #b\nc", []string{"a", "c"}},
		{`'it''s' "a b"`, []string{"its", "a b"}},
		{`"\$\` + "`" + `\"\\\x"`, []string{"$`\"\\\\x"}},
		{"a\\\nb", []string{"ab"}},
		{"a\rb", []string{"a\rb"}},
		{`a\ b ""`, []string{"a b", ""}},
	} {
		got, err := SplitExample(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitExample(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{`'a`, `"a`, `a\`, `"a\`} {
		if _, err := SplitExample(bad); err == nil {
			t.Errorf("SplitExample(%q): no error", bad)
		}
	}
}

func TestShlexJoin(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"git", "status"}, "git status"},
		{[]string{""}, "''"},
		{[]string{"a b", "it's", `a\b`, "é", "^x", "a^b", "$x", "a=b"}, `'a b' "it's" "a\\b" 'é' '^x' a'^b' '$x' 'a=b'`},
	} {
		if got, ok := shlexJoin(tc.in); !ok || got != tc.want {
			t.Errorf("shlexJoin(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	if _, ok := shlexJoin([]string{"a\x00"}); ok {
		t.Error("NUL accepted")
	}
}
