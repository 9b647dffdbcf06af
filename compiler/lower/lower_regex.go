package lower

import (
	"errors"
	"strings"
	"time"

	"github.com/hookifyc/hookifyc/compiler/pyre"
)

// oracleTimeout bounds one regex search of the lowering's proofs. The
// subjects are short (a candidate prefix), so it only guards against
// pathological patterns; a timeout counts as "no match" and rejects the
// candidate.
const oracleTimeout = time.Second

// Enumeration limits of the candidate analysis. Going past them costs
// precision (noteTruncated/noteReduced), never soundness.
const (
	maxStrings    = 64 // strings per sub-pattern
	maxRepeat     = 4  // largest minimum repeat count enumerated
	maxClassChars = 8  // largest character class enumerated char by char
	maxStringLen  = 256
)

// regexInfo is the analysis of one hookify regex.
type regexInfo struct {
	// err, when set, is why the rule cannot be lowered (invalid regex).
	err   string
	cands [][]string
	notes noteSet
	why   failure
	// monotone: the regex has no construct whose outcome can change when
	// text is appended (see monotone).
	monotone bool
	// tailRoot is the tail-safe restriction (nil when nothing is left),
	// compiled into tailRe on first use.
	pattern  string
	flags    pyre.Flags
	tailRoot pyre.Node
	tailRe   *pyre.Regexp
	tailErr  bool
}

// tail reports whether the regex matches every c + " " + X, given that it
// matches c (see the comment at the top of lower.go).
func (ri *regexInfo) tail(c string) bool {
	if ri.monotone {
		// A match inside c stays a match: the text after it only changes
		// the right neighbour of a \b or \B at the end of c from "end" to
		// " ", both non-word.
		return true
	}
	if ri.tailRoot == nil || ri.tailErr {
		return false
	}
	if ri.tailRe == nil {
		re, err := pyre.CompileAST(&pyre.AST{Pattern: ri.pattern, Root: ri.tailRoot, Flags: ri.flags}, oracleTimeout)
		if err != nil {
			ri.tailErr = true
			return false
		}
		ri.tailRe = re
	}
	ok, err := ri.tailRe.Search(c + " ")
	return err == nil && ok
}

// monotone reports whether n has none of $, \Z, lookarounds, atomic
// groups, possessive repeats, backreferences and conditionals: then every
// match inside a subject is a match inside any extension of it whose next
// character is not a word character.
func monotone(n pyre.Node) bool {
	ok := true
	pyre.Walk(n, func(n pyre.Node) bool {
		switch n := n.(type) {
		case *pyre.Anchor:
			switch n.Kind {
			case pyre.AnchorEnd, pyre.AnchorEndLine, pyre.AnchorEndText:
				ok = false
			}
		case *pyre.Group:
			if n.Kind != pyre.GroupCapture && n.Kind != pyre.GroupNonCapture {
				ok = false
			}
		case *pyre.Repeat:
			if n.Mode == pyre.Possessive {
				ok = false
			}
		case *pyre.Backref, *pyre.Conditional:
			ok = false
		}
		return ok
	})
	return ok
}

// regex analyses a hookify regex (cached per Lower call).
func (l *lowerer) regex(pattern string) *regexInfo {
	if ri, ok := l.re[pattern]; ok {
		return ri
	}
	ri := analyzeRegex(pattern)
	l.re[pattern] = ri
	return ri
}

func analyzeRegex(pattern string) *regexInfo {
	ri := &regexInfo{}
	ast, err := pyre.Parse(pattern, pyre.FlagIgnoreCase) // hookify: re.IGNORECASE
	if err != nil {
		var pe *pyre.Error
		if errors.As(err, &pe) && pe.Unsupported {
			ri.err = "regex not supported by hookifyc: " + pe.Error()
		} else {
			ri.err = "invalid regex (hookify never matches it): " + err.Error()
		}
		return ri
	}
	ri.pattern, ri.flags = pattern, ast.Flags
	if ri.monotone = monotone(ast.Root); !ri.monotone {
		ri.tailRoot = tailSafe(ast.Root)
	}
	g := &gen{}
	strs := g.node(ast.Root)
	ri.notes = g.notes
	if !anchored(ast.Root) {
		ri.notes.add(noteUnanchored)
	}
	if strs == nil {
		ri.why.add(failNoLiteral)
	}
	seen := map[string]bool{}
	for _, s := range strs {
		for _, v := range []string{s, strings.ToLower(s)} {
			if seen[v] {
				continue
			}
			seen[v] = true
			toks, f := tokenize(v)
			if f != 0 {
				ri.why.add(f)
				if f != failEverything {
					ri.notes.add(noteDropped)
				}
				continue
			}
			ri.cands = append(ri.cands, toks)
		}
	}
	return ri
}

