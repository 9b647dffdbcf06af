package pyre

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/dlclark/regexp2"
)

// Emit translates a parsed pattern into a github.com/dlclark/regexp2
// pattern (default .NET syntax, not RE2 mode) with the same meaning, and
// the regexp2 options to compile it with. It fails with an Unsupported
// *Error for the constructs listed in the package comment.
//
// The translation, node by node:
//   - capturing groups lose their names, so that .NET numbers them as
//     Python does; backreferences (\k<n>) and conditionals use numbers;
//   - case: when the pattern's global flags are IGNORECASE (and not
//     ASCII), opts is regexp2.IgnoreCase, which lower-cases subject and
//     pattern code points (unicode.ToLower) and compares them. Python
//     identifies more code points than that (foldOrbit: s/ſ, i/ı/İ, σ/ς,
//     …), so a literal whose Python case class has several lower-case
//     forms becomes a class of them ("s" → [s\x{17f}]), and classes use
//     their Python case closure. Parts that must match exactly (scoped
//     (?-i:…), ASCII-mode folding) are wrapped in (?-i:…); without global
//     IGNORECASE the closures are written out case-sensitively.
//     Backreferences compare code points by their simple lower case in both
//     engines;
//   - \d \s \w, their negations and classes holding them use Python's
//     definitions (see emit_class.go), \b and \B look-arounds on Python's
//     \w (see emit_boundary.go);
//   - \Z becomes \z; ^, $ and '.' keep their .NET meaning, which is
//     Python's, with (?m:^), (?m:$) and (?s:.) under MULTILINE and DOTALL;
//   - a possessive repeat X{m,n}+ becomes the atomic group (?>X{m,n}),
//     which is how Python defines it;
//   - repeat bounds above 2147483646 (.NET's limit) are clamped: an upper
//     bound becomes unbounded and a lower bound 2147483646, which only
//     matters for subjects of over two billion code points;
//   - every code point that is not an ASCII letter, digit or '_' is written
//     escaped (\x{…} or a backslash), so nothing in the output can be read
//     as .NET syntax Python does not have (class subtraction [a-[b]], \p,
//     named groups …).
func Emit(ast *AST) (expr string, opts regexp2.RegexOptions, err error) {
	return emit(ast, false)
}

// emit is Emit; with foldIS the output assumes subjects in which U+0131
// and U+017F have been replaced by 'i' and 's' (see foldsIS).
func emit(ast *AST, foldIS bool) (expr string, opts regexp2.RegexOptions, err error) {
	e := &emitter{pattern: ast.Pattern, ci: emitIgnoreCase(ast), foldIS: foldIS}
	e.b.Grow(2 * len(ast.Pattern))
	e.node(ast.Root)
	if e.err != nil {
		return "", 0, e.err
	}
	if e.ci {
		opts = regexp2.IgnoreCase
	}
	return e.b.String(), opts, nil
}

// emitIgnoreCase decides whether the translation uses regexp2.IgnoreCase:
// when the pattern's global flags are IGNORECASE without ASCII.
func emitIgnoreCase(ast *AST) bool {
	return ast.Flags&FlagIgnoreCase != 0 && ast.Flags&FlagASCII == 0
}

// MaxEmittedLen bounds a pattern's translation for regexp2. Python's \b,
// \w, \d and \s become Unicode classes: \b written 500,000 times (1 MiB,
// within MaxPatternLen) took a hook 3.7 GB to build and search, and a
// hook the kernel kills for its memory makes no decision (the agent runs
// the call). The longest translation of the corpus's patterns is 1,761
// bytes; a megabyte is about 40 MB of regexp2 program.
const MaxEmittedLen = 1 << 20

type emitter struct {
	b       strings.Builder
	pattern string
	ci      bool // the output runs under regexp2.IgnoreCase
	foldIS  bool // subjects have ı and ſ replaced by i and s
	err     *Error
}

// foldsIS reports whether a pattern cannot tell U+0131 (ı) from 'i' nor
// U+017F (ſ) from 's', so that searches may replace them in the subject and
// the translation can keep "i" and "s" as plain literals under
// regexp2.IgnoreCase (which lets regexp2 scan for literal strings; [iı]
// and [sſ] would split them). Python's IGNORECASE identifies each pair;
// what can tell them apart is case-sensitive or ASCII-mode matching
// ((?-i:…), (?a)) and backreferences, which compare lower case (ı and i
// differ).
func foldsIS(ast *AST) bool {
	if !emitIgnoreCase(ast) {
		return false
	}
	same := func(has func(rune) bool) bool { return has('i') == has(0x131) && has('s') == has(0x17F) }
	ok := true
	Walk(ast.Root, func(n Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *Backref:
			ok = false
		case *Literal:
			if n.Flags&(FlagIgnoreCase|FlagASCII) != FlagIgnoreCase { // else Python identifies each pair
				ok = same(func(r rune) bool {
					return r == n.Rune || n.IgnoreCase() && isASCIILetter(n.Rune) && r == n.Rune^0x20
				})
			}
		case *Class:
			if n.Flags&(FlagIgnoreCase|FlagASCII) != FlagIgnoreCase {
				ok = same(n.Contains)
			}
		case *Anchor:
			if n.Kind >= AnchorWordBoundary && n.Flags&FlagASCII != 0 {
				ok = false // 'i' is an ASCII word character, U+0131 is not
			}
		}
		return ok
	})
	return ok
}

