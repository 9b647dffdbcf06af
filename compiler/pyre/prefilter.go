package pyre

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// A prefilter is a necessary condition for a match, checked before the
// regexp2 program runs: every match contains at least one of a few literal
// strings. Most guard patterns carry a distinctive literal ("rm", "push",
// "--no-verify"), so most searches end with a substring test.
//
// It is applied only to pure-ASCII subjects, compared in ASCII lower case:
// under Python's IGNORECASE an ASCII letter in a pattern matches only ASCII
// letters in an ASCII subject, while some non-ASCII pattern characters (the
// Kelvin sign, long s, dotless i) match ASCII letters. So literals are built
// from ASCII pattern characters only, and any non-ASCII character or other
// construct simply ends a literal run. Lower-casing both sides also covers
// case-sensitive literals (a superset test), so the filter is sound for
// every flag combination.

// maxAlternatives bounds the size of a requirement set.
const maxAlternatives = 32

// requirement is a set of strings one of which every match contains; nil
// means nothing is known.
type requirement []string

// quality ranks requirements: the shortest member decides how selective the
// set is; fewer members is better on ties.
func (r requirement) quality() int {
	if r == nil {
		return -1
	}
	min := 1 << 30
	for _, s := range r {
		if len(s) < min {
			min = len(s)
		}
	}
	return min*16 - len(r)
}

func better(a, b requirement) requirement {
	if b.quality() > a.quality() {
		return b
	}
	return a
}

// litInfo describes what a node matches, for building literal runs.
type litInfo struct {
	exact bool        // the node always matches exactly text (ASCII, lower case)
	text  string      // when exact
	req   requirement // when not exact
}

// requirement returns what every match of the node contains.
func (l litInfo) requirement() requirement {
	if l.exact {
		return nonEmpty(l.text)
	}
	return l.req
}

// lowerASCII maps each ASCII byte to its lower case: lowerASCII[c:c+1] is
// the one-byte literal string of c, without an allocation.
const lowerASCII = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f" +
	" !\"#$%&'()*+,-./0123456789:;<=>?" +
	"@abcdefghijklmnopqrstuvwxyz[\\]^_" +
	"`abcdefghijklmnopqrstuvwxyz{|}~\x7f"

func analyze(n Node) litInfo {
	switch n := n.(type) {
	case *Empty, *Anchor:
		return litInfo{exact: true}
	case *Literal:
		if n.Rune >= 0 && n.Rune < utf8.RuneSelf {
			return litInfo{exact: true, text: lowerASCII[n.Rune : n.Rune+1]}
		}
		return litInfo{}
	case *Group:
		switch n.Kind {
		case GroupCapture, GroupNonCapture, GroupAtomic:
			return analyze(n.Sub)
		}
		return litInfo{exact: true} // lookarounds are zero-width
	case *Repeat:
		if n.Min < 1 {
			return litInfo{}
		}
		sub := analyze(n.Sub)
		if sub.exact && n.Min == n.Max && n.Min*len(sub.text) <= 64 {
			return litInfo{exact: true, text: strings.Repeat(sub.text, n.Min)}
		}
		return litInfo{req: sub.requirement()}
	case *Concat:
		var best requirement
		var run strings.Builder
		exact := true
		flush := func() {
			if run.Len() > 0 {
				best = better(best, requirement{run.String()})
				run.Reset()
			}
		}
		for _, sub := range n.Subs {
			info := analyze(sub)
			if info.exact {
				run.WriteString(info.text)
				continue
			}
			exact = false
			flush()
			best = better(best, info.req)
		}
		if exact {
			return litInfo{exact: true, text: run.String()}
		}
		flush()
		return litInfo{req: best}
	case *Alternate:
		var union requirement
		for _, sub := range n.Subs {
			req := analyze(sub).requirement()
			if req == nil {
				return litInfo{}
			}
			union = append(union, req...)
		}
		if len(union) > maxAlternatives {
			return litInfo{}
		}
		return litInfo{req: union}
	}
	return litInfo{}
}

