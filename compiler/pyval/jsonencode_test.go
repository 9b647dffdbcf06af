package pyval

import (
	"math"
	"strconv"
	"testing"
)

// Expected bytes below are CPython 3.11.7's json.dumps output.

func TestDumps(t *testing.T) {
	hso := dict("hookEventName", Str("PreToolUse"), "permissionDecision", Str("deny"))
	tests := []struct {
		v    Value
		want string
	}{
		{nil, "null"},
		{None{}, "null"},
		{Bool(true), "true"},
		{Bool(false), "false"},
		{Int("10000000000000000000000000"), "10000000000000000000000000"},
		{Float(1.5), "1.5"},
		{Float(1e16), "1e+16"},
		{Float(math.Copysign(0, -1)), "-0.0"},
		{Float(math.NaN()), "NaN"},
		{Float(math.Inf(1)), "Infinity"},
		{Float(math.Inf(-1)), "-Infinity"},
		{list(), "[]"},
		{dict(), "{}"},
		{list(Int("1"), list(), dict("a", None{})), `[1, [], {"a": null}]`},
		{
			Str("\"\\\n\r\t\b\f\x00\x1f\x7f/<>&é\u2028\xed\xa0\x80\xed\xbf\xbf\U0001F600\U0010FFFF"),
			`"\"\\\n\r\t\b\f\u0000\u001f\u007f/<>&\u00e9\u2028\ud800\udfff\ud83d\ude00\udbff\udfff"`,
		},
		{Str("a\xffb"), `"a\udcffb"`},
		{
			dict("hookSpecificOutput", hso, "systemMessage", Str("**[block-dangerous-rm]**\n\u26a0\ufe0f **Dangerous rm command detected!**")),
			`{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}, "systemMessage": "**[block-dangerous-rm]**\n\u26a0\ufe0f **Dangerous rm command detected!**"}`,
		},
		{dict("é\x01", Str("")), `{"\u00e9\u0001": ""}`},
	}
	for _, tt := range tests {
		if got := string(Dumps(tt.v)); got != tt.want {
			t.Errorf("Dumps(%#v) =\n%s\nwant\n%s", tt.v, got, tt.want)
		}
		if got := string(AppendDumps([]byte("x"), tt.v)); got != "x"+tt.want {
			t.Errorf("AppendDumps(%#v) = %s", tt.v, got)
		}
	}
}

func TestDictOrder(t *testing.T) {
	d := NewDict()
	for i, k := range []string{"b", "a", "c", "d", "e", "f", "g", "h", "i", "j", "a", "b"} {
		d.Set(k, Int(strconv.Itoa(i)))
	}
	if got, want := string(Dumps(d)), `{"b": 11, "a": 10, "c": 2, "d": 3, "e": 4, "f": 5, "g": 6, "h": 7, "i": 8, "j": 9}`; got != want {
		t.Errorf("Dumps = %s, want %s", got, want)
	}
}