func (e *emitter) unsupported(msg string) {
	if e.err == nil {
		e.err = &Error{Msg: msg, Pattern: e.pattern, Pos: -1, Unsupported: true}
	}
}

// maxNetCount is the largest repeat bound regexp2 keeps exact.
const maxNetCount = math.MaxInt32 - 1

// full reports whether emission must stop: an error, or a translation
// past MaxEmittedLen (which becomes the error).
func (e *emitter) full() bool {
	if e.err == nil && e.b.Len() > MaxEmittedLen {
		e.err = &Error{Msg: fmt.Sprintf("pattern of %d bytes translates to more than %d bytes: hookifyc searches no pattern that large (each \\b, \\w or \\d becomes a long Unicode class)", len(e.pattern), MaxEmittedLen),
			Pattern: e.pattern, Pos: -1, Unsupported: true, tooLarge: true}
	}
	return e.err != nil
}

func (e *emitter) node(n Node) {
	if e.full() {
		return
	}
	switch n := n.(type) {
	case *Empty:
	case *Literal:
		e.literal(n)
	case *Any:
		if n.DotAll() {
			e.b.WriteString(`(?s:.)`)
		} else {
			e.b.WriteByte('.')
		}
	case *Class:
		e.class(n)
	case *Anchor:
		e.anchor(n, unknownKind, unknownKind)
	case *Group:
		e.group(n)
	case *Backref:
		e.backref(n)
	case *Conditional:
		e.b.WriteString("(?(")
		e.b.WriteString(strconv.Itoa(n.Index))
		e.b.WriteByte(')')
		e.node(n.Yes)
		e.b.WriteByte('|')
		e.node(n.No)
		e.b.WriteByte(')')
	case *Repeat:
		e.repeat(n)
	case *Concat:
		e.concat(n)
	case *Alternate:
		if len(n.Subs) == 0 {
			e.b.WriteString("(?!)") // no alternative can match
		}
		for i, s := range n.Subs {
			if i > 0 {
				e.b.WriteByte('|')
			}
			e.node(s)
		}
	}
}

// atom emits n so that a quantifier or a neighbour cannot split it.
func (e *emitter) atom(n Node) {
	switch n.(type) {
	case *Literal, *Any, *Class, *Group, *Backref, *Conditional:
		e.node(n)
	default:
		e.b.WriteString("(?:")
		e.node(n)
		e.b.WriteByte(')')
	}
}

func (e *emitter) literal(l *Literal) {
	c := l.Rune
	ascii := l.Flags&FlagASCII != 0
	if l.IgnoreCase() && !ascii {
		if c < 0x80 && e.ci { // fast path; U+0130 lower-cases to 'i' by itself
			switch c | 0x20 {
			case 'i', 's':
				if e.foldIS {
					writeRune(&e.b, c)
					return
				}
				if c|0x20 == 's' {
					e.b.WriteString(`[s\x{17f}]`)
				} else {
					e.b.WriteString(`[i\x{131}]`)
				}
			default:
				writeRune(&e.b, c)
			}
			return
		}
		orbit := foldOrbit(c, false)
		switch {
		case len(orbit) == 1:
			writeRune(&e.b, c) // uncased: no other code point lower-cases like c
		case e.ci && sameLower(orbit):
			writeRune(&e.b, c) // regexp2's lower-casing is Python's here
		default:
			rs := make([]RuneRange, 0, len(orbit))
			for _, r := range orbit {
				if !e.ci || unicode.ToLower(r) == r { // see lowerFixed
					rs = append(rs, RuneRange{r, r})
				}
			}
			writeNetClass(&e.b, &netClass{ranges: normalize(rs)})
		}
		return
	}
	if !l.IgnoreCase() || !isASCIILetter(c) {
		if e.ci && (unicode.SimpleFold(c) != c || unicode.ToLower(c) != c) {
			e.b.WriteString("(?-i:")
			writeRune(&e.b, c)
			e.b.WriteByte(')')
			return
		}
		writeRune(&e.b, c)
		return
	}
	lo := c | 0x20 // ASCII case folding: both cases, and only them
	rs := []RuneRange{{lo - 0x20, lo - 0x20}, {lo, lo}}
	e.exact(&netClass{ranges: rs}, rs)
}

