package pyval

import (
	"bufio"
	"encoding/hex"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// joinPairs joins each lone high surrogate that is directly followed by a
// lone low surrogate into one code point: json.dumps writes both as \u
// escapes, which json.loads then reads as a pair (Python does the same).
func joinPairs(s string) string {
	rs := Runes(s)
	out := rs[:0]
	for i := 0; i < len(rs); i++ {
		if i+1 < len(rs) && rs[i] >= 0xD800 && rs[i] <= 0xDBFF && rs[i+1] >= 0xDC00 && rs[i+1] <= 0xDFFF {
			out = append(out, 0x10000+(rs[i]-0xD800)<<10+(rs[i+1]-0xDC00))
			i++
			continue
		}
		out = append(out, rs[i])
	}
	return FromRunes(out)
}

// afterRoundTrip is what LoadJSON(Dumps(v)) must give: v with its strings
// (keys included) taken through joinPairs.
func afterRoundTrip(v Value) Value {
	switch v := v.(type) {
	case Str:
		return Str(joinPairs(string(v)))
	case *List:
		l := &List{}
		for _, item := range v.Items {
			l.Items = append(l.Items, afterRoundTrip(item))
		}
		return l
	case *Dict:
		d := NewDict()
		for i := range v.Len() {
			k, val := v.At(i)
			d.Set(joinPairs(k), afterRoundTrip(val))
		}
		return d
	}
	return v
}

// identical reports whether a and b are the same value tree, with NaN equal
// to NaN and 0.0 different from -0.0.
func identical(a, b Value) bool {
	switch a := a.(type) {
	case None:
		_, ok := b.(None)
		return ok
	case Bool, Int, Str:
		return a == b
	case Float:
		bf, ok := b.(Float)
		if !ok {
			return false
		}
		x, y := float64(a), float64(bf)
		if math.IsNaN(x) || math.IsNaN(y) {
			return math.IsNaN(x) && math.IsNaN(y)
		}
		return x == y && math.Signbit(x) == math.Signbit(y)
	case *List:
		bl, ok := b.(*List)
		if !ok || len(a.Items) != len(bl.Items) {
			return false
		}
		for i := range a.Items {
			if !identical(a.Items[i], bl.Items[i]) {
				return false
			}
		}
		return true
	case *Dict:
		bd, ok := b.(*Dict)
		if !ok || a.Len() != bd.Len() {
			return false
		}
		for i := range a.Len() {
			ka, va := a.At(i)
			kb, vb := bd.At(i)
			if ka != kb || !identical(va, vb) {
				return false
			}
		}
		return true
	}
	return false
}

// goldenSeeds returns the inputs of the golden file name (first field).
func goldenSeeds(f *testing.F, name string) []string {
	file, err := os.Open("testdata/" + name)
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	var seeds []string
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		field, _, _ := strings.Cut(sc.Text(), " ")
		if field == "-" {
			seeds = append(seeds, "")
			continue
		}
		b, err := hex.DecodeString(field)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, string(b))
	}
	return seeds
}

func FuzzLoadJSON(f *testing.F) {
	for _, s := range goldenSeeds(f, "json.txt") {
		f.Add(s)
	}
	f.Add(typicalHookInput)
	f.Add(strings.Repeat("[", 1000))
	f.Add("{\"\\ud800\xed\xb0\x80\": 1, \"\\ud800\\udc00\": 2}")
	f.Fuzz(func(t *testing.T, s string) {
		v, err := LoadJSON(s)
		if err != nil {
			var je *JSONDecodeError
			var de *IntDigitsError
			var re *RecursionError
			switch {
			case errors.As(err, &je):
				if n := RuneCount(s); je.Pos < 0 || je.Pos > n || je.Lineno < 1 || je.Colno < 1 || je.Colno > je.Pos+1 {
					t.Fatalf("LoadJSON(%q): implausible position in %v (%d code points)", s, err, n)
				}
			case errors.As(err, &de), errors.As(err, &re):
			default:
				t.Fatalf("LoadJSON(%q): unexpected error type %T: %v", s, err, err)
			}
			return
		}
		out := Dumps(v)
		for _, c := range out {
			if c < 0x20 || c > 0x7E {
				t.Fatalf("Dumps(LoadJSON(%q)) = %q is not printable ASCII", s, out)
			}
		}
		w, err := LoadJSON(string(out))
		if err != nil {
			t.Fatalf("LoadJSON(Dumps(LoadJSON(%q))) = %v; Dumps gave %s", s, err, out)
		}
		if !identical(afterRoundTrip(v), w) {
			t.Fatalf("round trip of %q changed the value: %s vs %s", s, out, Dumps(w))
		}
		if r := Repr(v); !utf8.ValidString(strings.ToValidUTF8(r, "")) || r == "" {
			t.Fatalf("Repr(LoadJSON(%q)) = %q", s, r)
		}
		_ = ToStr(v)
		_ = Truthy(v)
	})
}

func FuzzDecodeUTF8(f *testing.F) {
	for _, s := range goldenSeeds(f, "decode_utf8.txt") {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := DecodeUTF8(b)
		if err == nil {
			if !utf8.Valid(b) || s != string(b) {
				t.Fatalf("DecodeUTF8(%q) = %q without error", b, s)
			}
			return
		}
		var ue *UnicodeDecodeError
		if !errors.As(err, &ue) {
			t.Fatalf("DecodeUTF8(%q): error %T", b, err)
		}
		if utf8.Valid(b) || ue.Start < 0 || ue.End <= ue.Start || ue.End > len(b) || ue.End-ue.Start > 3 || b[ue.Start] != ue.Byte {
			t.Fatalf("DecodeUTF8(%q): implausible %+v", b, ue)
		}
		if !utf8.Valid(b[:ue.Start]) {
			t.Fatalf("DecodeUTF8(%q): %v is not the first error", b, err)
		}
		if _, err := DecodeUTF8(b[:ue.Start]); err != nil {
			t.Fatalf("DecodeUTF8 of the valid prefix of %q: %v", b, err)
		}
		// The code points are still readable, bad bytes escaped.
		if got := Runes(DecodeSurrogateEscape(b)); len(got) < utf8.RuneCount(b)-len(b) {
			t.Fatalf("Runes(DecodeSurrogateEscape(%q)) = %U", b, got)
		}
	})
}

func FuzzRunes(f *testing.F) {
	for _, s := range goldenSeeds(f, "str_repr.txt") {
		f.Add(s)
	}
	f.Add("a\xffb\xed\xa0\x80\xed")
	f.Add("\xed\xa0\xbd\xed\xb8\x80")
	f.Fuzz(func(t *testing.T, s string) {
		rs := Runes(s)
		if len(rs) != RuneCount(s) {
			t.Fatalf("len(Runes(%q)) = %d, RuneCount = %d", s, len(rs), RuneCount(s))
		}
		n := normalizeWTF8(s)
		if back := FromRunes(rs); back != n {
			t.Fatalf("FromRunes(Runes(%q)) = %q, want the normalized %q", s, back, n)
		}
		if Repr(Str(s)) != Repr(Str(n)) {
			t.Fatalf("Repr differs between %q and its normalized form", s)
		}
		j := AppendJSONString(nil, s)
		v, err := LoadJSON(string(j))
		if err != nil || string(v.(Str)) != joinPairs(n) {
			t.Fatalf("LoadJSON(AppendJSONString(%q)) = %v, %v; want %q", s, v, err, n)
		}
	})
}
