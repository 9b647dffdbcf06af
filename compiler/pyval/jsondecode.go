package pyval

import (
	"math"
	"strconv"
	"strings"
)

// Nesting limits of json.loads. CPython 3.11 counts nested JSON arrays and
// objects against the interpreter's recursion limit (1000), together with
// the Python frames already on the stack, so the deepest document it accepts
// depends on where json.load is called from.
const (
	// JSONMaxDepth is the deepest nesting that
	// `python3 -c 'import json,sys; json.load(sys.stdin)'` accepts: 994
	// nested arrays/objects decode, the 995th raises RecursionError.
	JSONMaxDepth = 994
	// JSONMaxDepthHookScript is the limit in hookify's hook scripts, which
	// call json.load(sys.stdin) from main(), one Python frame deeper.
	JSONMaxDepthHookScript = JSONMaxDepth - 1
)

// LoadJSON is CPython 3.11's json.loads(s) with default arguments (the C
// scanner) and the nesting limit JSONMaxDepth.
//
// The result holds None, Bool, Int (exact decimal text), Float, Str, *List
// and *Dict. Strings are returned as WTF-8: escaped lone surrogates are kept
// (a \uD8xx\uDCxx pair is joined). s itself should be WTF-8; a byte that is
// not part of a WTF-8 sequence is read as the code point U+DC00+byte, as if s
// had been decoded with Python's "surrogateescape" error handler.
//
// Errors are Python's: a *JSONDecodeError for malformed input, an
// *IntDigitsError for an integer with more than IntMaxStrDigits digits and
// a *RecursionError for nesting deeper than the limit; their Error() texts
// are Python's str(e).
func LoadJSON(s string) (Value, error) { return LoadJSONDepth(s, JSONMaxDepth) }

// LoadJSONDepth is LoadJSON with a different nesting limit: up to maxDepth
// nested arrays/objects decode, one more raises the RecursionError.
func LoadJSONDepth(s string, maxDepth int) (Value, error) {
	s = normalizeWTF8(s)
	if strings.HasPrefix(s, "\uFEFF") {
		return nil, newJSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
	}
	d := decoder{s: s, maxDepth: maxDepth}
	v, i, err := d.value(skipJSONSpace(s, 0))
	if err != nil {
		return nil, err
	}
	if i = skipJSONSpace(s, i); i != len(s) {
		return nil, d.errorAt("Extra data", i)
	}
	return v, nil
}

// decoder holds the state of one LoadJSON call.
type decoder struct {
	s        string // well-formed WTF-8
	maxDepth int
	depth    int // arrays and objects currently open
}

func (d *decoder) errorAt(msg string, off int) error {
	return newJSONDecodeError(msg, d.s, off)
}

