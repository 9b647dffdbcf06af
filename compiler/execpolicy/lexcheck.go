package execpolicy

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// fStringMsg is reported for f-strings, which Codex accepts but
// go.starlark.net cannot run.
const fStringMsg = "f-strings are not supported by hookifyc's validator; validate with codex"

// lexCheck rejects, before go.starlark.net sees the file, what starlark-rust
// (Codex's parser) rejects at the lexical level but go.starlark.net accepts:
// invalid UTF-8 (Codex cannot even read the file), a byte-order mark, tabs
// and other control characters outside string literals and comments, and
// non-ASCII characters outside them. It also reports f-strings. Anything it
// cannot classify (an unterminated string) is left to the parser.
func lexCheck(file string, src []byte) *Error {
	if !utf8.Valid(src) {
		line, col := 1, 1
		for i := 0; i < len(src); {
			r, n := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			line, col = advance(line, col, r)
			i += n
		}
		return &Error{Pos: Position{file, line, col}, Msg: "stream did not contain valid UTF-8"}
	}
	s := string(src)
	line, col := 1, 1
	errAt := func(msg string) *Error { return &Error{Pos: Position{file, line, col}, Msg: "Parse error: " + msg} }
	identStart := -1 // byte offset of the identifier run ending at i, if any
	identLine, identCol := 0, 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '#':
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return nil
			}
			for _, c := range s[i : i+j] {
				line, col = advance(line, col, c)
			}
			i += j
			identStart = -1
			continue
		case r == '"' || r == '\'':
			if identStart >= 0 && isFStringPrefix(s[identStart:i]) {
				return &Error{Pos: Position{file, identLine, identCol}, Msg: fStringMsg}
			}
			end, ok := scanString(s, i)
			if !ok {
				return nil // unterminated: the parser reports it
			}
			for _, c := range s[i:end] {
				line, col = advance(line, col, c)
			}
			i = end
			identStart = -1
			continue
		case r == '_' || r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
			if identStart < 0 {
				identStart, identLine, identCol = i, line, col
			}
		case r == '\t':
			return errAt("tabs are not allowed")
		case r == '\r':
			if !strings.HasPrefix(s[i:], "\r\n") {
				return errAt("invalid input `\\r`")
			}
			identStart = -1
		case r == '\ufeff':
			return errAt("invalid input '\\u{feff}'")
		case r < 0x20 && r != '\n' || r == 0x7f:
			return errAt(fmt.Sprintf("invalid input %s", rustDebugChar(r)))
		case r >= utf8.RuneSelf:
			return errAt(fmt.Sprintf("invalid input `%c`", r))
		default:
			identStart = -1
		}
		line, col = advance(line, col, r)
		i += n
	}
	return nil
}

func advance(line, col int, r rune) (int, int) {
	if r == '\n' {
		return line + 1, 1
	}
	return line, col + 1
}

// scanString returns the offset just past the string literal starting with
// the quote at s[i]. Backslashes escape the next character, also in raw
// strings (where they stay in the value), as in Python and Starlark.
func scanString(s string, i int) (int, bool) {
	q := s[i]
	triple := strings.HasPrefix(s[i:], strings.Repeat(string(q), 3))
	j := i + 1
	if triple {
		j = i + 3
	}
	for j < len(s) {
		c := s[j]
		switch {
		case c == '\\':
			j += 2
			continue
		case c == '\n' && !triple:
			return 0, false
		case c == q:
			if !triple {
				return j + 1, true
			}
			if strings.HasPrefix(s[j:], strings.Repeat(string(q), 3)) {
				return j + 3, true
			}
		}
		j++
	}
	return 0, false
}

// isFStringPrefix reports whether p, written right before a quote, makes
// the literal an f-string for starlark-rust (which knows f"…" and fr"…";
// other prefixes such as F or rf are parse errors there and in go.starlark.net).
func isFStringPrefix(p string) bool { return p == "f" || p == "fr" }
