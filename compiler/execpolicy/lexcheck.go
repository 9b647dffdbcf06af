package execpolicy

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The lexical pre-pass.
//
// go.starlark.net and starlark-rust (Codex's parser) disagree on string
// literals: starlark-rust keeps unknown escapes (`"\q"` is `\q`), reads
// `\xe9` and octal escapes as code points, drops carriage returns inside
// strings, lets a raw string escape either quote (`r"\'"` is `'`), and has
// f-strings. So before go.starlark.net sees a file, lexCheck tokenizes it as
// starlark-rust does and rewrites every string literal into a placeholder of
// the same extent (same lines, same columns) whose value is patched into the
// syntax tree after parsing (rewrite.go). An f-string with expressions
// becomes a call of the same extent, `f"a{x}b{y!r}"` → `_f(  x  , y    )`,
// whose arguments are the expressions, unchanged and at their own line:col.
// Because every placeholder keeps the positions of the original, errors
// (inside an f-string too) are reported where Codex reports them.
//
// The pre-pass also rejects what starlark-rust rejects at the lexical level
// but go.starlark.net accepts: invalid UTF-8 (Codex cannot even read the
// file), a byte-order mark, control characters other than tabs outside string
// literals and comments, non-ASCII characters outside them, and the string
// literals starlark-rust refuses. Anything it cannot classify is left to the
// parser.

// srcPos is a 1-based line and column (in characters), as go.starlark.net
// and starlark-rust count them.
type srcPos struct{ line, col int32 }

// fstring is an f-string's text between its expressions and each
// expression's conversion ('s' for str, 'r' for repr).
type fstring struct {
	texts []string
	convs []byte
}

// prepared is a file rewritten for go.starlark.net.
type prepared struct {
	src   []byte
	strs  map[srcPos]string   // placeholder literal's opening quote → value
	fstrs map[srcPos]*fstring // placeholder call's '(' → f-string
}

// lexCheck runs the pre-pass on a file.
func lexCheck(file string, src []byte) (*prepared, *Error) {
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
		return nil, &Error{Pos: Position{file, line, col}, Msg: "stream did not contain valid UTF-8"}
	}
	lx := &lexer{file: file, s: string(src), line: 1, col: 1,
		p: &prepared{strs: map[srcPos]string{}, fstrs: map[srcPos]*fstring{}}}
	lx.out = make([]byte, 0, len(src))
	if e := lx.run(nil); e != nil {
		if e == errLeaveToParser {
			// Let go.starlark.net report it on the original text.
			return &prepared{src: src, strs: map[srcPos]string{}, fstrs: map[srcPos]*fstring{}}, nil
		}
		return nil, e
	}
	lx.p.src = lx.out
	return lx.p, nil
}

// errLeaveToParser stops the pre-pass on what go.starlark.net reports as
// well as starlark-rust does (an unterminated string).
var errLeaveToParser = &Error{Msg: "leave to parser"}

type lexer struct {
	file      string
	s         string
	i         int // byte offset in s
	line, col int
	out       []byte
	p         *prepared
	// runes is s as runes and runeIdx maps a byte offset of s to the index
	// of its rune, built on first use: string literals read the rest of the
	// file as runes, and converting it for each literal made loading a
	// file quadratic (1,000 rules: 0.5 s).
	runes   []rune
	runeIdx []int32
}

// runesFrom returns s[off:] as runes (shared: read only).
func (lx *lexer) runesFrom(off int) []rune {
	if lx.runeIdx == nil {
		lx.runeIdx = make([]int32, len(lx.s)+1)
		lx.runes = make([]rune, 0, len(lx.s))
		for i, r := range lx.s {
			lx.runeIdx[i] = int32(len(lx.runes))
			lx.runes = append(lx.runes, r)
		}
		lx.runeIdx[len(lx.s)] = int32(len(lx.runes))
	}
	return lx.runes[lx.runeIdx[off]:]
}

// fstate is the bracket state of an f-string expression being scanned.
type fstate struct {
	braces, parens, brackets int
	start                    int // offset of the expression
}

func (lx *lexer) pos() srcPos { return srcPos{int32(lx.line), int32(lx.col)} }

func (lx *lexer) errAt(line, col int, msg string) *Error {
	return &Error{Pos: Position{lx.file, line, col}, Msg: "Parse error: " + msg}
}

