package execpolicy

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Codex's syntax errors.
//
// go.starlark.net parses the files, but its syntax errors are worded its own
// way ("got '**', want newline") and sometimes placed elsewhere. Codex's
// parser (starlark-rust 0.14.2) is a recursive-descent parser over a token
// stream: the first token it cannot use is reported as "Parse error:
// unexpected <token>, expected <what>", at the token's first character, and
// a lexical error is reported when the parser asks for the token it spoils.
// syntaxCheck follows the same grammar with the same expectation points, so
// that a file go.starlark.net refuses is refused in Codex's words and at
// Codex's position (TestConformanceSyntaxErrors compares it with the real
// Codex). It builds no syntax tree: it only finds the first error.

// syntaxCheck returns Codex's first syntax error in src, or nil when it
// finds none. lexErr is the pre-pass's error (lexCheck), if any: starlark-rust
// reports it when its parser reaches the token it lies in, so a syntax error
// before it comes first.
func syntaxCheck(file string, src []byte, lexErr *Error) *Error {
	err, _ := checkSyntax(file, src, lexErr)
	return err
}

// checkSyntax is syntaxCheck that also returns the file's type
// annotations, in order.
func checkSyntax(file string, src []byte, lexErr *Error) (err *Error, anns []rdAnnotation) {
	s := string(src)
	p := &rdParser{lx: newRDLexer(s), file: file, src: s}
	if lexErr != nil {
		p.lx.stopAt = offsetOf(s, lexErr.Pos.Line, lexErr.Pos.Col)
		p.lx.stopErr = lexErr
	}
	defer func() {
		if r := recover(); r != nil {
			if _, deep := r.(rdTooDeep); deep {
				// Nested past what a parser should recurse into (what
				// Codex's parser does there was not measured): refused in
				// go.starlark.net's words, at the token the checker gave up
				// on, rather than left to go.starlark.net, which would read
				// the file with its type annotations still in it.
				err, anns = p.errAtOffset(p.pos(), "Parse error: excessive nesting"), nil
				return
			}
			b, ok := r.(rdBail)
			if !ok {
				panic(r)
			}
			err = b.err
		}
	}()
	p.advance()
	p.module()
	if p.pending != nil {
		return p.pending, p.anns
	}
	if p.deferred != nil {
		return p.deferred, p.anns
	}
	return p.placement, p.anns
}

// syntaxCheckAfter is syntaxCheck for a file the pre-pass refused with
// lexErr: the first of the two errors, in the order Codex meets them (an
// error inside an f-string, which syntaxCheck reads itself, is Codex's
// only if it comes before lexErr).
func syntaxCheckAfter(file string, src []byte, lexErr *Error) *Error {
	if lexErr.Msg == "Parse error: unfinished string literal" {
		// syntaxCheck finds unfinished literals itself, where
		// starlark-rust does (inside f-strings too).
		if e := syntaxCheck(file, src, nil); e != nil {
			return e
		}
		return lexErr
	}
	e := syntaxCheck(file, src, lexErr)
	if e == nil || e != lexErr && lexErr.Pos.Line < e.Pos.Line || lexErr.Pos.Line == e.Pos.Line && lexErr.Pos.Col < e.Pos.Col && e.Pos.Line != 1 {
		return lexErr
	}
	return e
}

// offsetOf is the byte offset of a 1-based line and column (in characters).
func offsetOf(s string, line, col int) int {
	l, c := 1, 1
	for i, r := range s {
		if l == line && c == col || l > line {
			return i
		}
		l, c = advance(l, c, r)
	}
	return len(s)
}

// rdKind is the kind of a token.
type rdKind uint8

const (
	tkNone rdKind = iota // end of file (the token stream is exhausted)
	tkNewline
	tkIndent
	tkDedent
	tkIdent
	tkKeyword
	tkSymbol
	tkInt
	tkFloat
	tkString
	tkBytes
	tkFStart
	tkFText
	tkFExprStart
	tkFExprEnd
	tkFBang
	tkFEnd
)

// rdToken is one token: its kind, text (the keyword or symbol, the
// identifier, the literal's value) and byte extent.
type rdToken struct {
	kind       rdKind
	text       string
	start, end int
}

func (t rdToken) is(kind rdKind, text string) bool { return t.kind == kind && t.text == text }
func (t rdToken) kw(text string) bool              { return t.is(tkKeyword, text) }

// String is the token as starlark-rust names it in "unexpected ...".
func (t rdToken) String() string {
	switch t.kind {
	case tkNewline:
		return "new line"
	case tkIndent:
		return "new indentation block"
	case tkDedent:
		return "end of indentation block"
	case tkIdent:
		return "identifier '" + t.text + "'"
	case tkKeyword:
		return "keyword '" + t.text + "'"
	case tkSymbol:
		return "symbol '" + t.text + "'"
	case tkInt:
		return "integer literal '" + t.text + "'"
	case tkFloat:
		return "float literal '" + t.text + "'"
	case tkString:
		return "string literal " + rustDebugString(t.text)
	case tkBytes:
		return fmt.Sprintf("bytes literal (%d bytes)", len(t.text))
	case tkFStart:
		return "f-string start"
	case tkFText:
		return "f-string text " + rustDebugString(t.text)
	case tkFExprStart:
		return "f-string expression start '{'"
	case tkFExprEnd:
		return "f-string expression end '}'"
	case tkFBang:
		return "f-string bang '!'"
	case tkFEnd:
		return "f-string end"
	}
	return "end of file"
}

var rdKeywords = map[string]bool{
	"and": true, "break": true, "continue": true, "def": true, "elif": true, "else": true,
	"for": true, "if": true, "in": true, "lambda": true, "load": true, "not": true,
	"or": true, "pass": true, "return": true,
}

var rdReserved = map[string]bool{
	"as": true, "assert": true, "async": true, "await": true, "class": true, "del": true,
	"except": true, "finally": true, "from": true, "global": true, "import": true, "is": true,
	"nonlocal": true, "raise": true, "try": true, "while": true, "with": true, "yield": true,
}

// rdSymbols are the symbols (the lexer tries three characters, then two,
// then one).
var rdSymbols = map[string]bool{
	"<<=": true, ">>=": true, "//=": true, "...": true,
	"+=": true, "-=": true, "*=": true, "/=": true, "%=": true, "==": true, "!=": true, "<=": true, ">=": true,
	"**": true, "->": true, "//": true, "<<": true, ">>": true, "&=": true, "|=": true, "^=": true,
	",": true, ";": true, ":": true, "=": true, "<": true, ">": true, "-": true, "+": true, "*": true,
	"%": true, "/": true, ".": true, "&": true, "|": true, "^": true, "~": true,
	"[": true, "{": true, "(": true, "]": true, "}": true, ")": true,
}

// rdFString is the state of an f-string being read: its quote, whether it
// is raw, and the brackets open in its current expression (depth 0: text).
type rdFString struct {
	quote                    byte
	triple, raw              bool
	braces, parens, brackets int
}

