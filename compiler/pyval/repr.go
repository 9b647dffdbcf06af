package pyval

import (
	"strings"
	"unicode/utf8"
)

// A nil Value is treated as None by ToStr, Repr, AppendRepr and Truthy.

// ToStr is Python's str(v): a Str is returned as is, every other value as its
// repr (Python 3's str of int, float, bool, None, list and dict is the repr).
// (It cannot be called Str: that is the type.)
func ToStr(v Value) string {
	if s, ok := v.(Str); ok {
		return string(s)
	}
	return Repr(v)
}

// Repr is Python's repr(v).
func Repr(v Value) string {
	switch v := v.(type) {
	case Str:
		return string(appendStrRepr(make([]byte, 0, len(v)+2), string(v)))
	case Int:
		return string(v)
	case Float:
		return FloatRepr(float64(v))
	}
	return string(AppendRepr(nil, v))
}

// AppendRepr appends Python's repr(v) to dst.
func AppendRepr(dst []byte, v Value) []byte {
	switch v := v.(type) {
	case nil, None:
		return append(dst, "None"...)
	case Bool:
		if v {
			return append(dst, "True"...)
		}
		return append(dst, "False"...)
	case Int:
		return append(dst, v...)
	case Float:
		return AppendFloatRepr(dst, float64(v))
	case Str:
		return appendStrRepr(dst, string(v))
	case *List, *Dict:
		return appendContainer(dst, v, appendStrRepr, AppendRepr)
	}
	// Unknown implementations of Value: Python would use the default
	// object repr; name the type so the text is at least recognisable.
	return append(dst, "<"+v.TypeName()+" object>"...)
}

const hexDigits = "0123456789abcdef"

// appendStrRepr appends Python's repr of the str s: single quotes unless s
// contains ' but no ", backslash escapes for the quote, backslash, \t \n \r,
// \xNN for other ASCII controls and non-printable code points up to U+00FF,
// \uNNNN and \UNNNNNNNN above; printable code points are kept raw.
func appendStrRepr(dst []byte, s string) []byte {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	dst = append(dst, quote)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == quote || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c < 0x20 || c == 0x7F:
				dst = append(dst, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xF])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, n := DecodeRune(s, i)
		switch {
		case IsPrintable(r):
			dst = append(dst, s[i:i+n]...)
		case r <= 0xFF:
			dst = append(dst, '\\', 'x', hexDigits[r>>4], hexDigits[r&0xF])
		case r <= 0xFFFF:
			dst = append(dst, '\\', 'u')
			dst = appendHex(dst, r, 4)
		default:
			dst = append(dst, '\\', 'U')
			dst = appendHex(dst, r, 8)
		}
		i += n
	}
	return append(dst, quote)
}

// appendHex appends the low 4*digits bits of r as lowercase hex.
func appendHex(dst []byte, r rune, digits int) []byte {
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		dst = append(dst, hexDigits[(r>>shift)&0xF])
	}
	return dst
}

// Truthy is Python's bool(v): None, False, 0, 0.0, -0.0, "", [] and {} are
// false; everything else (NaN included) is true.
func Truthy(v Value) bool {
	switch v := v.(type) {
	case nil, None:
		return false
	case Bool:
		return bool(v)
	case Int:
		return v != "0" && v != "-0" && v != ""
	case Float:
		return v != 0
	case Str:
		return v != ""
	case *List:
		return v != nil && len(v.Items) > 0
	case *Dict:
		return v != nil && len(v.ents) > 0
	}
	return true
}

// appendContainer writes a list or dict in the layout that repr() and
// json.dumps share ("[a, b]", "{k: v}"); key and item write the parts.
func appendContainer(dst []byte, v Value, key func([]byte, string) []byte, item func([]byte, Value) []byte) []byte {
	switch v := v.(type) {
	case *List:
		dst = append(dst, '[')
		for i, it := range v.Items {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = item(dst, it)
		}
		return append(dst, ']')
	case *Dict:
		dst = append(dst, '{')
		for i := range v.ents {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			k, val := v.At(i)
			dst = key(dst, k)
			dst = append(dst, ": "...)
			dst = item(dst, val)
		}
		return append(dst, '}')
	}
	return dst
}
