package pyre

import "github.com/hookifyc/hookifyc/compiler/pyval"

// source reads a pattern as Python's parser does: one token of look-ahead,
// where a token is one code point or a backslash with the code point after
// it. Python reports a trailing lone backslash as soon as it becomes the
// look-ahead token, which decides which error wins when a pattern has
// several; reading tokens the same way reproduces that.
type source struct {
	pattern string
	s       []rune
	// The look-ahead token is s[start:end]; start == len(s) at the end.
	start, end int
}

func newSource(pattern string) *source {
	src := &source{pattern: pattern, s: pyval.Runes(pattern)}
	src.seek(0)
	return src
}

// fail aborts parsing with a re.error at code point offset pos.
func (src *source) fail(msg string, pos int) {
	panic(parseFailure{&Error{Msg: msg, Pattern: src.pattern, Pos: pos, Exception: ExcReError}})
}

// failAt aborts with a re.error at tell()-back, as Python's
// source.error(msg, back) does.
func (src *source) failAt(msg string, back int) { src.fail(msg, src.start-back) }

// seek makes the token at offset i the look-ahead token.
func (src *source) seek(i int) {
	src.start = i
	switch {
	case i >= len(src.s):
		src.end = i
	case src.s[i] != '\\':
		src.end = i + 1
	case i+1 < len(src.s):
		src.end = i + 2
	default:
		src.fail("bad escape (end of pattern)", len(src.s)-1)
	}
}

// tell is the offset of the look-ahead token.
func (src *source) tell() int { return src.start }

// eof reports whether all tokens have been read.
func (src *source) eof() bool { return src.start >= len(src.s) }

// peek returns the look-ahead token (nil at the end) without reading it.
func (src *source) peek() []rune {
	if src.start >= len(src.s) {
		return nil
	}
	return src.s[src.start:src.end]
}

// peekIs reports whether the look-ahead token is the single code point c.
func (src *source) peekIs(c rune) bool {
	return src.end == src.start+1 && src.s[src.start] == c
}

// peekDigit reports whether the look-ahead token is an ASCII digit (octal
// only if octal is set).
func (src *source) peekDigit(octal bool) bool {
	if src.end != src.start+1 {
		return false
	}
	c := src.s[src.start]
	if octal {
		return '0' <= c && c <= '7'
	}
	return '0' <= c && c <= '9'
}

// peekHex reports whether the look-ahead token is an ASCII hex digit.
func (src *source) peekHex() bool {
	if src.end != src.start+1 {
		return false
	}
	c := src.s[src.start]
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// get reads the look-ahead token; nil at the end.
func (src *source) get() []rune {
	if src.start >= len(src.s) {
		return nil
	}
	tok := src.s[src.start:src.end]
	src.seek(src.end)
	return tok
}

// match reads the look-ahead token if it is the single code point c.
func (src *source) match(c rune) bool {
	if src.peekIs(c) {
		src.seek(src.end)
		return true
	}
	return false
}

// getUntil reads tokens up to the single code point term and returns them
// without it (Python's source.getuntil). what names the thing read in the
// "missing …" errors.
func (src *source) getUntil(term rune, what string) []rune {
	var out []rune
	for {
		if src.eof() {
			if len(out) == 0 {
				src.failAt("missing "+what, 0)
			}
			src.failAt("missing "+string(term)+", unterminated name", len(out))
		}
		if src.peekIs(term) {
			src.get()
			if len(out) == 0 {
				src.failAt("missing "+what, 1)
			}
			return out
		}
		out = append(out, src.get()...)
	}
}
