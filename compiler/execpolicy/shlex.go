package execpolicy

import (
	"errors"
	"strings"
)

// errShlex is returned for an unbalanced quote or a trailing backslash.
var errShlex = errors.New("invalid shell syntax")

// SplitExample splits a match/not_match example string the way Codex does
// (the Rust `shlex` crate): words are separated by space, tab and newline;
// a '#' at the start of a word starts a comment that runs to the end of the
// line; single quotes are literal; inside double quotes a backslash escapes
// only $ ` " \ and newline (a backslash-newline disappears); outside quotes a
// backslash escapes any character. '\r' is an ordinary character.
//
// This is deliberately not compiler/shell.SplitShlex, which is Python's
// shlex.split: the two differ on comments ("git status # x"), '\r',
// backslash-newline and \$ \` inside double quotes, and Codex uses these
// rules when it checks examples.
func SplitExample(s string) ([]string, error) {
	var out []string
	i := 0
	for {
		for i < len(s) && isShlexSpace(s[i]) {
			i++
		}
		if i == len(s) {
			return out, nil
		}
		if s[i] == '#' {
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return out, nil
			}
			i += j + 1
			continue
		}
		var w []byte
		w = []byte{} // an empty quoted word is still a word
	word:
		for i < len(s) {
			c := s[i]
			i++
			switch {
			case isShlexSpace(c):
				break word
			case c == '\'':
				j := strings.IndexByte(s[i:], '\'')
				if j < 0 {
					return nil, errShlex
				}
				w = append(w, s[i:i+j]...)
				i += j + 1
			case c == '"':
				for {
					if i == len(s) {
						return nil, errShlex
					}
					c = s[i]
					i++
					if c == '"' {
						break
					}
					if c != '\\' {
						w = append(w, c)
						continue
					}
					if i == len(s) {
						return nil, errShlex
					}
					e := s[i]
					i++
					switch e {
					case '$', '`', '"', '\\':
						w = append(w, e)
					case '\n':
					default:
						w = append(w, '\\', e)
					}
				}
			case c == '\\':
				if i == len(s) {
					return nil, errShlex
				}
				if s[i] != '\n' {
					w = append(w, s[i])
				}
				i++
			default:
				w = append(w, c)
			}
		}
		out = append(out, string(w))
	}
}

func isShlexSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// shlexJoin renders an argv as Codex renders examples in its messages (the
// Rust `shlex` crate's try_join); ok is false if a token contains NUL.
func shlexJoin(argv []string) (string, bool) {
	q := make([]string, len(argv))
	for i, a := range argv {
		if strings.IndexByte(a, 0) >= 0 {
			return "", false
		}
		q[i] = shlexQuote(a)
	}
	return strings.Join(q, " "), true
}

const (
	quoteBare   = 1
	quoteSingle = 2
	quoteDouble = 4
)

// shlexQuote quotes one word: it is cut into chunks, each written bare, in
// single quotes or in double quotes (in that order of preference), whichever
// works for the longest run.
func shlexQuote(s string) string {
	if s == "" {
		return "''"
	}
	var b strings.Builder
	for len(s) > 0 {
		n, how := quoteChunk(s)
		chunk := s[:n]
		s = s[n:]
		switch {
		case how&quoteBare != 0:
			b.WriteString(chunk)
		case how&quoteSingle != 0:
			b.WriteString("'" + chunk + "'")
		default:
			b.WriteByte('"')
			for i := 0; i < len(chunk); i++ {
				if c := chunk[i]; c == '$' || c == '`' || c == '"' || c == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(chunk[i])
			}
			b.WriteByte('"')
		}
	}
	return b.String()
}

func quoteChunk(s string) (int, int) {
	ok := quoteBare | quoteSingle | quoteDouble
	i := 0
	if s[0] == '^' {
		ok, i = quoteSingle, 1 // '^' only right after an opening single quote
	}
	for ; i < len(s); i++ {
		c := s[i]
		cur := ok
		if c >= 0x80 {
			cur &^= quoteBare
		} else {
			if !bareOK(c) {
				cur &^= quoteBare
			}
			if c == '\'' || c == '^' || c == '\\' {
				cur &^= quoteSingle
			}
			if c == '`' || c == '$' || c == '!' || c == '^' {
				cur &^= quoteDouble
			}
		}
		if cur == 0 {
			break
		}
		ok = cur
	}
	return i, ok
}

func bareOK(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("+-./:@]_", c) >= 0
}
