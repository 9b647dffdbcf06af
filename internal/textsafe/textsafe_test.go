package textsafe

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDeceptive(t *testing.T) {
	for _, r := range []rune{0x202E, 0x202A, 0x2066, 0x2069, 0x200E, 0x200B, 0x200D, 0xFEFF, 0x2028, 0x2029, 0x061C, 0xE0001} {
		if !Deceptive(r) {
			t.Errorf("U+%04X is not deceptive", r)
		}
	}
	for _, r := range []rune{'a', ' ', '\n', 'é', '中', 0x1F600, 0xFFFD} {
		if Deceptive(r) {
			t.Errorf("U+%04X is deceptive", r)
		}
	}
}

func TestEscapeJSON(t *testing.T) {
	in := map[string]string{"command": "/home/u/evil\u202Etxt.md/hookifyc hook \u2028 \U000E0001 é"}
	b, _ := json.Marshal(in)
	out := EscapeJSON(b)
	for _, raw := range []string{"\u202E", "\u2028", "\U000E0001"} {
		if strings.Contains(string(out), raw) {
			t.Errorf("%q left raw in %s", raw, out)
		}
	}
	if !strings.Contains(string(out), `\u202e`) || !strings.Contains(string(out), "é") {
		t.Errorf("escaped %s", out)
	}
	var back map[string]string
	if err := json.Unmarshal(out, &back); err != nil || back["command"] != in["command"] {
		t.Errorf("round trip: %v %q", err, back)
	}
	if plain := []byte(`{"a": "b"}`); &EscapeJSON(plain)[0] != &plain[0] {
		t.Error("a clean document was copied")
	}
}
