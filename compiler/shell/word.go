package shell

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// wordKind selects the expansion rules that apply to a word.
type wordKind uint8

const (
	// argWord is a command word or a redirection target: a leading ~ is
	// expanded, and so is a ~ after the = of an assignment-shaped word
	// (bash expands `a=~/x` even as an argument).
	argWord wordKind = iota
	// assignValue is the value of NAME=value: ~ is expanded at the start and
	// after every unquoted ':'.
	assignValue
)

// chars is a word's value being built, with a parallel flag per byte telling
// whether the byte was unquoted and unescaped (and so may be special to the
// shell: glob, brace or tilde characters).
type chars struct {
	val  []byte
	bare []bool
}

func (c *chars) add(b byte, bare bool) {
	c.val = append(c.val, b)
	c.bare = append(c.bare, bare)
}

func (c *chars) addString(s string, bare bool) {
	for i := 0; i < len(s); i++ {
		c.add(s[i], bare)
	}
}

// literalValue unquotes the parts of a word. It returns the value and true
// when the word is literal (see [Word.Literal]).
func literalValue(parts []syntax.WordPart, kind wordKind) (string, bool) {
	// Fast path: one plain literal without escapes or special characters.
	if len(parts) == 1 {
		if lit, ok := parts[0].(*syntax.Lit); ok && !strings.ContainsAny(lit.Value, "\\*?[{~") {
			return lit.Value, true
		}
	}
	var c chars
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			unescapeBare(&c, p.Value)
		case *syntax.SglQuoted:
			if !p.Dollar {
				c.addString(p.Value, false)
				continue
			}
			s, ok := decodeANSIC(p.Value)
			if !ok {
				return "", false
			}
			c.addString(s, false)
		case *syntax.DblQuoted:
			// $"…" is locale translation; without message catalogs (the
			// normal case) bash leaves the string unchanged.
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				unescapeDouble(&c, lit.Value)
			}
		default:
			// ParamExp, CmdSubst, ArithmExp, ProcSubst, ExtGlob, BraceExp.
			return "", false
		}
	}
	if expands(c, kind) {
		return "", false
	}
	return string(c.val), true
}

// unescapeBare resolves backslashes outside quotes: \x is x, and a
// backslash-newline pair is a line continuation that disappears.
func unescapeBare(c *chars, s string) {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b != '\\' {
			c.add(b, true)
			continue
		}
		if i+1 == len(s) {
			c.add('\\', false)
			continue
		}
		if s[i+1] == '\n' {
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i+1:])
		c.addString(s[i+1:i+1+size], false)
		i += size
	}
}

// unescapeDouble resolves backslashes inside double quotes, where only
// \$ \` \" \\ and backslash-newline are escapes.
func unescapeDouble(c *chars, s string) {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				c.add(s[i+1], false)
				i++
				continue
			case '\n':
				i++
				continue
			}
		}
		c.add(b, false)
	}
}

// expands reports whether the unquoted characters of a word trigger a
// pathname, brace or tilde expansion.
func expands(c chars, kind wordKind) bool {
	val, bare := c.val, c.bare
	firstBrace, lastBrace := -1, -1
	for i, b := range val {
		if !bare[i] {
			continue
		}
		switch b {
		case '*', '?':
			return true
		case '[':
			// A bracket expression needs a closing ']' (quoted or not);
			// a lone '[' (the test command) is literal.
			if bytes.IndexByte(val[i+1:], ']') >= 0 {
				return true
			}
		case '~':
			if i == 0 {
				return true
			}
			if kind == assignValue && val[i-1] == ':' && bare[i-1] {
				return true
			}
		case '{':
			if firstBrace < 0 {
				firstBrace = i
			}
		case '}':
			lastBrace = i
		}
	}
	if firstBrace >= 0 && lastBrace > firstBrace {
		// Conservative: any unquoted ',' or '..' between the first '{' and
		// the last '}' counts as a brace expansion.
		for i := firstBrace + 1; i < lastBrace; i++ {
			if !bare[i] {
				continue
			}
			if val[i] == ',' || (val[i] == '.' && i+1 < lastBrace && val[i+1] == '.' && bare[i+1]) {
				return true
			}
		}
	}
	if kind == argWord {
		if eq := assignmentPrefix(c); eq > 0 {
			for i := eq + 1; i < len(val); i++ {
				if bare[i] && val[i] == '~' && bare[i-1] && (val[i-1] == '=' || val[i-1] == ':') {
					return true
				}
			}
		}
	}
	return false
}

// assignmentPrefix returns the index of the '=' when the word starts with an
// unquoted NAME= or NAME+=, otherwise -1.
func assignmentPrefix(c chars) int {
	for i, b := range c.val {
		if !c.bare[i] {
			return -1
		}
		switch {
		case b == '_' || (b|0x20 >= 'a' && b|0x20 <= 'z'):
		case b >= '0' && b <= '9' && i > 0:
		case b == '=' && i > 0:
			return i
		case b == '+' && i > 0 && i+1 < len(c.val) && c.val[i+1] == '=' && c.bare[i+1]:
			return i + 1
		default:
			return -1
		}
	}
	return -1
}

// heredocValue unquotes an unquoted here-document body: only \$ \` \\ and
// backslash-newline are escapes, and any expansion makes it non-literal.
func heredocValue(parts []syntax.WordPart) (string, bool) {
	var b strings.Builder
	for _, part := range parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			return "", false
		}
		s := lit.Value
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && i+1 < len(s) {
				switch s[i+1] {
				case '$', '`', '\\':
					b.WriteByte(s[i+1])
					i++
					continue
				case '\n':
					i++
					continue
				}
			}
			b.WriteByte(s[i])
		}
	}
	return b.String(), true
}

// quotedDelimiter reports whether a here-document delimiter has any quoting,
// which makes the body literal text.
func quotedDelimiter(w *syntax.Word) bool {
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok || strings.ContainsRune(lit.Value, '\\') {
			return true
		}
	}
	return false
}
