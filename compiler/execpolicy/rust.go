package execpolicy

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// starlark-rust's semantics where they differ from go.starlark.net's: strings
// are sequences of characters (indexing, slicing, len, find and friends
// count characters), repr escapes as starlark-rust does, floats print as
// starlark-rust prints them, % and format() follow starlark-rust, and the
// builtins that see these differences (len, str, repr, type, hash, int,
// float, ord, chr, dir, getattr, hasattr, fail) are replaced. The rewrite
// (rewrite.go) routes indexing, slicing, attributes and % here.

// ---- repr and str

// rustRepr is starlark-rust's repr(v).
func (l *loader) rustRepr(v starlark.Value) string {
	var b strings.Builder
	l.writeRepr(&b, v, nil)
	return b.String()
}

// rustStr is starlark-rust's str(v).
func (l *loader) rustStr(v starlark.Value) string {
	if s, ok := v.(starlark.String); ok {
		return string(s)
	}
	return l.rustRepr(v)
}

func (l *loader) writeRepr(b *strings.Builder, v starlark.Value, path []starlark.Value) {
	for _, p := range path {
		if p == v {
			switch v.(type) {
			case *starlark.List:
				b.WriteString("[...]")
			case *starlark.Dict:
				b.WriteString("{...}")
			default:
				b.WriteString("...")
			}
			return
		}
	}
	switch v := v.(type) {
	case starlark.NoneType:
		b.WriteString("None")
	case starlark.Bool:
		if v {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case starlark.Int:
		b.WriteString(v.String())
	case starlark.Float:
		b.WriteString(rustFloatString(float64(v)))
	case starlark.String:
		stringRepr(b, string(v))
	case *starlark.List:
		b.WriteByte('[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			l.writeRepr(b, v.Index(i), append(path, v))
		}
		b.WriteByte(']')
	case starlark.Tuple:
		b.WriteByte('(')
		for i, x := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			l.writeRepr(b, x, path)
		}
		if len(v) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *starlark.Dict:
		b.WriteByte('{')
		for i, kv := range v.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			l.writeRepr(b, kv[0], append(path, v))
			b.WriteString(": ")
			l.writeRepr(b, kv[1], append(path, v))
		}
		b.WriteByte('}')
	case *starlark.Function:
		b.WriteString(l.file + "." + v.Name())
	case *starlark.Builtin:
		b.WriteString(v.Name())
	case *rustIter:
		b.WriteString("iterator")
	default:
		b.WriteString(v.String())
	}
}

// stringRepr is starlark-rust's string_repr.
func stringRepr(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '"':
			b.WriteString(`\"`)
		case c < 0x20 || c >= 0x7f && c <= 0xff:
			fmt.Fprintf(b, `\x%02x`, c)
		case c < 0x7f:
			b.WriteRune(c)
		case rustAlphanumeric(c):
			b.WriteRune(c)
		case c < 0x10000:
			fmt.Fprintf(b, `\u%04x`, c)
		default:
			fmt.Fprintf(b, `\U%08x`, c)
		}
	}
	b.WriteByte('"')
}

// Rust's char classes.

func rustAlphabetic(c rune) bool {
	return unicode.IsLetter(c) || unicode.Is(unicode.Nl, c) || unicode.Is(unicode.Other_Alphabetic, c) ||
		unicode.Is(unicode.Other_Lowercase, c) || unicode.Is(unicode.Other_Uppercase, c)
}

func rustNumeric(c rune) bool { return unicode.IsNumber(c) }

func rustAlphanumeric(c rune) bool { return rustAlphabetic(c) || rustNumeric(c) }

func rustLowercase(c rune) bool {
	return unicode.IsLower(c) || unicode.Is(unicode.Other_Lowercase, c)
}

func rustUppercase(c rune) bool {
	return unicode.IsUpper(c) || unicode.Is(unicode.Other_Uppercase, c)
}

func rustWhitespace(c rune) bool {
	switch c {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000:
		return true
	}
	return c >= 0x2000 && c <= 0x200a
}

// ---- characters

func runeLen(s string) int { return utf8.RuneCountInString(s) }

// clampIndices is starlark-rust's convert_indices: Python's rules for the
// start and end of a slice of a sequence of length n.
func clampIndices(n int, start, end *int) (int, int) {
	s, e := 0, n
	if start != nil {
		s = *start
		if s < 0 {
			s += n
		}
		s = max(0, min(s, n))
	}
	if end != nil {
		e = *end
		if e < 0 {
			e += n
		}
		e = max(0, min(e, n))
	}
	return s, e
}

// strIndices is starlark-rust's convert_str_indices: the characters of s
// from start to end, and the index of the first; ok is false for an empty
// range that starts past the end.
func strIndices(s string, start, end *int) (int, string, bool) {
	rs := []rune(s)
	n := len(rs)
	switch {
	case start == nil && end == nil:
		return 0, s, true
	case start != nil && end == nil && *start >= 0:
		if *start > n {
			return 0, "", false
		}
		return *start, string(rs[*start:]), true
	case start == nil && end != nil && *end >= 0:
		return 0, string(rs[:min(*end, n)]), true
	case start != nil && end != nil && *start >= 0 && *end >= *start:
		if *start > n {
			return 0, "", false
		}
		return *start, string(rs[*start:min(*end, n)]), true
	case start != nil && end != nil && (*start >= 0) == (*end >= 0) && *start > *end:
		return 0, "", false
	}
	a, e := clampIndices(n, start, end)
	if a > e {
		return 0, "", false
	}
	return a, string(rs[a:e]), true
}

// ---- the iterator of elems() and codepoints()

type rustIter struct {
	items []starlark.Value
}

var _ starlark.Iterable = (*rustIter)(nil)

func (it *rustIter) String() string       { return "iterator" }
func (it *rustIter) Type() string         { return "iterator" }
func (it *rustIter) Freeze()              {}
func (it *rustIter) Truth() starlark.Bool { return true }
func (it *rustIter) Hash() (uint32, error) {
	return 0, plainError("Value of type `iterator` is not hashable")
}
func (it *rustIter) Iterate() starlark.Iterator {
	return &sliceIter{items: it.items}
}

type sliceIter struct {
	items []starlark.Value
	i     int
}

func (s *sliceIter) Next(p *starlark.Value) bool {
	if s.i >= len(s.items) {
		return false
	}
	*p = s.items[s.i]
	s.i++
	return true
}
func (s *sliceIter) Done() {}

// ---- argument helpers

type rargs struct {
	name   string
	args   starlark.Tuple
	kwargs []starlark.Tuple
}

// positional checks that a method got between min and max positional
// arguments and no named ones.
func (a rargs) positional(minN, maxN int) error {
	if len(a.kwargs) > 0 {
		k := string(a.kwargs[0][0].(starlark.String))
		return plainError("Found `%s` extra named parameter(s) for call to %s", k, a.name)
	}
	if len(a.args) > maxN {
		return plainError("Found %d extra positional argument(s) for call to %s", len(a.args)-maxN, a.name)
	}
	if len(a.args) < minN {
		return plainError("Missing positional-only parameter for call to %s", a.name)
	}
	return nil
}

func (a rargs) str(i int, param string) (string, error) {
	s, ok := a.args[i].(starlark.String)
	if !ok {
		return "", typeMismatch(param, "str", a.args[i])
	}
	return string(s), nil
}

// optInt reads an optional `int | None` argument.
func (a rargs) optInt(i int, param string) (*int, error) {
	if i >= len(a.args) || a.args[i] == starlark.None {
		return nil, nil
	}
	n, ok := a.args[i].(starlark.Int)
	if !ok {
		return nil, typeMismatch(param, "None | int", a.args[i])
	}
	v, ok := n.Int64()
	if !ok || v < math.MinInt32 || v > math.MaxInt32 {
		return nil, plainError("Integer value is too big to fit in an i32: %s", n.String())
	}
	x := int(v)
	return &x, nil
}

// reprForError is repr(v) without a loader (only used in messages).
func reprForError(v starlark.Value) string {
	l := &loader{}
	return l.rustRepr(v)
}

// ---- string methods

type strMethod func(l *loader, s string, a rargs) (starlark.Value, error)

