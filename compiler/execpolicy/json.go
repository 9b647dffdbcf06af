package execpolicy

import "strings"

// CheckJSON evaluates argv and returns exactly what
// `codex execpolicy check [--resolve-host-executables] -r FILES -- ARGV` prints
// on stdout for this policy: one line of JSON and a newline.
func (p *Policy) CheckJSON(argv []string, resolveHostExecutables bool) []byte {
	out := p.Check(argv, resolveHostExecutables).CodexJSON(false)
	return append(out, '\n')
}

// CodexJSON renders the evaluation as `codex execpolicy check` does (serde
// field order and escaping), compact or, with pretty, as with --pretty. The
// result has no trailing newline.
func (e Evaluation) CodexJSON(pretty bool) []byte {
	w := jsonWriter{pretty: pretty}
	w.open('{')
	w.key("matchedRules")
	if len(e.Matches) == 0 {
		w.buf = append(w.buf, "[]"...)
	} else {
		w.open('[')
		for i, m := range e.Matches {
			if i > 0 {
				w.comma()
			}
			w.open('{')
			w.key("prefixRuleMatch")
			w.open('{')
			w.key("matchedPrefix")
			w.open('[')
			for j, t := range m.MatchedPrefix {
				if j > 0 {
					w.comma()
				}
				w.str(t)
			}
			w.close(']')
			w.comma()
			w.key("decision")
			w.str(m.Rule.Decision.String())
			if m.ResolvedProgram != "" {
				w.comma()
				w.key("resolvedProgram")
				w.str(m.ResolvedProgram)
			}
			if m.Rule.Justification != "" {
				w.comma()
				w.key("justification")
				w.str(m.Rule.Justification)
			}
			w.close('}')
			w.close('}')
		}
		w.close(']')
	}
	if e.Decision != 0 {
		w.comma()
		w.key("decision")
		w.str(e.Decision.String())
	}
	w.close('}')
	return w.buf
}

// jsonWriter writes JSON the way serde_json's compact and pretty (two-space)
// formatters do. Every container it opens here is non-empty.
type jsonWriter struct {
	buf    []byte
	pretty bool
	depth  int
}

func (w *jsonWriter) open(c byte) {
	w.buf = append(w.buf, c)
	w.depth++
	w.newline()
}

func (w *jsonWriter) close(c byte) {
	w.depth--
	w.newline()
	w.buf = append(w.buf, c)
}

func (w *jsonWriter) comma() {
	w.buf = append(w.buf, ',')
	w.newline()
}

func (w *jsonWriter) newline() {
	if w.pretty {
		w.buf = append(w.buf, '\n')
		w.buf = append(w.buf, strings.Repeat("  ", w.depth)...)
	}
}

func (w *jsonWriter) key(k string) {
	w.str(k)
	w.buf = append(w.buf, ':')
	if w.pretty {
		w.buf = append(w.buf, ' ')
	}
}

const hexDigits = "0123456789abcdef"

// str writes a JSON string with serde_json's escaping: ", \ and control
// characters below U+0020 only (\b \f \n \r \t or \u00xx); everything else,
// including DEL and non-ASCII, is written as is.
func (w *jsonWriter) str(s string) {
	w.buf = append(w.buf, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		w.buf = append(w.buf, s[start:i]...)
		switch c {
		case '"':
			w.buf = append(w.buf, `\"`...)
		case '\\':
			w.buf = append(w.buf, `\\`...)
		case '\b':
			w.buf = append(w.buf, `\b`...)
		case '\f':
			w.buf = append(w.buf, `\f`...)
		case '\n':
			w.buf = append(w.buf, `\n`...)
		case '\r':
			w.buf = append(w.buf, `\r`...)
		case '\t':
			w.buf = append(w.buf, `\t`...)
		default:
			w.buf = append(w.buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	w.buf = append(w.buf, s[start:]...)
	w.buf = append(w.buf, '"')
}