// next consumes one character, copying it to the output.
func (lx *lexer) copyRune() rune {
	r, n := utf8.DecodeRuneInString(lx.s[lx.i:])
	lx.out = append(lx.out, lx.s[lx.i:lx.i+n]...)
	lx.i += n
	lx.line, lx.col = advance(lx.line, lx.col, r)
	return r
}

// run scans code. With fs non-nil it scans an f-string expression and
// returns at its end: before the top-level '}' or '!', which it does not
// consume.
func (lx *lexer) run(fs *fstate) *Error {
	for lx.i < len(lx.s) {
		c := lx.s[lx.i]
		switch {
		case c == '#':
			for lx.i < len(lx.s) && lx.s[lx.i] != '\n' {
				lx.copyRune()
			}
		case c == '"' || c == '\'':
			if e := lx.stringLit(lx.i, lx.pos(), false); e != nil {
				return e
			}
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			j := lx.i
			for j < len(lx.s) && isWordByte(lx.s[j]) {
				j++
			}
			word := lx.s[lx.i:j]
			if j < len(lx.s) && (lx.s[j] == '"' || lx.s[j] == '\'') && (word == "r" || word == "f" || word == "fr") {
				start := lx.pos()
				startI := lx.i
				// The prefix letters are consumed by the literal scanners.
				var e *Error
				if word == "r" {
					e = lx.stringLit(startI, start, true)
				} else {
					e = lx.fstringLit(startI, start, word == "fr")
				}
				if e != nil {
					return e
				}
				continue
			}
			for lx.i < j {
				lx.copyRune()
			}
		case c == '\t':
			// Where a tab is refused (indentation, between tokens but not
			// on a blank or comment line) is syntaxCheck's call.
			lx.copyRune()
		case c == '\r':
			if !strings.HasPrefix(lx.s[lx.i:], "\r\n") {
				return lx.errAt(lx.line, lx.col, "invalid input `\\r`")
			}
			lx.copyRune()
		case fs != nil && c == '}' && fs.braces == 1 && fs.parens == 0 && fs.brackets == 0:
			return nil
		case fs != nil && c == '!' && fs.braces == 1 && fs.parens == 0 && fs.brackets == 0 && lx.atTokenEnd() &&
			!strings.HasPrefix(lx.s[lx.i:], "!="):
			return nil
		case c == '.' && strings.HasPrefix(lx.s[lx.i:], "...") && (lx.i == 0 || !isDigit(lx.s[lx.i-1]) && lx.s[lx.i-1] != '.'):
			// Codex's Ellipsis, which go.starlark.net lacks: a name of the
			// same width bound to it (ellipsisName).
			if lx.i > 0 && isIdentByte(lx.s[lx.i-1]) {
				// Kept apart from the word before it (if...).
				lx.out = append(lx.out, " "+ellipsisShortName...)
			} else {
				lx.out = append(lx.out, ellipsisName...)
			}
			lx.i += 3
			lx.col += 3
		case c == '!' && !strings.HasPrefix(lx.s[lx.i:], "!="):
			return lx.errAt(lx.line, lx.col, "invalid input `!`")
		case fs != nil && c == ':' && fs.braces == 1 && fs.parens == 0 && fs.brackets == 0 &&
			!strings.Contains(lx.s[fs.start:lx.i], "lambda"):
			return lx.errAt(lx.line, lx.col, "unexpected symbol ':', expected f-string expression end '}'")
		default:
			r, _ := utf8.DecodeRuneInString(lx.s[lx.i:])
			switch {
			case r == '\ufeff':
				return lx.errAt(lx.line, lx.col, "invalid input '\\u{feff}'")
			case r < 0x20 && r != '\n' || r == 0x7f:
				return lx.errAt(lx.line, lx.col, fmt.Sprintf("invalid input %s", rustDebugChar(r)))
			case r >= utf8.RuneSelf:
				return lx.errAt(lx.line, lx.col, fmt.Sprintf("invalid input `%c`", r))
			}
			if fs != nil {
				switch c {
				case '{':
					fs.braces++
				case '}':
					if fs.braces > 0 {
						fs.braces--
					}
					if fs.braces == 0 {
						// starlark-rust falls back to f-string text here; the
						// parse fails there and in go.starlark.net alike.
						return errLeaveToParser
					}
				case '(':
					fs.parens++
				case ')':
					if fs.parens > 0 {
						fs.parens--
					}
				case '[':
					fs.brackets++
				case ']':
					if fs.brackets > 0 {
						fs.brackets--
					}
				}
			}
			lx.copyRune()
		}
	}
	if fs != nil {
		return errLeaveToParser
	}
	return nil
}

