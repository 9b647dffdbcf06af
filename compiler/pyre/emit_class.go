package pyre

import (
	"slices"
	"strings"
)

// Character classes.
//
// Python (Unicode mode) and regexp2 disagree on \w (regexp2: L, Mn, Nd,
// Pc; Python: L, N and '_'), \d and \s (regexp2 lacks U+001C…U+001F), and
// Python's categories follow Unicode 14.0 where Go has 15.0. So classes are
// written with .NET's \p{…} categories plus explicit ranges, and the
// Unicode 15.0 additions are removed with .NET's class subtraction
// [base-[excluded]]. Observed Python semantics under IGNORECASE: a code
// point matches a class when it, or a code point case-identified with it
// (foldOrbit), is one of the class's characters or ranges, or when it
// itself is in one of the class's categories.

// netClass is a .NET character class: [^? ranges cats -[sub]].
type netClass struct {
	negate bool
	ranges []RuneRange
	cats   []string // \p{L}, \p{N}, \p{Nd}, \s
	sub    *netClass
}

func (n *netClass) empty() bool { return len(n.ranges) == 0 && len(n.cats) == 0 }

// writeNetClass writes n, as a plain literal when it is one code point.
func writeNetClass(b *strings.Builder, n *netClass) {
	if !n.negate && len(n.cats) == 0 && n.sub == nil && len(n.ranges) == 1 && n.ranges[0].Lo == n.ranges[0].Hi {
		writeRune(b, n.ranges[0].Lo)
		return
	}
	writeBracketed(b, n)
}

// writeBracketed writes n as a bracketed class.
func writeBracketed(b *strings.Builder, n *netClass) {
	if n.empty() { // Python classes are never empty; subtractions are checked by the caller
		if n.negate {
			b.WriteString(`[\s\S]`)
		} else {
			b.WriteString(`[^\s\S]`)
		}
		return
	}
	b.WriteByte('[')
	if n.negate {
		b.WriteByte('^')
	}
	for _, r := range n.ranges {
		writeClassRune(b, r.Lo)
		if r.Hi > r.Lo {
			if r.Hi > r.Lo+1 {
				b.WriteByte('-')
			}
			writeClassRune(b, r.Hi)
		}
	}
	for _, c := range n.cats {
		b.WriteString(c)
	}
	if n.sub != nil && !n.sub.empty() {
		b.WriteByte('-')
		writeBracketed(b, n.sub)
	}
	b.WriteByte(']')
}

// writeClassRune writes r inside a class: ASCII letters and digits as
// themselves, everything else as \x{HEX}, so that no '-', '[', ']', '^' or
// '\' can change the class's structure (no accidental .NET subtraction).
func writeClassRune(b *strings.Builder, r rune) {
	if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
		b.WriteRune(r)
		return
	}
	writeHexRune(b, r)
}

// Python's Unicode categories as .NET terms: ranges and categories, minus
// the code points in except.
type catTerms struct {
	ranges []RuneRange
	cats   []string
	except []RuneRange
}

var (
	wordTerms  = catTerms{ranges: []RuneRange{{'_', '_'}}, cats: []string{`\p{L}`, `\p{N}`}, except: notPyWord}
	digitTerms = catTerms{cats: []string{`\p{Nd}`}, except: notPyDigit}
	spaceTerms = catTerms{ranges: []RuneRange{{0x1c, 0x1f}}, cats: []string{`\s`}}
)

// ASCII categories as ranges.
var (
	asciiWord  = []RuneRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	asciiDigit = []RuneRange{{'0', '9'}}
	asciiSpace = []RuneRange{{'\t', '\r'}, {' ', ' '}}
)

// classSet is a resolved class: everything, or (complemented) terms minus
// exceptions.
type classSet struct {
	all        bool
	complement bool
	terms      netClass
}

// class writes a Python class.
//
// Under regexp2.IgnoreCase a case-insensitive class is written as the
// lower-case members of its case closure (lowerFixed) when that needs no
// multi-code-point range of cased code points: regexp2 lower-cases such
// ranges with its own .NET table, which disagrees with Go's (and Python's)
// for some scripts (e.g. it maps U+10A0… to U+10D0…). Otherwise, and for
// case-sensitive classes with cased members, the exact set is wrapped in
// (?-i:…).
func (e *emitter) class(c *Class) {
	if len(c.Ranges) == 0 && len(c.Cats) == 1 && !c.Negate {
		ascii := c.Flags&FlagASCII != 0
		text := catText[0][c.Cats[0]]
		if ascii {
			text = catText[1][c.Cats[0]]
			if e.ci && (c.Cats[0] == CatWord || c.Cats[0] == CatNotWord) {
				text = "(?-i:" + text + ")"
			}
		}
		e.b.WriteString(text)
		return
	}
	ascii := c.Flags&FlagASCII != 0
	rs := normalize(slices.Clone(c.Ranges))
	fold := c.Flags&FlagIgnoreCase != 0
	if fold {
		rs = caseClose(rs, ascii)
	}
	if e.ci {
		switch {
		case fold && !ascii && !multiCased(rs):
			if lf := lowerFixed(rs); !multiCased(lf) {
				writeClassSet(&e.b, resolveClass(c, lf), c.Negate)
				return
			}
		case !fold && !hasCased(rs):
			writeClassSet(&e.b, resolveClass(c, rs), c.Negate)
			return
		}
		e.b.WriteString("(?-i:")
		writeClassSet(&e.b, resolveClass(c, rs), c.Negate)
		e.b.WriteByte(')')
		return
	}
	writeClassSet(&e.b, resolveClass(c, rs), c.Negate)
}

