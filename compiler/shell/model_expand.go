package shell

import (
	"errors"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The model's word expansion: brace expansion, quote removal, escapes,
// ANSI-C strings and plain $NAME / ${NAME} of variables the model knows,
// and command substitutions whose output is known (substOutput). Anything
// else (an unknown variable, ${X:-…} and other operators, arithmetic,
// globs, tildes) is not expanded: the word is then known only at run time.
// It is written here rather than taken from mvdan.cc/sh/v3/expand, which
// links os/user (cgo) into every binary that parses commands.

// errRuntime marks a word whose value is known only at run time.
var errRuntime = errors.New("known only at run time")

// maxBraceWords bounds the words one brace expansion may give.
const maxBraceWords = 64

// expandFields expands w as a command argument: the fields it gives.
func expandFields(w *syntax.Word, vars map[string]string, subst func(*syntax.CmdSubst) (string, error)) ([]string, error) {
	words, err := braceWords(w)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, bw := range words {
		if leadingTilde(bw) {
			// The account's home: known only at run time. The field is
			// kept as written, the rest of the word unquoted (~/.bash''rc
			// is ~/.bashrc to a rule).
			if rest, err := wordFieldsOf(withoutTilde(bw), vars, subst, false); err == nil && len(rest) <= 1 {
				tilde, _ := strings.CutPrefix(bw.Parts[0].(*syntax.Lit).Value, "~")
				user, _, _ := strings.Cut(tilde, "/")
				out = append(out, rawField+"~"+user+strings.TrimPrefix(strings.Join(rest, ""), user))
				continue
			}
			if len(words) == 1 {
				return nil, errRuntime
			}
			out = append(out, rawField+printWord(bw))
			continue
		}
		fields, err := wordFieldsOf(bw.Parts, vars, subst, true)
		if err != nil {
			if len(words) == 1 {
				return nil, err
			}
			out = append(out, rawField+printWord(bw)) // one alternative of a brace word
			continue
		}
		out = append(out, fields...)
	}
	return out, nil
}

// withoutTilde returns the parts of a word after its leading ~.
func withoutTilde(w *syntax.Word) []syntax.WordPart {
	first := *w.Parts[0].(*syntax.Lit)
	first.Value = strings.TrimPrefix(first.Value, "~")
	return append([]syntax.WordPart{&first}, w.Parts[1:]...)
}

// printWord renders a word as bash source.
func printWord(w *syntax.Word) string {
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, w); err != nil {
		return "?"
	}
	return b.String()
}

// expandString expands w as an assignment value: no brace expansion, no
// field splitting.
func expandString(w *syntax.Word, vars map[string]string, subst func(*syntax.CmdSubst) (string, error)) (string, error) {
	fields, err := wordFieldsOf(w.Parts, vars, subst, false)
	if err != nil {
		return "", err
	}
	return strings.Join(fields, ""), nil
}

// braceWords performs brace expansion.
func braceWords(w *syntax.Word) ([]*syntax.Word, error) {
	cp := *w
	if !syntax.SplitBraces(&cp) {
		return []*syntax.Word{w}, nil
	}
	out := []*syntax.Word{{}}
	for _, p := range cp.Parts {
		be, ok := p.(*syntax.BraceExp)
		if !ok {
			for _, o := range out {
				o.Parts = append(o.Parts, p)
			}
			continue
		}
		alts, err := braceAlternatives(be)
		if err != nil {
			return nil, err
		}
		var next []*syntax.Word
		for _, o := range out {
			for _, a := range alts {
				sub, err := braceWords(a)
				if err != nil {
					return nil, err
				}
				for _, s := range sub {
					n := &syntax.Word{Parts: append(append([]syntax.WordPart(nil), o.Parts...), s.Parts...)}
					next = append(next, n)
					if len(next) > maxBraceWords {
						return nil, errRuntime
					}
				}
			}
		}
		out = next
	}
	return out, nil
}

