package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// exampleRules reads the rules hookifyc ships in corpus/examples.
func exampleRules(t testing.TB) []*ir.Rule {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(testenv.RepoRoot(t), "corpus", "examples", "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no example rules: %v", err)
	}
	sort.Strings(paths)
	var rules []*ir.Rule
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, diag := hookify.ReadRule(p, data)
		if diag != nil {
			t.Fatalf("%s: %v", p, diag)
		}
		rules = append(rules, r)
	}
	return rules
}

func blockingNames(res engine.Result) []string {
	var names []string
	for _, r := range res.Blocking {
		names = append(names, r.Name)
	}
	return names
}

// paddedRmRf is the reproducer: "echo rm -" and n r's make the bundled
// rm -rf rule's regex backtrack (regexp2 times out at n = 2,500; CPython
// answers in 63 ms), and "; rm -rf /" follows.
func paddedRmRf(n int) string {
	return "echo rm -" + strings.Repeat("r", n) + "; rm -rf /"
}

// TestPaddedCommandBlocks: the reproducer is blocked by the example rules,
// in both semantics (hookify blocks it too), with no timeout: the pattern
// is on pyre's linear path.
func TestPaddedCommandBlocks(t *testing.T) {
	rules := exampleRules(t)
	for _, sem := range []engine.Semantics{engine.Fixed, engine.Hookify} {
		res := engine.New(engine.Options{Semantics: sem}).Evaluate(rules, engine.BashEvent(paddedRmRf(2500)))
		if res.Decision() != engine.DecisionBlock || len(res.Problems) != 0 {
			t.Errorf("%s: decision %s, blocking %v, problems %+v", sem, res.Decision(), blockingNames(res), res.Problems)
		}
		res = engine.New(engine.Options{Semantics: sem}).Evaluate(rules, engine.BashEvent("echo rm -"+strings.Repeat("r", 2500)+"; ls"))
		if res.Decision() != engine.DecisionAllow || len(res.Problems) != 0 {
			t.Errorf("%s, no rm -rf: decision %s, problems %+v", sem, res.Decision(), res.Problems)
		}
	}
}

// TestPadded50MBBlocks: the same with 50 MB of padding (built once; the
// linear search takes a fraction of a second).
func TestPadded50MBBlocks(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB")
	}
	rules := exampleRules(t)
	res := engine.New(engine.Options{}).Evaluate(rules, engine.BashEvent(paddedRmRf(50<<20)))
	if res.Decision() != engine.DecisionBlock || len(res.Problems) != 0 {
		t.Fatalf("decision %s, blocking %v, problems %+v", res.Decision(), blockingNames(res), res.Problems)
	}
}

// never is a command on which the patterns of the timeout tests, which are
// off pyre's linear path ((a+)+\1$, ^(?!(a|aa)+$)), backtrack exponentially:
// their searches cannot finish within any time a test could wait, so these
// tests check the timeout's consequences, never an answer that depends on
// the clock.
var never = strings.Repeat("a", 50_000) + "!"

func ruleWith(t *testing.T, name, action string, conds ...[2]string) *ir.Rule {
	t.Helper()
	var b strings.Builder
	for _, c := range conds {
		b.WriteString("  - field: command\n    operator: " + c[0] + "\n    pattern: " + c[1] + "\n")
	}
	return rule(t, fmt.Sprintf("---\nname: %s\nevent: bash\naction: %s\nconditions:\n%s---\nm", name, action, b.String()))
}

func evalTimeout(rules []*ir.Rule, sem engine.Semantics, cmd string) engine.Result {
	eng := engine.New(engine.Options{Semantics: sem, RegexTimeout: 10 * time.Millisecond})
	return eng.Evaluate(rules, engine.BashEvent(cmd))
}

func timeoutProblems(res engine.Result) []string {
	var texts []string
	for _, p := range res.Problems {
		if p.Kind == engine.ProblemRegexTimeout {
			texts = append(texts, p.Text)
		}
	}
	return texts
}

