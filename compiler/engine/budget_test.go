package engine_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

// TestUntrustedPatternBudget: the patterns only untrusted rules use share
// one budget of translated bytes per engine; past it they are refused as
// unsupported, for those rules only: a trusted rule's pattern, even the
// same text, always compiles, and a trusted block still blocks however
// the untrusted rules spent the budget (through the parallel warm-up or
// the sequential evaluation).
func TestUntrustedPatternBudget(t *testing.T) {
	heavy := func(i int) string { return fmt.Sprintf(`(?=e)%se%d`, strings.Repeat(`\b`, 200), i) } // ~75 KB translated
	var rules []*ir.Rule
	trusted := rule(t, "---\nname: user-block\nevent: bash\naction: block\npattern: "+heavy(0)+"|^echo\n---\nNo echo.\n")
	rules = append(rules, trusted)
	untrusted := map[*ir.Rule]bool{}
	for i := 1; i <= 40; i++ {
		r := rule(t, fmt.Sprintf("---\nname: planted%d\nevent: bash\npattern: %s\n---\nm\n", i, heavy(i)))
		rules = append(rules, r)
		untrusted[r] = true
	}
	// An untrusted rule with the trusted rule's pattern text.
	same := rule(t, "---\nname: same\nevent: bash\npattern: "+heavy(0)+"|^echo\n---\nsame\n")
	rules = append(rules, same)
	untrusted[same] = true

	for _, tc := range []struct{ budget, procs int }{{0, 2}, {300_000, 1}, {300_000, 2}, {300_000, 16}, {300_000, 64}} {
		budget := tc.budget
		// One core: the sequential path alone; more: the parallel
		// warm-up, which must not pass the budget by one pattern per core.
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(tc.procs))
		// The trusted rule comes first: TrustedRules is 1.
		eng := engine.New(engine.Options{Semantics: engine.Fixed, TrustedRules: 1, UntrustedPatternBytes: budget})
		res := eng.Evaluate(rules, event(t, `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo e5"}}`))
		if res.Decision() != engine.DecisionBlock || len(res.Blocking) != 1 || res.Blocking[0] != trusted {
			t.Errorf("budget %d: decision %s, blocking %v", budget, res.Decision(), res.Blocking)
		}
		refused := 0
		for _, p := range res.Problems {
			if p.Kind == engine.ProblemUnsupportedRegex && strings.Contains(p.Text, "have used up their") {
				refused++
				if !untrusted[p.Rule] || p.Rule == same {
					t.Errorf("budget %d: refused %s", budget, p.Rule.Name)
				}
			}
		}
		switch {
		case budget == 0 && refused != 0:
			t.Errorf("no budget: %d patterns refused", refused)
		case budget > 0 && (refused < 30 || refused > 37):
			// ~75 KB each: 4 or 5 compile before the budget is spent (one
			// may pass it), the rest are refused.
			t.Errorf("budget %d, %d procs: %d of 40 planted patterns refused", budget, tc.procs, refused)
		}
		warned := false
		for _, r := range res.Warning {
			warned = warned || r == same
		}
		if !warned && budget > 0 {
			// same's pattern is the trusted rule's: compiled, and it matches.
			t.Errorf("budget %d: the untrusted rule sharing the trusted pattern did not match", budget)
		}
	}
}
