package perm

import "strings"

// glob is a compiled wildcard pattern in which * matches any run of
// characters (spaces included) and everything else is literal.
type glob struct {
	// segs are the literal parts between stars; len(segs) == stars+1.
	segs []string
}

// compileGlob compiles a * wildcard pattern. With escapes, \* is a literal
// star and \\ a literal backslash (Bash specifiers); any other backslash is
// literal.
func compileGlob(pat string, escapes bool) glob {
	var g glob
	var cur strings.Builder
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case escapes && c == '\\' && i+1 < len(pat) && (pat[i+1] == '*' || pat[i+1] == '\\'):
			i++
			cur.WriteByte(pat[i])
		case c == '*':
			g.segs = append(g.segs, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	g.segs = append(g.segs, cur.String())
	return g
}

// wild reports whether the pattern has a wildcard.
func (g glob) wild() bool { return len(g.segs) > 1 }

// match reports whether s matches the whole pattern. Stars are matched
// leftmost-first, which is exact for patterns whose only wildcard is *.
func (g glob) match(s string) bool {
	if len(g.segs) == 1 {
		return s == g.segs[0]
	}
	first, last := g.segs[0], g.segs[len(g.segs)-1]
	if len(s) < len(first)+len(last) || !strings.HasPrefix(s, first) || !strings.HasSuffix(s, last) {
		return false
	}
	mid := s[len(first) : len(s)-len(last)]
	for _, seg := range g.segs[1 : len(g.segs)-1] {
		i := strings.Index(mid, seg)
		if i < 0 {
			return false
		}
		mid = mid[i+len(seg):]
	}
	return true
}

// matchFold is match, case-insensitively (ASCII and Unicode simple folding).
func (g glob) matchFold(s string) bool {
	low := glob{segs: make([]string, len(g.segs))}
	for i, seg := range g.segs {
		low.segs[i] = strings.ToLower(seg)
	}
	return low.match(strings.ToLower(s))
}
