package shell

import "unicode/utf8"

// decodeANSIC decodes the body of a bash $'…' string (as written, without the
// quotes). It returns false when the result depends on something we do not
// model: a NUL byte (bash truncates the word there), a \u or \U code point
// that is a surrogate or beyond U+10FFFF, or a \c followed by a non-ASCII
// character. \u and \U are encoded as UTF-8 (a UTF-8 locale is assumed).
func decodeANSIC(s string) (string, bool) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			out = append(out, s[i])
			continue
		}
		i++
		c := s[i]
		switch c {
		case 'a':
			out = append(out, 7)
		case 'b':
			out = append(out, 8)
		case 'e', 'E':
			out = append(out, 27)
		case 'f':
			out = append(out, 12)
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'v':
			out = append(out, 11)
		case '\\', '\'', '"', '?':
			out = append(out, c)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := digits(s[i:], 8, 3)
			i += n - 1
			if byte(v) == 0 {
				return "", false
			}
			out = append(out, byte(v))
		case 'x', 'u', 'U':
			maxDigits := 2
			switch c {
			case 'u':
				maxDigits = 4
			case 'U':
				maxDigits = 8
			}
			v, n := digits(s[i+1:], 16, maxDigits)
			if n == 0 {
				out = append(out, '\\', c)
				continue
			}
			i += n
			switch {
			case v == 0:
				return "", false
			case c == 'x' || v < utf8.RuneSelf:
				out = append(out, byte(v))
			case v > utf8.MaxRune || (v >= 0xD800 && v <= 0xDFFF):
				return "", false
			default:
				out = utf8.AppendRune(out, rune(v))
			}
		case 'c':
			if i+1 == len(s) {
				out = append(out, '\\', 'c')
				continue
			}
			i++
			ch := s[i]
			if ch == '\\' {
				// \c\\ is control-backslash; a single backslash after \c
				// is not something we model.
				if i+1 == len(s) || s[i+1] != '\\' {
					return "", false
				}
				i++
			}
			if ch >= utf8.RuneSelf {
				return "", false
			}
			v := ch
			if v >= 'a' && v <= 'z' {
				v -= 'a' - 'A'
			}
			if ch == '?' {
				v = 0x7f
			} else {
				v &= 0x1f
			}
			if v == 0 {
				return "", false
			}
			out = append(out, v)
		default:
			out = append(out, '\\', c)
		}
	}
	return string(out), true
}

// digits reads up to maxDigits digits in the given base (8 or 16) from the
// start of s and returns their value and how many bytes were read.
func digits(s string, base, maxDigits int) (uint32, int) {
	var v uint32
	n := 0
	for n < maxDigits && n < len(s) {
		d := digitValue(s[n])
		if d < 0 || d >= base {
			break
		}
		v = v*uint32(base) + uint32(d)
		n++
	}
	return v, n
}

func digitValue(b byte) int {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0')
	case b >= 'a' && b <= 'f':
		return int(b-'a') + 10
	case b >= 'A' && b <= 'F':
		return int(b-'A') + 10
	}
	return -1
}
