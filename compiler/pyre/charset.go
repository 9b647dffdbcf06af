package pyre

import (
	"slices"
	"unicode"
)

// Code point sets as sorted lists of disjoint, non-adjacent ranges.

const maxRune = unicode.MaxRune

// normalize sorts and merges rs in place and returns the result.
func normalize(rs []RuneRange) []RuneRange {
	if len(rs) < 2 {
		return rs
	}
	slices.SortFunc(rs, func(a, b RuneRange) int { return int(a.Lo) - int(b.Lo) })
	out := rs[:1]
	for _, r := range rs[1:] {
		last := &out[len(out)-1]
		if r.Lo <= last.Hi+1 {
			last.Hi = max(last.Hi, r.Hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

// complement returns the code points (0…U+10FFFF) not in the normalized rs.
func complement(rs []RuneRange) []RuneRange {
	var out []RuneRange
	next := rune(0)
	for _, r := range rs {
		if r.Lo > next {
			out = append(out, RuneRange{next, r.Lo - 1})
		}
		next = r.Hi + 1
	}
	if next <= maxRune {
		out = append(out, RuneRange{next, maxRune})
	}
	return out
}

// subtract returns a minus b, both normalized.
func subtract(a, b []RuneRange) []RuneRange {
	var out []RuneRange
	j := 0
	for _, r := range a {
		lo := r.Lo
		for j < len(b) && b[j].Hi < lo {
			j++
		}
		for k := j; k < len(b) && b[k].Lo <= r.Hi; k++ {
			if b[k].Lo > lo {
				out = append(out, RuneRange{lo, b[k].Lo - 1})
			}
			lo = b[k].Hi + 1
		}
		if lo <= r.Hi {
			out = append(out, RuneRange{lo, r.Hi})
		}
	}
	return out
}

// casedRunes calls f for every code point in [lo, hi] whose case
// behaviour can matter: those with a case mapping (unicode.CaseRanges),
// U+00DF (which folds to U+1E9E without a simple mapping) and the members
// of foldFixes.
func casedRunes(lo, hi rune, f func(rune)) {
	if hi < 0x80 {
		for c := max(lo, 'A'); c <= min(hi, 'Z'); c++ {
			f(c)
		}
		for c := max(lo, 'a'); c <= min(hi, 'z'); c++ {
			f(c)
		}
		return
	}
	crs := unicode.CaseRanges
	i, j := 0, len(crs) // first entry with Hi >= lo
	for i < j {
		m := int(uint(i+j) >> 1)
		if rune(crs[m].Hi) < lo {
			i = m + 1
		} else {
			j = m
		}
	}
	for ; i < len(crs) && rune(crs[i].Lo) <= hi; i++ {
		cr := crs[i]
		for c := max(lo, rune(cr.Lo)); c <= min(hi, rune(cr.Hi)); c++ {
			f(c)
		}
	}
	if lo <= 0xDF && 0xDF <= hi {
		f(0xDF)
	}
	for _, fix := range foldFixes {
		for _, c := range fix {
			if lo <= c && c <= hi && unicode.SimpleFold(c) == c {
				f(c) // not in unicode.CaseRanges
			}
		}
	}
}

// hasCased reports whether the normalized rs contains a code point that
// regexp2's IgnoreCase mode treats differently from exact matching.
func hasCased(rs []RuneRange) bool {
	found := false
	for _, r := range rs {
		casedRunes(r.Lo, r.Hi, func(c rune) {
			if unicode.SimpleFold(c) != c || unicode.ToLower(c) != c {
				found = true
			}
		})
		if found {
			return true
		}
	}
	return false
}

// caseClose adds to the normalized rs every code point that Python's
// re.IGNORECASE identifies with one of its members, and returns the
// normalized result.
func caseClose(rs []RuneRange, ascii bool) []RuneRange {
	out := slices.Clone(rs)
	var cur RuneRange
	add := func(r rune) {
		for _, x := range foldOrbit(r, ascii)[1:] {
			if x < cur.Lo || x > cur.Hi {
				out = append(out, RuneRange{x, x})
			}
		}
	}
	for _, r := range rs {
		cur = r
		if r.Lo < 0x80 {
			// ASCII letters, without allocating an orbit each: the other
			// case, and (Unicode mode) the non-ASCII members of the i, k
			// and s classes.
			for _, c := range [2]rune{'A', 'a'} {
				lo, hi := max(r.Lo, c), min(r.Hi, c+25)
				if lo <= hi {
					out = append(out, RuneRange{lo ^ 0x20, hi ^ 0x20})
					if !ascii {
						for _, x := range []rune{'i', 'k', 's'} {
							if lo <= x&^0x20|c&0x20 && x&^0x20|c&0x20 <= hi {
								add(x)
							}
						}
					}
				}
			}
			if r.Hi < 0x80 {
				continue
			}
			r.Lo = 0x80
		}
		if !ascii {
			casedRunes(r.Lo, r.Hi, add)
		}
	}
	return normalize(out)
}

// lowerFixed returns the members x of the case-closed, normalized rs with
// unicode.ToLower(x) == x. regexp2's IgnoreCase mode lower-cases each
// subject code point before testing it against a class, and for x in a
// case-closed set ToLower(x) is in the set too, so the lower-case members
// are all the class needs.
func lowerFixed(rs []RuneRange) []RuneRange {
	var drop []RuneRange
	for _, r := range rs {
		casedRunes(r.Lo, r.Hi, func(c rune) {
			if unicode.ToLower(c) != c {
				drop = append(drop, RuneRange{c, c})
			}
		})
	}
	if len(drop) == 0 {
		return rs
	}
	return subtract(rs, normalize(drop))
}