// rdLexer produces starlark-rust's tokens: newlines only outside brackets,
// indentation blocks, comments dropped, f-strings as their parts.
type rdLexer struct {
	s       string
	i       int
	parens  int
	indents []int
	buf     []rdToken
	done    bool
	fs      []*rdFString
	// stopAt is where the pre-pass found a lexical error (stopErr): a
	// token reaching it is that error.
	stopAt  int
	stopErr *Error
	// pendingLex is an error to return once buf is empty (the first
	// line's indentation).
	pendingLex *rdLexError
}

func newRDLexer(s string) *rdLexer {
	lx := &rdLexer{s: s, stopAt: -1}
	lx.pendingLex = lx.indent(0)
	return lx
}

// rdLexError is a lexical error at a byte offset.
type rdLexError struct {
	off int
	msg string
}

// next returns the next token, or ok == false with the lexer's error set
// (or nil at the end of the stream).
func (lx *rdLexer) next() (rdToken, *rdLexError, bool) {
	for {
		if len(lx.buf) > 0 {
			t := lx.buf[0]
			lx.buf = lx.buf[1:]
			return t, nil, true
		}
		if lx.pendingLex != nil {
			e := lx.pendingLex
			lx.pendingLex = nil
			return rdToken{}, e, false
		}
		if f := lx.fstring(); f != nil && f.braces == 0 {
			return lx.fstringText(f)
		}
		if lx.done {
			return rdToken{}, nil, false
		}
		if f := lx.fstring(); f != nil && f.braces == 1 && f.parens == 0 && f.brackets == 0 && lx.i < len(lx.s) && lx.s[lx.i] == '!' && !strings.HasPrefix(lx.s[lx.i:], "!=") {
			lx.i++
			return rdToken{kind: tkFBang, text: "!", start: lx.i - 1, end: lx.i}, nil, true
		}
		// Blanks, escaped newlines and comments.
		for lx.i < len(lx.s) {
			switch {
			case lx.s[lx.i] == ' ':
				lx.i++
				continue
			case strings.HasPrefix(lx.s[lx.i:], "\\\n"):
				lx.i += 2
				continue
			case strings.HasPrefix(lx.s[lx.i:], "\\\r\n"):
				lx.i += 3
				continue
			case lx.s[lx.i] == '#':
				for lx.i < len(lx.s) && lx.s[lx.i] != '\n' && lx.s[lx.i] != '\r' {
					lx.i++
				}
				continue
			}
			break
		}
		start := lx.i
		if lx.stopAt >= 0 && start >= lx.stopAt && len(lx.fs) == 0 {
			return rdToken{}, &rdLexError{off: -1}, false
		}
		if start >= len(lx.s) {
			// The end: a newline, then the blocks still open end.
			lx.done = true
			for range lx.indents {
				lx.buf = append(lx.buf, rdToken{kind: tkDedent, start: start, end: start})
			}
			lx.indents = nil
			return rdToken{kind: tkNewline, start: start, end: start}, nil, true
		}
		c := lx.s[start]
		switch {
		case c == '\t':
			for lx.i < len(lx.s) && lx.s[lx.i] == '\t' {
				lx.i++
			}
			return rdToken{}, &rdLexError{off: start, msg: "tabs are not allowed"}, false
		case c == '\n' || c == '\r' && strings.HasPrefix(lx.s[start:], "\r\n"):
			if c == '\r' {
				lx.i++
			}
			lx.i++
			if lx.parens != 0 || lx.inFExpr() {
				continue
			}
			t := rdToken{kind: tkNewline, start: start, end: lx.i}
			if e := lx.indent(start); e != nil {
				return rdToken{}, e, false
			}
			return t, nil, true
		case c == '\'' || c == '"':
			return lx.str(start, start, false, false)
		case (c == 'r' || c == 'b') && start+1 < len(lx.s) && (lx.s[start+1] == '\'' || lx.s[start+1] == '"'):
			return lx.str(start, start+1, c == 'r', c == 'b')
		case (c == 'r' || c == 'b') && start+2 < len(lx.s) && (lx.s[start+1] == 'b' || lx.s[start+1] == 'r') && lx.s[start+1] != c && (lx.s[start+2] == '\'' || lx.s[start+2] == '"'):
			return lx.str(start, start+2, true, true)
		case c == 'f' && start+1 < len(lx.s) && (lx.s[start+1] == '\'' || lx.s[start+1] == '"'):
			return lx.fstart(start, start+1, false)
		case c == 'f' && start+2 < len(lx.s) && lx.s[start+1] == 'r' && (lx.s[start+2] == '\'' || lx.s[start+2] == '"'):
			return lx.fstart(start, start+2, true)
		case isIdentStart(c):
			for lx.i < len(lx.s) && (isIdentStart(lx.s[lx.i]) || isDigit(lx.s[lx.i])) {
				lx.i++
			}
			w := lx.s[start:lx.i]
			switch {
			case rdReserved[w]:
				return rdToken{}, &rdLexError{off: start, msg: "cannot use reserved keyword `" + w + "`"}, false
			case rdKeywords[w]:
				return rdToken{kind: tkKeyword, text: w, start: start, end: lx.i}, nil, true
			}
			return rdToken{kind: tkIdent, text: w, start: start, end: lx.i}, nil, true
		case isDigit(c) || c == '.' && start+1 < len(lx.s) && isDigit(lx.s[start+1]):
			return lx.number(start)
		}
		for n := 3; n >= 1; n-- {
			if start+n <= len(lx.s) && rdSymbols[lx.s[start:start+n]] {
				sym := lx.s[start : start+n]
				lx.i += n
				t := rdToken{kind: tkSymbol, text: sym, start: start, end: lx.i}
				lx.bracket(&t)
				return t, nil, true
			}
		}
		_, n := utf8.DecodeRuneInString(lx.s[start:])
		lx.i += n
		return rdToken{}, &rdLexError{off: start, msg: "invalid input `" + lx.s[start:start+n] + "`"}, false
	}
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }

func (lx *rdLexer) fstring() *rdFString {
	if n := len(lx.fs); n > 0 {
		return lx.fs[n-1]
	}
	return nil
}

func (lx *rdLexer) inFExpr() bool { f := lx.fstring(); return f != nil && f.braces > 0 }

// bracket keeps the bracket depths, and turns the '}' that closes an
// f-string expression into its end.
func (lx *rdLexer) bracket(t *rdToken) {
	f := lx.fstring()
	switch t.text {
	case "(", "[", "{":
		lx.parens++
		if f != nil && f.braces > 0 {
			switch t.text {
			case "(":
				f.parens++
			case "[":
				f.brackets++
			default:
				f.braces++
			}
		}
	case "}":
		if f != nil && f.braces == 1 && f.parens == 0 && f.brackets == 0 {
			f.braces = 0
			t.kind, t.text = tkFExprEnd, ""
			return
		}
		if f != nil && f.braces > 0 {
			f.braces--
		}
		lx.parens--
	case ")", "]":
		lx.parens--
		if f != nil && f.braces > 0 {
			if t.text == ")" && f.parens > 0 {
				f.parens--
			} else if t.text == "]" && f.brackets > 0 {
				f.brackets--
			}
		}
	}
}