// multiCased reports whether a range of two or more code points in rs
// holds a cased code point.
func multiCased(rs []RuneRange) bool {
	for _, r := range rs {
		if r.Hi > r.Lo && hasCased([]RuneRange{r}) {
			return true
		}
	}
	return false
}

// pyClass returns the regexp2 text of a Python class for a case-sensitive
// regexp2 pattern.
func pyClass(c *Class) string {
	rs := normalize(slices.Clone(c.Ranges))
	if c.Flags&FlagIgnoreCase != 0 {
		rs = caseClose(rs, c.Flags&FlagASCII != 0)
	}
	var b strings.Builder
	writeClassSet(&b, resolveClass(c, rs), c.Negate)
	return b.String()
}

func writeClassSet(b *strings.Builder, s classSet, negate bool) {
	if s.all {
		if negate {
			b.WriteString(`[^\s\S]`)
		} else {
			b.WriteString(`[\s\S]`)
		}
		return
	}
	if negate {
		s.complement = !s.complement
	}
	t := s.terms
	if !s.complement {
		writeNetClass(b, &t)
		return
	}
	if t.sub == nil || t.sub.empty() {
		t.negate = true
		writeNetClass(b, &t)
		return
	}
	// ¬(A∖B) = everything ∖ (A∖B)
	writeBracketed(b, &netClass{ranges: []RuneRange{{0, maxRune}}, sub: &t})
}

// resolveClass computes the set of code points a class's items match
// (before its own negation), as .NET terms; rs are the class's ranges,
// normalized and, if need be, case-closed.
func resolveClass(c *Class, rs []RuneRange) classSet {
	ascii := c.Flags&FlagASCII != 0
	var pos, neg [CatNotWord + 1]bool
	for _, cat := range c.Cats {
		switch cat {
		case CatNotDigit, CatNotSpace, CatNotWord:
			neg[cat-1] = true
		default:
			pos[cat] = true
		}
	}
	if ascii {
		add := func(on bool, set []RuneRange) {
			if on {
				rs = append(rs, set...)
			}
		}
		add(pos[CatDigit], asciiDigit)
		add(pos[CatSpace], asciiSpace)
		add(pos[CatWord], asciiWord)
		add(neg[CatDigit], complement(asciiDigit))
		add(neg[CatSpace], complement(asciiSpace))
		add(neg[CatWord], complement(asciiWord))
		rs = normalize(rs)
		if len(rs) == 1 && rs[0] == (RuneRange{0, maxRune}) {
			return classSet{all: true}
		}
		return classSet{terms: netClass{ranges: rs}}
	}
	terms := [...]catTerms{CatDigit: digitTerms, CatSpace: spaceTerms, CatWord: wordTerms}
	var negCats []Category
	for _, cat := range []Category{CatDigit, CatSpace, CatWord} {
		if neg[cat] {
			negCats = append(negCats, cat)
		}
	}
	if len(negCats) == 0 {
		// R ∪ cats, minus the exceptions of the cats that R lacks.
		t := netClass{}
		var except []RuneRange
		for _, cat := range []Category{CatWord, CatDigit, CatSpace} {
			if pos[cat] {
				rs = append(rs, terms[cat].ranges...)
				t.cats = append(t.cats, terms[cat].cats...)
				except = append(except, terms[cat].except...)
			}
		}
		t.ranges = normalize(rs)
		if sub := subtract(normalize(except), t.ranges); len(sub) > 0 {
			t.sub = &netClass{ranges: sub}
		}
		return classSet{terms: t}
	}
	// The class holds ¬c for each c in negCats: their union is the
	// complement of the intersection of the cs, of which \d ⊂ \w and \s is
	// disjoint from both.
	var c0 Category
	switch {
	case len(negCats) == 1:
		c0 = negCats[0]
	case len(negCats) == 2 && negCats[0] == CatDigit && negCats[1] == CatWord:
		c0 = CatDigit
	default:
		return classSet{all: true}
	}
	if pos[c0] || c0 == CatDigit && pos[CatWord] {
		return classSet{all: true}
	}
	// R ∪ cats ∪ ¬c0 = ¬(c0 ∖ (R ∪ cats)); only \d can overlap c0 (= \w).
	inner := netClass{ranges: terms[c0].ranges, cats: terms[c0].cats}
	sub := &netClass{ranges: normalize(append(slices.Clone(terms[c0].except), rs...))}
	if c0 == CatWord && pos[CatDigit] {
		sub.cats = digitTerms.cats
	}
	if !sub.empty() {
		inner.sub = sub
	}
	return classSet{complement: true, terms: inner}
}