var strMethods = map[string]strMethod{
	"capitalize": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(0, 0); err != nil {
			return nil, err
		}
		var b strings.Builder
		for i, c := range []rune(s) {
			if i == 0 {
				b.WriteString(rustUpper(string(c)))
			} else {
				b.WriteString(rustLower(string(c)))
			}
		}
		return starlark.String(b.String()), nil
	},
	"codepoints": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(0, 0); err != nil {
			return nil, err
		}
		var items []starlark.Value
		for _, c := range s {
			items = append(items, starlark.MakeInt(int(c)))
		}
		return &rustIter{items: items}, nil
	},
	"elems": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(0, 0); err != nil {
			return nil, err
		}
		var items []starlark.Value
		for _, c := range s {
			items = append(items, starlark.String(string(c)))
		}
		return &rustIter{items: items}, nil
	},
	"count": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		needle, start, end, err := findArgs(a)
		if err != nil {
			return nil, err
		}
		_, hay, ok := strIndices(s, start, end)
		if !ok {
			return starlark.MakeInt(0), nil
		}
		if needle == "" {
			return starlark.MakeInt(runeLen(hay) + 1), nil
		}
		return starlark.MakeInt(strings.Count(hay, needle)), nil
	},
	"endswith": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		return affix(s, a, "suffix", strings.HasSuffix)
	},
	"startswith": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		return affix(s, a, "prefix", strings.HasPrefix)
	},
	"find":   findMethod(false, false),
	"rfind":  findMethod(true, false),
	"index":  findMethod(false, true),
	"rindex": findMethod(true, true),
	"format": func(l *loader, s string, a rargs) (starlark.Value, error) {
		r, err := l.dotFormat(s, a.args, a.kwargs)
		if err != nil {
			return nil, err
		}
		return starlark.String(r), nil
	},
	"isalnum": classMethod(func(c rune) bool { return rustAlphanumeric(c) }),
	"isalpha": classMethod(rustAlphabetic),
	"isdigit": classMethod(rustNumeric),
	"isspace": classMethod(rustWhitespace),
	"islower": casedMethod(rustUppercase, rustLowercase),
	"isupper": casedMethod(rustLowercase, rustUppercase),
	"istitle": func(_ *loader, s string, a rargs) (starlark.Value, error) { return isTitle(s, a) },
	"lower":   caseMethod(rustLower),
	"upper":   caseMethod(rustUpper),
	"title":   func(_ *loader, s string, a rargs) (starlark.Value, error) { return title(s, a) },
	"join":    func(l *loader, s string, a rargs) (starlark.Value, error) { return join(s, a) },
	"lstrip":  stripMethod(true, false),
	"rstrip":  stripMethod(false, true),
	"strip":   stripMethod(true, true),
	"partition": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		return partition(s, a, false)
	},
	"rpartition": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		return partition(s, a, true)
	},
	"replace": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(2, 3); err != nil {
			return nil, err
		}
		old, err := a.str(0, "old")
		if err != nil {
			return nil, err
		}
		nw, err := a.str(1, "new")
		if err != nil {
			return nil, err
		}
		if len(a.args) == 3 {
			n, ok := a.args[2].(starlark.Int)
			if !ok {
				return nil, typeMismatch("count", "int", a.args[2])
			}
			c, _ := n.Int64()
			if c < 0 {
				return nil, plainError("Replace final argument was negative '%d'", c)
			}
			return starlark.String(strings.Replace(s, old, nw, int(c))), nil
		}
		return starlark.String(strings.ReplaceAll(s, old, nw)), nil
	},
	"removeprefix": removeMethod("prefix", strings.TrimPrefix),
	"removesuffix": removeMethod("suffix", strings.TrimSuffix),
	"split":        func(_ *loader, s string, a rargs) (starlark.Value, error) { return split(s, a, false) },
	"rsplit":       func(_ *loader, s string, a rargs) (starlark.Value, error) { return split(s, a, true) },
	"splitlines": func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(0, 1); err != nil {
			return nil, err
		}
		keep := false
		if len(a.args) == 1 {
			b, ok := a.args[0].(starlark.Bool)
			if !ok {
				return nil, typeMismatch("keepends", "bool", a.args[0])
			}
			keep = bool(b)
		}
		var out []starlark.Value
		for {
			y := strings.IndexAny(s, "\n\r")
			if y < 0 {
				if s != "" {
					out = append(out, starlark.String(s))
				}
				break
			}
			x := y + 1
			if strings.HasPrefix(s[y:], "\r\n") {
				x = y + 2
			}
			if keep {
				out = append(out, starlark.String(s[:x]))
			} else {
				out = append(out, starlark.String(s[:y]))
			}
			if x == len(s) {
				break
			}
			s = s[x:]
		}
		return starlark.NewList(out), nil
	},
}

func strMethodNames() []string {
	names := make([]string, 0, len(strMethods))
	for n := range strMethods {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func findArgs(a rargs) (string, *int, *int, error) {
	if err := a.positional(1, 3); err != nil {
		return "", nil, nil, err
	}
	needle, err := a.str(0, "needle")
	if err != nil {
		return "", nil, nil, err
	}
	start, err := a.optInt(1, "start")
	if err != nil {
		return "", nil, nil, err
	}
	end, err := a.optInt(2, "end")
	if err != nil {
		return "", nil, nil, err
	}
	return needle, start, end, nil
}

func find(s string, a rargs, last bool) (int, error) {
	needle, start, end, err := findArgs(a)
	if err != nil {
		return 0, err
	}
	first, hay, ok := strIndices(s, start, end)
	if !ok {
		return -1, nil
	}
	var i int
	if last {
		i = strings.LastIndex(hay, needle)
	} else {
		i = strings.Index(hay, needle)
	}
	if i < 0 {
		return -1, nil
	}
	return first + runeLen(hay[:i]), nil
}

// removeMethod is removeprefix (arg "prefix", strings.TrimPrefix) and
// removesuffix.
func removeMethod(arg string, trim func(s, affix string) string) strMethod {
	return func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(1, 1); err != nil {
			return nil, err
		}
		p, err := a.str(0, arg)
		if err != nil {
			return nil, err
		}
		return starlark.String(trim(s, p)), nil
	}
}

// findMethod is find and rfind (last picks the rightmost match) and, with
// mustFind, index and rindex, which fail where find returns -1.
func findMethod(last, mustFind bool) strMethod {
	return func(_ *loader, s string, a rargs) (starlark.Value, error) {
		i, err := find(s, a, last)
		if err != nil {
			return nil, err
		}
		if i < 0 && mustFind {
			return nil, plainError("Substring '%s' not found in '%s'", string(a.args[0].(starlark.String)), s)
		}
		return starlark.MakeInt(i), nil
	}
}

func affix(s string, a rargs, param string, test func(string, string) bool) (starlark.Value, error) {
	if err := a.positional(1, 3); err != nil {
		return nil, err
	}
	var cands []string
	switch x := a.args[0].(type) {
	case starlark.String:
		cands = []string{string(x)}
	case starlark.Tuple:
		for _, e := range x {
			es, ok := e.(starlark.String)
			if !ok {
				return nil, typeMismatch(param, "str | tuple[str, ...]", a.args[0])
			}
			cands = append(cands, string(es))
		}
	default:
		return nil, typeMismatch(param, "str | tuple[str, ...]", a.args[0])
	}
	start, err := a.optInt(1, "start")
	if err != nil {
		return nil, err
	}
	end, err := a.optInt(2, "end")
	if err != nil {
		return nil, err
	}
	_, hay, ok := strIndices(s, start, end)
	if !ok {
		return starlark.False, nil
	}
	for _, c := range cands {
		if test(hay, c) {
			return starlark.True, nil
		}
	}
	return starlark.False, nil
}

func classMethod(class func(rune) bool) strMethod {
	return func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(0, 0); err != nil {
			return nil, err
		}
		if s == "" {
			return starlark.False, nil
		}
		for _, c := range s {
			if !class(c) {
				return starlark.False, nil
			}
		}
		return starlark.True, nil
	}
}

// casedMethod is islower (not=upper, is=lower) and isupper.
func casedMethod(not, is func(rune) bool) strMethod {
	return func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(0, 0); err != nil {
			return nil, err
		}
		result := false
		for _, c := range s {
			if not(c) {
				return starlark.False, nil
			} else if is(c) {
				result = true
			}
		}
		return starlark.Bool(result), nil
	}
}

func isTitle(s string, a rargs) (starlark.Value, error) {
	if err := a.positional(0, 0); err != nil {
		return nil, err
	}
	lastSpace, result := true, false
	for _, c := range s {
		if !rustAlphabetic(c) {
			lastSpace = true
			continue
		}
		if lastSpace {
			if rustLowercase(c) {
				return starlark.False, nil
			}
		} else if rustUppercase(c) {
			return starlark.False, nil
		}
		result = true
		lastSpace = false
	}
	return starlark.Bool(result), nil
}