// indent reads the indentation of the line that starts at lx.i, after the
// newline token at nl, and queues the blocks it opens or ends (blank and
// comment-only lines do neither). Its errors are at nl, as starlark-rust
// reports them (at the last token it read).
func (lx *rdLexer) indent(nl int) *rdLexError {
	for {
		spaces, tabs := 0, 0
		j := lx.i
		for j < len(lx.s) && (lx.s[j] == ' ' || lx.s[j] == '\t' || lx.s[j] == '\r') {
			switch lx.s[j] {
			case ' ':
				spaces++
			case '\t':
				tabs++
			}
			j++
		}
		if j >= len(lx.s) {
			lx.i = j
			return nil
		}
		switch lx.s[j] {
		case '\n':
			// A blank line: its newline is the next token.
			lx.i = j
			return nil
		case '#':
			for j < len(lx.s) && lx.s[j] != '\n' {
				j++
			}
			if j >= len(lx.s) {
				lx.i = j
				return nil
			}
			lx.i = j + 1
			continue
		}
		lx.i = j
		if tabs > 0 {
			return &rdLexError{off: nl, msg: "tabs are not allowed"}
		}
		now := 0
		if n := len(lx.indents); n > 0 {
			now = lx.indents[n-1]
		}
		switch {
		case spaces > now:
			lx.indents = append(lx.indents, spaces)
			lx.buf = append(lx.buf, rdToken{kind: tkIndent, start: j - spaces, end: j})
		case spaces < now:
			n := 0
			for {
				top := 0
				if k := len(lx.indents); k > 0 {
					top = lx.indents[k-1]
				}
				if top == spaces {
					break
				}
				if top < spaces {
					return &rdLexError{off: nl, msg: "incorrect indentation"}
				}
				lx.indents = lx.indents[:len(lx.indents)-1]
				n++
			}
			for ; n > 0; n-- {
				lx.buf = append(lx.buf, rdToken{kind: tkDedent, start: j - spaces, end: j - spaces})
			}
		}
		return nil
	}
}

// number reads an integer or float literal at start.
func (lx *rdLexer) number(start int) (rdToken, *rdLexError, bool) {
	s := lx.s
	j := start
	digits := func(ok func(byte) bool) {
		for j < len(s) && ok(s[j]) {
			j++
		}
	}
	exponent := func() {
		if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
			k := j + 1
			if k < len(s) && (s[k] == '+' || s[k] == '-') {
				k++
			}
			if k < len(s) && isDigit(s[k]) {
				j = k
				digits(isDigit)
			}
		}
	}
	if s[start] == '.' {
		j++
		digits(isDigit)
		exponent()
		lx.i = j
		return lx.float(start, j)
	}
	if s[start] == '0' && j+2 <= len(s) {
		base, ok := 0, func(byte) bool { return false }
		switch s[j+1] {
		case 'x', 'X':
			base, ok = 16, func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
		case 'b', 'B':
			base, ok = 2, func(c byte) bool { return c == '0' || c == '1' }
		case 'o', 'O':
			base, ok = 8, func(c byte) bool { return c >= '0' && c <= '7' }
		}
		if base != 0 && j+2 < len(s) && ok(s[j+2]) {
			j += 2
			digits(ok)
			lx.i = j
			v, _ := new(big.Int).SetString(s[start+2:j], base)
			return rdToken{kind: tkInt, text: v.String(), start: start, end: j}, nil, true
		}
	}
	digits(isDigit)
	intEnd := j
	if j < len(s) && s[j] == '.' {
		j++
		digits(isDigit)
		exponent()
		lx.i = j
		return lx.float(start, j)
	}
	exponent()
	if j > intEnd {
		lx.i = j
		return lx.float(start, j)
	}
	lx.i = j
	lit := s[start:j]
	if len(lit) > 1 && lit[0] == '0' {
		return rdToken{}, &rdLexError{off: start, msg: "integer cannot have leading 0, got `" + lit + "`"}, false
	}
	v, _ := new(big.Int).SetString(lit, 10)
	return rdToken{kind: tkInt, text: v.String(), start: start, end: j}, nil, true
}

// float is the float literal s[start:end], shown as Rust shows an f64.
func (lx *rdLexer) float(start, end int) (rdToken, *rdLexError, bool) {
	f, _ := strconv.ParseFloat(lx.s[start:end], 64)
	text := strconv.FormatFloat(f, 'f', -1, 64)
	if math.IsInf(f, 1) {
		text = "inf"
	}
	return rdToken{kind: tkFloat, text: text, start: start, end: end}, nil, true
}

// str reads a string (or bytes) literal whose opening quote is at q.
func (lx *rdLexer) str(start, q int, raw, bytes bool) (rdToken, *rdLexError, bool) {
	// Inside an f-string's expression, a literal that runs to the end of
	// the file without a backslash, a carriage return or (for one quote)
	// a newline is starlark-rust's "missing closing `}`"; any other
	// unfinished literal is "unfinished string literal".
	unfinished := "unfinished string literal"
	plain := true
	if lx.stopAt >= start && lx.stopAt < lx.stringEnd(q) && len(lx.fs) == 0 {
		return rdToken{}, &rdLexError{off: -1}, false
	}
	quote := lx.s[q]
	triple := tripleAt(lx.s, q, quote)
	j := q + 1
	if triple {
		j = q + 3
	}
	// The value is a slice of the file until an escape or a carriage
	// return makes it differ (b, from then on).
	content := j
	var b strings.Builder
	for j < len(lx.s) {
		c := lx.s[j]
		if plain && (c == '\\' || c == '\r') {
			b.WriteString(lx.s[content:j])
		}
		switch {
		case c == quote && (!triple || tripleAt(lx.s, j, quote)):
			value := b.String()
			if plain {
				value = lx.s[content:j]
			}
			if triple {
				j += 3
			} else {
				j++
			}
			lx.i = j
			kind := tkString
			if bytes {
				kind = tkBytes
			}
			return rdToken{kind: kind, text: value, start: start, end: j}, nil, true
		case c == '\n' && !triple:
			lx.i = j
			return rdToken{}, &rdLexError{off: start, msg: unfinished}, false
		case c == '\r':
			plain = false
			j++
		case c == '\\':
			plain = false
			if j+1 >= len(lx.s) {
				j++
				continue
			}
			n := lx.s[j+1]
			if raw {
				if n != '\'' && n != '"' {
					b.WriteByte('\\')
				}
				b.WriteByte(n)
				j += 2
				continue
			}
			// An invalid escape is the pre-pass's error (stopAt).
			j, _ = unescapeInto(&b, lx.s, j)
		default:
			if plain {
				j++
				continue
			}
			r, n := utf8.DecodeRuneInString(lx.s[j:])
			b.WriteRune(r)
			j += n
		}
	}
	lx.i = j
	if plain && lx.inFExpr() {
		unfinished = "f-string expression is missing closing `}`"
	}
	return rdToken{}, &rdLexError{off: start, msg: unfinished}, false
}

