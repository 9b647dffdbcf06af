package lower

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// ruleSet is a named group of source rules for the lowering tests.
type ruleSet struct {
	name  string
	rules []*ir.Rule
}

// readHookifyDir reads every *.md rule of dir (in name order); files that
// hookify cannot read are skipped. display prefixes the file names kept in
// the rules.
func readHookifyDir(t testing.TB, dir, display string) []*ir.Rule {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	if len(paths) == 0 {
		t.Fatalf("no rule files in %s", dir)
	}
	var rules []*ir.Rule
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, diag := hookify.ReadRule(display+"/"+filepath.Base(p), data)
		if diag != nil {
			continue
		}
		rules = append(rules, r)
	}
	return rules
}

// readPermFile reads a permission sample of the repository's corpus
// (corpus/genesis/genesis.key, corpus/settings/settings.json); rules are
// located at the path relative to the repository root.
func readPermFile(t testing.TB, name string) []*ir.Rule {
	t.Helper()
	path := "corpus/" + name
	data, err := os.ReadFile(filepath.Join(testenv.RepoRoot(t), filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	rules, _, err := perm.Load(path, data, perm.LoadOptions{BaseDir: "/project"})
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

// corpusRuleSets returns the rule sets the lowering is checked on: the
// shared hookify corpus (read in place, never copied), the shipped
// examples, and the permission samples of corpus/.
func corpusRuleSets(t testing.TB) []ruleSet {
	t.Helper()
	root := testenv.RepoRoot(t)
	shared := testenv.Shared(t)
	return []ruleSet{
		{"shared-corpus", readHookifyDir(t, filepath.Join(shared, "corpus", "hookify", "rules"), "shared/corpus/hookify/rules")},
		{"examples", readHookifyDir(t, filepath.Join(root, "corpus", "examples"), "corpus/examples")},
		{"genesis", readPermFile(t, "genesis/genesis.key")},
		{"settings", readPermFile(t, "settings/settings.json")},
	}
}

// corpusArgvs returns the distinct argvs of shared/corpus/commands/*.txt,
// each line split with shell.SplitShlex (lines that do not split are
// skipped), in file order.
func corpusArgvs(t testing.TB) [][]string {
	t.Helper()
	dir := filepath.Join(testenv.Shared(t), "corpus", "commands")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("command corpus missing in %s: %v", dir, err)
	}
	sort.Strings(files)
	seen := map[string]bool{}
	var out [][]string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			a, err := shell.SplitShlex(sc.Text())
			if err != nil || len(a) == 0 {
				continue
			}
			k := strings.Join(a, "\x00")
			if !seen[k] {
				seen[k] = true
				out = append(out, a)
			}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// sourceOracle decides independently of the lowering whether a source rule
// matches a Bash call of cmd: runtime/engine (both semantics must agree)
// for hookify rules, perm.MatchRule for permission rules.
type sourceOracle struct {
	fixed, compat *engine.Engine
}

func newSourceOracle() *sourceOracle {
	return &sourceOracle{
		fixed:  engine.New(engine.Options{Semantics: engine.Fixed, RegexTimeout: 10 * oracleTimeout}),
		compat: engine.New(engine.Options{Semantics: engine.Hookify, RegexTimeout: 10 * oracleTimeout}),
	}
}

func (o *sourceOracle) matches(t testing.TB, r *ir.Rule, cmd string) bool {
	t.Helper()
	if r.Origin == ir.OriginPermission {
		ok, err := perm.MatchRule(r, "Bash", map[string]any{"command": cmd}, perm.Context{})
		if err != nil {
			t.Fatalf("%s: %v", r.Source, err)
		}
		return ok
	}
	a := o.fixed.Evaluate([]*ir.Rule{r}, engine.BashEvent(cmd))
	b := o.compat.Evaluate([]*ir.Rule{r}, engine.BashEvent(cmd))
	for _, res := range []engine.Result{a, b} {
		for _, p := range res.Problems {
			if p.Kind == engine.ProblemRegexTimeout {
				t.Fatalf("%s: regex timeout on %q", r.Source, cmd)
			}
		}
	}
	ma, mb := len(a.Blocking)+len(a.Warning) > 0, len(b.Blocking)+len(b.Warning) > 0
	if ma != mb && b.Exception == nil {
		t.Fatalf("%s: fixed and hookify semantics disagree on %q", r.Source, cmd)
	}
	return ma
}

// trickyPatterns stress the proof: end anchors, lookarounds, word
// boundaries at the end of the prefix, atomic groups, possessive repeats,
// backreferences, optional parts, case folding, MULTILINE and DOTALL.
var trickyPatterns = []string{
	`^git\s+add\s+(-A|\.)(\s|$)`, `^ls(\s+-la)?$`, `^ls\b`, `^ls\B`, `^rm\b(?!\s+-i)`, `^rm(?=\s|$)`,
	`^git\s+push\b(?!.*--dry-run)`, `(?<!no)rm\s+-rf`, `^(?>git\s+push|git)\s+--force`, `^git\s++push`,
	`^(\w+)\s+\1`, `^(?:git|hg)\s+(?:push|pull)\b.*\b(?:-f|--force)\b`, `(?m)^rm\s+-rf`, `(?s)^rm.+-rf`,
	`^RM\s+-RF\b`, `(?-i:^Git)\s+push`, `^git\s+push\s*$`, `^git\s+push\s*\Z`, `^git\s+push(?:\s+\S+)*$`,
	`\bsudo\b`, `\bsudo\B`, `sudo\b\s?`, `^sudo(\s|$)`, `^x{2,3}\s+y`, `^a[bc]?d\b`, `^-[rf]{2}\b`,
	`^terraform\s+(apply|destroy)\b(?=.*-auto-approve)`, `^(?:npm|pnpm)\s+(?:i|install)(?:\s+-g)?\b`,
	`^docker\s+(?:rm|rmi)\s+-f\b|^docker\s+system\s+prune\b`, `^\s*git\s+reset\s+--hard`, `^git\s+\w+`,
	`^make\b[^|]*$`, `^chmod\s+(?:-R\s+)?777\b`, `^k(?:ubectl)?\s+delete\b`, `^find\b.*\s-delete\b`,
}

// trickySet turns trickyPatterns into block rules, plus rules with several
// conditions and the other operators.
func trickySet() ruleSet {
	var rules []*ir.Rule
	for i, p := range trickyPatterns {
		rules = append(rules, hookifyRule(fmt.Sprintf("tricky-%02d", i), ir.OpRegexMatch, p))
	}
	rules = append(rules,
		hookifyRule("multi-1", ir.OpRegexMatch, `^git\s+push\s+--force`, ir.OpContains, "push"),
		hookifyRule("multi-2", ir.OpRegexMatch, `^git\b`, ir.OpStartsWith, "git push", ir.OpRegexMatch, `push\s+-f\b`),
		hookifyRule("contains", ir.OpContains, "rm -rf"),
		hookifyRule("starts", ir.OpStartsWith, "git pu"),
		hookifyRule("starts-space", ir.OpStartsWith, "git push "),
	)
	return ruleSet{"tricky", rules}
}
