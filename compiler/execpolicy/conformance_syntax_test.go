package execpolicy

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// syntaxBases are small valid policies that between them use every
// construct of the grammar: the material syntaxMutants spoils.
var syntaxBases = []string{
	"prefix_rule(pattern = [\"git\", \"push\"], decision = \"forbidden\", justification = \"no pushes\")\n",
	"load(\"lib.star\", \"x\", y = \"z\")\n",
	"def rule(p, d = \"prompt\", *args, **kwargs):\n    prefix_rule(pattern = p, decision = d)\n\nrule([\"rm\"])\n",
	"for prog in [\"rm\", \"dd\"]:\n    if prog == \"rm\":\n        prefix_rule([prog, \"-rf\"])\n    elif prog:\n        pass\n    else:\n        continue\n",
	"xs = [x * 2 for x in range(3) if x % 2 == 0]\nd = {k: v for k, v in {\"a\": 1}.items()}\n",
	"s = \"a,b\".split(\",\")[0:1]\nt = (1, 2)\nu = s[0] if t else -t[1]\n",
	"f = lambda a, b = 1: a + b\nv = f(1, b = 2)\n",
	"msg = f\"{1 + 2} and {'x'!r}\"\nprefix_rule([\"x\"], justification = msg)\n",
	"x = 1\nx += 2\nx <<= 1\ny, z = 1, 2\nw = not x in [1] and y < z or ~x >= 0\n",
	"# a comment\n\ndef f():\n    # inside\n    return {\"a\": [1, 2.5, 0x1f, 1e3], \"b\": (None, True)}\n",
	"prefix_rule(\n    pattern = [\"git\", [\"reset\", \"checkout\"]],\n    match = [\"git reset --hard\"],\n    not_match = [[\"git\", \"status\"]],\n)\n",
	"host_executable(name = \"git\", paths = [\"/usr/bin/git\"])\nr = r\"raw\\d\" + '''triple\nquote'''\n",
	"def g(a, *, b):\n    for i in range(a):\n        if i > b:\n            break\n    return a // b\n",
	"x = [1,\n     2]  # continued\ny = x[-1] ** 2 if False else x[0] | 4 & 5 ^ 6\n",
}

// syntaxTokens are what syntaxMutants inserts.
var syntaxTokens = []string{
	")", "(", "]", "[", "}", "{", ":", ",", "=", "==", "**", "*", ".", ";", "->", "@", "!", "$", "?",
	"not", "in", "if", "else", "elif", "lambda", "def", "for", "load", "return", "pass", "and", "or",
	"while", "class", "1", "012", "0x", "1.5", ".5", "\"s\"", "'", "f\"{", "x", "\n", "\n  ", "\t", "\\",
	"\"\"\"", "# c", "b\"x\"", "+=", "<", "<=", "...", "~", "-", "//",
}

// syntaxMutants spoils syntaxBases in ways an author does (a token
// dropped, added or swapped, a line cut or re-indented), deterministically:
// the files whose errors hookifyc must report as Codex does.
func syntaxMutants() (names []string, files [][]byte) {
	seen := map[string]bool{}
	for _, seed := range syntaxSeeds {
		syntaxMutantsOf(seed, seen, func(s string) {
			names = append(names, fmt.Sprintf("syntax%04d.rules", len(names)+1))
			files = append(files, []byte(s))
		})
	}
	return names, files
}

// syntaxMutantsOf adds the spoiled policies of one seed.
func syntaxMutantsOf(seed int64, seen map[string]bool, emit func(string)) {
	rng := rand.New(rand.NewSource(seed))
	add := func(s string) {
		if seen[s] {
			return
		}
		seen[s] = true
		emit(s)
	}
	// boundaries are the offsets where a token may start or end.
	boundaries := func(s string) []int {
		var out []int
		for i := 0; i <= len(s); i++ {
			if i == 0 || i == len(s) || strings.ContainsRune(" \n()[]{},:=.\"'+-*/%<>", rune(s[i])) || strings.ContainsRune(" \n()[]{},:=.\"'", rune(s[i-1])) {
				out = append(out, i)
			}
		}
		return out
	}
	for _, base := range syntaxBases {
		b := boundaries(base)
		for k := 0; k < 45; k++ {
			i := b[rng.Intn(len(b))]
			j := b[rng.Intn(len(b))]
			if j < i {
				i, j = j, i
			}
			tok := syntaxTokens[rng.Intn(len(syntaxTokens))]
			switch k % 5 {
			case 0: // insert a token
				add(base[:i] + tok + base[i:])
			case 1: // insert it with spaces
				add(base[:i] + " " + tok + " " + base[i:])
			case 2: // drop a stretch (short)
				if j-i > 12 {
					j = i + 1 + rng.Intn(12)
				}
				if j > len(base) {
					j = len(base)
				}
				add(base[:i] + base[j:])
			case 3: // cut the file
				add(base[:i])
			case 4: // replace a stretch by a token
				if j-i > 6 {
					j = i + 1 + rng.Intn(6)
				}
				if j > len(base) {
					j = len(base)
				}
				add(base[:i] + tok + base[j:])
			}
		}
		// Re-indent each line by one or two spaces.
		lines := strings.SplitAfter(base, "\n")
		for n := range lines {
			for _, pad := range []string{" ", "  ", "\t"} {
				c := append([]string(nil), lines...)
				c[n] = pad + c[n]
				add(strings.Join(c, ""))
			}
		}
	}
}

// TestConformanceSyntaxErrors compares hookifyc with Codex on spoiled
// policies: Codex loads a file if and only if hookifyc does, and refuses it
// with the same message at the same line and column, syntax errors
// included (codex's answers recorded in testdata/codex/syntax.jsonl; live
// with HOOKIFYC_LIVE=1).
func TestConformanceSyntaxErrors(t *testing.T) {
	names, files := syntaxMutants()
	if len(files) < 1900 {
		t.Fatalf("only %d spoiled files", len(files))
	}
	compareLoads(t, "syntax", names, files, func(i int) string { return string(files[i]) })
}

// syntaxSeeds seed syntaxMutants (the recorded answers are for these).
var syntaxSeeds = []int64{20261125, 7, 4242}
