package pyre

import (
	"unicode"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// single returns the code point of a one-code-point token, or -1.
func single(tok []rune) rune {
	if len(tok) == 1 {
		return tok[0]
	}
	return -1
}

// group parses what follows a '(' (already read). It returns nil for
// constructs that add nothing to the sequence: comments and global flags.
func (p *parser) group(nested int, first, hasItems bool) Node {
	src := p.src
	start := src.tell() - 1
	g := &Group{Kind: GroupCapture}
	var name []rune
	if src.match('?') {
		tok := src.get()
		if tok == nil {
			src.failAt("unexpected end of pattern", 0)
		}
		switch c := single(tok); {
		case c == 'P':
			switch {
			case src.match('<'):
				name = src.getUntil('>', "group name")
				if !isIdentifier(name) {
					src.failAt("bad character in group name "+reprName(name), len(name)+1)
				}
			case src.match('='):
				ref := src.getUntil(')', "group name")
				if !isIdentifier(ref) {
					src.failAt("bad character in group name "+reprName(ref), len(ref)+1)
				}
				gid, ok := p.names[string(ref)]
				if !ok {
					src.failAt("unknown group name "+reprName(ref), len(ref)+1)
				}
				if !p.closed[gid] {
					src.failAt("cannot refer to an open group", len(ref)+1)
				}
				p.checkLookbehindGroup(gid)
				return &Backref{Index: gid, Name: string(ref), Flags: p.nodeFlags()}
			default:
				t := src.get()
				if t == nil {
					src.failAt("unexpected end of pattern", 0)
				}
				src.failAt("unknown extension ?P"+pyval.FromRunes(t), len(t)+2)
			}
		case c == ':':
			g.Kind = GroupNonCapture
		case c == '#':
			for {
				if src.eof() {
					src.fail("missing ), unterminated comment", start)
				}
				if single(src.get()) == ')' {
					return nil
				}
			}
		case c == '=' || c == '!' || c == '<':
			return p.lookaround(c, nested, start)
		case c == '(':
			return p.conditional(nested, start)
		case c == '>':
			g.Kind = GroupAtomic
		case c == '-' || flagOf(c) != 0:
			global, add, del := p.parseFlags(c)
			if global {
				if !first || hasItems {
					src.fail("global flags not at the start of the expression", start)
				}
				p.scope = p.global
				return nil
			}
			g.Kind, g.AddFlags, g.DelFlags = GroupNonCapture, add, del
		default:
			src.failAt("unknown extension ?"+pyval.FromRunes(tok), len(tok)+1)
		}
	}
	if g.Kind == GroupCapture {
		p.groups++
		g.Index = p.groups
		p.closed = append(p.closed, false)
		p.groupNodes = append(p.groupNodes, nil)
		if name != nil {
			g.Name = string(name)
			if old, ok := p.names[g.Name]; ok {
				src.failAt("redefinition of group name "+reprName(name)+" as group "+itoa(g.Index)+
					"; was group "+itoa(old), len(name)+1)
			}
			p.names[g.Name] = g.Index
		}
	}
	saved := p.scope
	p.scope = combineFlags(p.scope, g.AddFlags, g.DelFlags)
	g.Sub = p.parseSub(nested + 1)
	p.scope = saved
	if !src.match(')') {
		src.fail("missing ), unterminated subpattern", start)
	}
	if g.Index > 0 {
		p.closed[g.Index] = true
		p.groupNodes[g.Index] = g
	}
	return g
}

// lookaround parses (?=…), (?!…), (?<=…) and (?<!…) after the c of "(?c".
func (p *parser) lookaround(c rune, nested, start int) Node {
	src := p.src
	g := &Group{}
	behind := c == '<'
	if behind {
		tok := src.get()
		if tok == nil {
			src.failAt("unexpected end of pattern", 0)
		}
		c = single(tok)
		if c != '=' && c != '!' {
			src.failAt("unknown extension ?<"+pyval.FromRunes(tok), len(tok)+2)
		}
	}
	outer := p.lbStart < 0
	if behind && outer {
		p.lbStart = p.groups
	}
	g.Sub = p.parseSub(nested + 1)
	if behind && outer {
		p.lbStart = -1
	}
	if !src.match(')') {
		src.fail("missing ), unterminated subpattern", start)
	}
	switch {
	case behind && c == '=':
		g.Kind = GroupLookBehind
	case behind:
		g.Kind = GroupNegLookBehind
	case c == '=':
		g.Kind = GroupLookAhead
	default:
		g.Kind = GroupNegLookAhead
	}
	return g
}

// conditional parses (?(group)yes|no) after its "(?(".
func (p *parser) conditional(nested, start int) Node {
	src := p.src
	cond := src.getUntil(')', "group name")
	n := &Conditional{}
	if isIdentifier(cond) {
		gid, ok := p.names[string(cond)]
		if !ok {
			src.failAt("unknown group name "+reprName(cond), len(cond)+1)
		}
		n.Index, n.Name = gid, string(cond)
	} else {
		digits, ok := pyInt(cond)
		if !ok {
			src.failAt("bad character in group name "+reprName(cond), len(cond)+1)
		}
		if digits == "0" {
			src.failAt("bad group number", len(cond)+1)
		}
		gid, small := smallInt(digits, maxGroups)
		if !small {
			src.failAt("invalid group reference "+digits, len(cond)+1)
		}
		n.Index = gid
		p.addCondRef(gid, src.tell()-len(cond)-1)
		if !asciiDigits(cond) {
			p.warn("DeprecationWarning", "bad character in group name "+reprName(cond), src.tell()-len(cond)-1)
		}
	}
	p.checkLookbehindGroup(n.Index)
	n.Yes = p.parseSeq(nested+1, false)
	n.No = &Empty{}
	if src.match('|') {
		n.No = p.parseSeq(nested+1, false)
		if src.peekIs('|') {
			src.failAt("conditional backref with more than two branches", 0)
		}
	}
	if !src.match(')') {
		src.fail("missing ), unterminated subpattern", start)
	}
	return n
}

func asciiDigits(s []rune) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(s) > 0
}

