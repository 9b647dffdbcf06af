package pyre

import (
	"strings"

	"github.com/hookifyc/hookifyc/internal/bincode"
)

// The linear path.
//
// A search only has to say whether a match exists. For a pattern built
// from literals, '.', classes, anchors (\A ^ $ \Z \b \B, with or without
// MULTILINE), groups, alternation and repeats (greedy or lazy), that answer
// is the same under backtracking as under any other exhaustive exploration
// of the pattern's paths: a backtracking matcher returns a match as soon as
// one path from some start position succeeds, and it tries every path
// before giving up (greedy and lazy repeats only change the order). The
// constructs that break this are the ones whose outcome depends on the
// order or on what was captured: backreferences, conditionals, atomic
// groups and possessive repeats (which cut paths off), and look-arounds
// (which are not part of the path). Patterns with any of those keep the
// regexp2 path; every other pattern is compiled into a Thompson NFA over
// code points (linProg) and searched with a lazily built DFA (dfa.go), in
// time linear in the subject and without a timeout.
//
// The NFA spells out Python's meaning itself, with the definitions the
// regexp2 translation uses (see linear_sets.go): each consuming item is
// the explicit set of code points Python accepts for it (case folding,
// Unicode 14.0 categories, ASCII mode), and each anchor is one of Python's
// assertions, evaluated on the subject's code points (dfa.go, holds):
//
//   - \A and ^: at the start; (?m)^: at the start or after '\n';
//   - $: at the end, or before a '\n' that is the last code point; (?m)$:
//     at the end or before any '\n'; \Z: at the end;
//   - \b: between a word and a non-word code point (Python's \w, Unicode or
//     ASCII as the anchor's flags say; the subject's ends count as
//     non-word); \B: anywhere else, but never in an empty subject.
//
// Repeats are expanded (x{2,4} is xxx?x?, x{2,} is xx+), up to maxLinearInsts
// instructions; a bigger pattern keeps the regexp2 path.

// Bounds of the linear path. maxLinearInsts bounds the NFA's size (the
// DFA's cost per new state is proportional to it); maxLinearSets and
// maxLinearRanges bound the work and memory of partitioning the code points
// into classes (dfa.go). A pattern past them keeps the regexp2 path.
const (
	maxLinearInsts  = 20000
	maxLinearSets   = 256
	maxLinearRanges = 1 << 16
)

type linOp uint8

const (
	linRune   linOp = iota + 1 // consume a code point in sets[arg], then out
	linSplit                   // continue at out and at out1
	linNop                     // continue at out
	linAssert                  // continue at out if assertion arg holds
	linMatch                   // a match
	linFail                    // no way on (an empty alternation)
)

// Assertions (linAssert's arg).
const (
	asBeginText    = iota + 1 // \A, ^
	asBeginLine               // (?m)^
	asEnd                     // $
	asEndLine                 // (?m)$
	asEndText                 // \Z
	asWord                    // \b, Unicode
	asNotWord                 // \B, Unicode
	asWordASCII               // \b, (?a)
	asNotWordASCII            // \B, (?a)
	asLast         = asNotWordASCII
)

type linInst struct {
	op   linOp
	arg  uint32
	out  uint32
	out1 uint32
}

// linProg is the NFA of a linear pattern. An unanchored search starts a
// thread at start at every position.
type linProg struct {
	insts []linInst
	sets  [][]RuneRange // normalized code point sets of the linRune instructions
	start uint32
}

