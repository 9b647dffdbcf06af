package lower

import (
	"path/filepath"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// goldenSets are the repository's case sets (corpus/): the shipped
// examples and the permission samples. Their end-to-end goldens are in
// golden/ (compiler/driver's TestGolden).
func goldenSets(t *testing.T) []ruleSet {
	root := testenv.RepoRoot(t)
	return []ruleSet{
		{"examples", readHookifyDir(t, filepath.Join(root, "corpus", "examples"), "corpus/examples")},
		{"genesis", readPermFile(t, "genesis/genesis.key")},
		{"settings", readPermFile(t, "settings/settings.json")},
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
