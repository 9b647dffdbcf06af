package codexhooks

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// parseTOML is an independent reader for the subset of TOML 1.0 this
// package writes (comments, [table], [[array.of.tables]], bare dotted keys,
// basic strings, integers, booleans, arrays spanning lines, inline tables),
// written from the TOML specification to check the output. It rejects
// what the specification rejects in that subset, such as raw control
// characters in strings and comments.
func parseTOML(src string) (map[string]any, error) {
	p := &tomlParser{src: src}
	root := map[string]any{}
	cur := root
	for {
		p.skipSpace()
		if p.eof() {
			return root, nil
		}
		switch c := p.peek(); {
		case c == '#':
			if err := p.comment(); err != nil {
				return nil, err
			}
		case c == '\n':
			p.i++
		case c == '\r' && strings.HasPrefix(p.src[p.i:], "\r\n"):
			p.i += 2
		case c == '[':
			array := strings.HasPrefix(p.src[p.i:], "[[")
			if array {
				p.i += 2
			} else {
				p.i++
			}
			p.skipSpace()
			keys, err := p.key()
			if err != nil {
				return nil, err
			}
			p.skipSpace()
			end := "]"
			if array {
				end = "]]"
			}
			if !strings.HasPrefix(p.src[p.i:], end) {
				return nil, p.errorf("want %s", end)
			}
			p.i += len(end)
			if cur, err = table(root, keys, array); err != nil {
				return nil, p.errorf("%v", err)
			}
			if err := p.lineEnd(); err != nil {
				return nil, err
			}
		default:
			keys, err := p.key()
			if err != nil {
				return nil, err
			}
			p.skipSpace()
			if !p.consume('=') {
				return nil, p.errorf("want =")
			}
			p.skipSpace()
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			if err := setKey(cur, keys, v); err != nil {
				return nil, p.errorf("%v", err)
			}
			if err := p.lineEnd(); err != nil {
				return nil, err
			}
		}
	}
}

type tomlParser struct {
	src string
	i   int
}

func (p *tomlParser) eof() bool  { return p.i >= len(p.src) }
func (p *tomlParser) peek() byte { return p.src[p.i] }

func (p *tomlParser) errorf(format string, args ...any) error {
	line := strings.Count(p.src[:min(p.i, len(p.src))], "\n") + 1
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
}

func (p *tomlParser) consume(c byte) bool {
	if !p.eof() && p.peek() == c {
		p.i++
		return true
	}
	return false
}

func (p *tomlParser) skipSpace() {
	for !p.eof() && (p.peek() == ' ' || p.peek() == '\t') {
		p.i++
	}
}

// skipBlank skips spaces, newlines and comments (inside arrays).
func (p *tomlParser) skipBlank() error {
	for !p.eof() {
		switch p.peek() {
		case ' ', '\t', '\n':
			p.i++
		case '\r':
			if !strings.HasPrefix(p.src[p.i:], "\r\n") {
				return p.errorf("lone CR")
			}
			p.i += 2
		case '#':
			if err := p.comment(); err != nil {
				return err
			}
		default:
			return nil
		}
	}
	return nil
}

func (p *tomlParser) comment() error {
	p.i++ // '#'
	for !p.eof() && p.peek() != '\n' {
		r, n := utf8.DecodeRuneInString(p.src[p.i:])
		if r == utf8.RuneError && n == 1 {
			return p.errorf("invalid UTF-8 in comment")
		}
		if (r < 0x20 && r != '\t' && !(r == '\r' && strings.HasPrefix(p.src[p.i:], "\r\n"))) || r == 0x7f {
			return p.errorf("control character %U in comment", r)
		}
		p.i += n
	}
	return nil
}

func (p *tomlParser) lineEnd() error {
	p.skipSpace()
	if !p.eof() && p.peek() == '#' {
		if err := p.comment(); err != nil {
			return err
		}
	}
	switch {
	case p.eof():
	case p.peek() == '\n':
		p.i++
	case strings.HasPrefix(p.src[p.i:], "\r\n"):
		p.i += 2
	default:
		return p.errorf("unexpected %q after value", p.peek())
	}
	return nil
}

func (p *tomlParser) key() ([]string, error) {
	var keys []string
	for {
		start := p.i
		for !p.eof() {
			c := p.peek()
			if c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
				p.i++
				continue
			}
			break
		}
		if p.i == start {
			return nil, p.errorf("want a bare key")
		}
		keys = append(keys, p.src[start:p.i])
		p.skipSpace()
		if !p.consume('.') {
			return keys, nil
		}
		p.skipSpace()
	}
}

