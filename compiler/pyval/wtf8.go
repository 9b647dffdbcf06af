package pyval

import (
	"fmt"
	"unicode/utf8"
)

// Code points and WTF-8.
//
// A Str holds WTF-8 (see the package comment). Functions that read code points
// out of a string also accept bytes that are not WTF-8 at all: each such byte b
// is read as the lone surrogate U+DC00+b, which is what Python's
// "surrogateescape" error handler (used for stdin under the C locale) makes of
// it. Everything this package returns is well-formed WTF-8.

const (
	surrogateMin = 0xD800
	surrogateMax = 0xDFFF
)

// DecodeRune returns the code point starting at s[i] and its length in bytes.
// It reads valid UTF-8, 3-byte encoded surrogates, and maps any other byte b
// to U+DC00+b (surrogateescape). It never returns a length of 0.
func DecodeRune(s string, i int) (rune, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if n > 1 {
		return r, n
	}
	if c == 0xED && i+2 < len(s) && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
		return 0xD000 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return 0xDC00 | rune(c), 1
}

// AppendRune appends the WTF-8 encoding of r to dst: UTF-8 for a scalar
// value, the 3-byte generalised UTF-8 form for a surrogate. An r outside
// 0..0x10FFFF is appended as U+FFFD.
func AppendRune(dst []byte, r rune) []byte {
	if r >= surrogateMin && r <= surrogateMax {
		return append(dst, 0xED, byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
	}
	return utf8.AppendRune(dst, r)
}

// Runes returns the code points of s as Python sees them, lone surrogates
// included (Python's list(s)).
func Runes(s string) []rune {
	if utf8.ValidString(s) {
		return []rune(s)
	}
	out := make([]rune, 0, len(s))
	for i := 0; i < len(s); {
		r, n := DecodeRune(s, i)
		out = append(out, r)
		i += n
	}
	return out
}

// FromRunes is the inverse of Runes: the WTF-8 string of the code points rs.
func FromRunes(rs []rune) string {
	b := make([]byte, 0, len(rs))
	for _, r := range rs {
		b = AppendRune(b, r)
	}
	return string(b)
}

// RuneCount is Python's len(s): the number of code points in s.
func RuneCount(s string) int {
	if utf8.ValidString(s) {
		return utf8.RuneCountInString(s)
	}
	n := 0
	for i := 0; i < len(s); n++ {
		_, size := DecodeRune(s, i)
		i += size
	}
	return n
}

// normalizeWTF8 returns s unchanged when it is already well-formed WTF-8,
// otherwise a copy in which every byte that is not part of a WTF-8 sequence
// is replaced by the encoding of U+DC00+byte (surrogateescape).
func normalizeWTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b []byte
	for i := 0; i < len(s); {
		r, n := DecodeRune(s, i)
		if n == 1 && r >= surrogateMin {
			if b == nil {
				b = make([]byte, 0, len(s)+16)
				b = append(b, s[:i]...)
			}
			b = AppendRune(b, r)
		} else if b != nil {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	if b == nil {
		return s
	}
	return string(b)
}

// DecodeSurrogateEscape is Python's b.decode('utf-8', 'surrogateescape'):
// valid UTF-8 is kept and every other byte b becomes the lone surrogate
// U+DC00+b. (Bytes that happen to encode a surrogate are not valid UTF-8, so
// each of their bytes is escaped too.)
func DecodeSurrogateEscape(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+16)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			out = AppendRune(out, 0xDC00|rune(b[i]))
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return string(out)
}

// UnicodeDecodeError is Python's UnicodeDecodeError for the "utf-8" codec
// with the "strict" error handler. Start and End delimit the offending bytes
// (End exclusive), as Python's e.start and e.end.
type UnicodeDecodeError struct {
	Byte   byte   // the byte at Start
	Start  int    // byte offset of the first offending byte
	End    int    // byte offset just past the maximal valid prefix
	Reason string // "invalid start byte", "invalid continuation byte" or "unexpected end of data"
}

// Error is Python's str(e), e.g.
// "'utf-8' codec can't decode byte 0xff in position 3: invalid start byte".
func (e *UnicodeDecodeError) Error() string {
	if e.End-e.Start == 1 {
		return fmt.Sprintf("'utf-8' codec can't decode byte 0x%02x in position %d: %s", e.Byte, e.Start, e.Reason)
	}
	return fmt.Sprintf("'utf-8' codec can't decode bytes in position %d-%d: %s", e.Start, e.End-1, e.Reason)
}

// DecodeUTF8 is Python's b.decode('utf-8') with strict errors. On failure it
// returns a *UnicodeDecodeError for the first invalid sequence.
func DecodeUTF8(b []byte) (string, error) {
	if utf8.Valid(b) {
		return string(b), nil
	}
	i := 0
	for i < len(b) {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return "", utf8Error(b, i)
		}
		i += n
	}
	// Not reached: utf8.Valid said b is invalid.
	return "", fmt.Errorf("pyval: DecodeUTF8: inconsistent validity of %d bytes", len(b))
}

// utf8Error describes the invalid sequence starting at b[i] as CPython does:
// the range covers the longest prefix that could still start a valid
// sequence.
func utf8Error(b []byte, i int) error {
	c := b[i]
	e := &UnicodeDecodeError{Byte: c, Start: i, End: i + 1}
	var size int
	lo, hi := byte(0x80), byte(0xBF) // allowed range of the second byte
	switch {
	case c >= 0xC2 && c <= 0xDF:
		size = 2
	case c >= 0xE0 && c <= 0xEF:
		size = 3
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case c >= 0xF0 && c <= 0xF4:
		size = 4
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	default:
		e.Reason = "invalid start byte"
		return e
	}
	for k := 1; k < size; k++ {
		if i+k >= len(b) {
			e.End = len(b)
			e.Reason = "unexpected end of data"
			return e
		}
		x := b[i+k]
		if k > 1 {
			lo, hi = 0x80, 0xBF
		}
		if x < lo || x > hi {
			e.End = i + k
			e.Reason = "invalid continuation byte"
			return e
		}
	}
	// A complete valid sequence cannot be reported as an error.
	e.End = i + size
	e.Reason = "invalid continuation byte"
	return e
}