func caseMethod(f func(string) string) strMethod {
	return func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(0, 0); err != nil {
			return nil, err
		}
		return starlark.String(f(s)), nil
	}
}

func title(s string, a rargs) (starlark.Value, error) {
	if err := a.positional(0, 0); err != nil {
		return nil, err
	}
	var b strings.Builder
	lastSpace := true
	for _, c := range s {
		if !rustAlphabetic(c) {
			lastSpace = true
			b.WriteString(rustLower(string(c)))
			continue
		}
		if lastSpace {
			b.WriteString(rustUpper(string(c)))
		} else {
			b.WriteString(rustLower(string(c)))
		}
		lastSpace = false
	}
	return starlark.String(b.String()), nil
}

func join(s string, a rargs) (starlark.Value, error) {
	if err := a.positional(1, 1); err != nil {
		return nil, err
	}
	it, ok := a.args[0].(starlark.Iterable)
	if !ok || isStr(a.args[0]) {
		return nil, plainError("Operation `(iter)` not supported on type `%s`", typeName(a.args[0]))
	}
	var parts []string
	iter := it.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		xs, ok := x.(starlark.String)
		if !ok {
			return nil, typeMismatch("to_join", "str", x)
		}
		parts = append(parts, string(xs))
	}
	return starlark.String(strings.Join(parts, s)), nil
}

func isStr(v starlark.Value) bool { _, ok := v.(starlark.String); return ok }

func stripMethod(left, right bool) strMethod {
	return func(_ *loader, s string, a rargs) (starlark.Value, error) {
		if err := a.positional(0, 1); err != nil {
			return nil, err
		}
		test := rustWhitespace
		if len(a.args) == 1 { // Codex refuses None here, unlike Python
			chars, err := a.str(0, "chars")
			if err != nil {
				return nil, err
			}
			test = func(c rune) bool { return strings.ContainsRune(chars, c) }
		}
		if left {
			s = strings.TrimLeftFunc(s, test)
		}
		if right {
			s = strings.TrimRightFunc(s, test)
		}
		return starlark.String(s), nil
	}
}

func partition(s string, a rargs, last bool) (starlark.Value, error) {
	if err := a.positional(1, 1); err != nil {
		return nil, err
	}
	sep, err := a.str(0, "needle")
	if err != nil {
		return nil, err
	}
	if sep == "" {
		return nil, plainError("Empty separator cannot be used for partitioning")
	}
	var i int
	if last {
		i = strings.LastIndex(s, sep)
	} else {
		i = strings.Index(s, sep)
	}
	if i < 0 {
		if last {
			return starlark.Tuple{starlark.String(""), starlark.String(""), starlark.String(s)}, nil
		}
		return starlark.Tuple{starlark.String(s), starlark.String(""), starlark.String("")}, nil
	}
	return starlark.Tuple{starlark.String(s[:i]), starlark.String(sep), starlark.String(s[i+len(sep):])}, nil
}

func split(s string, a rargs, right bool) (starlark.Value, error) {
	if err := a.positional(0, 2); err != nil {
		return nil, err
	}
	var sep *string
	if len(a.args) >= 1 && a.args[0] != starlark.None {
		x, ok := a.args[0].(starlark.String)
		if !ok {
			return nil, typeMismatch("sep", "None | str", a.args[0])
		}
		str := string(x)
		sep = &str
	}
	limit := -1 // number of parts, -1: no limit
	if len(a.args) == 2 && a.args[1] != starlark.None {
		n, err := a.optInt(1, "maxsplit")
		if err != nil {
			return nil, err
		}
		if *n >= 0 {
			limit = *n + 1
		}
	}
	var parts []string
	switch {
	case sep == nil && limit < 0:
		parts = strings.FieldsFunc(s, rustWhitespace)
	case sep == nil:
		parts = splitnWhitespace(s, limit, right)
	default:
		parts = rustSplitN(s, *sep, limit, right)
	}
	out := make([]starlark.Value, len(parts))
	for i, p := range parts {
		out[i] = starlark.String(p)
	}
	return starlark.NewList(out), nil
}

// rustSplitN is Rust's str::splitn (rsplitn when right, parts in order),
// with n < 0 meaning no limit. An empty separator matches at every
// character boundary, the ends included.
func rustSplitN(s, sep string, n int, right bool) []string {
	if n == 0 {
		return nil
	}
	var cuts [][2]int // byte ranges of the matches, in order
	if sep == "" {
		b := 0
		for _, c := range s {
			cuts = append(cuts, [2]int{b, b})
			b += utf8.RuneLen(c)
		}
		cuts = append(cuts, [2]int{len(s), len(s)})
	} else {
		for i := 0; ; {
			j := strings.Index(s[i:], sep)
			if j < 0 {
				break
			}
			cuts = append(cuts, [2]int{i + j, i + j + len(sep)})
			i += j + len(sep)
		}
	}
	if n > 0 && len(cuts) > n-1 {
		if right {
			cuts = cuts[len(cuts)-(n-1):]
		} else {
			cuts = cuts[:n-1]
		}
	}
	var parts []string
	prev := 0
	for _, c := range cuts {
		parts = append(parts, s[prev:c[0]])
		prev = c[1]
	}
	return append(parts, s[prev:])
}

// splitnWhitespace is starlark-rust's splitn_whitespace (and
// rsplitn_whitespace when right).
func splitnWhitespace(s string, maxsplit int, right bool) []string {
	rs := []rune(s)
	if right {
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
	}
	var v []string
	var cur []rune
	split, eat := 1, true
	push := func() {
		c := append([]rune(nil), cur...)
		if right {
			for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
				c[i], c[j] = c[j], c[i]
			}
		}
		v = append(v, string(c))
	}
	for _, c := range rs {
		switch {
		case split >= maxsplit && !eat:
			cur = append(cur, c)
		case rustWhitespace(c):
			if len(cur) > 0 {
				push()
				cur = nil
				split++
				eat = true
			}
		default:
			eat = false
			cur = append(cur, c)
		}
	}
	if len(cur) > 0 {
		push()
	}
	if right {
		for i, j := 0, len(v)-1; i < j; i, j = i+1, j-1 {
			v[i], v[j] = v[j], v[i]
		}
	}
	return v
}

// ---- case mapping (Rust's to_uppercase/to_lowercase use the full
// mappings of SpecialCasing.txt, unlike Go's)

var upperSpecial = map[rune]string{
	'ß': "SS", 'ŉ': "ʼN", 'ǰ': "J̌", 'ΐ': "Ϊ́", 'ΰ': "Ϋ́", 'և': "ԵՒ", 'ẖ': "H̱", 'ẗ': "T̈", 'ẘ': "W̊",
	'ẙ': "Y̊", 'ẚ': "Aʾ", 'ﬀ': "FF", 'ﬁ': "FI", 'ﬂ': "FL", 'ﬃ': "FFI", 'ﬄ': "FFL", 'ﬅ': "ST", 'ﬆ': "ST",
	'ﬓ': "ՄՆ", 'ﬔ': "ՄԵ", 'ﬕ': "ՄԻ", 'ﬖ': "ՎՆ", 'ﬗ': "ՄԽ",
}

func rustUpper(s string) string {
	var b strings.Builder
	for _, c := range s {
		if m, ok := upperSpecial[c]; ok {
			b.WriteString(m)
			continue
		}
		if c >= 0x1f80 && c <= 0x1fff {
			if m, ok := greekUpper(c); ok {
				b.WriteString(m)
				continue
			}
		}
		b.WriteRune(unicode.ToUpper(c))
	}
	return b.String()
}

