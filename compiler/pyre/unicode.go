package pyre

import (
	"unicode"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Python 3.11 uses the Unicode 14.0 database; Go 1.26's unicode package is
// Unicode 15.0. Python's \w, \d, \s, case folding and str.isidentifier()
// are therefore expressed as Go's tables minus the code points that Unicode
// 15.0 assigned (Python sees them as unassigned). The exception lists below
// were computed by comparing CPython 3.11.7's answers for every code point
// with Go's tables; TestUnicodeTables checks them against Python's data in
// testdata/unicode and fails when Go's Unicode version changes.

// goUnicodeVersion is the Unicode version the exception lists are for.
const goUnicodeVersion = "15.0.0"

// notPyWord: code points in Go's L or N that are not \w for Python 3.11
// (new in 15.0). Ranges are merged across gaps that hold no L or N code
// point, to keep the emitted classes short; only members of L ∪ N matter.
var notPyWord = []RuneRange{
	{0x1123F, 0x11240}, {0x11F02, 0x11F59}, {0x1342F, 0x13446}, {0x1B132, 0x1B132},
	{0x1B155, 0x1B155}, {0x1D2C0, 0x1D2D3}, {0x1DF25, 0x1E06D}, {0x1E4D0, 0x1E4F9},
	{0x2B739, 0x2B739}, {0x31350, 0x323AF},
}

// notPyDigit: in Go's Nd, but not \d for Python 3.11 (new in 15.0).
var notPyDigit = []RuneRange{
	{0x11F50, 0x11F59}, {0x1E4F0, 0x1E4F9},
}

// notPyIDStart: start characters of Go's ID_Start that are not XID_Start
// in Python 3.11 (NFKC exceptions, and code points new in 15.0).
var notPyIDStart = []RuneRange{
	{0x037A, 0x037A}, {0x0E33, 0x0E33}, {0x0EB3, 0x0EB3}, {0x309B, 0x309C},
	{0xFC5E, 0xFC63}, {0xFDFA, 0xFDFB}, {0xFE70, 0xFE70}, {0xFE72, 0xFE72},
	{0xFE74, 0xFE74}, {0xFE76, 0xFE76}, {0xFE78, 0xFE78}, {0xFE7A, 0xFE7A},
	{0xFE7C, 0xFE7C}, {0xFE7E, 0xFE7E}, {0xFF9E, 0xFF9F}, {0x1123F, 0x11240},
	{0x11F02, 0x11F02}, {0x11F04, 0x11F10}, {0x11F12, 0x11F33}, {0x1342F, 0x1342F},
	{0x13441, 0x13446}, {0x1B132, 0x1B132}, {0x1B155, 0x1B155}, {0x1DF25, 0x1DF2A},
	{0x1E030, 0x1E06D}, {0x1E4D0, 0x1E4EB}, {0x2B739, 0x2B739}, {0x31350, 0x323AF},
}

// notPyIDContinue: likewise for ID_Continue and XID_Continue.
var notPyIDContinue = []RuneRange{
	{0x037A, 0x037A}, {0x0CF3, 0x0CF3}, {0x0ECE, 0x0ECE}, {0x309B, 0x309C},
	{0xFC5E, 0xFC63}, {0xFDFA, 0xFDFB}, {0xFE70, 0xFE70}, {0xFE72, 0xFE72},
	{0xFE74, 0xFE74}, {0xFE76, 0xFE76}, {0xFE78, 0xFE78}, {0xFE7A, 0xFE7A},
	{0xFE7C, 0xFE7C}, {0xFE7E, 0xFE7E}, {0x10EFD, 0x10EFF}, {0x1123F, 0x11241},
	{0x11F00, 0x11F10}, {0x11F12, 0x11F3A}, {0x11F3E, 0x11F42}, {0x11F50, 0x11F59},
	{0x1342F, 0x1342F}, {0x13440, 0x13455}, {0x1B132, 0x1B132}, {0x1B155, 0x1B155},
	{0x1DF25, 0x1DF2A}, {0x1E030, 0x1E06D}, {0x1E08F, 0x1E08F}, {0x1E4D0, 0x1E4F9},
	{0x2B739, 0x2B739}, {0x31350, 0x323AF},
}

func inRanges(r rune, rs []RuneRange) bool {
	lo, hi := 0, len(rs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case r < rs[m].Lo:
			hi = m
		case r > rs[m].Hi:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// isWord is Python's \w for one code point: str.isalnum() or '_', or
// [a-zA-Z0-9_] in ASCII mode. \b and \B use the same definition.
func isWord(r rune, ascii bool) bool {
	if r < 0x80 || ascii {
		return r == '_' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return unicode.In(r, unicode.L, unicode.N) && !inRanges(r, notPyWord)
}

// isDigit is Python's \d: Unicode Nd (str.isdecimal()), or [0-9].
func isDigit(r rune, ascii bool) bool {
	if r < 0x80 || ascii {
		return '0' <= r && r <= '9'
	}
	return unicode.Is(unicode.Nd, r) && !inRanges(r, notPyDigit)
}

// isSpace is Python's \s: str.isspace(), or [ \t\n\r\f\v] in ASCII mode.
func isSpace(r rune, ascii bool) bool {
	if ascii {
		return r == ' ' || '\t' <= r && r <= '\r'
	}
	return pyval.IsSpace(r)
}

// inCategory reports whether r is in category c.
func inCategory(r rune, c Category, ascii bool) bool {
	switch c {
	case CatDigit:
		return isDigit(r, ascii)
	case CatNotDigit:
		return !isDigit(r, ascii)
	case CatSpace:
		return isSpace(r, ascii)
	case CatNotSpace:
		return !isSpace(r, ascii)
	case CatWord:
		return isWord(r, ascii)
	case CatNotWord:
		return !isWord(r, ascii)
	}
	return false
}

// isIdentifier is Python's str.isidentifier() (XID_Start or '_', then
// XID_Continue), used for group names.
func isIdentifier(name []rune) bool {
	if len(name) == 0 {
		return false
	}
	for i, r := range name {
		if r < 0x80 {
			if r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9' {
				continue
			}
			return false
		}
		if unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
			return false
		}
		start := unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start)
		if i == 0 {
			if !start || inRanges(r, notPyIDStart) {
				return false
			}
			continue
		}
		if !start && !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue) ||
			inRanges(r, notPyIDContinue) {
			return false
		}
	}
	return true
}

