package pyval

import (
	"math"
	"testing"
	"unicode"
)

// Expected values below are CPython 3.11.7's output.

func list(items ...Value) *List { return &List{Items: items} }

func dict(kv ...any) *Dict {
	d := NewDict()
	for i := 0; i < len(kv); i += 2 {
		d.Set(kv[i].(string), kv[i+1].(Value))
	}
	return d
}

func TestToStrAndRepr(t *testing.T) {
	tests := []struct {
		v         Value
		str, repr string
	}{
		{nil, "None", "None"},
		{None{}, "None", "None"},
		{Bool(true), "True", "True"},
		{Bool(false), "False", "False"},
		{Int("120"), "120", "120"},
		{Int("-1000000000000000000000000000000"), "-1000000000000000000000000000000", "-1000000000000000000000000000000"},
		{Float(1e5), "100000.0", "100000.0"},
		{Float(1e16), "1e+16", "1e+16"},
		{Float(math.Inf(1)), "inf", "inf"},
		{Float(math.Inf(-1)), "-inf", "-inf"},
		{Float(math.NaN()), "nan", "nan"},
		{Float(math.Copysign(0, -1)), "-0.0", "-0.0"},
		{Float(1.5), "1.5", "1.5"},
		{Str("plain"), "plain", "'plain'"},
		{Str(`it's "q"`), `it's "q"`, `'it\'s "q"'`},
		{Str("it's"), "it's", `"it's"`},
		{Str("\x7f\u00a0\u00e9\xed\xa0\x80\U0001F600\U000E0001"), "\x7f\u00a0\u00e9\xed\xa0\x80\U0001F600\U000E0001", `'\x7f\xa0é\ud800😀\U000e0001'`},
		{list(dict("old_string", Str("a"), "b", Str("x'y"))), `[{'old_string': 'a', 'b': "x'y"}]`, `[{'old_string': 'a', 'b': "x'y"}]`},
		{dict("k", Float(1.5)), "{'k': 1.5}", "{'k': 1.5}"},
		{list(), "[]", "[]"},
		{dict(), "{}", "{}"},
		{list(list()), "[[]]", "[[]]"},
		{dict("a", dict()), "{'a': {}}", "{'a': {}}"},
		{list(Bool(true), None{}, Int("1"), Float(2), Str("\n")), `[True, None, 1, 2.0, '\n']`, `[True, None, 1, 2.0, '\n']`},
	}
	for _, tt := range tests {
		if got := ToStr(tt.v); got != tt.str {
			t.Errorf("ToStr(%#v) = %q, want %q", tt.v, got, tt.str)
		}
		if got := Repr(tt.v); got != tt.repr {
			t.Errorf("Repr(%#v) = %q, want %q", tt.v, got, tt.repr)
		}
		if got := string(AppendRepr([]byte("x"), tt.v)); got != "x"+tt.repr {
			t.Errorf("AppendRepr(%#v) = %q, want %q", tt.v, got, "x"+tt.repr)
		}
	}
}

func TestStrReprEscapes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "''"},
		{`\`, `'\\'`},
		{"'\"", `'\'"'`},
		{"\t\n\r\x00\x1f", `'\t\n\r\x00\x1f'`},
		{"\u0080\u00ad\u00a0\u00ff", "'\\x80\\xad\\xa0\u00ff'"},
		{"\u2028\u3000\ufeff\u200b", `'\u2028\u3000\ufeff\u200b'`},
		{"\U0010FFFF\U000F0000", `'\U0010ffff\U000f0000'`},
		{"\U0001FA75", `'\U0001fa75'`}, // assigned in Unicode 15.0, unassigned for Python 3.11
		{"\u0cf3", `'\u0cf3'`},
		{"\xff", `'\udcff'`}, // a stray byte reads as its surrogateescape code point
		{"a\u0301 日本 ⚠️", "'a\u0301 日本 ⚠️'"},
	}
	for _, tt := range tests {
		if got := Repr(Str(tt.in)); got != tt.want {
			t.Errorf("Repr(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestFloatRepr(t *testing.T) {
	tests := []struct {
		f    float64
		want string
	}{
		{0, "0.0"},
		{1, "1.0"},
		{0.1, "0.1"},
		{0.30000000000000004, "0.30000000000000004"},
		{1e-4, "0.0001"},
		{1e-5, "1e-05"},
		{1.5e-5, "1.5e-05"},
		{1e15, "1000000000000000.0"},
		{9999999999999998, "9999999999999998.0"},
		{1e16, "1e+16"},
		{1.2345e16, "1.2345e+16"},
		{1e22, "1e+22"},
		{1e100, "1e+100"},
		{-1e-100, "-1e-100"},
		{5e-324, "5e-324"},
		{1.7976931348623157e308, "1.7976931348623157e+308"},
		{123.456, "123.456"},
		{-0.000123, "-0.000123"},
	}
	for _, tt := range tests {
		if got := FloatRepr(tt.f); got != tt.want {
			t.Errorf("FloatRepr(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestTruthy(t *testing.T) {
	tests := []struct {
		v    Value
		want bool
	}{
		{nil, false}, {None{}, false}, {Bool(false), false}, {Bool(true), true},
		{Int("0"), false}, {Int("1"), true}, {Int("-5"), true},
		{Float(0), false}, {Float(math.Copysign(0, -1)), false}, {Float(math.NaN()), true}, {Float(0.1), true},
		{Str(""), false}, {Str("0"), true}, {Str("False"), true},
		{list(), false}, {list(None{}), true}, {(*List)(nil), false},
		{dict(), false}, {dict("", None{}), true}, {(*Dict)(nil), false},
	}
	for _, tt := range tests {
		if got := Truthy(tt.v); got != tt.want {
			t.Errorf("Truthy(%#v) = %v, want %v", tt.v, got, tt.want)
		}
	}
}

// The table assignedAfterUnicode14 is the difference between Go's tables
// and Python 3.11's Unicode 14.0.0; a Go toolchain with other tables needs
// it recomputed (TestGoldenPrintable then shows where).
func TestUnicodeTablesVersion(t *testing.T) {
	if unicode.Version != unicodeTablesVersion {
		t.Errorf("Go's unicode tables are version %s, assignedAfterUnicode14 was computed for %s: recompute it",
			unicode.Version, unicodeTablesVersion)
	}
}
