package execpolicy

import (
	"fmt"
	"strings"
	"testing"
)

// builtinCallFiles are one-line policies calling every builtin, string,
// list and dict method of Codex's dialect with no argument, each of a set
// of values, pairs and triples of arguments and a keyword: the calls a
// hand-written policy gets wrong. Each keeps what the call returned as a
// rule's justification, so a value computed otherwise shows too.
func builtinCallFiles() (names []string, files [][]byte) {
	vals := []string{`1`, `-2`, `1.5`, `"ab"`, `""`, `[1, 2]`, `[]`, `(1,)`, `{"a": 1}`, `None`, `True`, `len`}
	pairs := [][2]string{{`1`, `2`}, {`"ab"`, `1`}, {`[1]`, `"x"`}, {`"10"`, `16`}, {`"ab"`, `"b"`}, {`[3, 1]`, `True`}, {`1.5`, `2`}}
	var calls []string
	for _, f := range []string{"abs", "all", "any", "bool", "dict", "dir", "enumerate", "fail", "float", "getattr", "hasattr", "hash", "int", "len", "list", "max", "min", "range", "repr", "reversed", "sorted", "str", "tuple", "type", "zip"} {
		calls = append(calls, f+"()")
		for _, v := range vals {
			calls = append(calls, f+"("+v+")")
		}
		for _, p := range pairs {
			calls = append(calls, f+"("+p[0]+", "+p[1]+")")
		}
		calls = append(calls, f+"(1, 2, 3)", f+"(x = 1)")
	}
	for _, m := range []string{"capitalize", "codepoints", "count", "elems", "endswith", "find", "format", "index", "isalnum", "isalpha", "isdigit", "islower", "isspace", "istitle", "isupper", "join", "lower", "lstrip", "partition", "removeprefix", "removesuffix", "replace", "rfind", "rindex", "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith", "strip", "title", "upper"} {
		for _, a := range []string{``, `"a"`, `1`, `"a", "b"`, `"a", 1`, `1, 2`, `"a", 1, 2`, `["a"]`, `None`, `x = 1`} {
			calls = append(calls, `"a,b a".`+m+"("+a+")")
		}
	}
	for _, m := range []string{"append", "clear", "extend", "index", "insert", "pop", "remove"} {
		for _, a := range []string{``, `1`, `"a"`, `1, 2`, `[1]`, `-1`, `5`, `1, 2, 3`, `x = 1`} {
			calls = append(calls, "[1, 2]."+m+"("+a+")")
		}
	}
	for _, m := range []string{"clear", "get", "items", "keys", "pop", "popitem", "setdefault", "update", "values"} {
		for _, a := range []string{``, `"a"`, `"z"`, `"a", 1`, `{"b": 2}`, `[("c", 3)]`, `1, 2, 3`, `k = 1`} {
			calls = append(calls, `{"a": 1}.`+m+"("+a+")")
		}
	}
	for i, c := range calls {
		names = append(names, fmt.Sprintf("call%04d.rules", i+1))
		files = append(files, []byte("v = "+c+"\nprefix_rule([\"x\"], justification = type(v) + \":\" + (v if type(v) == \"string\" else repr(v)))\n"))
	}
	return names, files
}

// TestConformanceBuiltinCalls compares hookifyc with Codex on every
// builtin and method call of builtinCallFiles: Codex loads a file if and
// only if hookifyc does, with the same value, or refuses it with the same
// message at the same line and column (codex's answers recorded in
// testdata/codex/builtins.jsonl; live with HOOKIFYC_LIVE=1).
func TestConformanceBuiltinCalls(t *testing.T) {
	names, files := builtinCallFiles()
	if len(files) < 900 {
		t.Fatalf("only %d builtin call files", len(files))
	}
	compareLoads(t, "builtins", names, files, func(i int) string {
		return strings.SplitN(string(files[i]), "\n", 2)[0]
	})
}