// sameLower reports whether all of rs lower-case to the same code point.
func sameLower(rs []rune) bool {
	l := unicode.ToLower(rs[0])
	for _, r := range rs[1:] {
		if unicode.ToLower(r) != l {
			return false
		}
	}
	return true
}

// exact writes a class that must match exactly its members: under
// regexp2.IgnoreCase it is wrapped in (?-i:…) when its explicit ranges hold
// cased code points.
func (e *emitter) exact(n *netClass, ranges []RuneRange) {
	wrap := e.ci && hasCased(ranges)
	if wrap {
		e.b.WriteString("(?-i:")
	}
	writeNetClass(&e.b, n)
	if wrap {
		e.b.WriteByte(')')
	}
}

// writeRune writes r as a regexp2 literal outside a class.
func writeRune(b *strings.Builder, r rune) {
	switch {
	case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_':
		b.WriteRune(r)
	case r > ' ' && r < 0x7f || r == ' ':
		b.WriteByte('\\')
		b.WriteRune(r)
	default:
		writeHexRune(b, r)
	}
}

// writeHexRune writes r as \x{HEX}, which regexp2 reads in and out of
// classes.
func writeHexRune(b *strings.Builder, r rune) {
	b.WriteString(`\x{`)
	b.WriteString(strconv.FormatInt(int64(r), 16))
	b.WriteByte('}')
}

func (e *emitter) group(g *Group) {
	switch g.Kind {
	case GroupCapture:
		e.b.WriteByte('(')
	case GroupNonCapture:
		e.b.WriteString("(?:")
	case GroupAtomic:
		e.b.WriteString("(?>")
	case GroupLookAhead:
		e.b.WriteString("(?=")
	case GroupNegLookAhead:
		e.b.WriteString("(?!")
	case GroupLookBehind:
		e.b.WriteString("(?<=")
	case GroupNegLookBehind:
		e.b.WriteString("(?<!")
	}
	e.node(g.Sub)
	e.b.WriteByte(')')
}

func (e *emitter) backref(r *Backref) {
	ref := `\k<` + strconv.Itoa(r.Index) + `>`
	switch {
	case r.IgnoreCase() && r.Flags&FlagASCII != 0:
		e.unsupported("backreference with ASCII and IGNORECASE flags is not supported")
	case r.IgnoreCase() == e.ci:
		e.b.WriteString(ref)
	case e.ci:
		e.b.WriteString(`(?-i:` + ref + `)`)
	default:
		e.b.WriteString(`(?i:` + ref + `)`)
	}
}

func (e *emitter) repeat(r *Repeat) {
	if r.Mode == Possessive {
		e.b.WriteString("(?>")
	}
	e.atom(r.Sub)
	lo, hi := min(r.Min, maxNetCount), r.Max
	if hi > maxNetCount {
		hi = Unbounded
	}
	switch {
	case lo == 0 && hi == Unbounded:
		e.b.WriteByte('*')
	case lo == 1 && hi == Unbounded:
		e.b.WriteByte('+')
	case lo == 0 && hi == 1:
		e.b.WriteByte('?')
	case hi == Unbounded:
		e.b.WriteString("{" + strconv.Itoa(lo) + ",}")
	case lo == hi:
		e.b.WriteString("{" + strconv.Itoa(lo) + "}")
	default:
		e.b.WriteString("{" + strconv.Itoa(lo) + "," + strconv.Itoa(hi) + "}")
	}
	switch r.Mode {
	case Lazy:
		e.b.WriteByte('?')
	case Possessive:
		e.b.WriteByte(')')
	}
}

func (e *emitter) concat(c *Concat) {
	for i, s := range c.Subs {
		if a, ok := s.(*Anchor); ok && (a.Kind == AnchorWordBoundary || a.Kind == AnchorNonWordBoundary) {
			ascii := a.Flags&FlagASCII != 0
			prev, next := unknownKind, unknownKind
			if i > 0 {
				prev = charKind(c.Subs[i-1], true, ascii)
			}
			if i+1 < len(c.Subs) {
				next = charKind(c.Subs[i+1], false, ascii)
			}
			e.anchor(a, prev, next)
			continue
		}
		switch s.(type) {
		case *Alternate:
			e.atom(s)
		default:
			e.node(s)
		}
	}
}

func (e *emitter) anchor(a *Anchor, prev, next wordKind) {
	if e.full() {
		return
	}
	switch a.Kind {
	case AnchorBeginText:
		e.b.WriteString(`\A`)
	case AnchorBeginLine:
		e.b.WriteString(`(?m:^)`)
	case AnchorEnd:
		e.b.WriteString(`$`)
	case AnchorEndLine:
		e.b.WriteString(`(?m:$)`)
	case AnchorEndText:
		e.b.WriteString(`\z`)
	default:
		e.b.WriteString(boundary(a.Kind == AnchorWordBoundary, a.Flags&FlagASCII != 0, e.ci, prev, next))
	}
}