func (p *tomlParser) value() (any, error) {
	if p.eof() {
		return nil, p.errorf("missing value")
	}
	switch c := p.peek(); {
	case c == '"':
		return p.basicString()
	case c == '[':
		p.i++
		var arr []any
		for {
			if err := p.skipBlank(); err != nil {
				return nil, err
			}
			if p.consume(']') {
				return arr, nil
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
			if err := p.skipBlank(); err != nil {
				return nil, err
			}
			if p.consume(']') {
				return arr, nil
			}
			if !p.consume(',') {
				return nil, p.errorf("want , or ] in array")
			}
		}
	case c == '{':
		p.i++
		t := map[string]any{}
		p.skipSpace()
		if p.consume('}') {
			return t, nil
		}
		for {
			p.skipSpace()
			keys, err := p.key()
			if err != nil {
				return nil, err
			}
			p.skipSpace()
			if !p.consume('=') {
				return nil, p.errorf("want = in inline table")
			}
			p.skipSpace()
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			if err := setKey(t, keys, v); err != nil {
				return nil, p.errorf("%v", err)
			}
			p.skipSpace()
			if p.consume('}') {
				return t, nil
			}
			if !p.consume(',') {
				return nil, p.errorf("want , or } in inline table")
			}
		}
	case strings.HasPrefix(p.src[p.i:], "true"):
		p.i += 4
		return true, nil
	case strings.HasPrefix(p.src[p.i:], "false"):
		p.i += 5
		return false, nil
	case c == '-' || c == '+' || c >= '0' && c <= '9':
		start := p.i
		p.i++
		for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
			p.i++
		}
		n, err := strconv.ParseInt(p.src[start:p.i], 10, 64)
		if err != nil {
			return nil, p.errorf("bad integer %q", p.src[start:p.i])
		}
		return n, nil
	}
	return nil, p.errorf("unexpected %q", p.peek())
}

func (p *tomlParser) basicString() (string, error) {
	p.i++ // opening quote
	var b strings.Builder
	for {
		if p.eof() {
			return "", p.errorf("unterminated string")
		}
		r, n := utf8.DecodeRuneInString(p.src[p.i:])
		if r == utf8.RuneError && n == 1 {
			return "", p.errorf("invalid UTF-8 in string")
		}
		p.i += n
		switch {
		case r == '"':
			return b.String(), nil
		case r == '\\':
			if p.eof() {
				return "", p.errorf("unterminated escape")
			}
			e := p.peek()
			p.i++
			switch e {
			case 'b':
				b.WriteByte('\b')
			case 't':
				b.WriteByte('\t')
			case 'n':
				b.WriteByte('\n')
			case 'f':
				b.WriteByte('\f')
			case 'r':
				b.WriteByte('\r')
			case '"':
				b.WriteByte('"')
			case '\\':
				b.WriteByte('\\')
			case 'u', 'U':
				w := 4
				if e == 'U' {
					w = 8
				}
				if p.i+w > len(p.src) {
					return "", p.errorf("short unicode escape")
				}
				v, err := strconv.ParseUint(p.src[p.i:p.i+w], 16, 32)
				if err != nil || !utf8.ValidRune(rune(v)) {
					return "", p.errorf("bad unicode escape %q", p.src[p.i:p.i+w])
				}
				b.WriteRune(rune(v))
				p.i += w
			default:
				return "", p.errorf("bad escape \\%c", e)
			}
		case r < 0x20 && r != '\t' || r == 0x7f:
			return "", p.errorf("raw control character %U in string", r)
		default:
			b.WriteRune(r)
		}
	}
}

// table returns the table a [keys] or [[keys]] header opens.
func table(root map[string]any, keys []string, array bool) (map[string]any, error) {
	t := root
	for i, k := range keys {
		last := i == len(keys)-1
		v, ok := t[k]
		switch {
		case last && array:
			arr, _ := v.([]any)
			if ok && arr == nil {
				return nil, fmt.Errorf("%s is not an array of tables", k)
			}
			n := map[string]any{}
			t[k] = append(arr, n)
			return n, nil
		case !ok:
			n := map[string]any{}
			t[k] = n
			t = n
		default:
			switch v := v.(type) {
			case map[string]any:
				t = v
			case []any:
				m, ok := v[len(v)-1].(map[string]any)
				if !ok {
					return nil, fmt.Errorf("%s is not a table", k)
				}
				t = m
			default:
				return nil, fmt.Errorf("%s is not a table", k)
			}
		}
	}
	return t, nil
}

func setKey(t map[string]any, keys []string, v any) error {
	for _, k := range keys[:len(keys)-1] {
		n, ok := t[k].(map[string]any)
		if !ok {
			if _, exists := t[k]; exists {
				return fmt.Errorf("%s is not a table", k)
			}
			n = map[string]any{}
			t[k] = n
		}
		t = n
	}
	k := keys[len(keys)-1]
	if _, exists := t[k]; exists {
		return fmt.Errorf("duplicate key %s", k)
	}
	t[k] = v
	return nil
}
