package pyre

import (
	"math"
	"strconv"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Python's limits (sre_constants.MAXREPEAT and MAXGROUPS on 64-bit builds).
const (
	maxRepeat = 4294967295 // repeat counts must be below this
	maxGroups = 1073741823 // group numbers must be below this
)

// maxParseDepth bounds the nesting that Python's recursive parser survives.
// Python parses a sequence and an alternation in one stack frame each, so
// a group costs two frames and a conditional branch one. From a top-level
// call CPython 3.11.7 fails at 993 such frames (496 nested groups); hookify
// calls re.compile five frames deeper, hence 987. The exact limit depends
// on the caller's stack and on what the innermost level contains, so
// patterns within a few frames of it may diverge.
const maxParseDepth = 987

// parseFlagsAllowed are the flags Parse and Compile accept.
const parseFlagsAllowed = FlagIgnoreCase | FlagMultiline | FlagDotAll | FlagUnicode | FlagVerbose | FlagASCII | FlagLocale

type condRef struct{ group, pos int }

type parser struct {
	src *source
	// global is Python's state.flags: the flags given plus leading global
	// inline flags; scope is the flags in effect at the current point.
	global, scope Flags
	groups        int      // capturing groups opened so far
	closed        []bool   // closed[g]: group g has been closed
	groupNodes    []*Group // groupNodes[g]: group g, once closed
	names         map[string]int
	lbStart       int       // groups opened before the outermost enclosing look-behind, or -1
	condRefs      []condRef // first reference to each group, in order
	condSeen      map[int]bool
	depth         int
	lits          []Literal // allocation slab for literals
	warnings      []Warning
}

func (p *parser) warn(category, msg string, pos int) {
	p.warnings = append(p.warnings, Warning{category, msg + " at position " + strconv.Itoa(pos), pos})
}

// literal returns a new literal (allocated in chunks: patterns are mostly
// literals).
func (p *parser) literal(r rune) *Literal {
	if len(p.lits) == cap(p.lits) {
		p.lits = make([]Literal, 0, 16)
	}
	p.lits = append(p.lits, Literal{Rune: r, Flags: p.nodeFlags()})
	return &p.lits[len(p.lits)-1]
}

// Parse parses a Python regular expression as re.compile(pattern, flags)
// does and returns its syntax tree, or an *Error with Python's message for
// a pattern Python rejects (or Unsupported for one this package cannot
// handle). hookify passes FlagIgnoreCase.
func Parse(pattern string, flags Flags) (ast *AST, err error) {
	if flags&^parseFlagsAllowed != 0 {
		return nil, &Error{Msg: "flags " + strconv.Itoa(int(flags&^parseFlagsAllowed)) + " are not supported",
			Pattern: pattern, Pos: -1, Unsupported: true}
	}
	var p *parser
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(parseFailure)
			if !ok {
				panic(r)
			}
			if f.err.Warnings == nil && p != nil {
				f.err.Warnings = p.warnings
			}
			ast, err = nil, f.err
		}
	}()
	p = &parser{
		src:     newSource(pattern),
		global:  flags,
		scope:   flags,
		closed:  []bool{false},
		names:   map[string]int{},
		lbStart: -1,
		// groupNodes[0] stands for the whole match.
		groupNodes: []*Group{nil},
	}
	root := p.parseSub(0)
	p.fixFlags()
	if !p.src.eof() {
		p.src.failAt("unbalanced parenthesis", 0)
	}
	for _, c := range p.condRefs {
		if c.group > p.groups {
			p.src.fail("invalid group reference "+strconv.Itoa(c.group), c.pos)
		}
	}
	ast = &AST{Pattern: pattern, Root: root, Flags: p.global, Groups: p.groups, Names: p.names, Warnings: p.warnings}
	if e := checkCompile(ast, p.groupNodes); e != nil {
		e.Warnings = p.warnings
		return nil, e
	}
	return ast, nil
}

// fixFlags applies Python's checks on the final global flags of a str
// pattern, and adds FlagUnicode unless FlagASCII is set.
func (p *parser) fixFlags() {
	fail := func(msg string) {
		panic(parseFailure{&Error{Msg: msg, Pattern: p.src.pattern, Pos: -1, Exception: ExcValueError}})
	}
	if p.global&FlagLocale != 0 {
		fail("cannot use LOCALE flag with a str pattern")
	}
	if p.global&FlagASCII == 0 {
		p.global |= FlagUnicode
	} else if p.global&FlagUnicode != 0 {
		fail("ASCII and UNICODE flags are incompatible")
	}
}

// nodeFlags returns the flags for a node created now.
func (p *parser) nodeFlags() Flags {
	f := p.scope
	if f&typeFlags == 0 {
		f |= FlagUnicode
	}
	return f
}

// combineFlags is Python's rule for (?add-del:…): a type flag (a, u, L)
// replaces the current one.
func combineFlags(f, add, del Flags) Flags {
	if add&typeFlags != 0 {
		f &^= typeFlags
	}
	return (f | add) &^ del
}

// unsupported aborts with an Unsupported error.
func (p *parser) unsupported(msg string, pos int) {
	panic(parseFailure{&Error{Msg: msg, Pattern: p.src.pattern, Pos: pos, Unsupported: true}})
}

// enter accounts for one Python parser stack frame.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxParseDepth {
		panic(parseFailure{&Error{Msg: "maximum recursion depth exceeded", Pattern: p.src.pattern,
			Pos: -1, Exception: ExcRecursionError}})
	}
}

