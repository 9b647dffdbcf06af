package pyre

import (
	"encoding/binary"
	mathbits "math/bits"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// The linear search: a lazily built DFA over the NFA of linear.go.
//
// Code points are grouped into classes that the program cannot tell apart:
// same membership in every set of the NFA, in {'\n'} and, when the pattern
// has \b or \B, in Python's word class. A DFA state is the set of NFA
// instructions waiting for the next code point, plus what the assertions
// need to know about the previous one (start of subject, '\n', word). The
// transition on a class follows the ε-edges from those instructions and
// from the pattern's start (a new thread starts at every position: an
// unanchored search), evaluating each assertion with the previous code
// point and this one, and then consumes the code point. A match is found
// as soon as an ε-closure reaches linMatch.
//
// Two things the (state, class) pair does not tell are handled apart: $
// before a '\n' holds only when that '\n' is the last code point (the last
// step of a pattern with $ is computed uncached when it reads '\n'), and \B
// fails in an empty subject (which needs no DFA at all).
//
// Each step costs a table look-up once its transition is known; a new
// transition costs O(NFA size). States are cached up to maxDFAStates (and
// maxDFACells transitions), then the cache is dropped and rebuilt as the
// search goes on, so the time stays linear in the subject whatever the
// pattern.

const (
	maxDFAStates = 10000
	maxDFACells  = 1 << 21
)

// Class flags, also the state flags describing the previous code point.
const (
	cNewline   = 1 << iota // the code point is '\n'
	cWord                  // Python's Unicode \w
	cWordASCII             // [a-zA-Z0-9_]
	fBegin                 // (state only) the position is the subject's start
)

type linMatcher struct {
	prog     *linProg
	hasEnd   bool // the program has $ (asEnd)
	anchored bool // every thread starts with \A: no thread starts after position 0
	word     bool // the program has \b or \B in Unicode mode
	wordA    bool // … in ASCII mode

	mu sync.Mutex
	d  *dfa
}

func newLinMatcher(p *linProg) *linMatcher {
	m := &linMatcher{prog: p}
	for _, in := range p.insts {
		if in.op != linAssert {
			continue
		}
		switch in.arg {
		case asEnd:
			m.hasEnd = true
		case asWord, asNotWord:
			m.word = true
		case asWordASCII, asNotWordASCII:
			m.wordA = true
		}
	}
	m.anchored = anchoredAt(p)
	return m
}

// anchoredAt reports whether every path from the start meets \A before it
// consumes or matches.
func anchoredAt(p *linProg) bool {
	seen := make([]bool, len(p.insts))
	stack := []uint32{p.start}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[pc] {
			continue
		}
		seen[pc] = true
		in := p.insts[pc]
		switch in.op {
		case linRune, linMatch:
			return false
		case linSplit:
			stack = append(stack, in.out, in.out1)
		case linNop:
			stack = append(stack, in.out)
		case linAssert:
			if in.arg != asBeginText {
				stack = append(stack, in.out)
			}
		}
	}
	return true
}

// searchString reports whether the pattern matches in the WTF-8 string s.
func (m *linMatcher) searchString(s string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	d := m.dfa()
	if len(s) == 0 {
		return d.emptyMatch()
	}
	end := len(s)
	if m.hasEnd && s[end-1] == '\n' {
		end-- // the final '\n' is stepped apart ($ holds before it)
	}
	cur, trans := d.startState(), d.trans
	for i := 0; i < end; {
		if c := s[i]; c < utf8.RuneSelf {
			if nx := trans[cur+d.ascii[c]]; nx >= 0 { // the fast path
				cur = nx
				i++
				continue
			}
		}
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = pyval.DecodeRune(s, i)
		}
		i += size
		if cur = d.next(cur, r); cur < 0 {
			return cur == tMatch
		}
		trans = d.trans
	}
	return d.finish(cur, end < len(s))
}

