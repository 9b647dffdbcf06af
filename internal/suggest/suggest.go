// Package suggest finds the known word a misspelt one most likely meant,
// for "did you mean" hints in diagnostics.
package suggest

import "sort"

// Closest returns the known word nearest to s within an edit distance of
// 2 (1 for words of four letters or fewer), or "" when none is that close
// or s is itself known. Ties go to the alphabetically first word.
func Closest(s string, known []string) string {
	cands := append([]string(nil), known...)
	sort.Strings(cands)
	best, bestD := "", 3
	for _, k := range cands {
		if k == s {
			return ""
		}
		limit := 2
		if len(k) <= 4 {
			limit = 1
		}
		if d := Distance(s, k); d <= limit && d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// Hint is ` (did you mean "X"?)` for Closest(s, known), or "".
func Hint(s string, known []string) string {
	if c := Closest(s, known); c != "" {
		return ` (did you mean "` + c + `"?)`
	}
	return ""
}

// Distance is the optimal string alignment distance (Levenshtein with
// transpositions of adjacent bytes) between a and b.
func Distance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