// TestTimeoutFailSafe: a block rule whose search times out blocks under
// fixed semantics, with a problem naming the rule, the pattern and the
// timeout (the fail mode only adds to it: closed refuses the call anyway);
// a warn rule warns. Hookify semantics keep the old answer (no match).
func TestTimeoutFailSafe(t *testing.T) {
	block := ruleWith(t, "redos-block", "block", [2]string{"regex_match", `(a+)+\1$`})
	warn := ruleWith(t, "redos-warn", "warn", [2]string{"regex_match", `(a+)+\1$`})

	res := evalTimeout([]*ir.Rule{block}, engine.Fixed, never)
	texts := timeoutProblems(res)
	if res.Decision() != engine.DecisionBlock || len(texts) != 1 {
		t.Fatalf("fixed: decision %s, problems %q", res.Decision(), texts)
	}
	for _, want := range []string{"timed out after 10ms", `pattern '(a+)+\1$'`, "rule 'redos-block'", "fail safe"} {
		if !strings.Contains(texts[0], want) {
			t.Errorf("problem %q lacks %q", texts[0], want)
		}
	}
	if res.Problems[0].Rule != block {
		t.Errorf("problem names rule %v", res.Problems[0].Rule)
	}

	res = evalTimeout([]*ir.Rule{warn}, engine.Fixed, never)
	if res.Decision() != engine.DecisionWarn || len(timeoutProblems(res)) != 1 {
		t.Errorf("fixed, warn rule: decision %s, problems %+v", res.Decision(), res.Problems)
	}

	res = evalTimeout([]*ir.Rule{block, warn}, engine.Hookify, never)
	if res.Decision() != engine.DecisionAllow || len(timeoutProblems(res)) != 1 || strings.Contains(res.Problems[0].Text, "fail safe") {
		t.Errorf("hookify: decision %s, problems %+v", res.Decision(), res.Problems)
	}

	// One search for both rules (the pattern timed out once), and each rule
	// is told why its condition holds.
	res = evalTimeout([]*ir.Rule{block, warn}, engine.Fixed, never)
	texts = timeoutProblems(res)
	if res.Decision() != engine.DecisionBlock || len(res.Blocking) != 1 || len(res.Warning) != 1 || len(texts) != 2 ||
		!strings.HasPrefix(texts[0], "Regex search timed out") || !strings.Contains(texts[1], "did not finish earlier") ||
		!strings.Contains(texts[1], "rule 'redos-warn'") {
		t.Errorf("two rules: decision %s, problems %q", res.Decision(), texts)
	}
}

// TestTimeoutFailSafeNegation: a timed-out condition resolves in the
// blocking direction even when the pattern negates: "block unless the
// command is only a's" (a negative look-ahead, off the linear path) blocks
// when its search cannot finish. No operator negates a search itself
// (not_contains is a substring test), so a timed-out regex_match always
// holds; conditions that were decided keep their value, so a timeout never
// makes a rule match whose other condition fails.
func TestTimeoutFailSafeNegation(t *testing.T) {
	unless := ruleWith(t, "unless-only-a", "block", [2]string{"regex_match", `^(?!(a|aa)+$)`})
	// (The command's executed-command view, quoted by shlex, decides
	// before the raw text's search times out: either way it blocks.)
	res := evalTimeout([]*ir.Rule{unless}, engine.Fixed, never)
	if res.Decision() != engine.DecisionBlock {
		t.Errorf("negative look-ahead: decision %s, problems %+v", res.Decision(), res.Problems)
	}
	if res := evalTimeout([]*ir.Rule{unless}, engine.Hookify, never); res.Decision() != engine.DecisionAllow {
		t.Errorf("negative look-ahead, hookify: decision %s", res.Decision())
	}

	both := ruleWith(t, "redos-and-not-contains", "block",
		[2]string{"not_contains", "git"}, [2]string{"regex_match", `(a+)+\1$`})
	if res := evalTimeout([]*ir.Rule{both}, engine.Fixed, never); res.Decision() != engine.DecisionBlock {
		t.Errorf("not_contains holds: decision %s", res.Decision())
	}
	if res := evalTimeout([]*ir.Rule{both}, engine.Fixed, "git "+never); res.Decision() != engine.DecisionAllow || len(res.Problems) != 0 {
		t.Errorf("not_contains fails: decision %s, problems %+v", res.Decision(), res.Problems)
	}
	after := ruleWith(t, "redos-then-contains", "block",
		[2]string{"regex_match", `(a+)+\1$`}, [2]string{"contains", "git"})
	// Each view of the command (its executed command and its raw text)
	// is searched, so the pattern may time out once per view.
	if res := evalTimeout([]*ir.Rule{after}, engine.Fixed, never); res.Decision() != engine.DecisionAllow || len(timeoutProblems(res)) == 0 {
		t.Errorf("contains fails after the timeout: decision %s, problems %+v", res.Decision(), res.Problems)
	}
}

