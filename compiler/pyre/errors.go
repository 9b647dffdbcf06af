package pyre

import (
	"errors"
	"strconv"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// ErrTimeout is returned by (*Regexp).Search when the search ran longer than
// Options.Timeout (catastrophic backtracking). Python has no such bound.
var ErrTimeout = errors.New("pyre: regex search timed out")

// Python exception types an *Error stands for (Error.Exception).
const (
	ExcReError        = "re.error"       // the usual syntax error
	ExcOverflowError  = "OverflowError"  // a repeat count ≥ 4294967295
	ExcRecursionError = "RecursionError" // nesting too deep (see maxParseDepth)
	ExcValueError     = "ValueError"     // incompatible flags passed to Parse/Compile
)

// Error is a pattern that Python rejects, or that Python accepts but this
// package cannot honour (Unsupported).
type Error struct {
	// Msg is the message without position, e.g. "nothing to repeat" (for
	// re.error this is Python's e.msg).
	Msg string
	// Pattern is the pattern, as given.
	Pattern string
	// Pos is the offset in code points that Python reports (e.pos), or -1.
	Pos int
	// Exception is the Python exception re.compile raises: ExcReError,
	// ExcOverflowError, ExcRecursionError or ExcValueError. It is "" when
	// Unsupported.
	Exception string
	// Unsupported is set when Python accepts the pattern but this package
	// cannot reproduce its meaning exactly (e.g. \N{NAME}).
	Unsupported bool
	// Warnings are the warnings Python issues before it raises.
	Warnings []Warning

	tooLarge bool // refused past MaxEmittedLen (IsTranslationTooLarge)
}

// IsTranslationTooLarge reports whether err is the refusal of a pattern
// whose translation passed MaxEmittedLen: about that many bytes were
// built before it was given up.
func IsTranslationTooLarge(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.tooLarge
}

// Error returns the text of Python's str(exception): for re.error, Msg
// followed by " at position N" and, when the pattern has several lines,
// " (line L, column C)". Unsupported errors use the same format.
func (e *Error) Error() string {
	if e.Pos < 0 {
		return e.Msg
	}
	msg := e.Msg + " at position " + strconv.Itoa(e.Pos)
	line, col, multi := lineCol(e.Pattern, e.Pos)
	if multi {
		msg += " (line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col) + ")"
	}
	return msg
}

// lineCol computes Python's e.lineno and e.colno for a code point offset,
// and whether the pattern contains a newline at all.
func lineCol(pattern string, pos int) (line, col int, multi bool) {
	line, last := 1, -1
	for i, r := range pyval.Runes(pattern) {
		if r == '\n' {
			multi = true
			if i < pos {
				line++
				last = i
			}
		}
	}
	return line, pos - last, multi
}

// Position reports e.Pos, and whether there is one.
func (e *Error) Position() (int, bool) { return e.Pos, e.Pos >= 0 }

// parseFailure carries an *Error through panics inside the parser.
type parseFailure struct{ err *Error }