// greekUpper covers the Greek letters with ypogegrammeni and the like,
// whose uppercase is two or three characters.
func greekUpper(c rune) (string, bool) {
	switch {
	case c >= 0x1f80 && c <= 0x1f87:
		return string(c+0x1f08-0x1f80) + "Ι", true
	case c >= 0x1f88 && c <= 0x1f8f:
		return string(c-8+0x1f08-0x1f80) + "Ι", true
	case c >= 0x1f90 && c <= 0x1f97:
		return string(c+0x1f28-0x1f90) + "Ι", true
	case c >= 0x1f98 && c <= 0x1f9f:
		return string(c-8+0x1f28-0x1f90) + "Ι", true
	case c >= 0x1fa0 && c <= 0x1fa7:
		return string(c+0x1f68-0x1fa0) + "Ι", true
	case c >= 0x1fa8 && c <= 0x1faf:
		return string(c-8+0x1f68-0x1fa0) + "Ι", true
	}
	switch c {
	case 0x1fb3, 0x1fbc:
		return "ΑΙ", true
	case 0x1fc3, 0x1fcc:
		return "ΗΙ", true
	case 0x1ff3, 0x1ffc:
		return "ΩΙ", true
	case 0x1fb2:
		return "ᾺΙ", true
	case 0x1fb4:
		return "ΆΙ", true
	case 0x1fc2:
		return "ῊΙ", true
	case 0x1fc4:
		return "ΉΙ", true
	case 0x1ff2:
		return "ῺΙ", true
	case 0x1ff4:
		return "ΏΙ", true
	case 0x1fb6:
		return "Α͂", true
	case 0x1fc6:
		return "Η͂", true
	case 0x1fd6:
		return "Ι͂", true
	case 0x1fe6:
		return "Υ͂", true
	case 0x1ff6:
		return "Ω͂", true
	case 0x1fb7:
		return "Α͂Ι", true
	case 0x1fc7:
		return "Η͂Ι", true
	case 0x1ff7:
		return "Ω͂Ι", true
	case 0x1fd2:
		return "Ϊ̀", true
	case 0x1fd3:
		return "Ϊ́", true
	case 0x1fd7:
		return "Ϊ͂", true
	case 0x1fe2:
		return "Ϋ̀", true
	case 0x1fe3:
		return "Ϋ́", true
	case 0x1fe4:
		return "Ρ̓", true
	case 0x1fe7:
		return "Ϋ͂", true
	case 0x1f50:
		return "Υ̓", true
	case 0x1f52:
		return "Υ̓̀", true
	case 0x1f54:
		return "Υ̓́", true
	case 0x1f56:
		return "Υ̓͂", true
	}
	return "", false
}

func rustLower(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, c := range rs {
		switch c {
		case 'İ':
			b.WriteString("i̇")
			continue
		case 'Σ':
			// Final sigma: preceded by a cased letter and not followed by one.
			if finalSigma(rs, i) {
				b.WriteRune('ς')
			} else {
				b.WriteRune('σ')
			}
			continue
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return b.String()
}

func finalSigma(rs []rune, i int) bool {
	cased := func(c rune) bool { return rustLowercase(c) || rustUppercase(c) || unicode.IsTitle(c) }
	ignorable := func(c rune) bool {
		return unicode.In(c, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) || c == '\'' || c == '.' || c == ':' || c == 0xb7 || c == 0x2019
	}
	before := false
	for j := i - 1; j >= 0; j-- {
		if ignorable(rs[j]) {
			continue
		}
		before = cased(rs[j])
		break
	}
	if !before {
		return false
	}
	for j := i + 1; j < len(rs); j++ {
		if ignorable(rs[j]) {
			continue
		}
		return !cased(rs[j])
	}
	return true
}

// ---- % interpolation

func (l *loader) percent(format string, value starlark.Value) (string, error) {
	values := []starlark.Value{value}
	if t, ok := value.(starlark.Tuple); ok {
		values = t
	}
	next := 0
	nextValue := func() (starlark.Value, error) {
		if next >= len(values) {
			return nil, plainError("Not enough arguments for format string")
		}
		next++
		return values[next-1], nil
	}
	var b strings.Builder
	rem := format
	for {
		i := strings.IndexByte(rem, '%')
		if i < 0 {
			b.WriteString(rem)
			break
		}
		b.WriteString(rem[:i])
		rem = rem[i:]
		if len(rem) < 2 {
			return "", plainError("Incomplete format")
		}
		f := rem[1]
		switch f {
		case '%':
			b.WriteByte('%')
			rem = rem[2:]
			continue
		case 's', 'r', 'd', 'o', 'x', 'X', 'e', 'E', 'f', 'F', 'g', 'G':
		default:
			c, _ := utf8.DecodeRuneInString(rem[1:])
			return "", plainError("Unsupported format character: %s", rustDebugChar(c))
		}
		rem = rem[2:]
		v, err := nextValue()
		if err != nil {
			return "", err
		}
		switch f {
		case 's':
			b.WriteString(l.rustStr(v))
		case 'r':
			b.WriteString(l.rustRepr(v))
		case 'd':
			switch n := v.(type) {
			case starlark.Int:
				b.WriteString(n.String())
			case starlark.Float:
				t := math.Trunc(float64(n))
				if !isFinite(t) || t > math.MaxInt32 || t < math.MinInt32 {
					return "", plainError("Operation `format(%%d)` not supported on type `float`")
				}
				bi, _ := new(big.Float).SetFloat64(t).Int(nil)
				b.WriteString(bi.String())
			default:
				return "", plainError("Operation `format(%%d)` not supported on type `%s`", typeName(v))
			}
		case 'o', 'x', 'X':
			n, ok := v.(starlark.Int)
			if !ok {
				return "", plainError("Operation `format(%%%c)` not supported on type `%s`", f, typeName(v))
			}
			bi := n.BigInt()
			neg := bi.Sign() < 0
			bi.Abs(bi)
			base := 16
			if f == 'o' {
				base = 8
			}
			t := bi.Text(base)
			if f == 'X' {
				t = strings.ToUpper(t)
			}
			if neg {
				b.WriteByte('-')
			}
			b.WriteString(t)
		default:
			x, err := numParam(v)
			if err != nil {
				return "", err
			}
			switch f {
			case 'e', 'E':
				b.WriteString(floatScientific(x, f, false))
			case 'f', 'F':
				b.WriteString(floatDecimal(x))
			case 'g':
				b.WriteString(floatCompact(x, 'e'))
			case 'G':
				b.WriteString(floatCompact(x, 'E'))
			}
		}
	}
	if next < len(values) {
		return "", plainError("Too many arguments for format string")
	}
	return b.String(), nil
}

func numParam(v starlark.Value) (float64, error) {
	switch n := v.(type) {
	case starlark.Int:
		f, _ := new(big.Float).SetInt(n.BigInt()).Float64()
		return f, nil
	case starlark.Float:
		return float64(n), nil
	}
	return 0, plainError("Type of parameter `value` doesn't match, expected `int | float`, actual `%s (repr: %s)`", typeName(v), reprForError(v))
}

// ---- format()

func (l *loader) dotFormat(this string, args starlark.Tuple, kwargs []starlark.Tuple) (string, error) {
	next, byIndex, byOrder := 0, false, false
	var result, capture strings.Builder
	capturing := func() string { return capture.String() }
	field := func(c string) error {
		n, conv := c[1:], "s"
		if i := strings.IndexByte(c, '!'); i >= 0 {
			n, conv = c[1:i], c[i+1:]
		}
		var write func(starlark.Value)
		switch conv {
		case "s":
			write = func(v starlark.Value) { result.WriteString(l.rustStr(v)) }
		case "r":
			write = func(v starlark.Value) { result.WriteString(l.rustRepr(v)) }
		default:
			return plainError("Invalid conversion in format string `%s}`", c)
		}
		switch {
		case n == "":
			if byIndex {
				return plainError("Cannot mix manual field specification and automatic field numbering in format string")
			}
			byOrder = true
			if next >= len(args) {
				return plainError("Not enough parameters in format string")
			}
			write(args[next])
			next++
		case strings.Trim(n, "0123456789") == "":
			if byOrder {
				return plainError("Cannot mix manual field specification and automatic field numbering in format string")
			}
			byIndex = true
			i, err := strconv.Atoi(n)
			if err != nil || i >= len(args) {
				return plainError("Index `%s` is out of bound", n)
			}
			write(args[i])
		default:
			if i := strings.IndexAny(n, ".,[]"); i >= 0 {
				return plainError("Invalid character '%c' inside replacement field", n[i])
			}
			for _, kv := range kwargs {
				if string(kv[0].(starlark.String)) == n {
					write(kv[1])
					return nil
				}
			}
			return plainError("Key `%s` was not found", n)
		}
		return nil
	}
	for _, c := range this {
		cs := capturing()
		switch {
		case (c == '{' || c == '}') && cs == "":
			capture.WriteRune(c)
		case cs == "":
			result.WriteRune(c)
		case c == '{' && cs == "{":
			result.WriteByte('{')
			capture.Reset()
		case c == '{' && cs == "}":
			return "", plainError("Standalone '}' in format string `%s`", this)
		case c == '{':
			return "", plainError("Unmatched '{' in format string `%s`", this)
		case c == '}' && cs == "}":
			result.WriteByte('}')
			capture.Reset()
		case c == '}':
			if err := field(cs); err != nil {
				return "", err
			}
			capture.Reset()
		case cs == "}":
			return "", plainError("Standalone '}' in format string `%s`", this)
		default:
			capture.WriteRune(c)
		}
	}
	switch capturing() {
	case "":
		return result.String(), nil
	case "}":
		return "", plainError("Standalone '}' in format string `%s`", this)
	}
	return "", plainError("Unmatched '{' in format string `%s`", this)
}

// ---- the hidden builtins of the rewrite

func (l *loader) hidden(name string, f func(args starlark.Tuple) (starlark.Value, error)) *starlark.Builtin {
	return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		return f(args)
	})
}

