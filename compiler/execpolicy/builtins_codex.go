package execpolicy

import (
	"errors"
	"strings"

	"go.starlark.net/starlark"
)

// codexChecks check the arguments of go.starlark.net's builtins before
// they run, where Codex refuses a call for another reason than
// go.starlark.net would, or words it otherwise (each recorded:
// TestConformanceBuiltinCalls). A check returns nil to let the builtin
// run; the builtin's own errors are then reworded by codexRewords.
var codexChecks = map[string]func(args starlark.Tuple, kwargs []starlark.Tuple) error{
	"abs": func(args starlark.Tuple, _ []starlark.Tuple) error {
		switch args[0].(type) {
		case starlark.Int, starlark.Float:
			return nil
		}
		return typeMismatch("x", "float | int", args[0])
	},
	"range": func(args starlark.Tuple, _ []starlark.Tuple) error {
		for i, v := range args {
			if _, ok := v.(starlark.Int); !ok {
				return typeMismatch([]string{"a1", "a2", "step"}[i], "int", v)
			}
		}
		return nil
	},
	"sorted": func(args starlark.Tuple, _ []starlark.Tuple) error {
		if len(args) == 0 {
			return plainError("Missing positional-only parameter `x` for call to `sorted`")
		}
		if len(args) > 1 {
			return plainError("Found %d extra positional argument(s) for call to sorted", len(args)-1)
		}
		return nil
	},
	"enumerate": func(args starlark.Tuple, _ []starlark.Tuple) error {
		switch {
		case len(args) == 0:
			return plainError("Missing positional-only parameter `it` for call to `enumerate`")
		case len(args) > 2:
			return plainError("Found %d extra positional argument(s) for call to enumerate", len(args)-2)
		case len(args) == 2:
			if _, ok := args[1].(starlark.Int); !ok {
				return typeMismatch("start", "int", args[1])
			}
		}
		return nil
	},
	"max": minMaxCheck("max"),
	"min": minMaxCheck("min"),
	"zip": func(args starlark.Tuple, kwargs []starlark.Tuple) error {
		if len(kwargs) > 0 {
			return plainError("Found `%s` extra named parameter(s) for call to zip", string(kwargs[0][0].(starlark.String)))
		}
		for _, v := range args {
			if err := codexIterable(v); err != nil {
				return err
			}
		}
		return nil
	},
	"dict": func(args starlark.Tuple, _ []starlark.Tuple) error {
		return dictSourceCheck(args)
	},
}

// minMaxCheck is the check of max or min: named arguments other than key,
// and nothing to choose from (Codex says max() for both).
func minMaxCheck(name string) func(args starlark.Tuple, kwargs []starlark.Tuple) error {
	return func(args starlark.Tuple, kwargs []starlark.Tuple) error {
		for _, kv := range kwargs {
			if k := string(kv[0].(starlark.String)); k != "key" {
				return plainError("Found `%s` extra named parameter(s) for call to %s", k, name)
			}
		}
		empty := errors.New("Argument is an empty iterable, max() expect a non empty iterable")
		if len(args) == 0 {
			return empty
		}
		if len(args) == 1 {
			if err := codexIterable(args[0]); err != nil {
				return err
			}
			if n := starlark.Len(args[0]); n == 0 {
				return empty
			}
		}
		return nil
	}
}

// codexIterable refuses what Codex cannot iterate: strings too.
func codexIterable(v starlark.Value) error {
	if _, ok := v.(starlark.String); ok {
		return plainError("Operation `(iter)` not supported on type `string`")
	}
	if _, ok := v.(starlark.Iterable); !ok {
		return plainError("Operation `(iter)` not supported on type `%s`", typeName(v))
	}
	return nil
}

// dictSourceCheck checks the positional argument of dict() and
// dict.update(): a mapping, or an iterable of iterable pairs.
func dictSourceCheck(args starlark.Tuple) error {
	if len(args) != 1 {
		return nil
	}
	if _, ok := args[0].(starlark.IterableMapping); ok {
		return nil
	}
	if err := codexIterable(args[0]); err != nil {
		return err
	}
	it := args[0].(starlark.Iterable).Iterate()
	defer it.Done()
	var x starlark.Value
	for it.Next(&x) {
		if err := codexIterable(x); err != nil {
			return err
		}
	}
	return nil
}

// codexRewords rewords the errors of go.starlark.net's builtins that Codex
// words otherwise.
func codexRewords(name string, args starlark.Tuple, err error) error {
	msg := err.Error()
	switch name {
	case "max", "min":
		// go.starlark.net compares a new value x with the best so far,
		// "max: X > BEST not implemented"; Codex names them the other way
		// round, with the operation of the best's type.
		op := " > "
		if name == "min" {
			op = " < "
		}
		if rest, ok := strings.CutPrefix(msg, name+": "); ok && strings.HasSuffix(rest, " not implemented") {
			if xt, bt, ok := strings.Cut(strings.TrimSuffix(rest, " not implemented"), op); ok {
				if best, x := sampleOf(bt), sampleOf(xt); best != nil && x != nil {
					return compareError(best, x)
				}
			}
		}
	case "getattr":
		if len(args) == 2 && strings.HasPrefix(msg, "Object of type `") && strings.Contains(msg, "` has no attribute `") {
			return plainError("Operation `.%s` not supported on type `%s`", string(args[1].(starlark.String)), typeName(args[0]))
		}
	}
	return err
}

// sampleOf is a value of the go.starlark.net type named t, for wording
// an error as Codex words it (nil for a type without one).
func sampleOf(t string) starlark.Value {
	switch t {
	case "int":
		return starlark.MakeInt(0)
	case "float":
		return starlark.Float(0)
	case "NoneType":
		return starlark.None
	case "bool":
		return starlark.False
	case "string":
		return starlark.String("")
	case "list":
		return starlark.NewList(nil)
	case "tuple":
		return starlark.Tuple{}
	case "dict":
		return starlark.NewDict(0)
	}
	return nil
}

// withCodexChecks wraps the builtin b (the function name) with its check
// and rewording.
func withCodexChecks(name string, b *starlark.Builtin) *starlark.Builtin {
	check := codexChecks[name]
	return starlark.NewBuiltin(b.Name(), func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if check != nil {
			if err := check(args, kwargs); err != nil {
				return nil, err
			}
		}
		v, err := b.CallInternal(th, args, kwargs)
		if err != nil {
			return nil, codexRewords(name, args, err)
		}
		return v, nil
	})
}
