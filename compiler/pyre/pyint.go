package pyre

import (
	"strings"
	"unicode"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// digitValue returns the decimal value of a Unicode Nd code point as
// Python 3.11 knows it, or -1. Every Nd range in Go's table is a run of
// whole 0…9 sequences, so the value is the offset modulo 10.
func digitValue(r rune) int {
	if '0' <= r && r <= '9' {
		return int(r - '0')
	}
	if r < 0x80 || inRanges(r, notPyDigit) {
		return -1
	}
	for _, rg := range unicode.Nd.R16 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	for _, rg := range unicode.Nd.R32 {
		if rune(rg.Lo) <= r && r <= rune(rg.Hi) {
			return int(r-rune(rg.Lo)) % 10
		}
	}
	return -1
}

// pyInt is Python's int(s) for a conditional group name that is not an
// identifier: surrounding whitespace, an optional sign, decimal digits of
// any script with single underscores between them. It returns the value's
// canonical decimal digits, and ok=false where Python's int() fails or the
// value is negative.
func pyInt(s []rune) (digits string, ok bool) {
	i, j := 0, len(s)
	for i < j && pyval.IsSpace(s[i]) {
		i++
	}
	for j > i && pyval.IsSpace(s[j-1]) {
		j--
	}
	neg := false
	if i < j && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var b strings.Builder
	prevDigit := false
	for _, r := range s[i:j] {
		if r == '_' {
			if !prevDigit {
				return "", false
			}
			prevDigit = false
			continue
		}
		d := digitValue(r)
		if d < 0 {
			return "", false
		}
		if b.Len() > 0 || d != 0 {
			b.WriteByte(byte('0' + d))
		}
		prevDigit = true
	}
	if !prevDigit { // empty, or ends with '_'
		return "", false
	}
	if b.Len() == 0 {
		return "0", true
	}
	return b.String(), !neg
}

// smallInt converts canonical decimal digits to an int if below limit.
func smallInt(digits string, limit int) (int, bool) {
	if len(digits) > 12 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(digits); i++ {
		n = n*10 + int(digits[i]-'0')
	}
	return n, n < limit
}