func (l *loader) index(args starlark.Tuple) (starlark.Value, error) {
	x, y := args[0], args[1]
	switch x := x.(type) {
	case starlark.String:
		i, ok := y.(starlark.Int)
		if !ok {
			return nil, plainError("Type of parameters mismatch, expected `int`, actual `%s (repr: %s)`", typeName(y), l.rustRepr(y))
		}
		rs := []rune(string(x))
		n, ok := i.Int64()
		idx := n
		if idx < 0 {
			idx += int64(len(rs))
		}
		if !ok || idx < 0 || idx >= int64(len(rs)) {
			return nil, plainError("Index `%s` is out of bound", i.String())
		}
		return starlark.String(string(rs[idx])), nil
	case starlark.Mapping:
		v, found, err := x.Get(y)
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, plainError("Key `%s` was not found", l.rustRepr(y))
		}
		return v, nil
	case starlark.Indexable:
		i, ok := y.(starlark.Int)
		if !ok {
			return nil, plainError("Type of parameters mismatch, expected `int`, actual `%s (repr: %s)`", typeName(y), l.rustRepr(y))
		}
		n, ok := i.Int64()
		idx := n
		if idx < 0 {
			idx += int64(x.Len())
		}
		if !ok || idx < 0 || idx >= int64(x.Len()) {
			return nil, plainError("Index `%s` is out of bound", i.String())
		}
		return x.Index(int(idx)), nil
	}
	if typeName(x) == "function" {
		return nil, plainError("Operation `[]` not supported on type `function`")
	}
	return nil, plainError("Operation `[]` not supported for types `%s` and `%s`", typeName(x), typeName(y))
}

func (l *loader) slice(args starlark.Tuple) (starlark.Value, error) {
	x := args[0]
	var n int
	switch x := x.(type) {
	case starlark.String:
		n = runeLen(string(x))
	case starlark.Sliceable:
		n = x.Len()
	default:
		return nil, plainError("Operation `[::]` not supported on type `%s`", typeName(x))
	}
	var bound [3]*int
	for i, a := range args[1:] {
		if a == starlark.None {
			continue
		}
		ai, ok := a.(starlark.Int)
		if !ok {
			return nil, plainError("Type of parameter `index` doesn't match, expected `int`, actual `%s`", typeName(a))
		}
		v, ok := ai.Int64()
		if !ok {
			if ai.Sign() > 0 {
				v = math.MaxInt32
			} else {
				v = math.MinInt32
			}
		}
		vi := int(v)
		bound[i] = &vi
	}
	step := 1
	if bound[2] != nil {
		step = *bound[2]
		if step == 0 {
			return nil, plainError("Step cannot be zero")
		}
	}
	start, end := sliceBounds(n, bound[0], bound[1], step)
	switch x := x.(type) {
	case starlark.String:
		rs := []rune(string(x))
		var b strings.Builder
		if step > 0 {
			for i := start; i < end; i += step {
				b.WriteRune(rs[i])
			}
		} else {
			for i := start; i > end; i += step {
				b.WriteRune(rs[i])
			}
		}
		return starlark.String(b.String()), nil
	case starlark.Sliceable:
		return x.Slice(start, end, step), nil
	}
	return nil, nil
}

// sliceBounds is Python's slice.indices.
func sliceBounds(n int, lo, hi *int, step int) (int, int) {
	var start, end int
	if step > 0 {
		start, end = 0, n
	} else {
		start, end = n-1, -1
	}
	adj := func(p *int, def int) int {
		if p == nil {
			return def
		}
		v := *p
		if v < 0 {
			v += n
			if v < 0 {
				if step < 0 {
					return -1
				}
				return 0
			}
		}
		if v >= n {
			if step < 0 {
				return n - 1
			}
			return n
		}
		return v
	}
	start = adj(lo, start)
	end = adj(hi, end)
	return start, end
}

func (l *loader) attr(args starlark.Tuple) (starlark.Value, error) {
	x, name := args[0], string(args[1].(starlark.String))
	v, err := l.getattr(x, name)
	if err != nil {
		return nil, err
	}
	if v == nil {
		msg := fmt.Sprintf("Object of type `%s` has no attribute `%s`", typeName(x), name)
		if s := didYouMean(name, methodNames(x)); s != "" {
			msg += ", did you mean `" + s + "`?"
		}
		return nil, plainError("%s", msg)
	}
	return v, nil
}

// methodNames are the methods Codex knows for x's type, sorted: the names
// it suggests for an unknown attribute.
func methodNames(x starlark.Value) []string {
	prefix := ""
	switch x.(type) {
	case starlark.String:
		prefix = "str."
	case *starlark.List:
		prefix = "list."
	case *starlark.Dict:
		prefix = "dict."
	default:
		return nil
	}
	var names []string
	for k := range codexArity {
		if m, ok := strings.CutPrefix(k, prefix); ok {
			names = append(names, m)
		}
	}
	sort.Strings(names)
	return names
}

// getattr returns x.name, or nil if x has no such attribute.
func (l *loader) getattr(x starlark.Value, name string) (starlark.Value, error) {
	if s, ok := x.(starlark.String); ok {
		m, ok := strMethods[name]
		if !ok {
			return nil, nil
		}
		return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if err := checkArity("str."+name, args, kwargs); err != nil {
				return nil, err
			}
			return m(l, string(s), rargs{name, args, kwargs})
		}), nil
	}
	h, ok := x.(starlark.HasAttrs)
	if !ok {
		return nil, nil
	}
	if m := l.containerMethod(x, name); m != nil {
		return m, nil
	}
	v, err := h.Attr(name)
	if err != nil {
		var nsa starlark.NoSuchAttrError
		if errors.As(err, &nsa) {
			return nil, nil
		}
		return nil, err
	}
	return v, nil
}

func (l *loader) percentOp(args starlark.Tuple) (starlark.Value, error) {
	x, y := args[0], args[1]
	if s, ok := x.(starlark.String); ok {
		r, err := l.percent(string(s), y)
		if err != nil {
			return nil, err
		}
		return starlark.String(r), nil
	}
	// go.starlark.net's int and float % are Python's, as starlark-rust's.
	return l.binop(syntax.PERCENT, x, y)
}

func isZero(v starlark.Value) bool {
	switch v := v.(type) {
	case starlark.Int:
		return v.Sign() == 0
	case starlark.Float:
		return v == 0
	}
	return false
}

func isNum(v starlark.Value) bool {
	switch v.(type) {
	case starlark.Int, starlark.Float:
		return true
	}
	return false
}

// numDisplay writes a number as starlark-rust's messages do (Rust's `{}`).
func numDisplay(v starlark.Value) string {
	if f, ok := v.(starlark.Float); ok {
		return rustDisplay(float64(f))
	}
	return v.String()
}