// atTokenEnd reports whether s[i] directly follows the previous token (no
// whitespace in between): starlark-rust reads a conversion '!' only there.
func (lx *lexer) atTokenEnd() bool {
	if lx.i == 0 {
		return true
	}
	switch lx.s[lx.i-1] {
	case ' ', '\n', '\\':
		return false
	}
	return true
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func advance(line, col int, r rune) (int, int) {
	if r == '\n' {
		return line + 1, 1
	}
	return line, col + 1
}

// placeholder writes the placeholder of a plain string literal spanning
// s[from:to] (prefix included), whose quotes are q (1 or 3 characters) and
// which started at pos, and records its value.
func (lx *lexer) placeholder(from, to, quotes int, start srcPos, value string) {
	runes := []rune(lx.s[from:to])
	out := make([]byte, 0, len(runes))
	triple := quotes == 3
	// The placeholder's quotes start where the literal does, prefix
	// included: a prefix turned into a space would indent a line that
	// starts with r"...".
	for k, r := range runes {
		switch {
		case k < quotes || k >= len(runes)-quotes:
			out = append(out, '"')
		case r == '\n':
			out = append(out, '\n')
		case !triple && k+1 < len(runes) && runes[k+1] == '\n':
			out = append(out, '\\') // a line continuation inside a one-line string
		default:
			out = append(out, ' ')
		}
	}
	lx.out = append(lx.out, out...)
	quotePos := start
	lx.p.strs[quotePos] = value
	for _, r := range runes {
		lx.line, lx.col = advance(lx.line, lx.col, r)
	}
	lx.i = to
}

// stringLit scans a string literal (prefix `r` if raw) starting at
// s[from], as starlark-rust's lexer does, and writes its placeholder.
func (lx *lexer) stringLit(from int, start srcPos, raw bool) *Error {
	prefix := 0
	if raw {
		prefix = 1
	}
	qi := from + prefix
	q := rune(lx.s[qi])
	triple := strings.HasPrefix(lx.s[qi+1:], strings.Repeat(string(q), 2))
	quotes := 1
	if triple {
		quotes = 3
	}
	// Characters of the contents, read as starlark-rust's Lexer::string.
	rs := lx.runesFrom(qi + quotes)
	var res []rune
	qs := 0
	stop := func(c rune) bool {
		if !triple {
			return c == q
		}
		if c == q {
			qs++
			return qs == 3
		}
		qs = 0
		return false
	}
	// Position of rune k of rs.
	posOf := func(k int) (int, int) {
		line, col := int(start.line), int(start.col)+prefix+quotes
		for _, r := range rs[:k] {
			line, col = advance(line, col, r)
		}
		return line, col
	}
	k := 0
	for k < len(rs) {
		c := rs[k]
		k++
		if stop(c) {
			if triple {
				res = res[:len(res)-2]
			}
			end := qi + quotes + len(string(rs[:k]))
			lx.placeholder(from, end, quotes, start, string(res))
			return nil
		}
		switch {
		case c == '\n' && !triple:
			return lx.errAt(int(start.line), int(start.col), "unfinished string literal")
		case c == '\r':
			// dropped
		case c == '\\':
			if raw {
				if k >= len(rs) {
					break
				}
				n := rs[k]
				k++
				if n != '\'' && n != '"' {
					res = append(res, '\\')
				}
				res = append(res, n)
				continue
			}
			bs := k - 1
			var e bool
			res, k, e = rustEscape(rs, k, res)
			if e {
				line, col := posOf(bs)
				bad := string(rs[bs+1 : k])
				if bad == "" {
					return lx.errAt(line, col, "missing string escape sequence, only saw `\\`")
				}
				return lx.errAt(line, col, "invalid string escape sequence `"+bad+"`")
			}
		default:
			res = append(res, c)
		}
	}
	return lx.errAt(int(start.line), int(start.col), "unfinished string literal")
}

// rustEscape decodes the escape after a backslash at rs[k-1] as
// starlark-rust's Lexer::escape does, appending to res. It returns the
// index after the consumed characters and whether the escape is invalid.
func rustEscape(rs []rune, k int, res []rune) ([]rune, int, bool) {
	if k >= len(rs) {
		return res, k, true
	}
	c := rs[k]
	k++
	digits := func(min, max, radix int) (rune, bool) {
		v, n := 0, 0
		for n < max {
			if k >= len(rs) {
				if n >= min {
					break
				}
				return 0, false
			}
			d := digitVal(rs[k], radix)
			if d < 0 {
				if n >= min {
					break
				}
				k++ // starlark-rust consumed the bad character
				return 0, false
			}
			k++
			n++
			v = v*radix + d
		}
		if v > utf8.MaxRune || v >= 0xd800 && v <= 0xdfff {
			return 0, false
		}
		return rune(v), true
	}
	switch c {
	case 'n':
		res = append(res, '\n')
	case 'r':
		res = append(res, '\r')
	case 't':
		res = append(res, '\t')
	case 'a':
		res = append(res, 7)
	case 'b':
		res = append(res, 8)
	case 'f':
		res = append(res, 12)
	case 'v':
		res = append(res, 11)
	case '\n':
	case '\r':
		if k >= len(rs) || rs[k] != '\n' {
			if k < len(rs) {
				k++
			}
			return res, k, true
		}
		k++
	case 'x', 'u', 'U':
		n := map[rune]int{'x': 2, 'u': 4, 'U': 8}[c]
		r, ok := digits(n, n, 16)
		if !ok {
			return res, k, true
		}
		res = append(res, r)
	case '0', '1', '2', '3', '4', '5', '6', '7':
		k--
		r, ok := digits(1, 3, 8)
		if !ok {
			return res, k, true
		}
		res = append(res, r)
	case '"', '\'', '\\':
		res = append(res, c)
	default:
		res = append(res, '\\', c)
	}
	return res, k, false
}

func digitVal(r rune, radix int) int {
	var d int
	switch {
	case r >= '0' && r <= '9':
		d = int(r - '0')
	case r >= 'a' && r <= 'z':
		d = int(r-'a') + 10
	case r >= 'A' && r <= 'Z':
		d = int(r-'A') + 10
	default:
		return -1
	}
	if d >= radix {
		return -1
	}
	return d
}

// fstringLit scans an f-string (prefix `f` or `fr`) starting at s[from] as
// starlark-rust's lexer does, and writes its placeholder: a plain string
// placeholder when it has no expression, else a call `_f(E1, E2, ...)` of
// the same extent.
func (lx *lexer) fstringLit(from int, start srcPos, raw bool) *Error {
	prefix := 1
	if raw {
		prefix = 2
	}
	qi := from + prefix
	q := rune(lx.s[qi])
	triple := strings.HasPrefix(lx.s[qi+1:], strings.Repeat(string(q), 2))
	quotes := 1
	if triple {
		quotes = 3
	}
	fs := &fstring{}
	// Segments of the literal that become filler: [segStart, i) is written
	// when an expression starts or the literal ends.
	type seg struct{ from, to int }
	var segs []seg
	var exprs []seg
	i := qi + quotes
	segStart := from
	var text []rune
	quoteCount := 0
	line, col := int(start.line), int(start.col)
	// advance line/col over s[from:i] lazily
	cur := from
	sync := func(to int) {
		for _, r := range lx.s[cur:to] {
			line, col = advance(line, col, r)
		}
		cur = to
	}
	for {
		if i >= len(lx.s) {
			sync(segStart)
			return lx.errAt(line, col, "unfinished string literal")
		}
		c, n := utf8.DecodeRuneInString(lx.s[i:])
		switch {
		case c == '{':
			if strings.HasPrefix(lx.s[i+1:], "{") {
				text = append(text, '{')
				quoteCount = 0
				i += 2
				continue
			}
			// An expression starts.
			fs.texts = append(fs.texts, string(text))
			text = nil
			segs = append(segs, seg{segStart, i + 1})
			// Write the filler so far and scan the expression in place.
			if paren, ok := lx.writeFiller(segs[len(segs)-1].from, segs[len(segs)-1].to, len(segs) == 1, false); ok {
				lx.p.fstrs[paren] = fs
			}
			exprStart := lx.i
			st := &fstate{braces: 1, start: exprStart}
			if e := lx.run(st); e != nil {
				return e
			}
			if strings.TrimSpace(lx.s[exprStart:lx.i]) == "" {
				what := "f-string expression end '}'"
				if lx.s[lx.i] == '!' {
					what = "f-string bang '!'"
				}
				return lx.errAt(lx.line, lx.col, "unexpected "+what+", expected expression")
			}
			exprs = append(exprs, seg{exprStart, lx.i})
			i = lx.i
			segStart = i
			cur = i
			line, col = lx.line, lx.col
			// Conversion.
			conv := byte('s')
			if lx.s[i] == '!' {
				j := i + 1
				for j < len(lx.s) && lx.s[j] == ' ' {
					j++
				}
				k := j
				for k < len(lx.s) && isWordByte(lx.s[k]) {
					k++
				}
				switch lx.s[j:k] {
				case "s":
				case "r":
					conv = 'r'
				default:
					return &Error{Pos: Position{lx.file, lx.line, lx.col}, Msg: "invalid f-string conversion specifier, expected 's' or 'r'"}
				}
				for k < len(lx.s) && lx.s[k] == ' ' {
					k++
				}
				if k >= len(lx.s) || lx.s[k] != '}' {
					return errLeaveToParser
				}
				i = k
			}
			fs.convs = append(fs.convs, conv)
			i++ // the '}'
			quoteCount = 0
			continue
		case c == '}':
			if strings.HasPrefix(lx.s[i+1:], "}") {
				text = append(text, '}')
				quoteCount = 0
				i += 2
				continue
			}
			sync(i)
			return lx.errAt(line, col, "invalid input `}`")
		case c == q:
			quoteCount++
			i += n
			if triple && quoteCount < 3 {
				text = append(text, c)
				continue
			}
			if triple {
				text = text[:len(text)-2]
			}
			fs.texts = append(fs.texts, string(text))
			if len(exprs) == 0 {
				lx.placeholder(from, i, quotes, start, fs.texts[0])
				return nil
			}
			lx.writeFiller(segStart, i, false, true)
			return nil
		case c == '\\' && !raw:
			quoteCount = 0
			rs := []rune(lx.s[i+1 : min(len(lx.s), i+1+12)])
			var bad bool
			var k int
			text, k, bad = rustEscape(rs, 0, text)
			if bad {
				sync(i)
				return lx.errAt(line, col+k, "invalid string escape sequence `\\`")
			}
			i += 1 + len(string(rs[:k]))
			continue
		case c == '\\' && raw:
			quoteCount = 0
			i += n
			if i >= len(lx.s) {
				text = append(text, '\\')
				continue
			}
			d, dn := utf8.DecodeRuneInString(lx.s[i:])
			if d != q {
				text = append(text, '\\')
			}
			text = append(text, d)
			i += dn
			continue
		case c == '\n' && !triple:
			sync(segStart)
			return lx.errAt(line, col, "unfinished string literal")
		case c == '\r':
			quoteCount = 0
		default:
			quoteCount = 0
			text = append(text, c)
		}
		i += n
	}
}

// writeFiller writes the placeholder for s[from:to], a part of an f-string
// that is not an expression: `_f(` then blanks for the part that opens it,
// `,` or `)` then blanks for the others. Line breaks are kept.
func (lx *lexer) writeFiller(from, to int, first, last bool) (paren srcPos, ok bool) {
	runes := []rune(lx.s[from:to])
	for k, r := range runes {
		var b byte = ' '
		switch {
		case r == '\n':
			b = '\n'
		case first && k == 0:
			b = '_'
		case first && k == 1:
			b = 'f'
		case first && k == 2:
			b = '('
			paren, ok = srcPos{int32(lx.line), int32(lx.col)}, true
		case !first && k == 0 && last:
			b = ')'
		case !first && k == 0:
			b = ','
		}
		lx.out = append(lx.out, b)
		lx.line, lx.col = advance(lx.line, lx.col, r)
	}
	lx.i = to
	return paren, ok
}