// addCondRef remembers the first position of a numeric conditional
// reference, checked once the group count is known.
func (p *parser) addCondRef(gid, pos int) {
	if p.condSeen[gid] {
		return
	}
	if p.condSeen == nil {
		p.condSeen = map[int]bool{}
	}
	p.condSeen[gid] = true
	p.condRefs = append(p.condRefs, condRef{gid, pos})
}

func flagOf(c rune) Flags {
	switch c {
	case 'i':
		return FlagIgnoreCase
	case 'L':
		return FlagLocale
	case 'm':
		return FlagMultiline
	case 's':
		return FlagDotAll
	case 'x':
		return FlagVerbose
	case 'a':
		return FlagASCII
	case 't':
		return FlagTemplate
	case 'u':
		return FlagUnicode
	}
	return 0
}

// isAlphaToken is Python's tok.isalpha() for a token.
func isAlphaToken(tok []rune) bool {
	for _, r := range tok {
		if !unicode.IsLetter(r) || inRanges(r, notPyWord) {
			return false
		}
	}
	return len(tok) > 0
}

// parseFlags parses inline flags after "(?", whose first character c has
// been read. It returns global for (?flags), else the scoped flags of
// (?flags-flags:.
func (p *parser) parseFlags(c rune) (global bool, add, del Flags) {
	src := p.src
	const globalOnly = FlagTemplate | FlagDebug
	if c != '-' {
		for {
			f := flagOf(c)
			if c == 'L' {
				src.failAt("bad inline flags: cannot use 'L' flag with a str pattern", 0)
			}
			add |= f
			if f&typeFlags != 0 && add&typeFlags != f {
				src.failAt("bad inline flags: flags 'a', 'u' and 'L' are incompatible", 0)
			}
			tok := src.get()
			if tok == nil {
				src.failAt("missing -, : or )", 0)
			}
			c = single(tok)
			if c == ')' || c == '-' || c == ':' {
				break
			}
			if flagOf(c) == 0 {
				msg := "missing -, : or )"
				if isAlphaToken(tok) {
					msg = "unknown flag"
				}
				src.failAt(msg, len(tok))
			}
		}
	}
	if c == ')' {
		p.global |= add
		return true, 0, 0
	}
	if add&globalOnly != 0 {
		src.failAt("bad inline flags: cannot turn on global flag", 1)
	}
	if c == '-' {
		tok := src.get()
		if tok == nil {
			src.failAt("missing flag", 0)
		}
		c = single(tok)
		if flagOf(c) == 0 {
			msg := "missing flag"
			if isAlphaToken(tok) {
				msg = "unknown flag"
			}
			src.failAt(msg, len(tok))
		}
		for {
			f := flagOf(c)
			if f&typeFlags != 0 {
				src.failAt("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", 0)
			}
			del |= f
			tok := src.get()
			if tok == nil {
				src.failAt("missing :", 0)
			}
			c = single(tok)
			if c == ':' {
				break
			}
			if flagOf(c) == 0 {
				msg := "missing :"
				if isAlphaToken(tok) {
					msg = "unknown flag"
				}
				src.failAt(msg, len(tok))
			}
		}
	}
	if del&globalOnly != 0 {
		src.failAt("bad inline flags: cannot turn off global flag", 1)
	}
	if add&del != 0 {
		src.failAt("bad inline flags: flag turned on and off", 1)
	}
	return false, add, del
}
