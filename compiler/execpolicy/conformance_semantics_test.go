package execpolicy

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// semanticsPrograms are whole files whose rules (or error) hookifyc must
// compute as Codex does: they exercise the statements around the
// expressions of testdata/semantics/exprs.txt (functions, loops, errors
// inside functions and f-strings, multi-line f-strings, escapes).
var semanticsPrograms = []string{
	"def f(): pass\nfail(str(f), repr(f), type(f))",
	"fail(repr(\"a\".elems()), str(\"a\".codepoints()))",
	"fail(\"a\", 1, None, \"é\")",
	"fail()",
	"l = [1]\nl.append(l)\nfail(str(l))",
	"d = {}\nd[\"k\"] = d\nfail(str(d))",
	"fail(repr(lambda x: x))",
	"x = \"abc\"\nx %= ()\nfail(x)",
	"x = \"%s-%d\"\nx %= (\"a\", 2)\nprefix_rule([x])",
	"d = {\"k\": \"%s!\"}\nd[\"k\"] %= \"v\"\nprefix_rule([d[\"k\"]])",
	"def g(n):\n    return f\"tool-{n}\"\nfor i in range(3):\n    prefix_rule([g(i), f\"{i * 1.5}\"], justification = f\"rule {i!r}: {g(i)!r}\")",
	"x = f\"\"\"a\n{1 +\n 2}\nb\"\"\"\nprefix_rule([x])",
	"x = f\"a\\\nb{1}\"\nprefix_rule([x])",
	"x = \"a\\\nb\"\nprefix_rule([x])",
	"x = '''a\r\nb'''\nprefix_rule([x, 'c\rd'])",
	"def h(s):\n    return s[1] + s[-1] + s[1:3]\nprefix_rule([h(\"é日本語\")], match = [[h(\"é日本語\") + \"\"]])",
	"def bad():\n    return f\"{1 + 'a'}\"\nbad()",
	"x = 1\ny = f\"{x}\" + f\"{\n  x + \"a\"}\"",
	"for c in \"abc\".elems():\n    prefix_rule([c])",
	"prefix_rule([\"%c\" % 65])",
	"prefix_rule([\"a\\qb\", r\"c\\'d\", \"\\xe9\\101\"])",
	"prefix_rule([str(1e100), str(1.0 / 3), \"%e\" % 12345.678, \"%g\" % 0.00001234, \"%f\" % -2.5])",
	"s = \"é\" * 3\nprefix_rule([s[len(s) - 1], str(len(s))])",
	"prefix_rule(pattern = \"é\")",
	"prefix_rule([\"a\"], justification = f\"{'x' * 0}\")",
	"prefix_rule([\"a\"], decision = f\"{'allow'}\")",
	"prefix_rule([\"a\"], decision = f\"{'nope'}\")",
	"x = {\"a\": 1}\nfail(x[\"b\"])",
	"x = [1, 2]\nfail(x[5])",
	"x = \"abc\"\nfail(x.nope)",
	"x = \"abc\"\nx[0] = \"z\"",
	"fail(\"{}\".format(f\"{1}\"))",
	// every decimal exponent: starlark-rust's log10/powf rounding
	"prefix_rule([\"x\"], justification = \" \".join([\"%d:%e:%s:%g\" % (e, float(\"1e%d\" % e), float(\"1e%d\" % e), float(\"9.999999999999999e%d\" % e)) for e in range(-330, 309)]))",
	"prefix_rule([\"x\"], justification = \" \".join([str(float(\"1.5e%d\" % e)) + \"|%e\" % float(\"-7.77e%d\" % e) for e in range(-320, 309, 3)]))",
	// past the 200 million steps hookifyc once refused: Codex has no bound
	// and loads it in 0.7 s (go.starlark.net: about 2 s)
	"for i in range(101000000):\n    pass\nprefix_rule([\"loop\", str(i)])",
	// augmented assignments work as their operator (x <<= 600 is 1 << 600;
	// go.starlark.net refuses shifts past 511), and += extends a list in
	// place by any iterable but a string
	"x = 1\nx <<= 600\nprefix_rule([\"x\"] if x == 1 << 600 else [\"y\"])",
	"x = [1]\ny = x\ny += (2,)\ny += {\"k\": 1}\nprefix_rule([\"x\"] if x == [1, 2, \"k\"] else [\"y\"])",
	"x = [1]\nx += 1",
	"x = [1]\nx += \"ab\"",
	"x = (1,)\nx += [2]",
	"x = 1.0\nx /= 0",
	"x = 5\nx -= \"a\"",
	// augmented assignments to an element computed on the spot
	"x = [\"%x\"]\nx[len(x) - 1] %= 1.5",
	"x = [\"%s!\"]\nx[len(x) - 1] %= \"v\"\nprefix_rule([\"x\"] if x == [\"v!\"] else [\"y\"])",
	"x = [1, 2]\nx[len(x) - 1] <<= 600\nprefix_rule([\"x\"] if x[1] == 2 << 600 else [\"y\"])",
	"x = {\"k\": [1]}\ny = x[\"k\"]\nx[\"k\" + \"\"] += [2]\nprefix_rule([\"x\"] if y == [1, 2] else [\"y\"])",
	"x = \"abc\"\nx[len(x) - 1] += \"z\"",
	"x = (1, 2)\nx[len(x) - 1] += 1",
	"x = [1]\nx[len(x)] += 1",
	"x = {}\nx[\"a\" + \"\"] += 1",
	"x = [[1]]\nx[len(x) - 1] += 1",
	"x = [1]\nx[len(x) - 1] /= 0",
	// element assignments and keys that cannot be
	"x = [1]\nx[5] = 1",
	"x = [1]\nx[-3] = 1",
	"x = [1, 2, 3]\nx[-4] = 1",
	"x = []\nx[0] = 1",
	"x = []\nx[-1] = 1",
	"x = {}\nx[[1]] = 2",
	"x = {[1]: 2}",
	"x = {}\nx[{}] = 2",
	"x = 7\nx //= 2\nx *= 3\nx &= 15\nx ^= 1\nx >>= 1\nx |= 8\nx %= 5\nx -= 1\nprefix_rule([\"x\"] if x == 1 else [\"y\"])",
	// load("m", "") parses and fails when it runs, in its turn.
	"load(\"m\", \"\")",
	"x = 1 // 0\nload(\"m\", \"\")",
	"load(\"m\", \"\", \"\")",
	"load(\"m\", a = \"\")",
	"prefix_rule([\"x\"])\nload(\"m\", \"\")\nx = 1 // 0",
}

