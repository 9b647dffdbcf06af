package shell

import "testing"

// Expected values were produced by bash 5.2 with LANG=C.UTF-8
// (printf '%s' $'…' | od -c).
func TestDecodeANSIC(t *testing.T) {
	tests := []struct {
		in   string // body of $'…' as written
		want string
		ok   bool
	}{
		{`plain`, "plain", true},
		{`\a\b\e\E\f\n\r\t\v`, "\a\b\x1b\x1b\f\n\r\t\v", true},
		{`\\\'\"\?`, `\'"?`, true},
		{`\x41\x4g\xg`, "A\x04g\\xg", true},
		{`\u00e9\U1F600`, "é😀", true},
		{`\u41`, "A", true},
		{`\101\1010`, "AA0", true},
		{`\c1\cA\ca\c?`, "\x11\x01\x01\x7f", true},
		{`\c\\`, "\x1c", true},
		{`\q\z`, `\q\z`, true},
		{`\u`, `\u`, true},
		{`\x`, `\x`, true},
		{`\c`, `\c`, true},
		{`a\`, `a\`, true},
		// NUL truncates the word in bash: not modelled.
		{`a\0b`, "", false},
		{`\x00`, "", false},
		{`\400`, "", false},
		{`\c@`, "", false},
		{`\u0`, "", false},
		// Encodings bash produces that are not valid UTF-8.
		{`\ud800`, "", false},
		{`\U110000`, "", false},
		{`\c\x`, "", false},
		{"\\cé", "", false},
	}
	for _, tt := range tests {
		got, ok := decodeANSIC(tt.in)
		if ok != tt.ok || got != tt.want {
			t.Errorf("decodeANSIC(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
