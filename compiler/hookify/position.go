package hookify

import (
	"sort"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// lineIndex converts byte offsets of a text whose lines end in "\n" (the text
// after universal-newline translation) into 1-based line:column positions.
type lineIndex struct {
	starts []int // byte offset of the start of each line
	size   int
}

func newLineIndex(text string) lineIndex {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return lineIndex{starts: starts, size: len(text)}
}

// pos returns the position of byte offset off (0 <= off <= len(text)).
func (x lineIndex) pos(off int) ir.Pos {
	if off < 0 || off > x.size {
		return ir.Pos{}
	}
	// The last line whose start is <= off.
	i := sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off }) - 1
	return ir.Pos{Line: i + 1, Col: off - x.starts[i] + 1}
}

// lines is the number of lines.
func (x lineIndex) lines() int { return len(x.starts) }

// lineLen is the length in bytes of line n (1-based), without its newline.
func (x lineIndex) lineLen(n int) int {
	if n < 1 || n > len(x.starts) {
		return -1
	}
	end := x.size
	if n < len(x.starts) {
		end = x.starts[n] - 1
	}
	return end - x.starts[n-1]
}