// tripleAt reports whether s holds three quote characters at i.
func tripleAt(s string, i int, quote byte) bool {
	return i+2 < len(s) && s[i] == quote && s[i+1] == quote && s[i+2] == quote
}

// stringEnd is where the string literal opened at q ends (len(s) when it
// does not), for stopAt.
func (lx *rdLexer) stringEnd(q int) int {
	quote := lx.s[q]
	triple := tripleAt(lx.s, q, quote)
	j := q + 1
	if triple {
		j = q + 3
	}
	for j < len(lx.s) {
		switch c := lx.s[j]; {
		case c == quote && (!triple || tripleAt(lx.s, j, quote)):
			if triple {
				return j + 3
			}
			return j + 1
		case c == '\n' && !triple:
			return j
		case c == '\\':
			j += 2
		default:
			j++
		}
	}
	return len(lx.s)
}

// unescapeInto decodes the escape at s[j] ('\\') into b, as the pre-pass
// decodes it (rustEscape), and returns the offset after it and whether it
// was valid.
func unescapeInto(b *strings.Builder, s string, j int) (int, bool) {
	// An escape is a backslash and at most nine characters (\U and eight
	// hex digits).
	window := []rune(s[j+1 : min(len(s), j+1+9*utf8.UTFMax)])
	res, k, bad := rustEscape(window, 0, nil)
	for _, r := range res {
		b.WriteRune(r)
	}
	return j + 1 + len(string(window[:k])), !bad
}

// fstart opens an f-string whose quote is at q.
func (lx *rdLexer) fstart(start, q int, raw bool) (rdToken, *rdLexError, bool) {
	quote := lx.s[q]
	triple := strings.HasPrefix(lx.s[q:], strings.Repeat(string(quote), 3))
	end := q + 1
	if triple {
		end = q + 3
	}
	lx.i = end
	lx.fs = append(lx.fs, &rdFString{quote: quote, triple: triple, raw: raw})
	return rdToken{kind: tkFStart, start: start, end: q + 1}, nil, true
}

// fstringText reads an f-string's text up to its next expression or its
// end.
func (lx *rdLexer) fstringText(f *rdFString) (rdToken, *rdLexError, bool) {
	start := lx.i
	var b strings.Builder
	j := start
	emit := func(end int, then rdToken) (rdToken, *rdLexError, bool) {
		if b.Len() == 0 {
			return then, nil, true
		}
		lx.buf = append(lx.buf, then)
		return rdToken{kind: tkFText, text: b.String(), start: start, end: end}, nil, true
	}
	for j < len(lx.s) {
		c := lx.s[j]
		switch {
		case c == '{':
			if strings.HasPrefix(lx.s[j:], "{{") {
				b.WriteByte('{')
				j += 2
				continue
			}
			f.braces = 1
			lx.i = j + 1
			return emit(j, rdToken{kind: tkFExprStart, start: j, end: j + 1})
		case c == '}':
			if strings.HasPrefix(lx.s[j:], "}}") {
				b.WriteByte('}')
				j += 2
				continue
			}
			lx.i = j + 1
			return rdToken{}, &rdLexError{off: j, msg: "invalid input `}`"}, false
		case c == f.quote && (!f.triple || strings.HasPrefix(lx.s[j:], strings.Repeat(string(c), 3))):
			n := 1
			if f.triple {
				n = 3
			}
			lx.i = j + n
			lx.fs = lx.fs[:len(lx.fs)-1]
			return emit(j, rdToken{kind: tkFEnd, start: j, end: j + n})
		case c == '\\' && j+1 < len(lx.s):
			if f.raw {
				if lx.s[j+1] != f.quote {
					b.WriteByte('\\')
				}
				b.WriteByte(lx.s[j+1])
				j += 2
				continue
			}
			var ok bool
			if j, ok = unescapeInto(&b, lx.s, j); !ok {
				// starlark-rust names the backslash, at the character
				// that spoilt the escape.
				lx.i = j
				return rdToken{}, &rdLexError{off: j - 1, msg: "invalid string escape sequence `\\`"}, false
			}
		case c == '\n' && !f.triple:
			lx.i = j
			return rdToken{}, &rdLexError{off: start, msg: "unfinished string literal"}, false
		case c == '\r':
			j++
		default:
			r, n := utf8.DecodeRuneInString(lx.s[j:])
			b.WriteRune(r)
			j += n
		}
	}
	lx.i = j
	return rdToken{}, &rdLexError{off: start, msg: "unfinished string literal"}, false
}

// rdBail carries the first error out of the parser.
type rdBail struct{ err *Error }

// rdTooDeep stops the parser past maxRDDepth nested constructs.
type rdTooDeep struct{}

// maxRDDepth bounds the parser's recursion: a file of millions of '[' or
// str( must not overflow the stack. The unit is one call of test, expr,
// unary, stmt, args or checkType, so a bracket costs three (test, expr,
// unary) and the checker gives up at about 333 nested brackets. It is not
// go.starlark.net's bound: that one is 1000 of its own parser's units, about
// 13 a bracket, so go.starlark.net refuses a file from about 76 nested
// brackets (TestLoadNestingLimit), long before this bound is reached. No
// construct costs more units here than there but a statement, one more at
// the innermost of nested blocks (1000 nested defs around a pass are 1001
// here, 1000 there): hence 1001, so that the checker never gives up on a
// file go.starlark.net parses.
const maxRDDepth = 1001

func (p *rdParser) enter() {
	p.depth++
	if p.depth > maxRDDepth {
		panic(rdTooDeep{})
	}
}

func (p *rdParser) leave() { p.depth-- }

// rdParser finds the first syntax error as starlark-rust's parser does.
type rdParser struct {
	lx      *rdLexer
	file    string
	src     string
	cur     rdToken
	hasCur  bool   // false: the stream ended (or failed: pending)
	pending *Error // the lexer's error, reported when a token is needed
	lastEnd int
	// deferred is the first error of the checks starlark-rust makes
	// while parsing but reports only if the parse succeeds (a call's
	// arguments, a def's parameters, an empty load).
	deferred *Error
	// placement is the first statement out of place (break or continue
	// outside a loop, return outside a def, load below the top level),
	// which starlark-rust reports once the file is parsed; loops and defs
	// count the blocks the parser is in.
	placement   *Error
	anns        []rdAnnotation
	def         int // where the def being read starts
	loops, defs int
	depth       int  // nesting of the constructs being read
	nested      bool // in a def, if or for: a load here is out of place
}

