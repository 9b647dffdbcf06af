package lower

import "github.com/hookifyc/hookifyc/compiler/pyre"

// tailSafe returns the tail-safe restriction of a regex: a pattern whose
// every match inside a subject S is also a match of the original regex
// inside S + X, for every X. It returns nil when nothing of n can be kept.
//
// A match of a backtracking regex depends only on the text it consumes,
// plus what its zero-width assertions and commitments look at. So the
// restriction keeps literals, classes, '.', plain groups, greedy and lazy
// repeats, concatenation, ^ and \A, positive lookarounds (restricted in
// turn) and negative lookbehinds without assertions inside (they read only
// text before the position); it drops (as failing branches) $, \Z,
// negative lookaheads, atomic groups, possessive repeats, backreferences
// and conditionals, whose outcome can change when text is appended; and it
// guards \b and \B with (?!\Z) so that they are only evaluated where both
// of their neighbours lie inside S. Dropping an alternative, or the
// optional occurrences of a repeat, only restricts the language, so every
// match of the restriction is a match of the original. Capturing groups
// become non-capturing (nothing refers to them any more).
func tailSafe(n pyre.Node) pyre.Node {
	switch n := n.(type) {
	case *pyre.Empty, *pyre.Literal, *pyre.Any, *pyre.Class:
		return n
	case *pyre.Anchor:
		switch n.Kind {
		case pyre.AnchorBeginText, pyre.AnchorBeginLine:
			return n
		case pyre.AnchorWordBoundary, pyre.AnchorNonWordBoundary:
			return &pyre.Concat{Subs: []pyre.Node{n, notAtEnd()}}
		}
		return nil // $, \Z
	case *pyre.Group:
		switch n.Kind {
		case pyre.GroupCapture, pyre.GroupNonCapture, pyre.GroupLookAhead, pyre.GroupLookBehind:
			// A positive lookaround whose restricted content matches
			// inside S also holds in S + X.
			sub := tailSafe(n.Sub)
			if sub == nil {
				return nil
			}
			kind := n.Kind
			if kind == pyre.GroupCapture {
				kind = pyre.GroupNonCapture
			}
			return &pyre.Group{Kind: kind, AddFlags: n.AddFlags, DelFlags: n.DelFlags, Sub: sub}
		case pyre.GroupNegLookBehind:
			// It only reads text before the current position, which
			// appending never changes, provided its content has no
			// assertion that could look at the end.
			if !anchorFree(n.Sub) {
				return nil
			}
			return n
		}
		return nil // negative lookaheads, atomic groups
	case *pyre.Repeat:
		if n.Mode == pyre.Possessive {
			return nil
		}
		sub := tailSafe(n.Sub)
		if sub == nil {
			if n.Min == 0 {
				return &pyre.Empty{}
			}
			return nil
		}
		return &pyre.Repeat{Min: n.Min, Max: n.Max, Mode: n.Mode, Sub: sub}
	case *pyre.Concat:
		subs := make([]pyre.Node, 0, len(n.Subs)+1)
		for _, s := range n.Subs {
			if a, ok := s.(*pyre.Anchor); ok && (a.Kind == pyre.AnchorWordBoundary || a.Kind == pyre.AnchorNonWordBoundary) {
				// Spliced rather than nested, so that the emitter still
				// sees the boundary's left neighbour.
				subs = append(subs, a, notAtEnd())
				continue
			}
			t := tailSafe(s)
			if t == nil {
				return nil
			}
			subs = append(subs, t)
		}
		return &pyre.Concat{Subs: subs}
	case *pyre.Alternate:
		var subs []pyre.Node
		for _, s := range n.Subs {
			if t := tailSafe(s); t != nil {
				subs = append(subs, t)
			}
		}
		switch len(subs) {
		case 0:
			return nil
		case 1:
			return subs[0]
		}
		return &pyre.Alternate{Subs: subs}
	}
	return nil // backreferences, conditionals
}

// anchorFree reports whether n holds no assertion, group other than a
// plain one, backreference or conditional: its match depends only on the
// characters it consumes.
func anchorFree(n pyre.Node) bool {
	ok := true
	pyre.Walk(n, func(n pyre.Node) bool {
		switch n := n.(type) {
		case *pyre.Anchor, *pyre.Backref, *pyre.Conditional:
			ok = false
		case *pyre.Group:
			ok = n.Kind == pyre.GroupCapture || n.Kind == pyre.GroupNonCapture
		case *pyre.Repeat:
			ok = n.Mode != pyre.Possessive
		}
		return ok
	})
	return ok
}

// notAtEnd is (?!\Z).
func notAtEnd() pyre.Node {
	return &pyre.Group{Kind: pyre.GroupNegLookAhead, Sub: &pyre.Anchor{Kind: pyre.AnchorEndText}}
}