// braceAlternatives lists the words of one {a,b} or {x..y[..step]}.
func braceAlternatives(be *syntax.BraceExp) ([]*syntax.Word, error) {
	if !be.Sequence {
		return be.Elems, nil
	}
	if len(be.Elems) < 2 {
		return nil, errRuntime
	}
	lit := func(w *syntax.Word) string { return w.Lit() }
	from, to := lit(be.Elems[0]), lit(be.Elems[1])
	step := 1
	if len(be.Elems) > 2 {
		s, err := strconv.Atoi(lit(be.Elems[2]))
		if err != nil || s == 0 {
			return nil, errRuntime
		}
		step = max(s, -s)
	}
	mk := func(s string) *syntax.Word { return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}} }
	var out []*syntax.Word
	if a, err1 := strconv.Atoi(from); err1 == nil {
		b, err2 := strconv.Atoi(to)
		if err2 != nil {
			return nil, errRuntime
		}
		for i, n := a, 0; n <= maxBraceWords; i, n = i+sign(b-a)*step, n+1 {
			out = append(out, mk(strconv.Itoa(i)))
			if (a <= b && i+step > b) || (a > b && i-step < b) {
				return out, nil
			}
		}
		return nil, errRuntime
	}
	if len(from) == 1 && len(to) == 1 {
		a, b := int(from[0]), int(to[0])
		for i, n := a, 0; n <= maxBraceWords; i, n = i+sign(b-a)*step, n+1 {
			out = append(out, mk(string(rune(i))))
			if (a <= b && i+step > b) || (a > b && i-step < b) {
				return out, nil
			}
		}
	}
	return nil, errRuntime
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// fieldBuilder accumulates fields while a word's parts are expanded.
type fieldBuilder struct {
	fields []string
	cur    strings.Builder
	has    bool   // the current field exists (even if empty, after quotes)
	ifs    string // the field separators (IFS; blanks by default)
}

func (f *fieldBuilder) add(s string) { f.cur.WriteString(s); f.has = true }

// addSplit adds the result of an unquoted expansion, split on IFS (a
// simplification of bash's rules: each run of separators ends a field).
func (f *fieldBuilder) addSplit(s string) {
	sep := func(b byte) bool { return strings.IndexByte(f.ifs, b) >= 0 }
	for i := 0; i < len(s); {
		if sep(s[i]) {
			f.end()
			for i < len(s) && sep(s[i]) {
				i++
			}
			continue
		}
		j := i
		for j < len(s) && !sep(s[j]) {
			j++
		}
		f.add(s[i:j])
		i = j
	}
}

func (f *fieldBuilder) end() {
	if f.has {
		f.fields = append(f.fields, f.cur.String())
	}
	f.cur.Reset()
	f.has = false
}

// wordFieldsOf expands parts; with split, unquoted expansions are split
// into fields.
func wordFieldsOf(parts []syntax.WordPart, vars map[string]string, subst func(*syntax.CmdSubst) (string, error), split bool) ([]string, error) {
	f := fieldBuilder{ifs: " \t\n"}
	if v, ok := vars["IFS"]; ok {
		f.ifs = v
	}
	addExp := func(s string) {
		if split {
			f.addSplit(s)
		} else {
			f.add(s)
		}
	}
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.Lit:
			var c chars
			unescapeBare(&c, p.Value)
			f.add(string(c.val))
		case *syntax.SglQuoted:
			if p.Dollar {
				s, ok := decodeANSIC(p.Value)
				if !ok {
					return nil, errRuntime
				}
				f.add(s)
				continue
			}
			f.add(p.Value)
		case *syntax.DblQuoted:
			f.has = true
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					var c chars
					unescapeDouble(&c, q.Value)
					f.add(string(c.val))
				case *syntax.ParamExp:
					v, err := paramValue(q, vars)
					if err != nil {
						return nil, err
					}
					if q.Param != nil && (q.Param.Value == "@" || q.Index != nil) {
						// "$@": one field per positional parameter.
						for i, e := range strings.Split(v, positionalSep) {
							if i > 0 {
								f.end()
								f.has = true
							}
							f.add(e)
						}
						continue
					}
					f.add(strings.ReplaceAll(v, positionalSep, " "))
				case *syntax.CmdSubst:
					out, err := subst(q)
					if err != nil {
						return nil, err
					}
					f.add(strings.TrimRight(out, "\n"))
				default:
					return nil, errRuntime
				}
			}
		case *syntax.ParamExp:
			v, err := paramValue(p, vars)
			if err != nil {
				return nil, err
			}
			addExp(strings.ReplaceAll(v, positionalSep, " "))
		case *syntax.CmdSubst:
			out, err := subst(p)
			if err != nil {
				return nil, err
			}
			addExp(strings.TrimRight(out, "\n"))
		default:
			return nil, errRuntime
		}
	}
	f.end()
	return f.fields, nil
}

