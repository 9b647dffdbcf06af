package pyval

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// Expected texts below are CPython 3.11.7's str(e) / json.dumps output.

func TestLoadJSONErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "Expecting value: line 1 column 1 (char 0)"},
		{"not json", "Expecting value: line 1 column 1 (char 0)"},
		{"  ", "Expecting value: line 1 column 3 (char 2)"},
		{`{"a":1} x`, "Extra data: line 1 column 9 (char 8)"},
		{`{a:1}`, "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"},
		{`{"a":1,}`, "Expecting property name enclosed in double quotes: line 1 column 8 (char 7)"},
		{`{`, "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"},
		{`{"a":"x`, "Unterminated string starting at: line 1 column 6 (char 5)"},
		{"{\"a\":\"x\x01\"}", "Invalid control character at: line 1 column 8 (char 7)"},
		{`{"a" 1}`, "Expecting ':' delimiter: line 1 column 6 (char 5)"},
		{`{"a":1 "b":2}`, "Expecting ',' delimiter: line 1 column 8 (char 7)"},
		{`[1,2`, "Expecting ',' delimiter: line 1 column 5 (char 4)"},
		{`[1,]`, "Expecting value: line 1 column 4 (char 3)"},
		{`[`, "Expecting value: line 1 column 2 (char 1)"},
		{"\ufeff{}", "Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"},
		{" \ufeff{}", "Expecting value: line 1 column 2 (char 1)"},
		{`"\x"`, `Invalid \escape: line 1 column 2 (char 1)`},
		{`"ab\u12"`, `Invalid \uXXXX escape: line 1 column 5 (char 4)`},
		{`"\u1234`, `Invalid \uXXXX escape: line 1 column 3 (char 2)`},
		{`"\ud800\udc00`, `Invalid \uXXXX escape: line 1 column 9 (char 8)`},
		{`"\ud800\x"`, `Invalid \escape: line 1 column 8 (char 7)`},
		{`"\`, "Unterminated string starting at: line 1 column 1 (char 0)"},
		{"-", "Expecting value: line 1 column 1 (char 0)"},
		{"-Inf", "Expecting value: line 1 column 1 (char 0)"},
		{"nan", "Expecting value: line 1 column 1 (char 0)"},
		{"01", "Extra data: line 1 column 2 (char 1)"},
		{"1.", "Extra data: line 1 column 2 (char 1)"},
		{"1e+", "Extra data: line 1 column 2 (char 1)"},
		{"1.5e", "Extra data: line 1 column 4 (char 3)"},
		{"\x0b1", "Expecting value: line 1 column 1 (char 0)"},
		// Positions count code points, columns restart after each "\n";
		// "\r" is no line break for the column.
		{"\n\n  x", "Expecting value: line 3 column 3 (char 4)"},
		{"[\n1,\n2\n", "Expecting ',' delimiter: line 4 column 1 (char 7)"},
		{"[\r1,\r2\r", "Expecting ',' delimiter: line 1 column 8 (char 7)"},
		{"\"\u00e9\n", "Invalid control character at: line 1 column 3 (char 2)"},
		{`["😀", 1 2]`, "Expecting ',' delimiter: line 1 column 9 (char 8)"},
		{"[\"\xed\xa0\x80\", x]", "Expecting value: line 1 column 7 (char 6)"},
		{"[\"\xff\xfe\", 1", "Expecting ',' delimiter: line 1 column 9 (char 8)"},
	}
	for _, tt := range tests {
		v, err := LoadJSON(tt.in)
		var je *JSONDecodeError
		if !errors.As(err, &je) {
			t.Errorf("LoadJSON(%q) = %v, %v; want JSONDecodeError %q", tt.in, v, err, tt.want)
			continue
		}
		if je.Error() != tt.want {
			t.Errorf("LoadJSON(%q) error %q, want %q", tt.in, je.Error(), tt.want)
		}
	}
}

func TestLoadJSONValues(t *testing.T) {
	tests := []struct{ in, dumps string }{
		{"null", "null"},
		{" true ", "true"},
		{"\t\r\n false \t\r\n", "false"},
		{"-0", "0"},
		{"-0.0", "-0.0"},
		{"1e5", "100000.0"},
		{"1E+5", "100000.0"},
		{"1e400", "Infinity"},
		{"-1e400", "-Infinity"},
		{"1e-400", "0.0"},
		{"NaN", "NaN"},
		{"[Infinity, -Infinity]", "[Infinity, -Infinity]"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"[1.0, 0.1, 1e16, 1e-5, 123e-7]", "[1.0, 0.1, 1e+16, 1e-05, 1.23e-05]"},
		{strings.Repeat("1", 5000) + "e-4990", "1111111111.1111112"},
		{`"\"\\\/\b\f\n\r\t"`, `"\"\\/\b\f\n\r\t"`},
		{`"\u00e9\u20AC"`, `"\u00e9\u20ac"`},
		{`"\ud83d\ude00"`, `"\ud83d\ude00"`},
		{`"\ud800"`, `"\ud800"`},
		{`"\ud800\u0041"`, `"\ud800A"`},
		{`"\ud800\ud800\udc00"`, `"\ud800\ud800\udc00"`},
		{`"\udc00\ud800"`, `"\udc00\ud800"`},
		{"\"\x7f<>&/\"", `"\u007f<>&/"`},
		{"\"\xed\xa0\x80\"", `"\ud800"`},
		{"\"\xff\"", `"\udcff"`},
		{`{"a":1,"a":2,"b":3}`, `{"a": 2, "b": 3}`},
		{`{"b":1,"a":2,"b":3}`, `{"b": 3, "a": 2}`},
		{`{ "a" : [ 1 , { } , [ ] ] }`, `{"a": [1, {}, []]}`},
		{`{"tool_input": {"command": "rm -rf /", "n": [true, null]}}`, `{"tool_input": {"command": "rm -rf /", "n": [true, null]}}`},
	}
	for _, tt := range tests {
		v, err := LoadJSON(tt.in)
		if err != nil {
			t.Errorf("LoadJSON(%q): %v", tt.in, err)
			continue
		}
		if got := string(Dumps(v)); got != tt.dumps {
			t.Errorf("Dumps(LoadJSON(%q)) = %s, want %s", tt.in, got, tt.dumps)
		}
	}
}

func TestLoadJSONTypes(t *testing.T) {
	v, err := LoadJSON(`[null, true, 7, 7.0, "s", [], {}]`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"NoneType", "bool", "int", "float", "str", "list", "dict"}
	for i, item := range v.(*List).Items {
		if item.TypeName() != want[i] {
			t.Errorf("item %d: type %s, want %s", i, item.TypeName(), want[i])
		}
	}
	f, _ := LoadJSON("-0.0")
	if x := float64(f.(Float)); x != 0 || !math.Signbit(x) {
		t.Errorf("-0.0 decoded as %v", x)
	}
}

func TestLoadJSONIntDigits(t *testing.T) {
	const msg = "Exceeds the limit (4300 digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit"
	ok := []string{strings.Repeat("9", 4300), "-" + strings.Repeat("9", 4300)}
	for _, in := range ok {
		v, err := LoadJSON(in)
		if err != nil || string(v.(Int)) != in {
			t.Errorf("LoadJSON(%d chars) = %v", len(in), err)
		}
	}
	bad := []struct {
		in     string
		digits int
	}{
		{strings.Repeat("9", 4301), 4301},
		{"-" + strings.Repeat("9", 4301), 4301},
		{"[" + strings.Repeat("1", 5000) + ", x]", 5000},
	}
	for _, tt := range bad {
		_, err := LoadJSON(tt.in)
		var de *IntDigitsError
		if !errors.As(err, &de) || de.Digits != tt.digits {
			t.Errorf("LoadJSON(%d chars) error %v, want IntDigitsError(%d)", len(tt.in), err, tt.digits)
			continue
		}
		if want := fmt.Sprintf(msg, tt.digits); err.Error() != want {
			t.Errorf("error text %q, want %q", err, want)
		}
	}
	// A float may have any number of digits.
	if v, err := LoadJSON(strings.Repeat("1", 5000) + ".0"); err != nil || !math.IsInf(float64(v.(Float)), 1) {
		t.Errorf("long float: %v, %v", v, err)
	}
}

func TestLoadJSONDepth(t *testing.T) {
	const arrayMsg = "maximum recursion depth exceeded while decoding a JSON array from a unicode string"
	const objectMsg = "maximum recursion depth exceeded while decoding a JSON object from a unicode string"
	nest := func(open, close string, n int, mid string) string {
		return strings.Repeat(open, n) + mid + strings.Repeat(close, n)
	}
	tests := []struct {
		in    string
		depth int
		want  string // "" = decodes
	}{
		{nest("[", "]", 994, ""), JSONMaxDepth, ""},
		{nest("[", "]", 995, ""), JSONMaxDepth, arrayMsg},
		{nest("[", "]", 994, "{}"), JSONMaxDepth, objectMsg},
		{nest(`{"a":`, "}", 994, "1"), JSONMaxDepth, ""},
		{nest(`{"a":`, "}", 995, "1"), JSONMaxDepth, objectMsg},
		{nest(`[{"a":`, "}]", 497, "1"), JSONMaxDepth, ""},
		{nest(`[{"a":`, "}]", 497, "[]"), JSONMaxDepth, arrayMsg},
		{strings.Repeat("[", 994) + "x", JSONMaxDepth, "Expecting value: line 1 column 995 (char 994)"},
		{strings.Repeat("[", 5000), JSONMaxDepth, arrayMsg},
		{nest("[", "]", 993, ""), JSONMaxDepthHookScript, ""},
		{nest("[", "]", 994, ""), JSONMaxDepthHookScript, arrayMsg},
	}
	for _, tt := range tests {
		_, err := LoadJSONDepth(tt.in, tt.depth)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("LoadJSONDepth(%.12q…, %d): %v", tt.in, tt.depth, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("LoadJSONDepth(%.12q…, %d) error %v, want %q", tt.in, tt.depth, err, tt.want)
		}
	}
	var re *RecursionError
	if _, err := LoadJSON(strings.Repeat("[", 995)); !errors.As(err, &re) {
		t.Errorf("want a *RecursionError, got %T", err)
	}
}

// A hook's stdin may carry a whole file in one string value.
func TestLoadJSONLargeString(t *testing.T) {
	body := strings.Repeat("abcdefghé😀 ", 10<<20/16)
	in := `{"tool_input": {"content": "` + body + `\n"}}`
	start := time.Now()
	v, err := LoadJSON(in)
	elapsed := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	ti, _ := v.(*Dict).Get("tool_input")
	c, _ := ti.(*Dict).Get("content")
	if string(c.(Str)) != body+"\n" {
		t.Fatal("content differs")
	}
	t.Logf("%d MB string with one escape decoded in %v", len(in)>>20, elapsed)
	if elapsed > time.Second { // generous: the race detector and slow CI
		t.Errorf("decoding %d bytes took %v", len(in), elapsed)
	}
}
