// Package textsafe tells which characters make generated text deceive a
// reader: invisible format characters (bidirectional overrides such as
// U+202E, zero-width characters, the byte-order mark) and the Unicode line
// and paragraph separators U+2028 and U+2029. Emitters of JSON and TOML
// escape them, so that a rule file's name or a path cannot make a
// generated hook command look like something else in an editor or a
// review diff.
package textsafe

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Deceptive reports whether r, outside ASCII, must not appear raw in
// generated text: Unicode categories Cf (format), Zl (line separator), Zp
// (paragraph separator) and the C1 controls (U+0080–U+009F, among them
// U+0085 NEXT LINE).
func Deceptive(r rune) bool {
	return r >= 0x80 && unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Cc)
}

// EscapeJSON returns the JSON document b with every deceptive character
// written as a \uXXXX escape (a surrogate pair above U+FFFF). Such
// characters can only stand inside JSON strings, where the escape means
// the same character, so the document decodes to the same value. b is
// returned unchanged when it holds none.
func EscapeJSON(b []byte) []byte {
	i := indexDeceptive(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	out = append(out, b[:i]...)
	for i < len(b) {
		r, n := utf8.DecodeRune(b[i:])
		if n > 1 && Deceptive(r) {
			if r > 0xFFFF {
				r1, r2 := utf16Pair(r)
				out = fmt.Appendf(out, `\u%04x\u%04x`, r1, r2)
			} else {
				out = fmt.Appendf(out, `\u%04x`, r)
			}
		} else {
			out = append(out, b[i:i+n]...)
		}
		i += n
	}
	return out
}

func indexDeceptive(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if Deceptive(r) {
			return i
		}
		i += n
	}
	return -1
}

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xD800 + (r>>10)&0x3FF, 0xDC00 + r&0x3FF
}