// binop is a binary operation with starlark-rust's errors (and shifts
// without go.starlark.net's 512-bit limit).
// augIndex is a[i] op= y for a and i computed once: args are a, i, the
// operator's hidden builtin name and y.
func (l *loader) augIndex(args starlark.Tuple) (starlark.Value, error) {
	obj, key, y := args[0], args[1], args[3]
	op, _ := starlark.AsString(args[2])
	cur, err := l.index(starlark.Tuple{obj, key})
	if err != nil {
		return nil, err
	}
	var v starlark.Value
	switch op {
	case hiddenPercent:
		v, err = l.percentOp(starlark.Tuple{cur, y})
	case hiddenAugAdd:
		v, err = l.augAdd(starlark.Tuple{cur, y})
	default:
		for tok, name := range binops {
			if name == op {
				v, err = l.binop(tok, cur, y)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	switch o := obj.(type) {
	case starlark.HasSetKey:
		err = o.SetKey(key, v)
	case starlark.HasSetIndex:
		// l.index read o[key]: key is an int within bounds.
		i, _ := starlark.AsInt32(key)
		if i < 0 {
			i += o.Len()
		}
		err = o.SetIndex(i, v)
	default:
		err = fmt.Errorf("%s value does not support item assignment", obj.Type())
	}
	if err != nil {
		return nil, err
	}
	return starlark.None, nil
}

// augAdd is x += y: a list is extended in place by any iterable (the
// name's other references see it grow; a string is not one), anything
// else is x + y.
func (l *loader) augAdd(args starlark.Tuple) (starlark.Value, error) {
	x, y := args[0], args[1]
	list, ok := x.(*starlark.List)
	if !ok {
		return l.binop(syntax.PLUS, x, y)
	}
	it, ok := y.(starlark.Iterable)
	if _, isStr := y.(starlark.String); !ok || isStr {
		return nil, plainError("Operation `(iter)` not supported on type `%s`", typeName(y))
	}
	var items []starlark.Value
	iter := it.Iterate()
	var v starlark.Value
	for iter.Next(&v) {
		items = append(items, v)
	}
	iter.Done()
	for _, v := range items {
		if err := list.Append(v); err != nil {
			return nil, err
		}
	}
	return list, nil
}

func (l *loader) binop(op syntax.Token, x, y starlark.Value) (starlark.Value, error) {
	unsupported := func(name string) error {
		return plainError("Operation `%s` not supported for types `%s` and `%s`", name, typeName(x), typeName(y))
	}
	switch op {
	case syntax.LT, syntax.LE, syntax.GT, syntax.GE:
		ok, err := starlark.Compare(op, x, y)
		if err != nil {
			return nil, compareError(x, y)
		}
		return starlark.Bool(ok), nil
	case syntax.LTLT, syntax.GTGT:
		a, ok1 := x.(starlark.Int)
		b, ok2 := y.(starlark.Int)
		if !ok1 || !ok2 {
			return nil, unsupported(op.String())
		}
		if b.Sign() < 0 {
			if op == syntax.LTLT {
				return nil, plainError("Negative left shift")
			}
			return nil, plainError("Negative right shift")
		}
		n, ok := b.Int64()
		if !ok || n > 1<<20 {
			return nil, unsupported(op.String())
		}
		r := a.BigInt()
		if op == syntax.LTLT {
			r.Lsh(r, uint(n))
		} else {
			r.Rsh(r, uint(n))
		}
		return starlark.MakeBigInt(r), nil
	case syntax.SLASH, syntax.SLASHSLASH, syntax.PERCENT:
		if isNum(x) && isZero(y) {
			_, xf := x.(starlark.Float)
			_, yf := y.(starlark.Float)
			if (xf || yf) && op != syntax.SLASH {
				return nil, plainError("Cannot divide by zero")
			}
			switch op {
			case syntax.SLASH:
				return nil, plainError("float division by zero: %s / %s", numDisplay(x), numDisplay(y))
			case syntax.SLASHSLASH:
				return nil, plainError("Floor division by zero: %s // %s", numDisplay(x), numDisplay(y))
			}
			return nil, plainError("Modulo by zero: %s %% %s", numDisplay(x), numDisplay(y))
		}
	}
	v, err := starlark.Binary(op, x, y)
	if err != nil {
		return nil, unsupported(op.String())
	}
	return v, nil
}

func (l *loader) fstringBuiltin(name string, fs *fstring) *starlark.Builtin {
	return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		var b strings.Builder
		for i, t := range fs.texts {
			b.WriteString(t)
			if i < len(args) {
				if fs.convs[i] == 'r' {
					b.WriteString(l.rustRepr(args[i]))
				} else {
					b.WriteString(l.rustStr(args[i]))
				}
			}
		}
		return starlark.String(b.String()), nil
	})
}

// ---- replaced universal builtins

func (l *loader) universe() starlark.StringDict {
	one := func(name string, f func(v starlark.Value) (starlark.Value, error)) *starlark.Builtin {
		return starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if len(kwargs) > 0 {
				return nil, plainError("Found `%s` extra named parameter(s) for call to %s", string(kwargs[0][0].(starlark.String)), name)
			}
			if len(args) != 1 {
				if len(args) == 0 {
					return nil, plainError("Missing parameter `x` for call to `%s`", name)
				}
				return nil, plainError("Found %d extra positional argument(s) for call to %s", len(args)-1, name)
			}
			return f(args[0])
		})
	}
	d := starlark.StringDict{
		"len": one("len", func(v starlark.Value) (starlark.Value, error) {
			if s, ok := v.(starlark.String); ok {
				return starlark.MakeInt(runeLen(string(s))), nil
			}
			if _, ok := v.(*rustIter); ok {
				return nil, plainError("Operation `len()` not supported on type `iterator`")
			}
			if n := starlark.Len(v); n >= 0 {
				return starlark.MakeInt(n), nil
			}
			return nil, plainError("Operation `len()` not supported on type `%s`", typeName(v))
		}),
		"repr": one("repr", func(v starlark.Value) (starlark.Value, error) { return starlark.String(l.rustRepr(v)), nil }),
		"type": one("type", func(v starlark.Value) (starlark.Value, error) { return starlark.String(typeName(v)), nil }),
		"hash": one("hash", func(v starlark.Value) (starlark.Value, error) {
			s, ok := v.(starlark.String)
			if !ok {
				return nil, typeMismatch("a", "str", v)
			}
			var h int32
			for _, u := range utf16Units(string(s)) {
				h = h*31 + int32(u)
			}
			return starlark.MakeInt(int(h)), nil
		}),
		"ord": one("ord", func(v starlark.Value) (starlark.Value, error) {
			s, ok := v.(starlark.String)
			if !ok {
				return nil, typeMismatch("a", "str", v)
			}
			if runeLen(string(s)) != 1 {
				return nil, plainError("ord(): %s is not a single character string", l.rustRepr(s))
			}
			r, _ := utf8.DecodeRuneInString(string(s))
			return starlark.MakeInt(int(r)), nil
		}),
		"chr": one("chr", func(v starlark.Value) (starlark.Value, error) {
			n, ok := v.(starlark.Int)
			if !ok {
				return nil, typeMismatch("i", "int", v)
			}
			i, ok := n.Int64()
			if !ok || i > math.MaxInt32 || i < math.MinInt32 {
				return nil, plainError("Integer value is too big to fit in an i32: %s", n.String())
			}
			if i < 0 {
				return nil, plainError("chr() parameter value negative integer %d", i)
			}
			if i > utf8.MaxRune || i >= 0xd800 && i <= 0xdfff {
				return nil, plainError("chr() parameter value is 0x%x which is not a valid UTF-8 codepoint", i)
			}
			return starlark.String(string(rune(i))), nil
		}),
		"dir": one("dir", func(v starlark.Value) (starlark.Value, error) {
			var names []string
			if _, ok := v.(starlark.String); ok {
				names = strMethodNames()
			} else if h, ok := v.(starlark.HasAttrs); ok {
				names = h.AttrNames()
				sort.Strings(names)
			}
			out := make([]starlark.Value, len(names))
			for i, n := range names {
				out[i] = starlark.String(n)
			}
			return starlark.NewList(out), nil
		}),
		"str": starlark.NewBuiltin("str", func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if len(kwargs) > 0 || len(args) > 1 {
				return nil, plainError("Found %d extra positional argument(s) for call to str", len(args)-1)
			}
			if len(args) == 0 { // Codex's str takes exactly one argument
				return nil, plainError("Wrong number of positional arguments, expected 1, got 0")
			}
			return starlark.String(l.rustStr(args[0])), nil
		}),
		"getattr": starlark.NewBuiltin("getattr", func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if len(kwargs) > 0 || len(args) < 2 || len(args) > 3 {
				return nil, plainError("Wrong number of arguments for call to getattr")
			}
			name, ok := args[1].(starlark.String)
			if !ok {
				return nil, typeMismatch("attr", "str", args[1])
			}
			v, err := l.getattr(args[0], string(name))
			if err != nil {
				return nil, err
			}
			if v == nil {
				if len(args) == 3 {
					return args[2], nil
				}
				return nil, plainError("Object of type `%s` has no attribute `%s`", typeName(args[0]), string(name))
			}
			return v, nil
		}),
		"hasattr": starlark.NewBuiltin("hasattr", func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if len(kwargs) > 0 || len(args) != 2 {
				return nil, plainError("Wrong number of arguments for call to hasattr")
			}
			name, ok := args[1].(starlark.String)
			if !ok {
				return nil, typeMismatch("attr", "str", args[1])
			}
			v, err := l.getattr(args[0], string(name))
			if err != nil {
				return nil, err
			}
			return starlark.Bool(v != nil), nil
		}),
		"fail": starlark.NewBuiltin("fail", func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if len(kwargs) > 0 {
				return nil, plainError("Found `%s` extra named parameter(s) for call to fail", string(kwargs[0][0].(starlark.String)))
			}
			parts := make([]string, len(args))
			for i, a := range args {
				parts[i] = l.rustStr(a)
			}
			return nil, plainError("fail: %s", strings.Join(parts, " "))
		}),
		"int":   starlark.NewBuiltin("int", l.intBuiltin),
		"float": starlark.NewBuiltin("float", l.floatBuiltin),
	}
	d[hiddenIndex] = l.hidden(hiddenIndex, l.index)
	d[ellipsisName] = ellipsis{}
	d[ellipsisShortName] = ellipsis{}
	d[hiddenIndex2] = l.hidden(hiddenIndex2, func(args starlark.Tuple) (starlark.Value, error) {
		// No type of Codex's takes two indexes.
		return nil, plainError("Operation `[,]` not supported on type `%s`", typeName(args[0]))
	})
	d[hiddenSlice] = l.hidden(hiddenSlice, l.slice)
	d[hiddenAttr] = l.hidden(hiddenAttr, l.attr)
	d[hiddenPercent] = l.hidden(hiddenPercent, l.percentOp)
	for op, name := range binops {
		d[name] = l.hidden(name, func(args starlark.Tuple) (starlark.Value, error) { return l.binop(op, args[0], args[1]) })
	}
	d[hiddenAugAdd] = l.hidden(hiddenAugAdd, l.augAdd)
	d[hiddenAugIndex] = l.hidden(hiddenAugIndex, l.augIndex)
	// Codex's checks and wording (builtins_codex.go), then argument
	// counts first (arity.go).
	for _, name := range []string{"abs", "range", "sorted", "enumerate", "max", "min", "zip", "dict", "getattr"} {
		v, ok := d[name]
		if !ok {
			v = starlark.Universe[name]
		}
		if b, ok := v.(*starlark.Builtin); ok {
			d[name] = withCodexChecks(name, b)
		}
	}
	for key := range codexArity {
		if strings.Contains(key, ".") {
			continue
		}
		v, ok := d[key]
		if !ok {
			v = starlark.Universe[key]
		}
		if b, ok := v.(*starlark.Builtin); ok {
			d[key] = withArity(key, b)
		}
	}
	return d
}

