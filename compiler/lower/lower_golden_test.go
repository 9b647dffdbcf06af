package lower

import (
	"path/filepath"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/golden"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// goldenSets are the compiled sources with golden outputs: the shipped
// examples and the permission samples of testdata/lower (the shared corpus
// is not ours to copy, even compiled).
func goldenSets(t *testing.T) []ruleSet {
	root := testenv.RepoRoot(t)
	return []ruleSet{
		{"examples", readHookifyDir(t, filepath.Join(root, "corpus", "examples"), "corpus/examples")},
		{"genesis", readPermFile(t, "genesis/genesis.key")},
		{"settings", readPermFile(t, "settings/settings.json")},
	}
}

// checkGolden compares got with testdata/lower/golden/name, or rewrites it
// with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "lower", "golden", name), got)
}

// TestLowerGolden compiles the golden sets to .rules and report.json.
func TestLowerGolden(t *testing.T) {
	for _, set := range goldenSets(t) {
		t.Run(set.name, func(t *testing.T) {
			ls, err := Lower(set.rules, LowerOptions{Actor: "ci"})
			if err != nil {
				t.Fatal(err)
			}
			rules, err := EmitLowered(ls, "hookifyc lowering golden test: "+set.name)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, set.name+".rules", rules)
			rep, err := NewReport(ls, nil).JSON()
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, set.name+".report.json", rep)
		})
	}
}

// TestLowerWarnSkip: with --warn skip no warn rule of the examples is
// lowered.
func TestLowerWarnSkip(t *testing.T) {
	ls, err := Lower(goldenSets(t)[0].rules, LowerOptions{Warn: WarnSkip})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		if l.Rule.Action == ir.ActionWarn && len(l.Rules) > 0 {
			t.Errorf("%s: warn rule lowered", l.Rule.Name)
		}
		for _, pr := range l.Rules {
			if pr.Decision != execpolicy.Forbidden {
				t.Errorf("%s: decision %v", l.Rule.Name, pr.Decision)
			}
		}
	}
}