// anchored reports whether every match must start at the beginning of the
// subject (\A, or ^ without MULTILINE, first in every branch).
func anchored(n pyre.Node) bool {
	switch n := n.(type) {
	case *pyre.Anchor:
		return n.Kind == pyre.AnchorBeginText
	case *pyre.Concat:
		return anchored(n.Subs[0])
	case *pyre.Group:
		return (n.Kind == pyre.GroupCapture || n.Kind == pyre.GroupNonCapture) && anchored(n.Sub)
	case *pyre.Alternate:
		for _, s := range n.Subs {
			if !anchored(s) {
				return false
			}
		}
		return true
	}
	return false
}

// gen enumerates a finite sample of the strings a pattern matches, as
// candidates for token prefixes: literals as written, a space for
// whitespace and wildcards, repeats at their minimum count (plus one
// occurrence for optional parts), small classes char by char. nil means
// "no candidate through here".
type gen struct {
	notes noteSet
}

func (g *gen) node(n pyre.Node) []string {
	switch n := n.(type) {
	case *pyre.Empty, *pyre.Anchor:
		return []string{""}
	case *pyre.Literal:
		if n.IgnoreCase() && hasLetter(string(n.Rune)) {
			g.notes.add(noteCase)
		}
		return []string{string(n.Rune)}
	case *pyre.Any:
		g.notes.add(noteReduced)
		return []string{" "}
	case *pyre.Class:
		return g.class(n)
	case *pyre.Group:
		switch n.Kind {
		case pyre.GroupCapture, pyre.GroupNonCapture, pyre.GroupAtomic:
			return g.node(n.Sub)
		}
		return []string{""} // lookarounds: zero width; the proof decides
	case *pyre.Repeat:
		return g.repeat(n)
	case *pyre.Concat:
		out := []string{""}
		for _, s := range n.Subs {
			out = g.product(out, g.node(s))
			if out == nil {
				return nil
			}
		}
		return out
	case *pyre.Alternate:
		var out []string
		seen := map[string]bool{}
		for _, s := range n.Subs {
			sub := g.node(s)
			if sub == nil {
				g.notes.add(noteDropped)
			}
			for _, x := range sub {
				if !seen[x] {
					seen[x] = true
					out = append(out, x)
				}
			}
		}
		if len(out) > maxStrings {
			g.notes.add(noteTruncated)
			out = out[:maxStrings]
		}
		return out
	}
	// Backreferences and conditionals.
	g.notes.add(noteDropped)
	return nil
}

func (g *gen) product(a, b []string) []string {
	if a == nil || b == nil {
		return nil
	}
	out := make([]string, 0, min(len(a)*len(b), maxStrings))
	for _, x := range a {
		for _, y := range b {
			if len(out) == maxStrings {
				g.notes.add(noteTruncated)
				return out
			}
			if len(x)+len(y) > maxStringLen {
				g.notes.add(noteTruncated)
				continue
			}
			out = append(out, x+y)
		}
	}
	return out
}

func (g *gen) repeat(r *pyre.Repeat) []string {
	sub := g.node(r.Sub)
	if r.Max != r.Min {
		g.notes.add(noteReduced)
	}
	if r.Min == 0 {
		if r.Max != 0 && onlySpace(sub) {
			// Optional whitespace or wildcard (\s*, .*): most likely an
			// argument separator, so a space rather than nothing.
			return sub
		}
		out := []string{""}
		if r.Max != 0 {
			for _, s := range sub {
				if s != "" {
					out = append(out, s)
				}
			}
		}
		return out
	}
	if r.Min > maxRepeat || sub == nil {
		g.notes.add(noteDropped)
		return nil
	}
	out := []string{""}
	for i := 0; i < r.Min; i++ {
		out = g.product(out, sub)
	}
	return out
}

func (g *gen) class(c *pyre.Class) []string {
	space := classHasSpace(c)
	if c.Negate {
		g.notes.add(noteReduced)
		if !space {
			return []string{" "}
		}
		return nil
	}
	var chars []string
	seen := map[rune]bool{}
	addChar := func(r rune) {
		if !seen[r] {
			seen[r] = true
			chars = append(chars, string(r))
		}
	}
	broad := false
	for _, cat := range c.Cats {
		if cat == pyre.CatSpace {
			addChar(' ')
		} else {
			broad = true
		}
	}
	for _, rg := range c.Ranges {
		for r := rg.Lo; r <= rg.Hi && len(chars) <= maxClassChars; r++ {
			addChar(r)
			if c.Flags&pyre.FlagIgnoreCase != 0 && hasLetter(string(r)) {
				g.notes.add(noteCase)
			}
		}
	}
	if broad || len(chars) > maxClassChars {
		g.notes.add(noteReduced)
		if space {
			return []string{" "}
		}
		return nil
	}
	return chars
}

// onlySpace reports whether a sample is exactly one space.
func onlySpace(ss []string) bool { return len(ss) == 1 && ss[0] == " " }

// classHasSpace reports whether the class's positive part (before
// negation) contains ' '.
func classHasSpace(c *pyre.Class) bool {
	for _, cat := range c.Cats {
		switch cat {
		case pyre.CatSpace, pyre.CatNotWord, pyre.CatNotDigit:
			return true
		}
	}
	for _, rg := range c.Ranges {
		if rg.Lo <= ' ' && ' ' <= rg.Hi {
			return true
		}
	}
	return false
}
