package codexhooks

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuoteTOML(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{`a"b`, `"a\"b"`},
		{`a\b`, `"a\\b"`},
		{"\b\t\n\f\r", `"\b\t\n\f\r"`},
		{"\x00\x01\x1f\x7f", `"\u0000\u0001\u001F\u007F"`},
		{"é ✓ 😀 \u2028 \u0085", "\"é ✓ 😀 \u2028 \u0085\""},
		{`"""`, `"\"\"\""`},
		{"x\" = 1\n[evil]\ny = \"", `"x\" = 1\n[evil]\ny = \""`},
		{"'#}]", `"'#}]"`},
	} {
		got, err := QuoteTOML(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("QuoteTOML(%q) = %s, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	if _, err := QuoteTOML("\xff"); err == nil {
		t.Error("invalid UTF-8 accepted")
	}
}

// checkQuote checks that QuoteTOML(s) is one TOML basic string that reads
// back as s.
func checkQuote(t *testing.T, s string) {
	t.Helper()
	q, err := QuoteTOML(s)
	if !utf8.ValidString(s) {
		if err == nil {
			t.Fatalf("QuoteTOML(%q) accepted invalid UTF-8", s)
		}
		return
	}
	if err != nil {
		t.Fatalf("QuoteTOML(%q): %v", s, err)
	}
	doc, err := parseTOML("k = " + q + "\nsentinel = 1\n")
	if err != nil {
		t.Fatalf("QuoteTOML(%q) = %s does not parse: %v", s, q, err)
	}
	if doc["k"] != s || doc["sentinel"] != int64(1) || len(doc) != 2 {
		t.Fatalf("QuoteTOML(%q) = %s reads back as %#v", s, q, doc)
	}
}

func TestQuoteTOMLRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	alphabet := []rune{'a', '"', '\\', '\n', '\r', '\t', 0, 1, 0x1f, 0x7f, 0x80, 'é', 0x2028, 0xfeff, 0x1f600, '#', '[', ']', '{', '}', '=', ',', '\'', ' '}
	for i := 0; i < 5000; i++ {
		var b strings.Builder
		for n := rng.IntN(12); n > 0; n-- {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		checkQuote(t, b.String())
	}
}

func FuzzQuoteTOML(f *testing.F) {
	for _, s := range []string{"", "a\"b", "\\u0041", "\x00", "\xff", "\r\n", "é"} {
		f.Add(s)
	}
	f.Fuzz(checkQuote)
}

func TestWriteComment(t *testing.T) {
	var b strings.Builder
	writeComment(&b, "one\ntwo\x00\x7f\r\n\xffend\n")
	got := b.String()
	want := "# one\n# two\uFFFD\uFFFD\uFFFD\n# \uFFFDend\n\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := parseTOML(got + "k = 1\n"); err != nil {
		t.Error(err)
	}
}
