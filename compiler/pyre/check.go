package pyre

// Checks that Python makes when it compiles a parsed pattern (sre_compile),
// in the same pre-order: look-behind widths, and repeats under the TEMPLATE
// flag. These errors have no position.

// maxCode is Python's MAXCODE: a look-behind may not be longer.
const maxCode = 4294967295

// widthCap saturates width arithmetic; it is far above every limit that
// is compared against.
const widthCap = 1 << 62

func satAdd(a, b uint64) uint64 {
	if a+b > widthCap {
		return widthCap
	}
	return a + b
}

func satMul(a, b uint64) uint64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > widthCap/b {
		return widthCap
	}
	return a * b
}

// widther computes widths as Python's getwidth() does (Unbounded counts as
// MAXREPEAT), remembering each group's width as Python does when it closes
// the group (so that chains of backreferences stay linear).
type widther struct {
	groups []*Group
	memo   map[int][2]uint64
}

func (w *widther) group(i int) (lo, hi uint64) {
	if i >= len(w.groups) || w.groups[i] == nil {
		return 0, 0
	}
	if v, ok := w.memo[i]; ok {
		return v[0], v[1]
	}
	lo, hi = w.width(w.groups[i].Sub)
	if w.memo == nil {
		w.memo = map[int][2]uint64{}
	}
	w.memo[i] = [2]uint64{lo, hi}
	return lo, hi
}

// width returns the minimum and maximum number of code points n can match.
func (w *widther) width(n Node) (lo, hi uint64) {
	switch n := n.(type) {
	case *Literal, *Any, *Class:
		return 1, 1
	case *Group:
		switch n.Kind {
		case GroupLookAhead, GroupNegLookAhead, GroupLookBehind, GroupNegLookBehind:
			return 0, 0
		}
		return w.width(n.Sub)
	case *Backref:
		return w.group(n.Index)
	case *Conditional:
		lo, hi = w.width(n.Yes)
		l2, h2 := w.width(n.No)
		return min(lo, l2), max(hi, h2)
	case *Repeat:
		l, h := w.width(n.Sub)
		mx := uint64(maxRepeat)
		if n.Max != Unbounded {
			mx = uint64(n.Max)
		}
		return satMul(l, uint64(n.Min)), satMul(h, mx)
	case *Concat:
		for _, s := range n.Subs {
			l, h := w.width(s)
			lo, hi = satAdd(lo, l), satAdd(hi, h)
		}
		return lo, hi
	case *Alternate:
		if len(n.Subs) == 0 {
			return 0, 0
		}
		lo, hi = w.width(n.Subs[0])
		for _, s := range n.Subs[1:] {
			l, h := w.width(s)
			lo, hi = min(lo, l), max(hi, h)
		}
		return lo, hi
	}
	return 0, 0 // *Empty, *Anchor
}

// checkCompile runs the compile-time checks on a parsed pattern.
func checkCompile(ast *AST, groups []*Group) *Error {
	w := &widther{groups: groups}
	var msg string
	var walk func(Node) bool
	walk = func(n Node) bool {
		switch n := n.(type) {
		case *Group:
			if n.Kind == GroupLookBehind || n.Kind == GroupNegLookBehind {
				lo, hi := w.width(n.Sub)
				if lo > maxCode {
					msg = "looks too much behind"
					return false
				}
				if lo != hi {
					msg = "look-behind requires fixed-width pattern"
					return false
				}
			}
			return walk(n.Sub)
		case *Repeat:
			if ast.Flags&FlagTemplate != 0 {
				op := "MAX_REPEAT"
				switch n.Mode {
				case Lazy:
					op = "MIN_REPEAT"
				case Possessive:
					op = "POSSESSIVE_REPEAT"
				}
				msg = "internal: unsupported template operator " + op
				return false
			}
			return walk(n.Sub)
		case *Conditional:
			return walk(n.Yes) && walk(n.No)
		case *Concat:
			for _, s := range n.Subs {
				if !walk(s) {
					return false
				}
			}
		case *Alternate:
			for _, s := range n.Subs {
				if !walk(s) {
					return false
				}
			}
		}
		return true
	}
	if walk(ast.Root) {
		return nil
	}
	return &Error{Msg: msg, Pattern: ast.Pattern, Pos: -1, Exception: ExcReError}
}

// Walk calls f for n and its descendants in pre-order (source order).
// When f returns false for a node, Walk skips that node's descendants (but
// not its siblings).
func Walk(n Node, f func(Node) bool) {
	if !f(n) {
		return
	}
	switch n := n.(type) {
	case *Group:
		Walk(n.Sub, f)
	case *Repeat:
		Walk(n.Sub, f)
	case *Conditional:
		Walk(n.Yes, f)
		Walk(n.No, f)
	case *Concat:
		for _, s := range n.Subs {
			Walk(s, f)
		}
	case *Alternate:
		for _, s := range n.Subs {
			Walk(s, f)
		}
	}
}
