package pyval

import (
	"fmt"
	"strings"
)

// JSONDecodeError is Python's json.JSONDecodeError. Pos is the 0-based index
// of the offending code point, Lineno and Colno are 1-based and also count
// code points (Colno = Pos - index of the last "\n" before Pos).
type JSONDecodeError struct {
	Msg    string // e.g. "Expecting value"
	Pos    int
	Lineno int
	Colno  int
}

// Error is Python's str(e), e.g. "Expecting value: line 1 column 1 (char 0)".
func (e *JSONDecodeError) Error() string {
	return fmt.Sprintf("%s: line %d column %d (char %d)", e.Msg, e.Lineno, e.Colno, e.Pos)
}

// newJSONDecodeError builds the error for the byte offset off in the
// well-formed WTF-8 document doc, converting it to code point positions.
func newJSONDecodeError(msg, doc string, off int) *JSONDecodeError {
	before := doc[:off]
	line := strings.Count(before, "\n") + 1
	pos := countCodePoints(before)
	col := pos + 1
	if nl := strings.LastIndexByte(before, '\n'); nl >= 0 {
		col = countCodePoints(before[nl+1:]) + 1
	}
	return &JSONDecodeError{Msg: msg, Pos: pos, Lineno: line, Colno: col}
}

// countCodePoints counts the code points of well-formed WTF-8: every byte
// that is not a continuation byte starts one.
func countCodePoints(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i]&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// Python's texts for errors that json.loads raises but that are not
// JSONDecodeErrors.
const (
	recursionArrayMsg  = "maximum recursion depth exceeded while decoding a JSON array from a unicode string"
	recursionObjectMsg = "maximum recursion depth exceeded while decoding a JSON object from a unicode string"
)

// RecursionError is Python's RecursionError as raised by json.loads when the
// document nests deeper than the interpreter's recursion limit allows.
type RecursionError struct{ Msg string }

func (e *RecursionError) Error() string { return e.Msg }

// IntMaxStrDigits is CPython 3.11's default sys.get_int_max_str_digits():
// int() refuses decimal strings with more digits than this.
const IntMaxStrDigits = 4300

// IntDigitsError is the ValueError that int() raises (and so json.loads,
// for a JSON integer) when a decimal string has more than IntMaxStrDigits
// digits.
type IntDigitsError struct{ Digits int }

func (e *IntDigitsError) Error() string {
	return fmt.Sprintf("Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", IntMaxStrDigits, e.Digits)
}
