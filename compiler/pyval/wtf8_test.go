package pyval

import (
	"errors"
	"slices"
	"testing"
)

func TestRunes(t *testing.T) {
	tests := []struct {
		in   string
		want []rune
	}{
		{"", []rune{}},
		{"aé😀", []rune{'a', 0xE9, 0x1F600}},
		{"\xed\xa0\x80", []rune{0xD800}},                     // lone high surrogate
		{"\xed\xa0\xbd\xed\xb8\x80", []rune{0xD83D, 0xDE00}}, // two lone surrogates stay two
		{"a\xffb\xc3", []rune{'a', 0xDCFF, 'b', 0xDCC3}},     // stray bytes: surrogateescape
		{"\xed\xa0", []rune{0xDCED, 0xDCA0}},                 // truncated surrogate
		{"\xef\xbf\xbd\xed\xbf\xbf", []rune{0xFFFD, 0xDFFF}}, // a real U+FFFD is kept
	}
	for _, tt := range tests {
		got := Runes(tt.in)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Runes(%q) = %U, want %U", tt.in, got, tt.want)
		}
		if n := RuneCount(tt.in); n != len(tt.want) {
			t.Errorf("RuneCount(%q) = %d, want %d", tt.in, n, len(tt.want))
		}
		back := FromRunes(got)
		if !slices.Equal(Runes(back), tt.want) {
			t.Errorf("FromRunes(Runes(%q)) = %q does not round-trip", tt.in, back)
		}
	}
	if got := FromRunes([]rune{0xD800, 'x', 0xDFFF, 0x10FFFF}); got != "\xed\xa0\x80x\xed\xbf\xbf\U0010FFFF" {
		t.Errorf("FromRunes = %q", got)
	}
}

func TestNormalizeWTF8(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"\xed\xa0\x80", "\xed\xa0\x80"},
		{"a\xff", "a\xed\xb3\xbf"},
		{"\xc3\xa9\x80", "\xc3\xa9\xed\xb2\x80"},
	}
	for _, tt := range tests {
		if got := normalizeWTF8(tt.in); got != tt.want {
			t.Errorf("normalizeWTF8(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDecodeSurrogateEscape(t *testing.T) {
	// Python: b.decode('utf-8', 'surrogateescape') then encoded 'surrogatepass'.
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"\xff", "\xed\xb3\xbf"},
		{"\xed\xa0\x80", "\xed\xb3\xad\xed\xb2\xa0\xed\xb2\x80"},
		{"é\xe2\x82A", "é\xed\xb3\xa2\xed\xb2\x82A"},
	}
	for _, tt := range tests {
		if got := DecodeSurrogateEscape([]byte(tt.in)); got != tt.want {
			t.Errorf("DecodeSurrogateEscape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDecodeUTF8(t *testing.T) {
	tests := []struct {
		in, want   string // want: the decoded text or Python's str(e)
		start, end int
	}{
		{"héllo", "héllo", 0, 0},
		{"abc\xff", "'utf-8' codec can't decode byte 0xff in position 3: invalid start byte", 3, 4},
		{"\xe2\x82", "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data", 0, 2},
		{"\xe2", "'utf-8' codec can't decode byte 0xe2 in position 0: unexpected end of data", 0, 1},
		{"\xe2\x82A", "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte", 0, 2},
		{"\xed\xa0\x80", "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte", 0, 1},
		{"\xf0\x90\x80", "'utf-8' codec can't decode bytes in position 0-2: unexpected end of data", 0, 3},
		{"\xf0\x90\x80A", "'utf-8' codec can't decode bytes in position 0-2: invalid continuation byte", 0, 3},
		{"\xf4\x90\x80\x80", "'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte", 0, 1},
		{"\xc0\x80", "'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte", 0, 1},
		{"a\xe2\x82\xe2\x82\xac", "'utf-8' codec can't decode bytes in position 1-2: invalid continuation byte", 1, 3},
	}
	for _, tt := range tests {
		got, err := DecodeUTF8([]byte(tt.in))
		if tt.end == 0 {
			if err != nil || got != tt.want {
				t.Errorf("DecodeUTF8(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
			continue
		}
		var ue *UnicodeDecodeError
		if !errors.As(err, &ue) || ue.Error() != tt.want || ue.Start != tt.start || ue.End != tt.end {
			t.Errorf("DecodeUTF8(%q) error = %v (%+v), want %q [%d:%d]", tt.in, err, ue, tt.want, tt.start, tt.end)
		}
	}
}