func utf16Units(s string) []uint16 {
	var out []uint16
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			out = append(out, uint16(0xd800+(r>>10)), uint16(0xdc00+(r&0x3ff)))
		} else {
			out = append(out, uint16(r))
		}
	}
	return out
}

func (l *loader) intBuiltin(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	var x, base starlark.Value
	for _, kv := range kwargs {
		if string(kv[0].(starlark.String)) == "base" && base == nil {
			base = kv[1]
		} else {
			return nil, plainError("Found `%s` extra named parameter(s) for call to int", string(kv[0].(starlark.String)))
		}
	}
	switch len(args) {
	case 0:
		return starlark.MakeInt(0), nil
	case 1:
		x = args[0]
	case 2:
		x, base = args[0], args[1]
	default:
		return nil, plainError("Found %d extra positional argument(s) for call to int", len(args)-2)
	}
	if s, ok := x.(starlark.String); ok {
		b := 10
		if base != nil {
			bi, ok := base.(starlark.Int)
			if !ok {
				return nil, typeMismatch("base", "int", base)
			}
			b64, _ := bi.Int64()
			b = int(b64)
			if b == 1 || b < 0 || b > 36 {
				return nil, plainError("%d is not a valid base, int() base must be >= 2 and <= 36", b)
			}
		}
		return parseRustInt(string(s), b)
	}
	if base != nil {
		switch x.(type) {
		case starlark.Int, starlark.Bool, starlark.Float:
			return nil, plainError("int() cannot convert non-string with explicit base '%s'", l.rustRepr(base))
		}
		return nil, typeMismatch("a", "bool | float | int | str", x)
	}
	switch v := x.(type) {
	case starlark.Int:
		return v, nil
	case starlark.Bool:
		if v {
			return starlark.MakeInt(1), nil
		}
		return starlark.MakeInt(0), nil
	case starlark.Float:
		f := float64(v)
		if !isFinite(f) {
			return nil, plainError("Float `%s` cannot be represented as exact integer", strings.TrimPrefix(rustFloatString(f), "+"))
		}
		bi, _ := new(big.Float).SetFloat64(math.Trunc(f)).Int(nil)
		return starlark.MakeBigInt(bi), nil
	}
	return nil, typeMismatch("a", "bool | float | int | str", x)
}

// parseRustInt is starlark-rust's int(str, base).
func parseRustInt(s string, base int) (starlark.Value, error) {
	orig := s
	fail := func() (starlark.Value, error) {
		return nil, plainError("Cannot parse `%s` as an integer in base %d", orig, base)
	}
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	lower := strings.ToLower(s)
	prefixBase := 0
	switch {
	case strings.HasPrefix(lower, "0x"):
		prefixBase = 16
	case strings.HasPrefix(lower, "0o"):
		prefixBase = 8
	case strings.HasPrefix(lower, "0b"):
		prefixBase = 2
	}
	if prefixBase != 0 && (base == 0 || base == prefixBase) {
		s = s[2:]
		base = prefixBase
	} else if base == 0 {
		base = 10
	}
	s = strings.ReplaceAll(s, "_", "")
	if s == "" {
		return fail()
	}
	bi, ok := new(big.Int).SetString(s, base)
	if !ok {
		return fail()
	}
	if neg {
		bi.Neg(bi)
	}
	return starlark.MakeBigInt(bi), nil
}

func (l *loader) floatBuiltin(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	if len(kwargs) > 0 {
		return nil, plainError("Found `%s` extra named parameter(s) for call to float", string(kwargs[0][0].(starlark.String)))
	}
	if len(args) > 1 {
		return nil, plainError("Found %d extra positional argument(s) for call to float", len(args)-1)
	}
	if len(args) == 0 {
		return starlark.Float(0), nil
	}
	switch v := args[0].(type) {
	case starlark.Float:
		return v, nil
	case starlark.Bool:
		if v {
			return starlark.Float(1), nil
		}
		return starlark.Float(0), nil
	case starlark.Int:
		f, _ := new(big.Float).SetInt(v.BigInt()).Float64()
		return starlark.Float(f), nil
	case starlark.String:
		s := string(v)
		t := strings.ToLower(strings.TrimLeft(s, "+-"))
		switch t {
		case "inf", "infinity", "nan":
			f, _ := strconv.ParseFloat(s, 64)
			return starlark.Float(f), nil
		}
		if s == "" {
			return nil, plainError("%s is not a valid number: cannot parse float from empty string", l.rustRepr(v))
		}
		if strings.ContainsAny(t, "_xpn") || t == "" || strings.HasPrefix(t, "+") || strings.HasPrefix(t, "-") {
			return nil, plainError("%s is not a valid number: invalid float literal", l.rustRepr(v))
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			var ne *strconv.NumError
			if errors.As(err, &ne) && ne.Err == strconv.ErrRange && math.IsInf(f, 0) {
				return nil, plainError("float() floating-point number too large: %s", s)
			}
			if !(errors.As(err, &ne) && ne.Err == strconv.ErrRange) {
				return nil, plainError("%s is not a valid number: invalid float literal", l.rustRepr(v))
			}
		}
		return starlark.Float(f), nil
	}
	return nil, typeMismatch("a", "bool | float | int | str", args[0])
}

// Tuple assignment: go.starlark.net's words for a value that does not
// unpack into the targets.
var (
	unpackCount = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^too (?:few|many) values to unpack \(got (\d+), want (\d+)\)$`)
	})
	unpackType = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^got (\S+) in sequence assignment$`) })
	// x in y (or not in) for a y that holds nothing.
	binaryIn = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^unknown binary op: (\S+) (?:not )?in (\S+)$`) })
	// A call of a value that is not a function.
	nonFunction = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^invalid call of non-function \((\S+)\)$`) })
)