// rdAnnotation is a type annotation: of an assignment ('a'), a parameter
// ('p') or a def's return ('r'); the bytes from cut (its ':' or '->') to
// typeEnd are the annotation, typeStart..typeEnd its type expression. owner
// is where the def starts, or where the assignment's operator is (the
// parentheses of a target such as (x) are not in the syntax tree, its
// operator is); param names the parameter.
type rdAnnotation struct {
	kind               byte
	cut                int
	typeStart, typeEnd int
	owner              int
	param              string
}

// typeExpr reads the type expression of the annotation a, records it,
// and refuses what starlark-rust refuses in one.
func (p *rdParser) typeExpr(a rdAnnotation) {
	a.typeStart = p.pos()
	p.checkType(p.test(), true)
	a.typeEnd = p.lastEnd
	p.anns = append(p.anns, a)
}

// checkType refuses what starlark-rust refuses in a type expression, the
// parts of a generic, union list or tuple first to last.
func (p *rdParser) checkType(e rdExpr, top bool) {
	switch {
	case e.kind == exCall:
		p.fail(e.start, "call expression is not allowed in type expression")
	case e.kind == exString:
		p.fail(e.start, "string literal expression is not allowed in type expression")
	case e.what == "...": // tuple[T, ...] takes one
		if top {
			p.fail(e.start, "Type `Ellipsis` is not a valid type annotation")
		}
	case e.what == "[]":
		p.fail(e.start, "Empty list is not allowed in type expression")
	case e.what != "":
		p.fail(e.start, e.what+" expression is not allowed in type expression")
	}
	for _, it := range e.items {
		p.checkType(it, false)
	}
}

func (p *rdParser) misplaced(off int, msg string) {
	if p.placement == nil {
		p.placement = p.errAtOffset(off, msg)
	}
}

// defer records a deferred error (the first one counts).
func (p *rdParser) deferError(off int, msg string) {
	if p.deferred == nil {
		p.deferred = p.errAtOffset(off, msg)
	}
}

func (p *rdParser) advance() {
	if p.hasCur {
		p.lastEnd = p.cur.end
	}
	t, lerr, ok := p.lx.next()
	p.cur, p.hasCur = t, ok
	if !ok && lerr != nil {
		p.pending = p.lexError(lerr)
	}
}

func (p *rdParser) lexError(e *rdLexError) *Error {
	if e.off == -1 {
		return p.lx.stopErr
	}
	return p.errAtOffset(e.off, "Parse error: "+e.msg)
}

func (p *rdParser) errAtOffset(off int, msg string) *Error {
	if off >= len(p.src) && strings.HasSuffix(p.src, "\n") {
		// The end of a file that ends a line: starlark-rust's code map
		// has no line there and says 1:1.
		return &Error{Pos: Position{File: p.file, Line: 1, Col: 1}, Msg: msg}
	}
	line, col := 1, 1
	for i, r := range p.src {
		if i >= off {
			break
		}
		line, col = advance(line, col, r)
	}
	return &Error{Pos: Position{File: p.file, Line: line, Col: col}, Msg: msg}
}

func (p *rdParser) fail(off int, msg string) {
	panic(rdBail{p.errAtOffset(off, msg)})
}

// expected fails on the current token: the lexer's error if the stream
// failed, else "unexpected <token>, expected <what>".
func (p *rdParser) expected(what string) {
	if p.pending != nil {
		panic(rdBail{p.pending})
	}
	if !p.hasCur {
		p.fail(p.lastEnd, "Parse error: unexpected end of file, expected "+what)
	}
	p.fail(p.cur.start, "Parse error: unexpected "+p.cur.String()+", expected "+what)
}

func (p *rdParser) peek(kind rdKind, text string) bool { return p.hasCur && p.cur.is(kind, text) }
func (p *rdParser) peekKind(kind rdKind) bool          { return p.hasCur && p.cur.kind == kind }
func (p *rdParser) peekSym(s string) bool              { return p.peek(tkSymbol, s) }
func (p *rdParser) peekKw(s string) bool               { return p.peek(tkKeyword, s) }

func (p *rdParser) eat(kind rdKind, text string) bool {
	if p.peek(kind, text) {
		p.advance()
		return true
	}
	return false
}

func (p *rdParser) expect(kind rdKind, text string) {
	if !p.eat(kind, text) {
		p.expected(rdToken{kind: kind, text: text}.String())
	}
}

func (p *rdParser) expectSym(s string) { p.expect(tkSymbol, s) }

func (p *rdParser) skipNewlines() {
	for p.eat(tkNewline, "") {
	}
}

func (p *rdParser) pos() int {
	if p.hasCur {
		return p.cur.start
	}
	return p.lastEnd
}

func (p *rdParser) module() {
	p.skipNewlines()
	for p.hasCur {
		p.stmt()
		p.skipNewlines()
	}
}

func (p *rdParser) stmt() {
	p.enter()
	defer p.leave()
	switch {
	case p.peekKw("def"):
		p.defStmt()
	case p.peekKw("if"):
		p.advance()
		nested := p.nested
		p.nested = true
		p.ifBody()
		p.nested = nested
	case p.peekKw("for"):
		p.advance()
		target := p.exprList()
		p.expect(tkKeyword, "in")
		p.test()
		p.expectSym(":")
		nested := p.nested
		p.nested = true
		p.loops++
		p.suite()
		p.loops--
		p.nested = nested
		p.checkAssign(target)
	default:
		p.simpleStmt()
	}
}

func (p *rdParser) defStmt() {
	outer := p.def
	p.def = p.pos()
	defer func() { p.def = outer }()
	p.advance()
	p.identifier()
	p.expectSym("(")
	p.params(true, ")")
	if cut := p.pos(); p.eat(tkSymbol, "->") {
		p.typeExpr(rdAnnotation{kind: 'r', cut: cut, owner: p.def})
	}
	p.expectSym(":")
	loops, nested := p.loops, p.nested
	p.loops, p.nested = 0, true
	p.defs++
	p.suite()
	p.defs--
	p.loops, p.nested = loops, nested
}

func (p *rdParser) ifBody() {
	p.test()
	p.expectSym(":")
	p.suite()
	switch {
	case p.peekKw("elif"):
		p.advance()
		p.ifBody()
	case p.peekKw("else"):
		p.advance()
		p.expectSym(":")
		p.suite()
	}
}

func (p *rdParser) suite() {
	if !p.peekKind(tkNewline) {
		p.simpleStmt()
		return
	}
	p.skipNewlines()
	p.expect(tkIndent, "")
	p.skipNewlines()
	for {
		p.stmt()
		p.skipNewlines()
		if p.peekKind(tkDedent) || !p.hasCur {
			break
		}
	}
	p.eat(tkDedent, "")
}

