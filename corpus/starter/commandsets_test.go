package starter

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

// commandSet is one labelled set of internal/benchtables/testdata/commandsets:
// CATEGORY<TAB>COMMAND per line.
type commandCase struct{ category, command string }

func readCommandSet(t testing.TB, name string) []commandCase {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "internal", "benchtables", "testdata", "commandsets", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []commandCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cat, cmd, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("%s: %q has no tab", name, sc.Text())
		}
		out = append(out, commandCase{cat, cmd})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkDecision is what `hookifyc check --json -- CMD` decides with the
// pack as its rules (default, fixed semantics).
func checkDecision(eng *engine.Engine, rules []*ir.Rule, cmd string) engine.Result {
	return eng.Evaluate(rules, engine.BashEvent(cmd))
}

// TestCommandSets holds the pack to the targets of the command model on
// the labelled sets written for it: no safe line hard-blocked, and at least
// 97 % of the destructive lines blocked or warned, on the development set
// and on the held-out set (which is measured, never tuned to).
func TestCommandSets(t *testing.T) {
	rules := packRules(t)
	eng := engine.New(engine.Options{Semantics: engine.Fixed})
	for _, set := range []string{"dev", "dev2", "heldout", "fresh"} {
		safe := readCommandSet(t, set+"-safe.tsv")
		destructive := readCommandSet(t, set+"-destructive.tsv")
		blocked := 0
		for _, c := range safe {
			if res := checkDecision(eng, rules, c.command); res.Decision() == engine.DecisionBlock {
				blocked++
				if strings.HasPrefix(set, "dev") {
					t.Errorf("%s safe [%s] hard-blocked by %s: %s", set, c.category, ruleNames(res.Blocking), c.command)
				}
			}
		}
		if blocked > 0 && !strings.HasPrefix(set, "dev") {
			// The held-out set is measured, never tuned to: only counts.
			t.Errorf("%s: %d safe lines hard-blocked", set, blocked)
		}
		caught := 0
		var missed []string
		for _, c := range destructive {
			if res := checkDecision(eng, rules, c.command); res.Decision() != engine.DecisionAllow {
				caught++
			} else {
				missed = append(missed, "["+c.category+"] "+c.command)
			}
		}
		share := float64(caught) / float64(len(destructive))
		t.Logf("%s: %d/%d safe lines hard-blocked; %d/%d destructive lines blocked or warned (%.1f %%)", set, blocked, len(safe), caught, len(destructive), 100*share)
		switch {
		case share < 0.97 && strings.HasPrefix(set, "dev"):
			t.Errorf("%s: %.1f %% of destructive lines caught, want at least 97 %%; missed:\n%s", set, 100*share, strings.Join(missed, "\n"))
		case share < 0.97:
			t.Errorf("%s: %.1f %% of destructive lines caught, want at least 97 %%", set, 100*share)
		case testing.Verbose() && strings.HasPrefix(set, "dev"):
			for _, m := range missed {
				t.Logf("missed %s", m)
			}
		}
	}
}

func ruleNames(rules []*ir.Rule) string {
	var names []string
	for _, r := range rules {
		names = append(names, r.Name)
	}
	sort.Strings(names)
	return fmt.Sprint(names)
}