func skipJSONSpace(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value decodes the JSON value at byte offset i and returns it with the
// offset just past it.
func (d *decoder) value(i int) (Value, int, error) {
	s := d.s
	if i >= len(s) {
		return nil, i, d.errorAt("Expecting value", i)
	}
	switch s[i] {
	case '"':
		str, next, err := d.str(i + 1)
		if err != nil {
			return nil, i, err
		}
		return Str(str), next, nil
	case '{':
		return d.object(i)
	case '[':
		return d.array(i)
	case 'n':
		if strings.HasPrefix(s[i:], "null") {
			return None{}, i + 4, nil
		}
	case 't':
		if strings.HasPrefix(s[i:], "true") {
			return Bool(true), i + 4, nil
		}
	case 'f':
		if strings.HasPrefix(s[i:], "false") {
			return Bool(false), i + 5, nil
		}
	case 'N':
		if strings.HasPrefix(s[i:], "NaN") {
			return Float(math.NaN()), i + 3, nil
		}
	case 'I':
		if strings.HasPrefix(s[i:], "Infinity") {
			return Float(math.Inf(1)), i + 8, nil
		}
	case '-':
		if strings.HasPrefix(s[i:], "-Infinity") {
			return Float(math.Inf(-1)), i + 9, nil
		}
	}
	return d.number(i)
}

func (d *decoder) enter(what byte) error {
	if d.depth >= d.maxDepth {
		if what == '[' {
			return &RecursionError{Msg: recursionArrayMsg}
		}
		return &RecursionError{Msg: recursionObjectMsg}
	}
	d.depth++
	return nil
}

// array decodes the array whose '[' is at s[i].
func (d *decoder) array(i int) (Value, int, error) {
	if err := d.enter('['); err != nil {
		return nil, i, err
	}
	defer func() { d.depth-- }()
	s := d.s
	list := &List{}
	i = skipJSONSpace(s, i+1)
	if i < len(s) && s[i] == ']' {
		return list, i + 1, nil
	}
	for {
		v, next, err := d.value(i)
		if err != nil {
			return nil, i, err
		}
		list.Items = append(list.Items, v)
		i = skipJSONSpace(s, next)
		if i < len(s) && s[i] == ']' {
			return list, i + 1, nil
		}
		if i >= len(s) || s[i] != ',' {
			return nil, i, d.errorAt("Expecting ',' delimiter", i)
		}
		i = skipJSONSpace(s, i+1)
	}
}

// object decodes the object whose '{' is at s[i].
func (d *decoder) object(i int) (Value, int, error) {
	if err := d.enter('{'); err != nil {
		return nil, i, err
	}
	defer func() { d.depth-- }()
	s := d.s
	dict := NewDict()
	i = skipJSONSpace(s, i+1)
	if i < len(s) && s[i] == '}' {
		return dict, i + 1, nil
	}
	for {
		if i >= len(s) || s[i] != '"' {
			return nil, i, d.errorAt("Expecting property name enclosed in double quotes", i)
		}
		key, next, err := d.str(i + 1)
		if err != nil {
			return nil, i, err
		}
		i = skipJSONSpace(s, next)
		if i >= len(s) || s[i] != ':' {
			return nil, i, d.errorAt("Expecting ':' delimiter", i)
		}
		v, next, err := d.value(skipJSONSpace(s, i+1))
		if err != nil {
			return nil, i, err
		}
		dict.Set(key, v)
		i = skipJSONSpace(s, next)
		if i < len(s) && s[i] == '}' {
			return dict, i + 1, nil
		}
		if i >= len(s) || s[i] != ',' {
			return nil, i, d.errorAt("Expecting ',' delimiter", i)
		}
		i = skipJSONSpace(s, i+1)
	}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// number decodes the JSON number at s[i]: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?
// An incomplete fraction or exponent is not part of the number (what
// follows is then "Extra data" or a delimiter error, as in Python).
func (d *decoder) number(i int) (Value, int, error) {
	s := d.s
	start := i
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i++; i < len(s) && isDigit(s[i]); i++ {
		}
	default:
		return nil, start, d.errorAt("Expecting value", start)
	}
	isFloat := false
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		isFloat = true
		for i += 2; i < len(s) && isDigit(s[i]); i++ {
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			isFloat = true
			for j++; j < len(s) && isDigit(s[j]); j++ {
			}
			i = j
		}
	}
	text := s[start:i]
	if isFloat {
		// Correctly rounded like Python's float(); overflow gives ±inf
		// (strconv reports it as ErrRange, which float() does not).
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !isRangeError(err) {
			return nil, start, d.errorAt("Expecting value", start)
		}
		return Float(f), i, nil
	}
	digits := len(text)
	if text[0] == '-' {
		digits--
		if text == "-0" {
			text = "0"
		}
	}
	if digits > IntMaxStrDigits {
		return nil, start, &IntDigitsError{Digits: digits}
	}
	return Int(text), i, nil
}

func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// isStringStop reports whether c ends a run of plain string bytes: the
// closing quote, a backslash or a control character.
func isStringStop(c byte) bool { return c == '"' || c == '\\' || c < 0x20 }

// str decodes the string whose content starts at s[i] (just after the
// opening quote) and returns it with the offset past the closing quote.
func (d *decoder) str(i int) (string, int, error) {
	s := d.s
	begin := i
	for i < len(s) && !isStringStop(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '"' {
		return s[begin:i], i + 1, nil // no escapes: share the input's bytes
	}
	buf := make([]byte, 0, i-begin+16)
	buf = append(buf, s[begin:i]...)
	for {
		if i >= len(s) {
			return "", i, d.errorAt("Unterminated string starting at", begin-1)
		}
		switch c := s[i]; {
		case c == '"':
			return string(buf), i + 1, nil
		case c != '\\':
			return "", i, d.errorAt("Invalid control character at", i)
		}
		i++ // past the backslash
		if i >= len(s) {
			return "", i, d.errorAt("Unterminated string starting at", begin-1)
		}
		switch s[i] {
		case '"', '\\', '/':
			buf = append(buf, s[i])
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			r, ok := hexEscape(s, i)
			if !ok {
				return "", i, d.errorAt("Invalid \\uXXXX escape", i)
			}
			i += 4
			if r >= 0xD800 && r <= 0xDBFF && i+2 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
				if lo, ok := hexEscape(s, i+2); ok && lo >= 0xDC00 && lo <= 0xDFFF {
					r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
					i += 6
				}
			}
			buf = AppendRune(buf, r)
		default:
			return "", i, d.errorAt("Invalid \\escape", i-1)
		}
		i++
		run := i
		for i < len(s) && !isStringStop(s[i]) {
			i++
		}
		buf = append(buf, s[run:i]...)
	}
}

// hexEscape reads the 4 hex digits after the 'u' at s[u]. Like CPython it
// also requires at least one more character after them.
func hexEscape(s string, u int) (rune, bool) {
	if u+5 >= len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[u+1 : u+5]) {
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}