// semanticsFiles returns the files of the semantics conformance test: one
// per expression of testdata/semantics/exprs.txt (its value stored as the
// justification of a rule on "x") and one per program.
func semanticsFiles(t *testing.T) (names []string, files [][]byte) {
	t.Helper()
	f, err := os.Open("testdata/semantics/exprs.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		names = append(names, fmt.Sprintf("expr%03d.rules", n))
		files = append(files, []byte("v = "+line+"\nprefix_rule([\"x\"], justification = type(v) + \":\" + (v if type(v) == \"string\" else repr(v)))\n"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for i, p := range semanticsPrograms {
		names = append(names, fmt.Sprintf("prog%03d.rules", i+1))
		files = append(files, []byte(p))
	}
	return names, files
}

var codexPos = regexp.MustCompile(`--> (.*):(\d+):(\d+)`)

// TestConformanceSemantics compares hookifyc with Codex on small policies
// that compute values with strings (characters, escapes, methods, repr),
// floats, ints, % and format(), f-strings and the builtins: the same
// rules and justifications, or the same error message at the same line and
// column (codex's answers recorded in testdata/codex/semantics.jsonl; live
// with HOOKIFYC_LIVE=1).
func TestConformanceSemantics(t *testing.T) {
	names, files := semanticsFiles(t)
	if len(files) < 300 {
		t.Fatalf("only %d semantics files", len(files))
	}
	compareLoads(t, "semantics", names, files, func(i int) string {
		if strings.HasPrefix(names[i], "prog") {
			return string(files[i])
		}
		return strings.SplitN(string(files[i]), "\n", 2)[0]
	})
}

// compareLoads loads each file with hookifyc and with Codex (`execpolicy
// check` on the argv "x"; answers recorded in testdata/codex/SUITE.jsonl):
// a file Codex loads must load with the same rules and justifications, and
// one it refuses must be refused with the same message at the same line
// and column (syntax errors too: syntaxcheck.go follows Codex's parser).
// src shows file i in failures.
func compareLoads(t *testing.T, suite string, names []string, files [][]byte, src func(i int) string) {
	t.Helper()
	cx := openCodex(t, suite)
	paths := make([]string, len(files))
	for i := range files {
		paths[i] = cx.File(names[i], files[i])
	}
	argv := []string{"x"}
	results := make([]codextest.Result, len(files))
	errs := make([]error, len(files))
	var mu sync.Mutex
	codextest.Parallel(len(files), 2, func(i int) {
		res, err := cx.Check([]string{paths[i]}, false, argv)
		mu.Lock()
		results[i], errs[i] = res, err
		mu.Unlock()
	})
	var bad, loaded, rejected, parseWording int
	for i := range files {
		if errs[i] != nil {
			t.Fatalf("codex: %v", errs[i])
		}
		res := results[i]
		src := src(i)
		pol, err := LoadFile(paths[i], files[i])
		switch res.ExitCode {
		case 0:
			loaded++
			if err != nil {
				bad++
				t.Errorf("%s: codex accepts, hookifyc: %v\n%s\ncodex: %s", names[i], err, src, res.Stdout)
				continue
			}
			want := append(pol.CheckWith(argv, MatchOptions{WorkDir: cx.Dir, Home: cx.Home}).CodexJSON(false), '\n')
			if !bytes.Equal(res.Stdout, want) {
				bad++
				t.Errorf("%s:\n%s\n codex:    %s hookifyc: %s", names[i], src, res.Stdout, want)
			}
		case 1:
			rejected++
			msg := codextest.ErrorText(res.Stderr)
			var line, col int
			if m := codexPos.FindSubmatch(res.Stderr); m != nil {
				line, _ = strconv.Atoi(string(m[2]))
				col, _ = strconv.Atoi(string(m[3]))
			}
			var perr *Error
			if !errors.As(err, &perr) {
				bad++
				t.Errorf("%s: codex rejects (%d:%d: %s), hookifyc accepts\n%s", names[i], line, col, msg, src)
				continue
			}
			// Syntax errors too: the same words at the same place
			// (syntaxcheck.go follows Codex's parser).
			if strings.HasPrefix(msg, "Parse error:") && (msg != perr.Msg || perr.Pos.Line != line || perr.Pos.Col != col) {
				parseWording++
				bad++
				t.Errorf("%s: syntax error:\n%s\n codex:    %d:%d: %s\n hookifyc: %d:%d: %s", names[i], src, line, col, msg, perr.Pos.Line, perr.Pos.Col, perr.Msg)
				continue
			}
			if line != 0 && (perr.Pos.Line != line || perr.Pos.Col != col) {
				bad++
				t.Errorf("%s:\n%s\n codex:    %d:%d: %s\n hookifyc: %d:%d: %s", names[i], src, line, col, msg, perr.Pos.Line, perr.Pos.Col, perr.Msg)
				continue
			}
			if msg != strings.TrimSpace(perr.Msg) {
				bad++
				t.Errorf("%s:\n%s\n codex:    %d:%d: %s\n hookifyc: %d:%d: %s", names[i], src, line, col, msg, perr.Pos.Line, perr.Pos.Col, perr.Msg)
			}
		default:
			t.Fatalf("%s: codex exit %d\n%s", names[i], res.ExitCode, res.Stderr)
		}
	}
	t.Logf("%d files: codex loads %d, rejects %d; %d differ (%d of them syntax errors)", len(files), loaded, rejected, bad, parseWording)
}