func (p *rdParser) simpleStmt() {
	p.smallStmt()
	for p.eat(tkSymbol, ";") {
		if p.peekKind(tkNewline) || !p.hasCur {
			break
		}
		p.smallStmt()
	}
	p.expect(tkNewline, "")
}

func (p *rdParser) smallStmt() {
	switch {
	case p.peekKw("return"):
		if p.defs == 0 {
			p.misplaced(p.pos(), "`return` cannot be used outside of a `def` function")
		}
		p.advance()
		if !p.peekKind(tkNewline) && !p.peekSym(";") && p.hasCur {
			p.testList(false)
		}
	case p.peekKw("break"), p.peekKw("continue"):
		if p.loops == 0 {
			p.misplaced(p.pos(), "`"+p.cur.text+"` cannot be used outside of a `for` loop")
		}
		p.advance()
	case p.peekKw("pass"):
		p.advance()
	case p.peekKw("load"):
		if p.nested {
			p.misplaced(p.pos(), "`load` must only occur at the top of a module")
		}
		p.loadStmt()
	default:
		p.assignOrExpr()
	}
}

// rdExpr is what the checks after parsing need of an expression: its
// start and what kind of target it could be.
type rdExpr struct {
	start int
	kind  rdExprKind
	items []rdExpr // of a tuple or list
	// what names the expression as starlark-rust does where a type
	// expression may not be one ("float", "if", "bin op except `|`");
	// "" where it may.
	what string
}

type rdExprKind uint8

const (
	exOther rdExprKind = iota
	exIdent
	exDot
	exIndex
	exTuple
	exList
	exCall
	exString
)

var rdAssignOps = map[string]bool{"=": true, "+=": true, "-=": true, "*=": true, "/=": true, "//=": true, "%=": true, "&=": true, "|=": true, "^=": true, "<<=": true, ">>=": true}

func (p *rdParser) assignOrExpr() {
	l := p.pos()
	lhs := p.test()
	list := p.peekSym(",")
	if list {
		lhs = p.testListTail(l, lhs, false)
	}
	typed := -1
	if cut := p.pos(); p.eat(tkSymbol, ":") {
		typed = p.pos()
		p.typeExpr(rdAnnotation{kind: 'a', cut: cut})
		p.anns[len(p.anns)-1].owner = p.pos()
	}
	if p.hasCur && p.cur.kind == tkSymbol && rdAssignOps[p.cur.text] {
		op := p.cur.text
		p.advance()
		p.testList(false)
		if op != "=" && (lhs.kind == exTuple || lhs.kind == exList) {
			p.fail(lhs.start, "left-hand-side of modifying assignment cannot be a list or tuple")
		}
		p.checkAssign(lhs)
		if typed >= 0 && op != "=" {
			p.fail(typed, "type annotations not allowed on augmented assignments")
		}
		if typed >= 0 && (lhs.kind == exTuple || lhs.kind == exList) {
			p.fail(typed, "type annotations not allowed on multiple assignments")
		}
		return
	}
	if list || typed >= 0 {
		p.expected("assignment operator")
	}
}

// checkAssign refuses what cannot be assigned to.
func (p *rdParser) checkAssign(e rdExpr) {
	switch e.kind {
	case exTuple, exList:
		for _, it := range e.items {
			p.checkAssign(it)
		}
	case exIdent, exDot, exIndex:
	default:
		p.fail(e.start, "left-hand-side of assignment must take the form `a`, `a.b` or `a[b]`")
	}
}

func (p *rdParser) loadStmt() {
	p.advance()
	p.expectSym("(")
	module := p.pos()
	p.stringLiteral()
	if p.eat(tkSymbol, ")") {
		p.deferError(module, "`load` statement requires at least two arguments")
		return
	}
	p.expectSym(",")
	if p.peekSym(")") {
		p.advance()
		p.deferError(module, "`load` statement requires at least two arguments")
		return
	}
	for !p.peekSym(")") {
		switch {
		case p.peekKind(tkIdent):
			id := p.cur
			p.advance()
			if !p.eat(tkSymbol, "=") {
				p.fail(id.start, "Parse error: expected string literal in load statement")
			}
			p.stringLiteral()
		case p.peekKind(tkString):
			p.advance()
		default:
			p.expected("string literal or identifier")
		}
		if !p.eat(tkSymbol, ",") {
			p.expectSym(")")
			return
		}
	}
	p.expectSym(")")
}

func (p *rdParser) stringLiteral() {
	if !p.peekKind(tkString) {
		p.expected("string literal")
	}
	p.advance()
}

func (p *rdParser) identifier() {
	if !p.peekKind(tkIdent) {
		p.expected("identifier")
	}
	p.advance()
}

func (p *rdParser) testList(trailingComma bool) rdExpr {
	l := p.pos()
	first := p.test()
	if !p.peekSym(",") {
		return first
	}
	return p.testListTail(l, first, trailingComma)
}

func (p *rdParser) testListTail(l int, first rdExpr, trailingComma bool) rdExpr {
	items := []rdExpr{first}
	trailing := false
	for p.eat(tkSymbol, ",") {
		trailing = true
		if !p.testStart() {
			break
		}
		items = append(items, p.test())
		trailing = false
	}
	if len(items) == 1 && !trailing {
		return first
	}
	if trailing && !trailingComma {
		p.fail(l, "unparenthesized tuple with trailing comma")
	}
	return rdExpr{start: l, kind: exTuple, items: items}
}

// exprList is a for loop's or a comprehension's variables.
func (p *rdParser) exprList() rdExpr {
	l := p.pos()
	first := p.bitOr()
	if !p.peekSym(",") {
		return first
	}
	items := []rdExpr{first}
	trailing := false
	for p.eat(tkSymbol, ",") {
		trailing = true
		if !p.exprStart() {
			break
		}
		items = append(items, p.bitOr())
		trailing = false
	}
	if trailing {
		p.fail(l, "unparenthesized tuple with trailing comma")
	}
	return rdExpr{start: l, kind: exTuple, items: items}
}

func (p *rdParser) bitOr() rdExpr {
	return p.infix(p.unary(), 7)
}

func (p *rdParser) testStart() bool { return p.exprStart() || p.peekKw("lambda") }

func (p *rdParser) exprStart() bool {
	if !p.hasCur {
		return false
	}
	switch p.cur.kind {
	case tkIdent, tkInt, tkFloat, tkString, tkFStart:
		// Not a bytes literal: starlark-rust 0.14.2 leaves it out, so
		// `x, b"y"` ends the tuple at its comma.
		return true
	case tkSymbol:
		switch p.cur.text {
		case "(", "[", "{", "+", "-", "~", "...":
			return true
		}
	case tkKeyword:
		return p.cur.text == "not"
	}
	return false
}

func (p *rdParser) test() rdExpr {
	p.enter()
	defer p.leave()
	if p.peekKw("lambda") {
		l := p.pos()
		p.advance()
		p.params(false, ":")
		p.test()
		return rdExpr{start: l, what: "lambda"}
	}
	return p.ternary(p.expr(0))
}