// searchRunes is searchString on code points.
func (m *linMatcher) searchRunes(s []rune) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	d := m.dfa()
	if len(s) == 0 {
		return d.emptyMatch()
	}
	end := len(s)
	if m.hasEnd && s[end-1] == '\n' {
		end--
	}
	cur, trans := d.startState(), d.trans
	for _, r := range s[:end] {
		if r >= 0 && r < utf8.RuneSelf {
			if nx := trans[cur+d.ascii[r]]; nx >= 0 {
				cur = nx
				continue
			}
		}
		if cur = d.next(cur, r); cur < 0 {
			return cur == tMatch
		}
		trans = d.trans
	}
	return d.finish(cur, end < len(s))
}

// next returns the transition of the state at offset cur on r, computing
// the non-ASCII classes and the transition when they are not known yet: an
// offset, tMatch or tDead. It is the searches' slow path; d.trans may move.
func (d *dfa) next(cur int32, r rune) int32 {
	var cls int32
	if r >= 0 && r < utf8.RuneSelf {
		cls = d.ascii[r]
	} else {
		if d.bounds == nil {
			cur = d.partition(cur)
		}
		cls = d.classOf(r)
	}
	nx := d.trans[cur+cls]
	if nx == tUnknown {
		nx = d.transition(cur, cls)
	}
	return nx
}

// finish reports whether a match ends at the subject's end, the state at
// offset cur being the one before the final '\n' stepped apart (lastNL) or
// after the last code point.
func (d *dfa) finish(cur int32, lastNL bool) bool {
	if lastNL {
		if cur = d.step(cur, d.ascii['\n'], true); cur < 0 {
			return cur == tMatch
		}
	}
	return d.eofMatch(cur)
}

func (m *linMatcher) dfa() *dfa {
	if m.d == nil {
		m.d = newDFA(m)
	}
	return m.d
}

// dstate is a DFA state; its transitions are the row at index×stride of
// dfa.trans.
type dstate struct {
	pcs   []uint32 // sorted
	flags uint8    // about the previous code point
	eof   int8     // 0 unknown, 1 a match at the end, 2 none
	same  int32    // the previous state with the same hash, or -1
}

// Transition table entries: the offset (index×stride) of the next state's
// row, or one of these.
const (
	tMatch   = -1 // a match was found
	tUnknown = -2 // not computed yet
	tDead    = -3 // no thread is left, and none can start: no match
)

type dfa struct {
	m     *linMatcher
	prog  *linProg
	nsets int // sets of the program; bit nsets is '\n', then the word classes
	words int // uint64 words of a signature

	// Classes. ascii is known from the start; the non-ASCII intervals are
	// computed on the first non-ASCII code point.
	ascii   [utf8.RuneSelf]int32
	bounds  []rune           // starts of the non-ASCII intervals (bounds[0] = 0x80)
	ivClass []int32          // their classes
	sigIx   map[string]int32 // signature (words > 1) → class
	sigIx1  map[uint64]int32 // signature (words == 1) → class
	accept  [][]uint64       // by class: the sets holding its code points
	cflags  []uint8

	states []dstate
	trans  []int32          // by state index × stride + class
	stride int32            // the number of classes when trans was laid out
	index  map[uint64]int32 // content hash → last state with it
	pcSlab []uint32         // the states' pcs are carved from it
	resets int              // times the cache was dropped
	start  int32            // offset of the start state, or -1

	// Scratch.
	stack []uint32
	mark  []uint32
	gen   uint32
	rpcs  []uint32
	npcs  []uint32
	key   []byte
}