// linearizable reports whether the pattern has only constructs whose
// existence of a match an automaton decides (see above).
func linearizable(n Node) bool {
	ok := true
	Walk(n, func(n Node) bool {
		switch n := n.(type) {
		case *Backref, *Conditional:
			ok = false
		case *Group:
			if n.Kind != GroupCapture && n.Kind != GroupNonCapture {
				ok = false
			}
		case *Repeat:
			if n.Mode == Possessive {
				ok = false
			}
		case *Empty, *Literal, *Any, *Class, *Anchor, *Concat, *Alternate:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// compileLinear returns the NFA of ast, or nil when the pattern has no
// linear path.
func compileLinear(ast *AST) *linProg {
	if !linearizable(ast.Root) {
		return nil
	}
	c := &linCompiler{prog: &linProg{}, setIx: map[string]uint32{}}
	f := c.node(ast.Root)
	m := c.inst(linInst{op: linMatch})
	if c.tooBig {
		return nil
	}
	c.patch(f.holes, m)
	c.prog.start = f.start
	if !c.prog.withinBounds() {
		return nil
	}
	return c.prog
}

// withinBounds checks the limits on sets (see maxLinearSets).
func (p *linProg) withinBounds() bool {
	if len(p.insts) > maxLinearInsts || len(p.sets) > maxLinearSets {
		return false
	}
	n := 0
	for _, rs := range p.sets {
		n += len(rs)
	}
	return n <= maxLinearRanges
}

// A hole is an unset successor: instruction index << 1 | (1 for out1).
type hole uint32

type frag struct {
	start uint32
	holes []hole
}

type linCompiler struct {
	prog   *linProg
	setIx  map[string]uint32
	tooBig bool
	key    []byte
	ranges int // in sets so far
	// nodeSet: the set of each consuming node compiled so far.
	nodeSet map[Node]uint32
}

func (c *linCompiler) inst(in linInst) uint32 {
	if len(c.prog.insts) >= maxLinearInsts {
		c.tooBig = true
		return 0
	}
	c.prog.insts = append(c.prog.insts, in)
	return uint32(len(c.prog.insts) - 1)
}

func (c *linCompiler) patch(hs []hole, to uint32) {
	if c.tooBig {
		return
	}
	for _, h := range hs {
		in := &c.prog.insts[h>>1]
		if h&1 == 0 {
			in.out = to
		} else {
			in.out1 = to
		}
	}
}

// set interns a code point set.
func (c *linCompiler) set(rs []RuneRange) uint32 {
	c.key = c.key[:0]
	for _, r := range rs {
		c.key = bincode.AppendUint(c.key, uint64(r.Lo))
		c.key = bincode.AppendUint(c.key, uint64(r.Hi))
	}
	if i, ok := c.setIx[string(c.key)]; ok {
		return i
	}
	c.ranges += len(rs)
	if len(c.prog.sets) >= maxLinearSets || c.ranges > maxLinearRanges {
		c.tooBig = true
		return 0
	}
	i := uint32(len(c.prog.sets))
	c.prog.sets = append(c.prog.sets, rs)
	c.setIx[string(c.key)] = i
	return i
}

func (c *linCompiler) one(in linInst) frag {
	i := c.inst(in)
	return frag{start: i, holes: []hole{hole(i << 1)}}
}

// consume compiles an item that consumes one code point of the set
// setOf(n) computes; the set of a node repeated by expansion is computed
// once.
func (c *linCompiler) consume(n Node, setOf func() []RuneRange) frag {
	k, ok := c.nodeSet[n]
	if !ok {
		k = c.set(setOf())
		if c.nodeSet == nil {
			c.nodeSet = map[Node]uint32{}
		}
		c.nodeSet[n] = k
	}
	return c.one(linInst{op: linRune, arg: k})
}

func (c *linCompiler) node(n Node) frag {
	if c.tooBig {
		return frag{}
	}
	switch n := n.(type) {
	case *Empty:
		return c.one(linInst{op: linNop})
	case *Literal:
		return c.consume(n, func() []RuneRange { return literalSet(n) })
	case *Any:
		return c.consume(n, func() []RuneRange { return anySet(n) })
	case *Class:
		return c.consume(n, func() []RuneRange { return classSetOf(n) })
	case *Anchor:
		return c.one(linInst{op: linAssert, arg: anchorAssertion(n)})
	case *Group:
		return c.node(n.Sub)
	case *Concat:
		if len(n.Subs) == 0 {
			return c.one(linInst{op: linNop})
		}
		f := c.node(n.Subs[0])
		for _, s := range n.Subs[1:] {
			g := c.node(s)
			c.patch(f.holes, g.start)
			f.holes = g.holes
		}
		return f
	case *Alternate:
		if len(n.Subs) == 0 {
			return frag{start: c.inst(linInst{op: linFail})}
		}
		return c.alternate(n.Subs)
	case *Repeat:
		return c.repeat(n)
	}
	c.tooBig = true // not reached: linearizable rejects every other node
	return frag{}
}

func (c *linCompiler) alternate(subs []Node) frag {
	// A chain of splits, each preferring its alternative and falling
	// through to the next split (the last alternative has none), built in
	// one pass: a pattern can hold millions of alternatives, too many for
	// one stack frame each or for copying the holes at every link.
	var out frag
	open := -1 // the split whose second branch waits for the next link
	for i, sub := range subs {
		f := c.node(sub)
		if c.tooBig {
			return frag{}
		}
		start := f.start
		if i < len(subs)-1 {
			start = c.inst(linInst{op: linSplit, out: f.start})
			if c.tooBig {
				return frag{}
			}
		}
		if open < 0 {
			out.start = start
		} else {
			c.prog.insts[open].out1 = start
		}
		open = int(start)
		out.holes = append(out.holes, f.holes...)
	}
	return out
}

// repeat expands x{m,n}: m copies of x, then x* (or x+ for the last
// mandatory copy) when unbounded, else n-m optional copies.
func (c *linCompiler) repeat(r *Repeat) frag {
	if r.Min > maxLinearInsts || r.Max > maxLinearInsts {
		c.tooBig = true
		return frag{}
	}
	var f frag
	started := false
	add := func(g frag) {
		if !started {
			f, started = g, true
			return
		}
		c.patch(f.holes, g.start)
		f.holes = g.holes
	}
	mandatory := r.Min
	if r.Max == Unbounded && mandatory > 0 {
		mandatory-- // the last copy is the loop's body: x+
	}
	for i := 0; i < mandatory && !c.tooBig; i++ {
		add(c.node(r.Sub))
	}
	switch {
	case r.Max == Unbounded && r.Min > 0: // x+
		body := c.node(r.Sub)
		split := c.inst(linInst{op: linSplit, out: body.start})
		c.patch(body.holes, split)
		add(frag{start: body.start, holes: []hole{hole(split<<1 | 1)}})
	case r.Max == Unbounded: // x*
		split := c.inst(linInst{op: linSplit})
		body := c.node(r.Sub)
		if c.tooBig {
			return frag{}
		}
		c.prog.insts[split].out = body.start
		c.patch(body.holes, split)
		add(frag{start: split, holes: []hole{hole(split<<1 | 1)}})
	default:
		for i := r.Min; i < r.Max && !c.tooBig; i++ { // x?
			split := c.inst(linInst{op: linSplit})
			body := c.node(r.Sub)
			if c.tooBig {
				return frag{}
			}
			c.prog.insts[split].out = body.start
			add(frag{start: split, holes: append(body.holes, hole(split<<1|1))})
		}
	}
	if !started { // x{0} or x{0,0}
		return c.one(linInst{op: linNop})
	}
	return f
}

func anchorAssertion(a *Anchor) uint32 {
	ascii := a.Flags&FlagASCII != 0
	switch a.Kind {
	case AnchorBeginText:
		return asBeginText
	case AnchorBeginLine:
		return asBeginLine
	case AnchorEnd:
		return asEnd
	case AnchorEndLine:
		return asEndLine
	case AnchorEndText:
		return asEndText
	case AnchorWordBoundary:
		if ascii {
			return asWordASCII
		}
		return asWord
	case AnchorNonWordBoundary:
		if ascii {
			return asNotWordASCII
		}
		return asNotWord
	}
	return asEndText // not reached: the parser makes no other kind
}

// Encoding of a linProg for Summary: a version, the sets (ranges as
// varints), the instructions and the start. decodeLinProg checks every
// index, so a damaged encoding is rejected, never run.

const linVersion = 1

func (p *linProg) encode() string {
	b := []byte{linVersion}
	b = bincode.AppendUint(b, uint64(len(p.sets)))
	for _, rs := range p.sets {
		b = bincode.AppendUint(b, uint64(len(rs)))
		prev := rune(-1)
		for _, r := range rs {
			b = bincode.AppendUint(b, uint64(r.Lo-prev-1))
			b = bincode.AppendUint(b, uint64(r.Hi-r.Lo))
			prev = r.Hi
		}
	}
	b = bincode.AppendUint(b, uint64(len(p.insts)))
	for _, in := range p.insts {
		b = append(b, byte(in.op))
		b = bincode.AppendUint(b, uint64(in.arg))
		b = bincode.AppendUint(b, uint64(in.out))
		b = bincode.AppendUint(b, uint64(in.out1))
	}
	b = bincode.AppendUint(b, uint64(p.start))
	return string(b)
}

func decodeLinProg(s string) *linProg {
	if len(s) == 0 || s[0] != linVersion {
		return nil
	}
	d := linDecoder{bincode.Decoder{B: []byte(s[1:])}}
	p := &linProg{}
	nsets := d.count()
	p.sets = make([][]RuneRange, 0, nsets)
	for k := 0; k < nsets && d.ok(); k++ {
		n := d.count()
		rs := make([]RuneRange, 0, n)
		prev := int64(-1)
		for j := 0; j < n && d.ok(); j++ {
			lo := prev + 1 + int64(d.uint())
			hi := lo + int64(d.uint())
			if hi > maxRune {
				d.bad()
				break
			}
			rs = append(rs, RuneRange{rune(lo), rune(hi)})
			prev = hi
		}
		p.sets = append(p.sets, rs)
	}
	ninsts := d.count()
	if ninsts == 0 || ninsts > maxLinearInsts {
		return nil
	}
	p.insts = make([]linInst, 0, ninsts)
	for k := 0; k < ninsts && d.ok(); k++ {
		if len(d.B) == 0 {
			d.bad()
			break
		}
		op := linOp(d.B[0])
		d.B = d.B[1:]
		in := linInst{op: op, arg: d.index(), out: d.index(), out1: d.index()}
		switch op {
		case linRune:
			d.check(int(in.arg) < nsets)
		case linAssert:
			d.check(in.arg >= asBeginText && in.arg <= asLast)
		case linSplit, linNop, linMatch, linFail:
		default:
			d.bad()
		}
		d.check(int(in.out) < ninsts && int(in.out1) < ninsts)
		p.insts = append(p.insts, in)
	}
	p.start = d.index()
	if !d.ok() || len(d.B) != 0 || int(p.start) >= ninsts || len(p.sets) != nsets || !p.withinBounds() {
		return nil
	}
	return p
}

// linDecoder reads the encoding with the shared codec (internal/bincode).
type linDecoder struct{ bincode.Decoder }

func (d *linDecoder) ok() bool     { return d.Err == nil }
func (d *linDecoder) bad()         { d.Fail("damaged linear program") }
func (d *linDecoder) uint() uint64 { return d.Uint() }

// check fails the decoding unless cond holds.
func (d *linDecoder) check(cond bool) {
	if !cond {
		d.bad()
	}
}

// count reads a length, which cannot exceed the bytes left.
func (d *linDecoder) count() int { return d.Count(1) }

func (d *linDecoder) index() uint32 {
	v := d.uint()
	if v > 1<<31 {
		d.bad()
		return 0
	}
	return uint32(v)
}

// linSep separates the regexp2 translation from the encoded NFA in
// Summary.Emitted; a translation never holds a NUL byte (emit writes every
// control character as \x{…}).
const linSep = "\x00"

// splitEmitted splits Summary.Emitted into the regexp2 translation and the
// encoded NFA ("" when the pattern has no linear path).
func splitEmitted(s string) (emitted, lin string) {
	emitted, lin, _ = strings.Cut(s, linSep)
	return emitted, lin
}
