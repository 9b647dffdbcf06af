package codexhooks

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/shell"
)

func TestQuoteTOML(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{`a"b`, `"a\"b"`},
		{`a\b`, `"a\\b"`},
		{"\b\t\n\f\r", `"\b\t\n\f\r"`},
		{"\x00\x01\x1f\x7f", `"\u0000\u0001\u001F\u007F"`},
		{"é ✓ 😀 \u2028 \u0085 \u202e \U000E0001", `"é ✓ 😀 \u2028 \u0085 \u202E \U000E0001"`},
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

// TestDeceptivePaths: a bidi override or a line separator in a source
// path never reaches hooks.json or hooks.toml raw; both still decode to the
// real path.
func TestDeceptivePaths(t *testing.T) {
	src := "/home/u/proj/rules\u202Edm.exe/\u2028x.md"
	opts := Options{Hookifyc: "/usr/local/bin/hookifyc", Sources: []string{src}}
	plan := Plan{Groups: []Group{{ir.PreToolUse, MatchBash}}}
	js, err := plan.JSON(opts)
	if err != nil {
		t.Fatal(err)
	}
	tm, err := plan.TOML(opts, "header \u202E with a bidi override")
	if err != nil {
		t.Fatal(err)
	}
	for name, out := range map[string][]byte{"json": js, "toml": tm} {
		for _, r := range []string{"\u202E", "\u2028"} {
			if strings.Contains(string(out), r) {
				t.Errorf("%s holds %q raw:\n%s", name, r, out)
			}
		}
	}
	var doc struct {
		Hooks map[string][]struct {
			Hooks []struct{ Command string }
		}
	}
	if err := json.Unmarshal(js, &doc); err != nil || !strings.HasSuffix(doc.Hooks[ir.PreToolUse][0].Hooks[0].Command, shell.Quote(src)) {
		t.Errorf("json command: %v %+v", err, doc)
	}
	parsed, err := parseTOML(string(tm))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(parsed)
	if !strings.Contains(string(got), `\u202e`) && !strings.Contains(string(got), "\u202E") {
		t.Errorf("toml lost the character: %s", got)
	}
}
