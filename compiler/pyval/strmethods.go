package pyval

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsSpace reports whether Python's str.isspace() is true for r: Go's
// unicode.IsSpace plus the information separators U+001C..U+001F.
func IsSpace(r rune) bool {
	if r < utf8.RuneSelf {
		switch r {
		case ' ', '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f:
			return true
		}
		return false
	}
	return unicode.IsSpace(r)
}

// Strip is Python's str.strip() with no argument.
func Strip(s string) string { return RStrip(LStrip(s)) }

// LStrip is Python's str.lstrip() with no argument.
func LStrip(s string) string { return strings.TrimLeftFunc(s, IsSpace) }

// RStrip is Python's str.rstrip() with no argument.
func RStrip(s string) string { return strings.TrimRightFunc(s, IsSpace) }

// StripChars is Python's str.strip(chars): it removes every leading and
// trailing rune that occurs in chars.
func StripChars(s, chars string) string { return strings.Trim(s, chars) }

// LeadingSpace is len(s) - len(s.lstrip()) counted in code points, as hookify
// computes a line's indent.
func LeadingSpace(s string) int {
	n := 0
	for _, r := range s {
		if !IsSpace(r) {
			break
		}
		n++
	}
	return n
}
