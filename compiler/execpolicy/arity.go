package execpolicy

import (
	"fmt"

	"go.starlark.net/starlark"
)

// codexArity are the positional argument counts (least, most) Codex's
// builtins and methods take, keyed by name ("len") or receiver and name
// ("str.split", "list.pop", "dict.get"), for those whose wrong counts
// Codex reports as "Wrong number of positional arguments, expected …, got
// N" (recorded: testdata/codex/builtins.jsonl, TestConformanceBuiltinCalls).
// Functions with named parameters (sorted, enumerate, dict.pop, max, min,
// zip, fail, int) word them otherwise and are not here.
var codexArity = map[string][2]int{
	"abs": {1, 1}, "all": {1, 1}, "any": {1, 1}, "bool": {0, 1}, "dict": {0, 1}, "dir": {1, 1},
	"float": {0, 1}, "getattr": {2, 3}, "hasattr": {2, 2}, "hash": {1, 1}, "len": {1, 1},
	"list": {0, 1}, "range": {1, 3}, "repr": {1, 1}, "reversed": {1, 1}, "str": {1, 1},
	"tuple": {0, 1}, "type": {1, 1},

	"list.append": {1, 1}, "list.clear": {0, 0}, "list.extend": {1, 1}, "list.index": {1, 3},
	"list.insert": {2, 2}, "list.pop": {0, 1}, "list.remove": {1, 1},

	"dict.clear": {0, 0}, "dict.get": {1, 2}, "dict.items": {0, 0}, "dict.keys": {0, 0},
	"dict.popitem": {0, 0}, "dict.setdefault": {1, 2}, "dict.update": {0, 1}, "dict.values": {0, 0},

	"str.capitalize": {0, 0}, "str.codepoints": {0, 0}, "str.count": {1, 3}, "str.elems": {0, 0},
	"str.endswith": {1, 3}, "str.find": {1, 3}, "str.index": {1, 3}, "str.isalnum": {0, 0},
	"str.isalpha": {0, 0}, "str.isdigit": {0, 0}, "str.islower": {0, 0}, "str.isspace": {0, 0},
	"str.istitle": {0, 0}, "str.isupper": {0, 0}, "str.join": {1, 1}, "str.lower": {0, 0},
	"str.lstrip": {0, 1}, "str.partition": {1, 1}, "str.removeprefix": {1, 1},
	"str.removesuffix": {1, 1}, "str.replace": {2, 3}, "str.rfind": {1, 3}, "str.rindex": {1, 3},
	"str.rpartition": {1, 1}, "str.rsplit": {0, 2}, "str.rstrip": {0, 1}, "str.split": {0, 2},
	"str.splitlines": {0, 1}, "str.startswith": {1, 3}, "str.strip": {0, 1}, "str.title": {0, 0},
	"str.upper": {0, 0},
}

// codexTakesNamed are the functions of codexArity that take named
// arguments (dict(a = 1), d.update(a = 1)). Codex refuses any named
// argument to every other one as "Found `k` extra named parameter(s) for
// call to function" (recorded for every builtin, str, list and dict
// method).
var codexTakesNamed = map[string]bool{"dict": true, "dict.update": true}

// checkArity refuses a call of the function key as Codex does when its
// named or positional arguments do not fit its signature; nil when they
// fit (the function then checks their types).
func checkArity(key string, args starlark.Tuple, kwargs []starlark.Tuple) error {
	n, ok := codexArity[key]
	if !ok {
		return nil
	}
	if len(kwargs) > 0 {
		if codexTakesNamed[key] {
			return nil // the function checks them
		}
		return plainError("Found `%s` extra named parameter(s) for call to function", string(kwargs[0][0].(starlark.String)))
	}
	if len(args) >= n[0] && len(args) <= n[1] {
		return nil
	}
	want := fmt.Sprint(n[0])
	if n[0] != n[1] {
		want = fmt.Sprintf("between %d and %d", n[0], n[1])
	}
	return plainError("Wrong number of positional arguments, expected %s, got %d", want, len(args))
}

// withArity wraps the builtin b (the function key) so that argument counts
// are checked as Codex checks them first.
func withArity(key string, b *starlark.Builtin) *starlark.Builtin {
	if _, ok := codexArity[key]; !ok {
		return b
	}
	return starlark.NewBuiltin(b.Name(), func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if err := checkArity(key, args, kwargs); err != nil {
			return nil, err
		}
		return b.CallInternal(th, args, kwargs)
	})
}