func (p *rdParser) ternary(e rdExpr) rdExpr {
	if !p.peekKw("if") {
		return e
	}
	p.advance()
	p.expr(0)
	p.expect(tkKeyword, "else")
	p.test()
	return rdExpr{start: e.start, what: "if"}
}

// binding returns an infix operator's left and right binding powers.
func binding(t rdToken) (left, right int, comparison, ok bool) {
	switch {
	case t.kw("or"):
		return 1, 2, false, true
	case t.kw("and"):
		return 3, 4, false, true
	case t.kw("in"), t.kw("not"):
		return 5, 6, true, true
	case t.kind != tkSymbol:
		return 0, 0, false, false
	}
	switch t.text {
	case "==", "!=", "<", ">", "<=", ">=":
		return 5, 6, true, true
	case "|":
		return 7, 8, false, true
	case "^":
		return 9, 10, false, true
	case "&":
		return 11, 12, false, true
	case "<<", ">>":
		return 13, 14, false, true
	case "+", "-":
		return 15, 16, false, true
	case "*", "%", "/", "//":
		return 17, 18, false, true
	}
	return 0, 0, false, false
}

func (p *rdParser) expr(min int) rdExpr {
	p.enter()
	defer p.leave()
	var lhs rdExpr
	if p.peekKw("not") && min <= 5 {
		l := p.pos()
		p.advance()
		p.expr(5)
		lhs = rdExpr{start: l, what: "not"}
	} else {
		lhs = p.unary()
	}
	return p.infix(lhs, min)
}

func (p *rdParser) infix(lhs rdExpr, min int) rdExpr {
	for p.hasCur {
		left, right, comparison, ok := binding(p.cur)
		if !ok || left < min {
			break
		}
		notIn, op := p.cur.kw("not"), p.cur.text
		p.advance()
		if notIn {
			if !p.peekKw("in") {
				p.expected("'in' after 'not'")
			}
			p.advance()
		}
		rhs := p.expr(right)
		if op == "|" {
			lhs = rdExpr{start: lhs.start, items: []rdExpr{lhs, rhs}} // a union
		} else {
			lhs = rdExpr{start: lhs.start, what: "bin op except `|`"}
		}
		if comparison && p.hasCur {
			if _, _, c, ok := binding(p.cur); ok && c {
				p.expected("end of expression (comparisons are not associative in Starlark)")
			}
		}
	}
	return lhs
}

func (p *rdParser) unary() rdExpr {
	p.enter()
	defer p.leave()
	if p.peekSym("+") || p.peekSym("-") || p.peekSym("~") {
		l := p.pos()
		what := "bit not"
		switch p.cur.text {
		case "+":
			what = "plus"
		case "-":
			what = "minus"
		}
		p.advance()
		p.unary()
		return rdExpr{start: l, what: what}
	}
	return p.primary(p.atom())
}

func (p *rdParser) primary(lhs rdExpr) rdExpr {
	for {
		switch {
		case p.peekSym("."):
			p.advance()
			p.identifier()
			lhs = rdExpr{start: lhs.start, kind: exDot}
		case p.peekSym("("):
			p.advance()
			p.args()
			p.expectSym(")")
			lhs = rdExpr{start: lhs.start, kind: exCall}
		case p.peekSym("["):
			p.advance()
			lhs = p.indexOrSlice(lhs)
		default:
			return lhs
		}
	}
}

func (p *rdParser) indexOrSlice(e rdExpr) rdExpr {
	slice := func() {
		p.advance() // ':'
		if !p.peekSym("]") && !p.peekSym(":") {
			p.test()
		}
		if p.eat(tkSymbol, ":") && !p.peekSym("]") {
			p.test()
		}
		p.expectSym("]")
	}
	if p.peekSym(":") {
		slice()
		return rdExpr{start: e.start, what: "slice"}
	}
	first := p.test()
	switch {
	case p.peekSym(":"):
		slice()
		return rdExpr{start: e.start, what: "slice"}
	case p.peekSym(","):
		p.advance()
		second := p.test()
		p.expectSym("]")
		// Types take two (dict[str, int]); an assignment target does not.
		return rdExpr{start: e.start, items: []rdExpr{first, second}}
	}
	p.expectSym("]")
	return rdExpr{start: e.start, kind: exIndex, items: []rdExpr{first}}
}

func (p *rdParser) atom() rdExpr {
	l := p.pos()
	if !p.hasCur {
		p.expected("expression")
	}
	switch p.cur.kind {
	case tkIdent:
		p.advance()
		return rdExpr{start: l, kind: exIdent}
	case tkString:
		p.advance()
		return rdExpr{start: l, kind: exString}
	case tkInt, tkFloat, tkBytes:
		what := "bytes literal"
		switch p.cur.kind {
		case tkInt:
			what = "int"
		case tkFloat:
			what = "float"
		}
		p.advance()
		return rdExpr{start: l, what: what}
	case tkFStart:
		p.advance()
		for p.hasCur && !p.peekKind(tkFEnd) {
			switch {
			case p.peekKind(tkFText):
				p.advance()
				continue
			case p.peekKind(tkFExprStart):
				p.advance()
				p.test()
				if p.peekKind(tkFBang) {
					bang := p.pos()
					p.advance()
					if !p.peekKind(tkIdent) {
						p.fail(bang, "invalid f-string conversion specifier, expected 's' or 'r'")
					}
					if c := p.cur.text; c != "s" && c != "r" {
						p.fail(bang, "invalid f-string conversion specifier, expected 's' or 'r'")
					}
					p.advance()
				}
				p.expect(tkFExprEnd, "")
				continue
			}
			break
		}
		p.expect(tkFEnd, "")
		return rdExpr{start: l, what: "f-string"}
	case tkSymbol:
		switch p.cur.text {
		case "...":
			p.advance()
			return rdExpr{start: l, what: "..."}
		case "(":
			p.advance()
			if p.eat(tkSymbol, ")") {
				return rdExpr{start: l, kind: exTuple}
			}
			e := p.testList(true)
			p.expectSym(")")
			return e
		case "[":
			return p.listOrComprehension()
		case "{":
			return p.dictOrComprehension()
		}
	}
	p.expected("expression")
	return rdExpr{}
}

func (p *rdParser) listOrComprehension() rdExpr {
	l := p.pos()
	p.advance()
	if p.eat(tkSymbol, "]") {
		return rdExpr{start: l, kind: exList, what: "[]"}
	}
	items := []rdExpr{p.test()}
	if p.peekKw("for") {
		p.compClauses()
		p.expectSym("]")
		return rdExpr{start: l, what: "list comprehension"}
	}
	for p.eat(tkSymbol, ",") {
		if p.peekSym("]") {
			break
		}
		items = append(items, p.test())
	}
	p.expectSym("]")
	what := ""
	if len(items) == 1 {
		what = "list of 1 element"
	}
	return rdExpr{start: l, kind: exList, items: items, what: what}
}