func newDFA(m *linMatcher) *dfa {
	p := m.prog
	d := &dfa{m: m, prog: p, nsets: len(p.sets), index: map[uint64]int32{}, start: -1}
	d.words = (d.nsets + 3 + 63) / 64
	if d.words == 1 {
		d.sigIx1 = map[uint64]int32{}
	} else {
		d.sigIx = map[string]int32{}
	}
	d.mark = make([]uint32, len(p.insts))
	// ASCII classes: each set's members below 0x80 as a bit mask.
	masks := make([][2]uint64, d.nsets+3)
	for k, rs := range p.sets {
		masks[k] = asciiMask(rs)
	}
	masks[d.nsets] = asciiMask([]RuneRange{{'\n', '\n'}})
	// Below 0x80 Python's Unicode \w is (?a)\w (TestWordSetASCII): the
	// Unicode categories are only built if a non-ASCII code point comes.
	if m.word {
		masks[d.nsets+1] = asciiMask(asciiWord)
	}
	if m.wordA {
		masks[d.nsets+2] = asciiMask(asciiWord)
	}
	// The signature of each ASCII code point, from the masks' set bits.
	sigs := make([]uint64, utf8.RuneSelf*d.words)
	for k := range masks {
		for w, bits := range masks[k] {
			for ; bits != 0; bits &= bits - 1 {
				c := w<<6 | mathbits.TrailingZeros64(bits)
				sigs[c*d.words+k>>6] |= 1 << (k & 63)
			}
		}
	}
	for c := 0; c < utf8.RuneSelf; c++ {
		d.ascii[c] = d.class(sigs[c*d.words : (c+1)*d.words])
	}
	d.stride = int32(len(d.accept))
	return d
}

func asciiMask(rs []RuneRange) (m [2]uint64) {
	for _, r := range rs {
		if r.Lo >= utf8.RuneSelf {
			break
		}
		for c := r.Lo; c <= min(r.Hi, utf8.RuneSelf-1); c++ {
			m[c>>6] |= 1 << (c & 63)
		}
	}
	return m
}

// class returns the class of a signature, creating it.
func (d *dfa) class(sig []uint64) int32 {
	if d.words == 1 { // the usual case: up to 61 sets
		if c, ok := d.sigIx1[sig[0]]; ok {
			return c
		}
		d.sigIx1[sig[0]] = int32(len(d.accept))
	} else {
		d.key = d.key[:0]
		for _, w := range sig {
			d.key = binary.LittleEndian.AppendUint64(d.key, w)
		}
		if c, ok := d.sigIx[string(d.key)]; ok {
			return c
		}
		d.sigIx[string(d.key)] = int32(len(d.accept))
	}
	c := int32(len(d.accept))
	d.accept = append(d.accept, slices.Clone(sig))
	var f uint8
	bit := func(k int) bool { return sig[k>>6]&(1<<(k&63)) != 0 }
	if bit(d.nsets) {
		f |= cNewline
	}
	if bit(d.nsets + 1) {
		f |= cWord
	}
	if bit(d.nsets + 2) {
		f |= cWordASCII
	}
	d.cflags = append(d.cflags, f)
	return c
}

// classOf returns the class of a non-ASCII code point (after partition).
func (d *dfa) classOf(r rune) int32 {
	lo, hi := 0, len(d.bounds)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if d.bounds[m] <= r {
			lo = m
		} else {
			hi = m
		}
	}
	return d.ivClass[lo]
}