func nonEmpty(s string) requirement {
	if s == "" {
		return nil
	}
	return requirement{s}
}

// prefilterOf returns the literals one of which every match of ast contains,
// or nil.
func prefilterOf(ast *AST) []string {
	req := analyze(ast.Root).requirement()
	for _, s := range req {
		if s == "" {
			return nil
		}
	}
	return req
}

// Subject is a search subject prepared once for many patterns: the string
// itself (the linear path reads it directly), its ASCII lower-case form
// when it is pure ASCII, and, on first need (the regexp2 path), its code
// points.
type Subject struct {
	str       string
	lower     string // "" unless ascii
	ascii     bool
	runesOnce sync.Once
	runes     []rune
}

// NewSubject prepares s (a WTF-8 string, see package pyval).
func NewSubject(s string) *Subject {
	sub := &Subject{str: s}
	var upper bool
	sub.ascii, upper = scanASCII(s)
	switch {
	case upper:
		sub.lower = strings.ToLower(s)
	case sub.ascii:
		sub.lower = s
	}
	return sub
}

// scanASCII reports whether s is pure ASCII and, if so, whether it has an
// upper-case letter, eight bytes at a time (subjects can be megabytes).
func scanASCII(s string) (ascii, upper bool) {
	const high, geA, gtZ = 0x8080808080808080, 0x3F3F3F3F3F3F3F3F, 0x2525252525252525
	var up uint64
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if x&high != 0 {
			return false, false
		}
		// A byte below 0x80 plus 0x3F reaches bit 7 iff it is >= 'A', plus
		// 0x25 iff it is > 'Z'; no carry crosses bytes.
		up |= (x + geA) &^ (x + gtZ) & high
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return false, false
		}
		if 'A' <= c && c <= 'Z' {
			up = 1
		}
	}
	return true, up != 0
}

// Runes returns the subject's code points.
func (s *Subject) Runes() []rune {
	s.runesOnce.Do(func() { s.runes = pyval.Runes(s.str) })
	return s.runes
}

// SearchSubject is Search on a prepared subject; it skips the regex program
// entirely when the prefilter proves there is no match.
func (r *Regexp) SearchSubject(s *Subject) (bool, error) {
	if r.always {
		return true, nil
	}
	if !r.admits(s) {
		return false, nil
	}
	if m := r.linMatcher(); m != nil {
		return m.searchString(s.str), nil
	}
	return r.searchBacktrack(s.Runes())
}

// NeedsProgram reports whether SearchSubject(s) would run the regex
// program, which Prepare builds: false when the pattern always matches or
// its prefilter proves there is no match.
func (r *Regexp) NeedsProgram(s *Subject) bool {
	return !r.always && r.admits(s)
}

// admits reports whether the prefilter lets s through.
func (r *Regexp) admits(s *Subject) bool {
	if !s.ascii || r.prefilter == nil {
		return true
	}
	for _, lit := range r.prefilter {
		if strings.Contains(s.lower, lit) {
			return true
		}
	}
	return false
}

// alwaysMatches reports whether the pattern matches the empty string with
// no assertion at all (".*", "x?", "(a|)"): search then succeeds at position
// 0 of any subject, so no program needs to run. Anchors, lookarounds,
// backreferences and conditionals make it false (conservatively).
func alwaysMatches(n Node) bool {
	switch n := n.(type) {
	case *Empty:
		return true
	case *Repeat:
		return n.Min == 0 || alwaysMatches(n.Sub)
	case *Concat:
		for _, s := range n.Subs {
			if !alwaysMatches(s) {
				return false
			}
		}
		return true
	case *Alternate:
		for _, s := range n.Subs {
			if alwaysMatches(s) {
				return true
			}
		}
		return false
	case *Group:
		switch n.Kind {
		case GroupCapture, GroupNonCapture, GroupAtomic:
			return alwaysMatches(n.Sub)
		}
	}
	return false
}