// positionalSep joins the positional parameters the model knows (set --
// a b, a function's arguments) in the variable "@"; NUL never occurs in a
// shell word.
const positionalSep = "\x00"

// paramValue is the value of a plain $NAME or ${NAME} the model knows, or
// of a positional parameter ($1…$9, $@, $*) it knows.
func paramValue(p *syntax.ParamExp, vars map[string]string) (string, error) {
	_, lenient := vars[lenientKey]
	if p.Param != nil && p.Exp != nil && lenient && (p.Exp.Op == syntax.DefaultUnset || p.Exp.Op == syntax.DefaultUnsetOrNull) {
		// ${X:-word}: with X empty, the word.
		if v, ok := vars[p.Param.Value]; ok && v != "" {
			return v, nil
		}
		if p.Exp.Word == nil {
			return "", nil
		}
		return p.Exp.Word.Lit(), nil
	}
	if p.Param == nil || p.Exp != nil || p.Repl != nil || p.Slice != nil || p.Excl || p.Length || p.Width || p.Names != 0 || p.NestedParam != nil {
		return "", errRuntime
	}
	if p.Index != nil {
		// ${a[@]}, ${a[*]}: an array the model knows.
		idx, ok := p.Index.(*syntax.Word)
		if !ok || (idx.Lit() != "@" && idx.Lit() != "*") {
			return "", errRuntime
		}
		v, ok := vars[p.Param.Value]
		if !ok {
			return "", errRuntime
		}
		if idx.Lit() == "*" {
			return strings.ReplaceAll(v, positionalSep, " "), nil
		}
		return v, nil
	}
	name := p.Param.Value
	if name == "IFS" {
		if v, ok := vars["IFS"]; ok {
			return v, nil
		}
		return " \t\n", nil // bash sets IFS itself; the environment cannot
	}
	if len(name) == 1 && name[0] >= '1' && name[0] <= '9' || name == "*" || name == "#" {
		all, ok := vars["@"]
		if !ok {
			return "", errRuntime
		}
		params := strings.Split(all, positionalSep)
		if all == "" {
			params = nil
		}
		switch name {
		case "*":
			return strings.Join(params, " "), nil
		case "#":
			return strconv.Itoa(len(params)), nil
		}
		if i := int(name[0] - '1'); i < len(params) {
			return params[i], nil
		}
		return "", nil
	}
	v, ok := vars[name]
	if !ok {
		if lenient {
			return "", nil
		}
		return "", errRuntime
	}
	return v, nil
}

// lenientKey in the variables of an expansion makes every unknown
// variable empty (lenientName).
const lenientKey = "\x00lenient"

// printfOutput is what printf FORMAT ARGS prints when FORMAT uses only
// %s, %% and backslash escapes; ok is false otherwise.
func printfOutput(format string, args []string) (string, bool) {
	var b strings.Builder
	for {
		used := 0
		for i := 0; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '\\' && i+1 < len(format):
				n := escapeLen(format[i:])
				esc, ok := backslashEscapes(format[i : i+n])
				if !ok {
					return "", false
				}
				b.WriteString(esc)
				i += n - 1
			case c == '%' && i+1 < len(format):
				i++
				switch format[i] {
				case '%':
					b.WriteByte('%')
				case 's':
					if used < len(args) {
						b.WriteString(args[used])
					}
					used++
				default:
					return "", false
				}
			case c == '%':
				return "", false
			default:
				b.WriteByte(c)
			}
			if b.Len() > maxScriptBytes {
				return "", false
			}
		}
		if used == 0 || used >= len(args) {
			return b.String(), true
		}
		args = args[used:]
	}
}

// leadingTilde reports a word that starts with an unquoted ~ (after brace
// expansion, as bash expands it).
func leadingTilde(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	return ok && strings.HasPrefix(lit.Value, "~")
}

// escapeLen is the length of the backslash escape at the start of s.
func escapeLen(s string) int {
	n := 2
	switch {
	case s[1] == 'x':
		for n < 4 && n < len(s) && isHex(s[n]) {
			n++
		}
	case s[1] == '0':
		for n < 5 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			n++
		}
	case s[1] >= '1' && s[1] <= '7':
		for n < 4 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			n++
		}
	}
	return n
}