var referencedBefore = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:local|global) variable (\S+) referenced before assignment$`)
})

// rustMessage rewords go.starlark.net's runtime errors as starlark-rust
// words them.
func rustMessage(msg string) string {
	if m := referencedBefore().FindStringSubmatch(msg); m != nil {
		return "Local variable `" + m[1] + "` referenced before assignment"
	}
	if m := binaryIn().FindStringSubmatch(msg); m != nil {
		return "Operation `in` not supported for types `" + codexTypeName(m[1]) + "` and `" + codexTypeName(m[2]) + "`"
	}
	if m := nonFunction().FindStringSubmatch(msg); m != nil {
		return "Operation `call()` not supported on type `" + m[1] + "`"
	}
	if m := unpackCount().FindStringSubmatch(msg); m != nil {
		return "Unpacked " + m[1] + " values but expected " + m[2]
	}
	if m := unpackType().FindStringSubmatch(msg); m != nil {
		return "Operation `len()` not supported on type `" + m[1] + "`"
	}
	if m := notIterable().FindStringSubmatch(msg); m != nil {
		t := m[1]
		if t == "" {
			t = m[2]
		}
		if t == "builtin_function_or_method" {
			t = "function"
		}
		return "Operation `(iter)` not supported on type `" + t + "`"
	}
	if m := dupKey().FindStringSubmatch(msg); m != nil {
		k := m[1]
		if u, err := strconv.Unquote(k); err == nil {
			var b strings.Builder
			stringRepr(&b, u)
			k = b.String()
		} else if f, err := strconv.ParseFloat(k, 64); err == nil && strings.ContainsAny(k, ".eEin") {
			k = rustFloatString(f)
		}
		return "Dictionary key repeated for `" + k + "`"
	}
	if m := unaryOp().FindStringSubmatch(msg); m != nil {
		return "Operation `" + m[1] + "` not supported on type `" + m[2] + "`"
	}
	if itemAssign().MatchString(msg) {
		return "Immutable"
	}
	if m := indexRange().FindStringSubmatch(msg); m != nil {
		// x[i] = v past the end: a negative index shows as i + len(x).
		i, _ := strconv.Atoi(m[1])
		if hi, err := strconv.Atoi(m[2]); err == nil && i < 0 {
			i += hi + 1
		}
		return "Index `" + strconv.Itoa(i) + "` is out of bound"
	}
	if m := emptyIndex().FindStringSubmatch(msg); m != nil {
		return "Index `" + m[1] + "` is out of bound"
	}
	if m := unhashable().FindStringSubmatch(msg); m != nil {
		return "Value of type `" + m[1] + "` is not hashable"
	}
	return msg
}

var (
	notIterable = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:\w+: )?(?:(\w+) value is not iterable|for parameter \w+: got (\w+), want iterable)$`)
	})
	dupKey     = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^duplicate key: (.*)$`) })
	unaryOp    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^unknown unary op: (\S+) (\w+)$`) })
	itemAssign = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\w+ value does not support item assignment$`) })
	indexRange = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^list index (-?\d+) out of range \[-?\d+:(-?\d+)\]$`)
	})
	emptyIndex = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^index (-?\d+) out of range: empty list$`) })
	unhashable = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^unhashable type: (\w+)$`) })
)

// containerMethod returns the list and dict methods whose meaning or
// errors differ between go.starlark.net and starlark-rust, as Codex has
// them (nil for the others): list.pop takes no negative index ("Index
// `-1` is out of bound", where Python and go.starlark.net count from the
// end), an element or key that is not there is worded as Codex words it,
// and argument counts are checked first (codexArity). Each wraps
// go.starlark.net's method, which keeps its checks (a frozen list, a list
// being iterated).
func (l *loader) containerMethod(x starlark.Value, name string) starlark.Value {
	var fallback starlark.Value
	if h, ok := x.(starlark.HasAttrs); ok {
		fallback, _ = h.Attr(name)
	}
	orig, ok := fallback.(*starlark.Builtin)
	if !ok {
		return nil
	}
	var thread *starlark.Thread
	// call runs go.starlark.net's method in the caller's frame, as a
	// direct call would (errors then point at the call).
	call := func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return orig.CallInternal(thread, args, kwargs)
	}
	var key string
	switch x.(type) {
	case *starlark.List:
		key = "list." + name
	case *starlark.Dict:
		key = "dict." + name
	}
	wrap := func(f func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error)) starlark.Value {
		return starlark.NewBuiltin(name, func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			thread = th
			if err := checkArity(key, args, kwargs); err != nil {
				return nil, err
			}
			return f(args, kwargs)
		})
	}
	switch x := x.(type) {
	case *starlark.List:
		switch name {
		case "pop":
			return wrap(func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
				if len(kwargs) > 0 || len(args) > 1 {
					return call(args, kwargs)
				}
				i := x.Len() - 1
				if len(args) == 1 {
					n, ok := args[0].(starlark.Int)
					if !ok {
						return nil, typeMismatch("index", "int", args[0])
					}
					v, ok := n.Int64()
					if !ok || v < 0 || v >= int64(x.Len()) {
						return nil, plainError("Index `%s` is out of bound", n.String())
					}
					i = int(v)
				}
				if i < 0 {
					return nil, plainError("Index `%d` is out of bound", i)
				}
				return call(starlark.Tuple{starlark.MakeInt(i)}, nil)
			})
		case "remove", "index":
			return wrap(func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
				v, err := call(args, kwargs)
				if err != nil && len(args) > 0 && (err.Error() == "remove: element not found" || err.Error() == "index: value not in list") {
					if name == "remove" {
						return nil, plainError("Element '%s' not found in list '%s'", l.rustRepr(args[0]), l.rustRepr(x))
					}
					return nil, plainError("Element '%s' not found in '%s'", l.rustRepr(args[0]), l.rustRepr(x))
				}
				return v, err
			})
		}
	case *starlark.Dict:
		switch name {
		case "get", "setdefault":
			return wrap(func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
				if err := hashable(args[0]); err != nil {
					return nil, err
				}
				return call(args, kwargs)
			})
		case "update":
			return wrap(func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
				if err := dictSourceCheck(args); err != nil {
					return nil, err
				}
				return call(args, kwargs)
			})
		case "pop":
			return wrap(func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
				// pop(key, default = None, /): positional only.
				if len(args) == 0 {
					return nil, plainError("Missing positional-only parameter `key` for call to `pop`")
				}
				if len(args) > 2 {
					return nil, plainError("Found %d extra positional argument(s) for call to pop", len(args)-2)
				}
				if err := hashable(args[0]); err != nil {
					return nil, err
				}
				v, err := call(args, kwargs)
				if err != nil && len(args) == 1 && err.Error() == "pop: missing key" {
					return nil, plainError("Key `%s` not found in dictionary `%s`", l.rustRepr(args[0]), l.rustRepr(x))
				}
				return v, err
			})
		case "popitem":
			return wrap(func(args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
				v, err := call(args, kwargs)
				if err != nil && len(args) == 0 && len(kwargs) == 0 && err.Error() == "popitem: empty dict" {
					return nil, plainError("Cannot .popitem() on an empty dictionary")
				}
				return v, err
			})
		}
	}
	if _, ok := codexArity[key]; ok {
		return wrap(call) // the argument counts only
	}
	return nil
}

// compareError is Codex's error for ordering x and y, whose types cannot
// be ordered: the operation is named by x's type.
func compareError(x, y starlark.Value) error {
	op := "cmp()"
	switch x.(type) {
	case starlark.Int, starlark.Float, starlark.NoneType, *starlark.Builtin, *starlark.Function:
		op = "compare"
	case starlark.Bool:
		op = "<>"
	}
	return plainError("Operation `%s` not supported for types `%s` and `%s`", op, typeName(x), typeName(y))
}

// hashable refuses a dict key Codex cannot hash, in its words.
func hashable(k starlark.Value) error {
	if _, err := k.Hash(); err != nil {
		return plainError("Value of type `%s` is not hashable", typeName(k))
	}
	return nil
}

// codexTypeName is Codex's name of a go.starlark.net type name.
func codexTypeName(t string) string {
	if t == "builtin_function_or_method" {
		return "function"
	}
	return t
}
