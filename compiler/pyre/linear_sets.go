package pyre

import (
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Code point sets of the linear path. Every item that consumes a code
// point (a literal, '.', a class) becomes the explicit set of code points
// Python's re accepts for it, computed from the same definitions the
// regexp2 translation uses (isWord, isDigit, isSpace, foldOrbit,
// caseClose), so that the automaton never relies on Go's or .NET's idea of
// a category or of case folding.

// Python 3.11's Unicode categories as sorted, merged ranges (built once).
var (
	uniCatOnce                  sync.Once
	uniWord, uniDigit, uniSpace []RuneRange
	uniNotWord, uniNotDigit     []RuneRange
	uniNotSpace                 []RuneRange
	asciiNotWord, asciiNotDigit []RuneRange
	asciiNotSpace, allRunes     []RuneRange
	notNewline                  []RuneRange
)

// maxSpace is above every code point for which str.isspace() is true
// (U+3000 is the last; TestLinearCategories checks the whole range).
const maxSpace = 0x3000

func buildUniCats() {
	var w []RuneRange
	w = appendTable(w, unicode.L)
	w = appendTable(w, unicode.N)
	w = append(w, RuneRange{'_', '_'})
	uniWord = subtract(normalize(w), normalize(slices.Clone(notPyWord)))
	uniDigit = subtract(normalize(appendTable(nil, unicode.Nd)), normalize(slices.Clone(notPyDigit)))
	var s []RuneRange
	for r := rune(0); r <= maxSpace; r++ {
		if pyval.IsSpace(r) {
			s = append(s, RuneRange{r, r})
		}
	}
	uniSpace = normalize(s)
	uniNotWord, uniNotDigit, uniNotSpace = complement(uniWord), complement(uniDigit), complement(uniSpace)
	asciiNotWord, asciiNotDigit, asciiNotSpace = complement(asciiWord), complement(asciiDigit), complement(asciiSpace)
	allRunes = []RuneRange{{0, maxRune}}
	notNewline = []RuneRange{{0, '\n' - 1}, {'\n' + 1, maxRune}}
}

// appendTable appends the ranges of a Go Unicode table.
func appendTable(out []RuneRange, t *unicode.RangeTable) []RuneRange {
	for _, r := range t.R16 {
		out = appendStrided(out, rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		out = appendStrided(out, rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	return out
}

func appendStrided(out []RuneRange, lo, hi, stride rune) []RuneRange {
	if stride == 1 {
		return append(out, RuneRange{lo, hi})
	}
	for c := lo; c <= hi; c += stride {
		out = append(out, RuneRange{c, c})
	}
	return out
}

// categorySet returns the code points of a category escape (shared; the
// caller must not modify it).
func categorySet(c Category, ascii bool) []RuneRange {
	uniCatOnce.Do(buildUniCats)
	if ascii {
		switch c {
		case CatDigit:
			return asciiDigit
		case CatNotDigit:
			return asciiNotDigit
		case CatSpace:
			return asciiSpace
		case CatNotSpace:
			return asciiNotSpace
		case CatWord:
			return asciiWord
		case CatNotWord:
			return asciiNotWord
		}
		return nil
	}
	switch c {
	case CatDigit:
		return uniDigit
	case CatNotDigit:
		return uniNotDigit
	case CatSpace:
		return uniSpace
	case CatNotSpace:
		return uniNotSpace
	case CatWord:
		return uniWord
	case CatNotWord:
		return uniNotWord
	}
	return nil
}

// wordSet is the set \b and \B test: Python's \w in Unicode or ASCII mode.
func wordSet(ascii bool) []RuneRange { return categorySet(CatWord, ascii) }

// asciiLiteralSets caches literalSet for ASCII literals: [flags][rune],
// flags being 1 for IGNORECASE and 2 for ASCII.
var (
	asciiLiteralOnce sync.Once
	asciiLiteralSets [4][utf8.RuneSelf][]RuneRange
)

// literalSet returns the code points a literal matches (Literal.Matches).
// The result is shared; the caller must not modify it.
func literalSet(l *Literal) []RuneRange {
	if l.Rune >= 0 && l.Rune < utf8.RuneSelf {
		asciiLiteralOnce.Do(func() {
			for f := range asciiLiteralSets {
				var fl Flags
				if f&1 != 0 {
					fl |= FlagIgnoreCase
				}
				if f&2 != 0 {
					fl |= FlagASCII
				}
				for r := range asciiLiteralSets[f] {
					asciiLiteralSets[f][r] = literalRanges(&Literal{Rune: rune(r), Flags: fl})
				}
			}
		})
		f := 0
		if l.IgnoreCase() {
			f |= 1
		}
		if l.Flags&FlagASCII != 0 {
			f |= 2
		}
		return asciiLiteralSets[f][l.Rune]
	}
	return literalRanges(l)
}

func literalRanges(l *Literal) []RuneRange {
	ms := l.Matches()
	rs := make([]RuneRange, len(ms))
	for i, m := range ms {
		rs[i] = RuneRange{m, m}
	}
	return normalize(rs)
}

// anySet returns the code points '.' matches.
func anySet(a *Any) []RuneRange {
	uniCatOnce.Do(buildUniCats)
	if a.DotAll() {
		return allRunes
	}
	return notNewline
}

// classSetOf returns the code points a class matches, by the definition of
// Class.Contains: a code point is in the class when it is in one of its
// categories, or when it (or, under IGNORECASE, a code point Python
// identifies with it) is in one of its ranges; Negate complements that.
func classSetOf(c *Class) []RuneRange {
	ascii := c.Flags&FlagASCII != 0
	rs := normalize(slices.Clone(c.Ranges))
	if c.Flags&FlagIgnoreCase != 0 {
		rs = caseClose(rs, ascii)
	}
	for _, cat := range c.Cats {
		rs = append(rs, categorySet(cat, ascii)...)
	}
	rs = normalize(rs)
	if c.Negate {
		return complement(rs)
	}
	return rs
}

// inSet reports whether r is in the normalized set rs.
func inSet(r rune, rs []RuneRange) bool { return inRanges(r, rs) }