func (p *parser) leave() { p.depth-- }

// parseSub parses alternatives up to an unmatched ')' or the end.
func (p *parser) parseSub(nested int) Node {
	p.enter()
	defer p.leave()
	var alts []Node
	for {
		alts = append(alts, p.parseSeq(nested+1, nested == 0 && len(alts) == 0))
		if !p.src.match('|') {
			break
		}
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &Alternate{Subs: alts}
}

func isVerboseSpace(c rune) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// parseSeq parses one alternative: items up to '|', ')' or the end. first
// is set for the first alternative of the whole pattern, where global
// flags may appear.
func (p *parser) parseSeq(nested int, first bool) Node {
	p.enter()
	defer p.leave()
	src := p.src
	items := make([]Node, 0, 8)
	for !src.eof() && !src.peekIs('|') && !src.peekIs(')') {
		tok := src.get()
		if p.scope&FlagVerbose != 0 && len(tok) == 1 {
			if isVerboseSpace(tok[0]) {
				continue
			}
			if tok[0] == '#' {
				for t := src.get(); t != nil && !(len(t) == 1 && t[0] == '\n'); t = src.get() {
				}
				continue
			}
		}
		if len(tok) == 2 {
			items = append(items, p.escape(tok))
			continue
		}
		switch c := tok[0]; c {
		case '[':
			items = append(items, p.class())
		case '*', '+', '?', '{':
			items = p.repeat(c, items)
		case '.':
			items = append(items, &Any{Flags: p.nodeFlags()})
		case '(':
			if n := p.group(nested, first, len(items) > 0); n != nil {
				items = append(items, n)
			}
		case '^':
			k := AnchorBeginText
			if p.scope&FlagMultiline != 0 {
				k = AnchorBeginLine
			}
			items = append(items, &Anchor{Kind: k, Flags: p.nodeFlags()})
		case '$':
			k := AnchorEnd
			if p.scope&FlagMultiline != 0 {
				k = AnchorEndLine
			}
			items = append(items, &Anchor{Kind: k, Flags: p.nodeFlags()})
		default:
			items = append(items, p.literal(c))
		}
	}
	switch len(items) {
	case 0:
		return &Empty{}
	case 1:
		return items[0]
	}
	return &Concat{Subs: items}
}

// repeatCount converts the digits of a {m,n} bound; ok is false when the
// count is not below Python's MAXREPEAT. On 32-bit platforms a count above
// the largest int is clamped to it (only a subject of more than two
// billion code points could tell).
func repeatCount(digits []rune) (n int, ok bool) {
	var v int64
	for _, d := range digits {
		v = v*10 + int64(d-'0')
		if v >= maxRepeat {
			return 0, false
		}
	}
	return int(min(v, int64(math.MaxInt))), true
}

// repeat applies the repeat operator c (already read) to the last item.
func (p *parser) repeat(c rune, items []Node) []Node {
	src := p.src
	here := src.tell()
	lo, hi := 0, Unbounded
	switch c {
	case '?':
		hi = 1
	case '+':
		lo = 1
	case '{':
		if src.peekIs('}') {
			return append(items, &Literal{Rune: '{', Flags: p.nodeFlags()})
		}
		var loDigits, hiDigits []rune
		for src.peekDigit(false) {
			loDigits = append(loDigits, src.get()...)
		}
		if src.match(',') {
			for src.peekDigit(false) {
				hiDigits = append(hiDigits, src.get()...)
			}
		} else {
			hiDigits = loDigits
		}
		if !src.match('}') {
			src.seek(here)
			return append(items, &Literal{Rune: '{', Flags: p.nodeFlags()})
		}
		overflow := func() {
			panic(parseFailure{&Error{Msg: "the repetition number is too large", Pattern: src.pattern,
				Pos: -1, Exception: ExcOverflowError}})
		}
		var ok bool
		if len(loDigits) > 0 {
			if lo, ok = repeatCount(loDigits); !ok {
				overflow()
			}
		}
		if len(hiDigits) > 0 {
			if hi, ok = repeatCount(hiDigits); !ok {
				overflow()
			}
			if hi < lo {
				src.failAt("min repeat greater than max repeat", src.tell()-here)
			}
		}
	}
	opPos := here - 1
	if len(items) == 0 {
		src.fail("nothing to repeat", opPos)
	}
	last := items[len(items)-1]
	switch last.(type) {
	case *Anchor:
		src.fail("nothing to repeat", opPos)
	case *Repeat:
		src.fail("multiple repeat", opPos)
	}
	mode := Greedy
	if src.match('?') {
		mode = Lazy
	} else if src.match('+') {
		mode = Possessive
	}
	items[len(items)-1] = &Repeat{Min: lo, Max: hi, Mode: mode, Sub: last}
	return items
}

// checkLookbehindGroup rejects, inside a look-behind, references to groups
// that are open or that the same look-behind defines.
func (p *parser) checkLookbehindGroup(gid int) {
	if p.lbStart < 0 {
		return
	}
	if gid > p.groups || !p.closed[gid] {
		p.src.failAt("cannot refer to an open group", 0)
	}
	if gid > p.lbStart {
		p.src.failAt("cannot refer to group defined in the same lookbehind subpattern", 0)
	}
}

// reprName is Python's repr() of a group name, for error messages.
func reprName(name []rune) string { return pyval.Repr(pyval.Str(pyval.FromRunes(name))) }

func itoa(n int) string { return strconv.Itoa(n) }
