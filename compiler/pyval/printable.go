package pyval

import (
	"sort"
	"unicode"
)

// IsPrintable reports whether Python 3.11's str.isprintable() is true for the
// code point r: false for the categories Cc, Cf, Cs, Co, Cn, Zl, Zp and for
// Zs other than the ASCII space. CPython 3.11 uses Unicode 14.0.0 while Go's
// unicode package (unicodeTablesVersion) is newer, so code points assigned
// after 14.0.0 are unassigned (Cn), hence not printable, for Python.
func IsPrintable(r rune) bool {
	if r < 0x7F {
		return r >= 0x20
	}
	if !unicode.IsPrint(r) {
		return false
	}
	return !inRangeTable(r, assignedAfterUnicode14)
}

// unicodeTablesVersion is the Unicode version of Go's unicode tables that
// assignedAfterUnicode14 was computed against; a test checks it.
const unicodeTablesVersion = "15.0.0"

// assignedAfterUnicode14 lists, as sorted inclusive ranges, the code points
// that Go's unicode.IsPrint accepts but Python 3.11's str.isprintable rejects
// because they were assigned in Unicode 15.0.0. Computed by comparing both
// over all code points.
var assignedAfterUnicode14 = [][2]rune{
	{0x0CF3, 0x0CF3},
	{0x0ECE, 0x0ECE},
	{0x10EFD, 0x10EFF},
	{0x1123F, 0x11241},
	{0x11B00, 0x11B09},
	{0x11F00, 0x11F10},
	{0x11F12, 0x11F3A},
	{0x11F3E, 0x11F59},
	{0x1342F, 0x1342F},
	{0x13440, 0x13455},
	{0x1B132, 0x1B132},
	{0x1B155, 0x1B155},
	{0x1D2C0, 0x1D2D3},
	{0x1DF25, 0x1DF2A},
	{0x1E030, 0x1E06D},
	{0x1E08F, 0x1E08F},
	{0x1E4D0, 0x1E4F9},
	{0x1F6DC, 0x1F6DC},
	{0x1F774, 0x1F776},
	{0x1F77B, 0x1F77F},
	{0x1F7D9, 0x1F7D9},
	{0x1FA75, 0x1FA77},
	{0x1FA87, 0x1FA88},
	{0x1FAAD, 0x1FAAF},
	{0x1FABB, 0x1FABD},
	{0x1FABF, 0x1FABF},
	{0x1FACE, 0x1FACF},
	{0x1FADA, 0x1FADB},
	{0x1FAE8, 0x1FAE8},
	{0x1FAF7, 0x1FAF8},
	{0x2B739, 0x2B739},
	{0x31350, 0x323AF},
}

func inRangeTable(r rune, table [][2]rune) bool {
	i := sort.Search(len(table), func(i int) bool { return table[i][1] >= r })
	return i < len(table) && table[i][0] <= r
}