// partition splits 0x80…U+10FFFF into intervals of code points that every
// set (and '\n' and the word classes) treats alike, by a sweep over the
// sets' range boundaries, and gives each interval its class. The table is
// laid out again for the new classes: it returns the new offset of the
// state at offset cur.
func (d *dfa) partition(cur int32) int32 {
	sets := make([][]RuneRange, 0, d.nsets+3)
	sets = append(sets, d.prog.sets...)
	sets = append(sets, nil, nil, nil) // '\n' has no code point ≥ 0x80
	if d.m.word {
		sets[d.nsets+1] = wordSet(false)
	}
	if d.m.wordA {
		sets[d.nsets+2] = wordSet(true)
	}
	sig := make([]uint64, d.words)
	var events []uint64 // position << 21 | set: membership flips there
	for k, rs := range sets {
		for _, r := range rs {
			if r.Hi < utf8.RuneSelf {
				continue
			}
			if r.Lo <= utf8.RuneSelf {
				sig[k>>6] |= 1 << (k & 63) // 0x80 is in
			} else {
				events = append(events, uint64(r.Lo)<<21|uint64(k))
			}
			if r.Hi < maxRune {
				events = append(events, uint64(r.Hi+1)<<21|uint64(k))
			}
		}
	}
	slices.Sort(events)
	bounds := []rune{utf8.RuneSelf}
	var ivClass []int32
	for i := 0; ; {
		var pos rune = maxRune + 1
		if i < len(events) {
			pos = rune(events[i] >> 21)
		}
		if pos > bounds[len(bounds)-1] || i == len(events) {
			ivClass = append(ivClass, d.class(sig))
			if i == len(events) {
				break
			}
			bounds = append(bounds, pos)
		}
		for ; i < len(events) && rune(events[i]>>21) == pos; i++ {
			k := events[i] & (1<<21 - 1)
			sig[k>>6] ^= 1 << (k & 63)
		}
	}
	d.bounds, d.ivClass = bounds, ivClass
	i := cur / d.stride
	d.widen()
	return i * d.stride
}

// startState returns the offset of the state at position 0.
func (d *dfa) startState() int32 {
	if d.start < 0 {
		d.start = d.intern(nil, fBegin)
	}
	return d.start
}

// widen lays the table out again for new classes (the non-ASCII ones).
func (d *dfa) widen() {
	old, n := d.stride, int32(len(d.accept))
	if n == old {
		return
	}
	trans := make([]int32, 0, int(n)*len(d.states))
	for i := range d.states {
		trans = append(trans, d.trans[int32(i)*old:int32(i+1)*old]...)
		for c := old; c < n; c++ {
			trans = append(trans, tUnknown)
		}
	}
	for i, v := range trans {
		if v >= 0 {
			trans[i] = v / old * n
		}
	}
	if d.start >= 0 {
		d.start = d.start / old * n
	}
	d.trans, d.stride = trans, n
}

// intern returns the offset of the state (pcs, flags), creating it; it may
// drop every cached state first (see maxDFAStates). States are found by a
// hash of their content (collisions chained through dstate.same).
func (d *dfa) intern(pcs []uint32, flags uint8) int32 {
	if len(pcs) == 0 && d.m.anchored && flags&fBegin == 0 {
		return tDead
	}
	h := uint64(14695981039346656037) ^ uint64(flags)
	for _, pc := range pcs {
		h = (h ^ uint64(pc)) * 1099511628211
	}
	if i, ok := d.index[h]; ok {
		for ; i >= 0; i = d.states[i].same {
			if st := &d.states[i]; st.flags == flags && slices.Equal(st.pcs, pcs) {
				return i * d.stride
			}
		}
	}
	if len(d.states) >= maxDFAStates || len(d.trans)+int(d.stride) > maxDFACells {
		d.states, d.trans, d.pcSlab, d.start = d.states[:0:0], d.trans[:0:0], nil, -1
		d.resets++
		clear(d.index)
	}
	if cap(d.pcSlab)-len(d.pcSlab) < len(pcs) {
		d.pcSlab = make([]uint32, 0, max(len(pcs), min(max(2*cap(d.pcSlab), 64), 4096)))
	}
	n := len(d.pcSlab)
	d.pcSlab = append(d.pcSlab, pcs...)
	st := dstate{pcs: d.pcSlab[n:len(d.pcSlab):len(d.pcSlab)], flags: flags, same: -1}
	if j, ok := d.index[h]; ok {
		st.same = j
	}
	i := int32(len(d.states))
	d.states = append(d.states, st)
	d.index[h] = i
	for c := int32(0); c < d.stride; c++ {
		d.trans = append(d.trans, tUnknown)
	}
	return i * d.stride
}

// transition computes and caches the transition of the state at offset cur
// on cls.
func (d *dfa) transition(cur, cls int32) int32 {
	resets := d.resets
	nx := d.step(cur, cls, false)
	if d.resets == resets { // else cur's row is gone
		d.trans[cur+cls] = nx
	}
	return nx
}

