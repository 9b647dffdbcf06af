package pyre

import (
	"slices"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Escapes shared by both contexts: \a \f \n \r \t \v \\.
func simpleEscape(c rune) (rune, bool) {
	switch c {
	case 'a':
		return 7, true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case '\\':
		return '\\', true
	}
	return 0, false
}

func categoryEscape(c rune) Category {
	switch c {
	case 'd':
		return CatDigit
	case 'D':
		return CatNotDigit
	case 's':
		return CatSpace
	case 'S':
		return CatNotSpace
	case 'w':
		return CatWord
	case 'W':
		return CatNotWord
	}
	return 0
}

// plausibleCharName reports whether name could be a Unicode character name
// or alias: those use only A-Z, 0-9, space and hyphen (Python matches
// letters case-insensitively), with single spaces between words.
func plausibleCharName(name []rune) bool {
	for i, c := range name {
		switch {
		case isASCIILetter(c) || '0' <= c && c <= '9' || c == '-':
		case c == ' ' && i > 0 && i < len(name)-1 && name[i-1] != ' ':
		default:
			return false
		}
	}
	return true
}

func isASCIILetter(c rune) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func hexVal(rs []rune) rune {
	var v rune
	for _, c := range rs {
		v <<= 4
		switch {
		case c <= '9':
			v |= c - '0'
		case c <= 'F':
			v |= c - 'A' + 10
		default:
			v |= c - 'a' + 10
		}
	}
	return v
}

// codeEscape reads the rest of a \x, \u, \U or \N escape whose first token
// tok has been read; it is shared by both contexts.
func (p *parser) codeEscape(tok []rune) rune {
	src := p.src
	esc := append([]rune(nil), tok...)
	var n int
	switch tok[1] {
	case 'x':
		n = 2
	case 'u':
		n = 4
	case 'U':
		n = 8
	case 'N':
		if !src.match('{') {
			src.failAt("missing {", 0)
		}
		name := src.getUntil('}', "character name")
		if !plausibleCharName(name) {
			src.failAt("undefined character name "+reprName(name), len(name)+4)
		}
		p.unsupported(`\N{...} named character escapes are not supported`, src.tell()-len(name)-4)
	}
	for i := 0; i < n && src.peekHex(); i++ {
		esc = append(esc, src.get()...)
	}
	if len(esc) != n+2 {
		src.failAt("incomplete escape "+pyval.FromRunes(esc), len(esc))
	}
	v := hexVal(esc[2:])
	if tok[1] == 'U' && (v > 0x10FFFF || v < 0) {
		src.failAt("bad escape "+pyval.FromRunes(esc), len(esc))
	}
	return v
}

// escape parses an escape outside a class; tok (a backslash and one code
// point) has been read.
func (p *parser) escape(tok []rune) Node {
	src := p.src
	c := tok[1]
	fl := p.nodeFlags()
	switch c {
	case 'A':
		return &Anchor{Kind: AnchorBeginText, Flags: fl}
	case 'Z':
		return &Anchor{Kind: AnchorEndText, Flags: fl}
	case 'b':
		return &Anchor{Kind: AnchorWordBoundary, Flags: fl}
	case 'B':
		return &Anchor{Kind: AnchorNonWordBoundary, Flags: fl}
	case 'x', 'u', 'U', 'N':
		return &Literal{Rune: p.codeEscape(tok), Flags: fl}
	case '0':
		esc := append([]rune(nil), tok...)
		for i := 0; i < 2 && src.peekDigit(true); i++ {
			esc = append(esc, src.get()...)
		}
		return &Literal{Rune: octVal(esc[1:]), Flags: fl}
	}
	if cat := categoryEscape(c); cat != 0 {
		return &Class{Cats: []Category{cat}, Flags: fl}
	}
	if r, ok := simpleEscape(c); ok {
		return &Literal{Rune: r, Flags: fl}
	}
	if '1' <= c && c <= '9' {
		return p.numericEscape(tok)
	}
	if isASCIILetter(c) {
		src.failAt("bad escape "+pyval.FromRunes(tok), 2)
	}
	return &Literal{Rune: c, Flags: fl}
}

func octVal(rs []rune) rune {
	var v rune
	for _, c := range rs {
		v = v<<3 | (c - '0')
	}
	return v
}

// numericEscape parses \1 … \99 (a group reference) or a three-digit octal
// escape such as \123.
func (p *parser) numericEscape(tok []rune) Node {
	src := p.src
	esc := append([]rune(nil), tok...)
	if src.peekDigit(false) {
		esc = append(esc, src.get()...)
		if esc[1] <= '7' && esc[2] <= '7' && src.peekDigit(true) {
			esc = append(esc, src.get()...)
			v := octVal(esc[1:])
			if v > 0o377 {
				src.failAt("octal escape value "+pyval.FromRunes(esc)+" outside of range 0-0o377", len(esc))
			}
			return &Literal{Rune: v, Flags: p.nodeFlags()}
		}
	}
	group := 0
	for _, d := range esc[1:] {
		group = group*10 + int(d-'0')
	}
	if group <= p.groups {
		if !p.closed[group] {
			src.failAt("cannot refer to an open group", len(esc))
		}
		p.checkLookbehindGroup(group)
		return &Backref{Index: group, Flags: p.nodeFlags()}
	}
	src.failAt("invalid group reference "+itoa(group), len(esc)-1)
	return nil
}

// classItem is one element of a class: a code point or a category.
type classItem struct {
	r   rune
	cat Category
}

// classEscape parses an escape inside a class; tok has been read.
func (p *parser) classEscape(tok []rune) classItem {
	src := p.src
	c := tok[1]
	if r, ok := simpleEscape(c); ok {
		return classItem{r: r}
	}
	if c == 'b' {
		return classItem{r: '\b'}
	}
	if cat := categoryEscape(c); cat != 0 {
		return classItem{cat: cat}
	}
	switch {
	case c == 'x' || c == 'u' || c == 'U' || c == 'N':
		return classItem{r: p.codeEscape(tok)}
	case '0' <= c && c <= '7':
		esc := append([]rune(nil), tok...)
		for i := 0; i < 2 && src.peekDigit(true); i++ {
			esc = append(esc, src.get()...)
		}
		v := octVal(esc[1:])
		if v > 0o377 {
			src.failAt("octal escape value "+pyval.FromRunes(esc)+" outside of range 0-0o377", len(esc))
		}
		return classItem{r: v}
	case c == '8' || c == '9' || isASCIILetter(c):
		src.failAt("bad escape "+pyval.FromRunes(tok), 2)
	}
	return classItem{r: c}
}

// setOpName names the set operation Python warns that a doubled c may
// become.
func setOpName(c rune) string {
	switch c {
	case '-':
		return "difference"
	case '&':
		return "intersection"
	case '~':
		return "symmetric difference"
	case '|':
		return "union"
	}
	return ""
}

// class parses a [...] set; the '[' has been read.
func (p *parser) class() Node {
	src := p.src
	here := src.tell() - 1
	cl := &Class{Flags: p.nodeFlags()}
	if src.peekIs('[') {
		p.warn("FutureWarning", "Possible nested set", src.tell())
	}
	cl.Negate = src.match('^')
	first := true
	add := func(it classItem) {
		if it.cat != 0 {
			// Each category once: a class naming \w a hundred thousand
			// times matches what one does, and every consumer of Cats
			// (the linear path gathers each one's Unicode ranges) would
			// otherwise pay for every copy: a planted 1 MiB class took
			// 2 GB and 10 s to compile.
			if !slices.Contains(cl.Cats, it.cat) {
				cl.Cats = append(cl.Cats, it.cat)
			}
		} else {
			cl.Ranges = append(cl.Ranges, RuneRange{it.r, it.r})
		}
	}
	for ; ; first = false {
		this := src.get()
		if this == nil {
			src.fail("unterminated character set", here)
		}
		if len(this) == 1 && this[0] == ']' && !first {
			return cl
		}
		var it1 classItem
		if len(this) == 2 {
			it1 = p.classEscape(this)
		} else {
			it1 = classItem{r: this[0]}
			if op := setOpName(this[0]); op != "" && !first && src.peekIs(this[0]) {
				p.warn("FutureWarning", "Possible set "+op, src.tell()-1)
			}
		}
		if !src.match('-') {
			add(it1)
			continue
		}
		that := src.get()
		if that == nil {
			src.fail("unterminated character set", here)
		}
		if len(that) == 1 && that[0] == ']' {
			add(it1)
			add(classItem{r: '-'})
			return cl
		}
		var it2 classItem
		if len(that) == 2 {
			it2 = p.classEscape(that)
		} else {
			it2 = classItem{r: that[0]}
			if that[0] == '-' {
				p.warn("FutureWarning", "Possible set difference", src.tell()-2)
			}
		}
		if it1.cat != 0 || it2.cat != 0 || it2.r < it1.r {
			src.failAt("bad character range "+pyval.FromRunes(this)+"-"+pyval.FromRunes(that), len(this)+1+len(that))
		}
		cl.Ranges = append(cl.Ranges, RuneRange{it1.r, it2.r})
	}
}
