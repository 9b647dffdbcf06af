package pyval

import (
	"math"
	"slices"
	"unicode/utf8"
)

// Dumps is Python's json.dumps(v) with default arguments: separators ", "
// and ": ", keys in insertion order, ensure_ascii (every code point outside
// 0x20..0x7E escaped as lowercase \uXXXX, astral ones as a surrogate pair,
// with \" \\ \n \r \t \b \f as short escapes; "/", "<", ">" and "&" are not
// escaped), floats as their repr with NaN, Infinity and -Infinity, ints as
// their text. No trailing newline.
//
// Unlike Python it does not fail on an Int of more than IntMaxStrDigits
// digits (which LoadJSON never produces): the digits are written as is.
func Dumps(v Value) []byte { return AppendDumps(nil, v) }

// AppendDumps appends Dumps(v) to dst.
func AppendDumps(dst []byte, v Value) []byte {
	switch v := v.(type) {
	case nil, None:
		return append(dst, "null"...)
	case Bool:
		if v {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Int:
		return append(dst, v...)
	case Float:
		f := float64(v)
		switch {
		case math.IsNaN(f):
			return append(dst, "NaN"...)
		case math.IsInf(f, 1):
			return append(dst, "Infinity"...)
		case math.IsInf(f, -1):
			return append(dst, "-Infinity"...)
		}
		return AppendFloatRepr(dst, f)
	case Str:
		return AppendJSONString(dst, string(v))
	case *List, *Dict:
		return appendContainer(dst, v, AppendJSONString, AppendDumps)
	}
	// Python raises TypeError ("Object of type X is not JSON serializable");
	// no Value of this package gets here.
	return append(dst, "null"...)
}

// AppendJSONString appends s as a JSON string literal the way json.dumps
// writes it with ensure_ascii=True.
func AppendJSONString(dst []byte, s string) []byte {
	dst = slices.Grow(dst, len(s)+2)
	dst = append(dst, '"')
	run := 0 // start of the pending run of bytes that need no escaping
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7F && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = append(dst, s[run:i]...)
		if c < utf8.RuneSelf {
			dst = AppendASCIIEscape(dst, c)
			i++
		} else {
			r, n := DecodeRune(s, i)
			if r >= 0x10000 {
				r -= 0x10000
				dst = appendUEscape(dst, 0xD800+(r>>10))
				dst = appendUEscape(dst, 0xDC00+(r&0x3FF))
			} else {
				dst = appendUEscape(dst, r)
			}
			i += n
		}
		run = i
	}
	dst = append(dst, s[run:]...)
	return append(dst, '"')
}

// AppendASCIIEscape appends the JSON escape of the ASCII byte c, as both
// Python's json and Go's encoding/json write it: a backslash before '"'
// and '\\', the short forms of newline, carriage return, tab, backspace
// and form feed, and \u00XX (lower-case hex) for any other byte.
func AppendASCIIEscape(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	}
	return appendUEscape(dst, rune(c))
}

func appendUEscape(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
}
