package perm

import (
	"bytes"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// lines maps byte offsets of a file to 1-based line:col positions (columns
// count bytes).
type lines struct {
	starts []int
}

func newLines(data []byte) lines {
	l := lines{starts: []int{0}}
	for i, b := range data {
		if b == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

func (l lines) pos(off int) ir.Pos {
	lo, hi := 0, len(l.starts)
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if l.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return ir.Pos{Line: lo + 1, Col: off - l.starts[lo] + 1}
}

// strLoc locates a string value in its file: Start is where its token
// begins (the opening quote of a quoted string) and offs[i] is the byte
// offset, from Start, of the source text that produced byte i of the decoded
// value (offs has one more entry, for the end). offs is nil when the mapping
// is unknown; every column then maps to Start.
type strLoc struct {
	Start ir.Pos
	offs  []int
}

// at returns the position of 1-based column col of the decoded value.
func (s strLoc) at(col int) ir.Pos {
	if s.offs == nil || col < 1 || col > len(s.offs) {
		return s.Start
	}
	return ir.Pos{Line: s.Start.Line, Col: s.Start.Col + s.offs[col-1]}
}

// jsonStringOffsets maps the bytes of a decoded JSON string literal (raw,
// quotes included) to offsets in raw; nil when it does not decode to want.
func jsonStringOffsets(raw []byte, want string) []int {
	if len(raw) < 2 || raw[0] != '"' {
		return nil
	}
	offs := make([]int, 0, len(want)+1)
	i := 1
	for i < len(raw)-1 {
		c := raw[i]
		switch {
		case c != '\\':
			offs = append(offs, i)
			i++
		case i+1 < len(raw) && raw[i+1] == 'u':
			r, n := jsonUnicodeEscape(raw[i:])
			for k := 0; k < utf8.RuneLen(r); k++ {
				offs = append(offs, i)
			}
			i += n
		default:
			offs = append(offs, i)
			i += 2
		}
	}
	offs = append(offs, len(raw)-1)
	if len(offs) != len(want)+1 {
		return nil
	}
	return offs
}

// jsonUnicodeEscape decodes \uXXXX (or a surrogate pair) at the start of b
// and returns the rune and the escape's length.
func jsonUnicodeEscape(b []byte) (rune, int) {
	r, ok := hex4(b)
	if !ok {
		return utf8.RuneError, 2
	}
	if r >= 0xD800 && r < 0xDC00 {
		if lo, ok := hex4(b[6:]); ok && lo >= 0xDC00 && lo < 0xE000 && bytes.HasPrefix(b[6:], []byte(`\u`)) {
			return (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000, 12
		}
		return utf8.RuneError, 6
	}
	if r >= 0xDC00 && r < 0xE000 {
		return utf8.RuneError, 6
	}
	return r, 6
}

// hex4 reads the four hex digits of \uXXXX at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range b[2:6] {
		var v byte
		switch {
		case c >= '0' && c <= '9':
			v = c - '0'
		case c >= 'a' && c <= 'f':
			v = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}