func (p *rdParser) dictOrComprehension() rdExpr {
	l := p.pos()
	p.advance()
	if p.eat(tkSymbol, "}") {
		return rdExpr{start: l, what: "dict"}
	}
	p.test()
	p.expectSym(":")
	p.test()
	if p.peekKw("for") {
		p.compClauses()
		p.expectSym("}")
		return rdExpr{start: l, what: "dict comprehension"}
	}
	for p.eat(tkSymbol, ",") {
		if p.peekSym("}") {
			break
		}
		p.test()
		p.expectSym(":")
		p.test()
	}
	p.expectSym("}")
	return rdExpr{start: l, what: "dict"}
}

func (p *rdParser) compClauses() {
	p.forClause()
	for {
		switch {
		case p.peekKw("for"):
			p.forClause()
		case p.peekKw("if"):
			p.advance()
			p.expr(0)
		default:
			return
		}
	}
}

func (p *rdParser) forClause() {
	p.expect(tkKeyword, "for")
	target := p.exprList()
	p.expect(tkKeyword, "in")
	p.expr(0)
	p.checkAssign(target)
}

// rdParam is a parameter: where it starts, its kind ('/', '*' for a bare
// star or *args, 'k' for **kwargs, 'd' with a default, 'p' without) and
// name.
type rdParam struct {
	start int
	kind  byte
	name  string
}

// param is one parameter of a def (typed) or a lambda.
func (p *rdParser) param(typed bool) rdParam {
	pr := rdParam{start: p.pos()}
	name := func() {
		if p.peekKind(tkIdent) {
			pr.name = p.cur.text
		}
		p.identifier()
	}
	switch {
	case p.peekSym("/"):
		p.advance()
		pr.kind = '/'
	case p.peekSym("**"):
		p.advance()
		pr.kind = 'k'
		name()
		if cut := p.pos(); typed && p.eat(tkSymbol, ":") {
			p.typeExpr(rdAnnotation{kind: 'p', cut: cut, owner: p.def, param: pr.name})
		}
	case p.peekSym("*"):
		p.advance()
		pr.kind = '*'
		if p.peekKind(tkIdent) {
			pr.name = p.cur.text
			p.advance()
			if cut := p.pos(); typed && p.eat(tkSymbol, ":") {
				p.typeExpr(rdAnnotation{kind: 'p', cut: cut, owner: p.def, param: pr.name})
			}
		}
	default:
		pr.kind = 'p'
		name()
		if cut := p.pos(); typed && p.eat(tkSymbol, ":") {
			p.typeExpr(rdAnnotation{kind: 'p', cut: cut, owner: p.def, param: pr.name})
		}
		if p.eat(tkSymbol, "=") {
			p.test()
			pr.kind = 'd'
		}
	}
	return pr
}

// params reads the parameter list of a def (typed, up to its ')') or of a
// lambda (up to its ':'), the symbol end that closes it, and checks it.
func (p *rdParser) params(typed bool, end string) {
	var params []rdParam
	if !p.peekSym(end) {
		for {
			params = append(params, p.param(typed))
			if !p.eat(tkSymbol, ",") || p.peekSym(end) {
				break
			}
		}
	}
	p.expectSym(end)
	p.checkParams(params)
}

// checkParams makes starlark-rust's checks of a parameter list.
func (p *rdParser) checkParams(params []rdParam) {
	seen := map[string]bool{}
	var star, kwargs, deflt bool
	for i, pr := range params {
		switch {
		case pr.kind == '/':
			p.deferError(pr.start, "/ positional-only-arguments is not allowed in this dialect")
			return
		case pr.name != "" && seen[pr.name]:
			p.deferError(pr.start, "duplicated parameter name")
			return
		case pr.kind == 'k' && kwargs:
			p.deferError(pr.start, "Multiple kwargs dictionary in parameters")
			return
		case kwargs:
			p.deferError(pr.start, "Parameter after kwargs")
			return
		case pr.kind == '*' && star:
			p.deferError(pr.start, "Args parameter after another args or kwargs parameter")
			return
		case pr.kind == 'p' && deflt && !star:
			p.deferError(pr.start, "positional parameter after non positional")
			return
		case pr.kind == '*' && pr.name == "" && (i == len(params)-1 || params[i+1].kind == 'k'):
			p.deferError(pr.start, "`*` parameter must not be last")
			return
		}
		seen[pr.name] = pr.name != ""
		switch pr.kind {
		case '*':
			star = true
		case 'k':
			kwargs = true
		case 'd':
			deflt = true
		}
	}
}

// args reads a call's arguments and checks their order as starlark-rust
// does once a call is read.
func (p *rdParser) args() {
	if p.peekSym(")") {
		return
	}
	// An argument that starts with a name is read here, not by test: a
	// chain of calls such as str(str(str(... nests through args alone.
	p.enter()
	defer p.leave()
	type arg struct {
		start int
		kind  byte // 'p' positional, 'n' named, '*' args, 'k' kwargs
		name  string
	}
	var buf [8]arg
	list := buf[:0]
	for {
		l := p.pos()
		switch {
		case p.peekSym("**"):
			p.advance()
			p.test()
			list = append(list, arg{l, 'k', ""})
		case p.peekSym("*"):
			p.advance()
			p.test()
			list = append(list, arg{l, '*', ""})
		case p.peekKind(tkIdent):
			id := p.cur
			p.advance()
			if p.eat(tkSymbol, "=") {
				p.test()
				list = append(list, arg{l, 'n', id.text})
				break
			}
			e := p.primary(rdExpr{start: id.start, kind: exIdent})
			e = p.infix(e, 0)
			p.ternary(e)
			list = append(list, arg{l, 'p', ""})
		default:
			p.test()
			list = append(list, arg{l, 'p', ""})
		}
		if !p.eat(tkSymbol, ",") || p.peekSym(")") {
			break
		}
	}
	// starlark-rust's checks of a call's arguments.
	named := map[string]bool{}
	var nonPositional, star, kwargs bool
	for _, a := range list {
		switch a.kind {
		case 'p':
			if nonPositional {
				p.deferError(a.start, "positional argument after non positional")
				return
			}
		case 'n':
			if star || kwargs {
				p.deferError(a.start, "named argument after *args or **kwargs")
				return
			}
			if named[a.name] {
				p.deferError(a.start, "repeated named argument")
				return
			}
			named[a.name] = true
		case '*':
			if star || kwargs {
				p.deferError(a.start, "Args array after another args or kwargs")
				return
			}
			star = true
		case 'k':
			if kwargs {
				p.deferError(a.start, "Multiple kwargs dictionary in arguments")
				return
			}
			kwargs = true
		}
		if a.kind != 'p' {
			nonPositional = true
		}
	}
}