// TestEvaluateDeadline: past the deadline no rule is evaluated and a
// deadline problem says how many were left; before it, nothing changes.
func TestEvaluateDeadline(t *testing.T) {
	rules := []*ir.Rule{
		{Name: "a", Enabled: true, Event: ir.EventBash, Action: ir.ActionBlock, Conditions: []ir.Condition{{Field: "command", Operator: ir.OpContains, Pattern: "rm"}}},
		{Name: "b", Enabled: true, Event: ir.EventBash, Action: ir.ActionWarn, Conditions: []ir.Condition{{Field: "command", Operator: ir.OpContains, Pattern: "rm"}}},
	}
	ev := engine.BashEvent("rm -rf /")
	res := engine.New(engine.Options{Semantics: engine.Fixed, Deadline: time.Now().Add(time.Hour)}).Evaluate(rules, ev)
	if len(res.Blocking) != 1 || len(res.Warning) != 1 || len(res.Problems) != 0 {
		t.Fatalf("before the deadline: %+v", res)
	}
	res = engine.New(engine.Options{Semantics: engine.Fixed, Deadline: time.Now().Add(-time.Second)}).Evaluate(rules, ev)
	if len(res.Blocking)+len(res.Warning) != 0 || len(res.Problems) != 1 || res.Problems[0].Kind != engine.ProblemDeadline || !strings.Contains(res.Problems[0].Text, "2 of 2 rules not evaluated") {
		t.Fatalf("past the deadline: %+v", res)
	}
}

// TestEvaluateDeadlineFailSafe: with FailSafeAtDeadline, past the
// deadline the rules the call considers that block count as matching
// (each named in a problem); warn rules, rules of another event and
// rules whose tool matcher refuses the tool do not.
func TestEvaluateDeadlineFailSafe(t *testing.T) {
	rules := []*ir.Rule{
		{Name: "block", Enabled: true, Event: ir.EventBash, Action: ir.ActionBlock, Conditions: []ir.Condition{{Field: "command", Operator: ir.OpContains, Pattern: "never"}}},
		{Name: "warn", Enabled: true, Event: ir.EventBash, Action: ir.ActionWarn, Conditions: []ir.Condition{{Field: "command", Operator: ir.OpContains, Pattern: "rm"}}},
		{Name: "file", Enabled: true, Event: ir.EventFile, Action: ir.ActionBlock},
		{Name: "other tool", Enabled: true, Event: ir.EventAll, Action: ir.ActionBlock, ToolMatcher: ir.ToolMatcher{Set: true, Names: []string{"Write"}}},
		{Name: "off", Enabled: false, Event: ir.EventBash, Action: ir.ActionBlock},
	}
	ev := engine.BashEvent("echo hi")
	res := engine.New(engine.Options{Semantics: engine.Fixed, Deadline: time.Now().Add(-time.Second), FailSafeAtDeadline: true}).Evaluate(rules, ev)
	if len(res.Blocking) != 1 || res.Blocking[0].Name != "block" || len(res.Warning) != 0 {
		t.Fatalf("blocking %v, warning %v", res.Blocking, res.Warning)
	}
	if len(res.Problems) != 2 || !strings.Contains(res.Problems[1].Text, "fail safe: rule 'block' counts as matching") {
		t.Fatalf("problems %+v", res.Problems)
	}
	res = engine.New(engine.Options{Semantics: engine.Fixed, Deadline: time.Now().Add(time.Hour), FailSafeAtDeadline: true}).Evaluate(rules, ev)
	if len(res.Blocking)+len(res.Warning)+len(res.Problems) != 0 {
		t.Fatalf("before the deadline: %+v", res)
	}
}