// context is what the assertions at a position see.
type context struct {
	prev   uint8 // flags of the previous code point (fBegin at the start)
	next   uint8 // class flags of the next code point (0 at the end)
	end    bool  // the position is the subject's end
	lastNL bool  // the next code point is a '\n' that ends the subject
	empty  bool  // the subject is empty
}

func holds(kind uint32, c context) bool {
	switch kind {
	case asBeginText:
		return c.prev&fBegin != 0
	case asBeginLine:
		return c.prev&(fBegin|cNewline) != 0
	case asEnd:
		return c.end || c.lastNL
	case asEndLine:
		return c.end || c.next&cNewline != 0
	case asEndText:
		return c.end
	case asWord:
		return (c.prev&cWord != 0) != (c.next&cWord != 0)
	case asNotWord:
		return (c.prev&cWord != 0) == (c.next&cWord != 0) && !c.empty
	case asWordASCII:
		return (c.prev&cWordASCII != 0) != (c.next&cWordASCII != 0)
	case asNotWordASCII:
		return (c.prev&cWordASCII != 0) == (c.next&cWordASCII != 0) && !c.empty
	}
	return false
}

// closure follows the ε-edges from pcs and from the start in context c. It
// reports whether a match is reached; otherwise d.rpcs holds the linRune
// instructions reached.
func (d *dfa) closure(pcs []uint32, c context) bool {
	d.gen++
	if d.gen == 0 {
		clear(d.mark)
		d.gen = 1
	}
	d.rpcs = d.rpcs[:0]
	d.stack = append(d.stack[:0], d.prog.start)
	d.stack = append(d.stack, pcs...)
	insts := d.prog.insts
	for len(d.stack) > 0 {
		pc := d.stack[len(d.stack)-1]
		d.stack = d.stack[:len(d.stack)-1]
		if d.mark[pc] == d.gen {
			continue
		}
		d.mark[pc] = d.gen
		in := &insts[pc]
		switch in.op {
		case linRune:
			d.rpcs = append(d.rpcs, pc)
		case linSplit:
			d.stack = append(d.stack, in.out1, in.out)
		case linNop:
			d.stack = append(d.stack, in.out)
		case linAssert:
			if holds(in.arg, c) {
				d.stack = append(d.stack, in.out)
			}
		case linMatch:
			return true
		}
	}
	return false
}

// step computes the transition of the state at offset cur on a code point
// of class cls (a '\n' ending the subject when lastNL), without caching it.
func (d *dfa) step(cur, cls int32, lastNL bool) int32 {
	st := &d.states[cur/d.stride]
	f := d.cflags[cls]
	if d.closure(st.pcs, context{prev: st.flags, next: f, lastNL: lastNL && f&cNewline != 0}) {
		return tMatch
	}
	acc := d.accept[cls]
	d.gen++
	if d.gen == 0 {
		clear(d.mark)
		d.gen = 1
	}
	d.npcs = d.npcs[:0]
	for _, pc := range d.rpcs {
		in := &d.prog.insts[pc]
		if acc[in.arg>>6]&(1<<(in.arg&63)) != 0 && d.mark[in.out] != d.gen {
			d.mark[in.out] = d.gen
			d.npcs = append(d.npcs, in.out)
		}
	}
	slices.Sort(d.npcs)
	return d.intern(d.npcs, f)
}

// eofMatch reports whether a match ends at the subject's end, the state at
// offset cur being the one after the last code point.
func (d *dfa) eofMatch(cur int32) bool {
	st := &d.states[cur/d.stride]
	if st.eof == 0 {
		st.eof = 2
		if d.closure(st.pcs, context{prev: st.flags, end: true}) {
			st.eof = 1
		}
	}
	return st.eof == 1
}

// emptyMatch reports whether the pattern matches the empty subject.
func (d *dfa) emptyMatch() bool {
	return d.closure(nil, context{prev: fBegin, end: true, empty: true})
}