// foldFixes are the case-insensitive equivalence classes where Python's
// re.IGNORECASE differs from Go's unicode.SimpleFold orbits: Python also
// identifies i/I with U+0130 and U+0131, and the pairs below, which have
// the same full case folding.
var foldFixes = [...][]rune{
	{'I', 'i', 0x130, 0x131},
	{0x390, 0x1FD3},
	{0x3B0, 0x1FE3},
	{0xFB05, 0xFB06},
}

func foldFix(r rune) []rune {
	switch r {
	case 'I', 'i', 0x130, 0x131:
		return foldFixes[0]
	case 0x390, 0x1FD3:
		return foldFixes[1]
	case 0x3B0, 0x1FE3:
		return foldFixes[2]
	case 0xFB05, 0xFB06:
		return foldFixes[3]
	}
	return nil
}

// foldOrbit returns the code points Python's re.IGNORECASE identifies with
// r, r first: with ASCII, only the other case of an ASCII letter; otherwise
// r's unicode.SimpleFold orbit, adjusted by foldFixes.
func foldOrbit(r rune, ascii bool) []rune {
	if ascii {
		switch {
		case 'a' <= r && r <= 'z':
			return []rune{r, r - 'a' + 'A'}
		case 'A' <= r && r <= 'Z':
			return []rune{r, r - 'A' + 'a'}
		}
		return []rune{r}
	}
	if fix := foldFix(r); fix != nil {
		out := make([]rune, 0, len(fix))
		out = append(out, r)
		for _, x := range fix {
			if x != r {
				out = append(out, x)
			}
		}
		return out
	}
	out := []rune{r}
	for x := unicode.SimpleFold(r); x != r; x = unicode.SimpleFold(x) {
		out = append(out, x)
	}
	return out
}

// isCased reports whether foldOrbit(r, ascii) has more than one element.
func isCased(r rune, ascii bool) bool {
	if ascii {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
	}
	return foldFix(r) != nil || unicode.SimpleFold(r) != r
}
