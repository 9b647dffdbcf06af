package execpolicy

import (
	"strings"

	"go.starlark.net/starlark"
)

// signature describes a builtin's parameters the way Codex's starlark-rust
// builtins declare them: all may be passed by position or by name, the
// first `required` ones must be given.
type signature struct {
	name     string
	params   []string
	required int
}

// bind assigns call arguments to parameters, reporting problems with
// starlark-rust's wording. Absent parameters are nil.
func (sig signature) bind(args starlark.Tuple, kwargs []starlark.Tuple) ([]starlark.Value, error) {
	vals := make([]starlark.Value, len(sig.params))
	if len(args) > len(sig.params) {
		return nil, plainError("Found %d extra positional argument(s) for call to %s", len(args)-len(sig.params), sig.name)
	}
	copy(vals, args)
	var extra []string
	for _, kv := range kwargs {
		k := string(kv[0].(starlark.String))
		i := indexOf(sig.params, k)
		switch {
		case i < 0:
			extra = append(extra, "`"+k+"`")
		case vals[i] != nil:
			return nil, plainError("Argument `%s` occurs more than once", k)
		default:
			vals[i] = kv[1]
		}
	}
	// A missing parameter is reported before unknown names, as Codex does.
	for i := 0; i < sig.required; i++ {
		if vals[i] == nil {
			return nil, plainError("Missing parameter `%s` for call to `%s`", sig.params[i], sig.name)
		}
	}
	if len(extra) > 0 {
		return nil, plainError("Found %s extra named parameter(s) for call to %s", strings.Join(extra, " "), sig.name)
	}
	return vals, nil
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// typeName is the starlark-rust name of a value's type.
func typeName(v starlark.Value) string {
	switch v.(type) {
	case *starlark.Builtin, *starlark.Function:
		return "function"
	}
	return v.Type()
}

func typeMismatch(param, want string, v starlark.Value) error {
	return plainError("Type of parameter `%s` doesn't match, expected `%s`, actual `%s (repr: %s)`", param, want, typeName(v), reprForError(v))
}

// unpackStr returns an optional str parameter; Codex rejects None too.
func unpackStr(param string, v starlark.Value) (s string, present bool, err error) {
	if v == nil {
		return "", false, nil
	}
	str, ok := v.(starlark.String)
	if !ok {
		return "", false, typeMismatch(param, "str", v)
	}
	return string(str), true, nil
}

// unpackList returns an optional list parameter (tuples are rejected).
func unpackList(param string, v starlark.Value) (*starlark.List, error) {
	if v == nil {
		return nil, nil
	}
	l, ok := v.(*starlark.List)
	if !ok {
		return nil, typeMismatch(param, "list", v)
	}
	return l, nil
}

func unpackBool(param string, v starlark.Value) (bool, error) {
	if v == nil {
		return false, nil
	}
	b, ok := v.(starlark.Bool)
	if !ok {
		return false, typeMismatch(param, "bool", v)
	}
	return bool(b), nil
}

func listItems(l *starlark.List) []starlark.Value {
	if l == nil {
		return nil
	}
	out := make([]starlark.Value, l.Len())
	for i := range out {
		out[i] = l.Index(i)
	}
	return out
}
