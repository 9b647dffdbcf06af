package lower

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/shell"
)

// hookifyRule builds an enabled bash block rule with the given conditions
// (operator, pattern pairs on the command).
func hookifyRule(name string, ops ...string) *ir.Rule {
	r := &ir.Rule{
		Origin: ir.OriginHookify, Source: ir.Source{File: name + ".md", Pos: ir.Pos{Line: 1, Col: 1}},
		Name: name, Enabled: true, Event: ir.EventBash, ActionText: "block", Action: ir.ActionBlock,
		Message: "Message of " + name + ".\nSecond line.",
	}
	for i := 0; i+1 < len(ops); i += 2 {
		r.Conditions = append(r.Conditions, ir.Condition{Field: "command", Operator: ops[i], Pattern: ops[i+1]})
	}
	return r
}

// patterns renders the emitted patterns as in report.json.
func patterns(l Lowered) string {
	var ps []string
	for _, pr := range l.Rules {
		ps = append(ps, pr.PatternString())
	}
	return strings.Join(ps, " ")
}

func lowerOne(t *testing.T, r *ir.Rule, opts LowerOptions) Lowered {
	t.Helper()
	ls, err := Lower([]*ir.Rule{r}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return ls[0]
}

func TestLowerRegex(t *testing.T) {
	re := ir.OpRegexMatch
	for _, tc := range []struct {
		ops     []string
		want    string // patterns
		verdict Verdict
		reason  string // substring of the reason
	}{
		{[]string{re, `^git\s+push\b`}, `["git", "push"]`, VerdictPartial, "case-insensitive"},
		{[]string{re, `rm\s+-rf`}, `["rm", "-rf"]`, VerdictPartial, "unanchored"},
		{[]string{re, `^RM\s+-RF`}, `["RM", "-RF"] ["rm", "-rf"]`, VerdictPartial, "case-insensitive"},
		{[]string{re, `^(npm|pnpm)\s+publish\b`}, `["npm", "publish"] ["pnpm", "publish"]`, VerdictPartial, ""},
		{[]string{re, `^git\s+add\s+(-A|\.)(\s|$)`}, `["git", "add", ["-A", "-a", "."]]`, VerdictPartial, ""},
		{[]string{re, `^git\s+push\b.*(--force\b|-f\b)`}, `["git", "push", ["--force", "-f"]]`, VerdictPartial, "reduced"},
		{[]string{re, `^git\s+push(\s+--force)?`}, `["git", "push"]`, VerdictPartial, ""},
		{[]string{re, `\brm\s+-[a-zA-Z]*[rR][a-zA-Z]*f`}, `["rm", ["-rf", "-Rf"]]`, VerdictPartial, ""},
		{[]string{re, `\bdd\s+if=`}, `["dd", "if="]`, VerdictPartial, ""},
		{[]string{re, `git\s+(reset\s+--hard|push\s+--force)`}, `["git", "reset", "--hard"] ["git", "push", "--force"]`, VerdictPartial, ""},
		{[]string{re, `rm\s+-rf\s+(/|~|\$HOME)`}, `["rm", "-rf", "/"]`, VerdictPartial, "not expressible"},
		{[]string{re, `(?i)^Docker\s+RUN`}, `["Docker", "RUN"] ["docker", "run"]`, VerdictPartial, ""},
		// Needs an argument after the prefix, or fails when arguments follow.
		{[]string{re, `^sudo\s`}, ``, VerdictRuntime, "needs more"},
		{[]string{re, `^git\s+`}, ``, VerdictRuntime, "needs more"},
		{[]string{re, `^ls$`}, ``, VerdictRuntime, "further arguments"},
		{[]string{re, `^echo\s+hi\s*$`}, ``, VerdictRuntime, "further arguments"},
		{[]string{re, `git\s+merge\s+(?!--squash)`}, ``, VerdictRuntime, "needs more"},
		{[]string{re, `(?<!no)rm(?=\s)`}, ``, VerdictRuntime, "needs more"},
		{[]string{re, `^rm(?!\s+-i)`}, ``, VerdictRuntime, "further arguments"},
		{[]string{re, `(?>git\s+push)\b`}, ``, VerdictRuntime, "further arguments"},
		{[]string{re, `^rm(?=\s|$)`}, `["rm"]`, VerdictPartial, ""},
		{[]string{re, `(?<!no)rm\s+-rf`}, `["rm", "-rf"]`, VerdictPartial, "unanchored"},
		{[]string{re, `^git\s+push\b(?!.*--dry-run)`}, ``, VerdictRuntime, "further arguments"},
		{[]string{re, `^git\s+push(?:\s+\S+)*$`}, ``, VerdictRuntime, "further arguments"},
		{[]string{re, `^sudo(\s|$)`}, `["sudo"]`, VerdictPartial, ""},
		{[]string{re, `^k(?:ubectl)?\s+delete\b`}, `["k", "delete"] ["kubectl", "delete"]`, VerdictPartial, ""},
		{[]string{re, `^git\s+push\s+\w+`}, ``, VerdictRuntime, ""},
		{[]string{re, `(\w+)\s+\1`}, ``, VerdictRuntime, "no literal"},
		// Not a program, or matching everything.
		{[]string{re, `--no-verify`}, ``, VerdictRuntime, "program name"},
		{[]string{re, `\.env\b`}, ``, VerdictRuntime, "program name"},
		{[]string{re, `.*`}, ``, VerdictRuntime, "every command"},
		{[]string{re, `console\.log\(`}, ``, VerdictRuntime, "quoting"},
		{[]string{re, `(unclosed`}, ``, VerdictRuntime, "invalid regex"},
		// Other operators.
		{[]string{ir.OpContains, "git push"}, `["git", "push"]`, VerdictPartial, "unanchored"},
		{[]string{ir.OpStartsWith, "git push"}, `["git", "push"]`, VerdictPartial, "continue"},
		{[]string{ir.OpStartsWith, "git push "}, ``, VerdictRuntime, "needs more"},
		{[]string{ir.OpEquals, "ls"}, ``, VerdictRuntime, "equals"},
		{[]string{ir.OpEndsWith, "--force"}, ``, VerdictRuntime, "ends_with"},
		{[]string{ir.OpNotContains, "--dry-run"}, ``, VerdictRuntime, "not_contains"},
		{[]string{"regex", "rm"}, ``, VerdictRuntime, "never matches"},
		// Several conditions: all must hold on every matched argv.
		{[]string{re, `^git\s+push\s+--force`, ir.OpContains, "push"}, `["git", "push", "--force"]`, VerdictPartial, ""},
		{[]string{re, `^git\s+push`, re, `--force`}, ``, VerdictRuntime, "other conditions"},
		{[]string{re, `^git\s+push`, ir.OpNotContains, "--force-with-lease"}, ``, VerdictRuntime, "not_contains"},
	} {
		t.Run(strings.Join(tc.ops, " "), func(t *testing.T) {
			l := lowerOne(t, hookifyRule("r", tc.ops...), LowerOptions{})
			if got := patterns(l); got != tc.want || l.Verdict != tc.verdict || !strings.Contains(l.Reason, tc.reason) {
				t.Errorf("got %s %s (%s)\nwant %s %s (…%s…)", l.Verdict, got, l.Reason, tc.verdict, tc.want, tc.reason)
			}
			if !l.Bash {
				t.Errorf("Bash = false")
			}
			if len(l.Rules) > 0 && l.Decision != execpolicy.Forbidden {
				t.Errorf("decision %v", l.Decision)
			}
		})
	}
}

func TestLowerHookifyFilters(t *testing.T) {
	base := func(edit func(r *ir.Rule)) *ir.Rule {
		r := hookifyRule("r", ir.OpRegexMatch, `rm\s+-rf`)
		edit(r)
		return r
	}
	for _, tc := range []struct {
		name     string
		rule     *ir.Rule
		opts     LowerOptions
		verdict  Verdict
		bash     bool
		inactive bool
		decision execpolicy.Decision
		reason   string
	}{
		{"block", base(func(*ir.Rule) {}), LowerOptions{}, VerdictPartial, true, false, execpolicy.Forbidden, ""},
		{"warn", base(func(r *ir.Rule) { r.Action, r.ActionText = ir.ActionWarn, "warn" }), LowerOptions{}, VerdictRuntime, true, false, 0, "the command runs"},
		{"warn prompt", base(func(r *ir.Rule) { r.Action, r.ActionText = ir.ActionWarn, "warn" }), LowerOptions{Warn: WarnPrompt}, VerdictPartial, true, false, execpolicy.Prompt, ""},
		{"warn skip", base(func(r *ir.Rule) { r.Action, r.ActionText = ir.ActionWarn, "warn" }), LowerOptions{Warn: WarnSkip}, VerdictRuntime, true, false, 0, "--warn prompt would make Codex ask"},
		{"event all", base(func(r *ir.Rule) { r.Event = ir.EventAll }), LowerOptions{}, VerdictPartial, true, false, execpolicy.Forbidden, ""},
		{"event file", base(func(r *ir.Rule) { r.Event = ir.EventFile }), LowerOptions{}, VerdictRuntime, false, false, 0, "not a shell-command"},
		{"event Bash", base(func(r *ir.Rule) { r.Event = "Bash" }), LowerOptions{}, VerdictRuntime, false, false, 0, "not a shell-command"},
		{"tool matcher", base(func(r *ir.Rule) { r.ToolMatcher = ir.ToolMatcher{Set: true, Names: []string{"Edit"}} }), LowerOptions{}, VerdictRuntime, false, false, 0, "excludes Bash"},
		{"tool matcher bash", base(func(r *ir.Rule) { r.ToolMatcher = ir.ToolMatcher{Set: true, Names: []string{"Edit", "Bash"}} }), LowerOptions{}, VerdictPartial, true, false, execpolicy.Forbidden, ""},
		{"tool matcher error", base(func(r *ir.Rule) { r.ToolMatcher = ir.ToolMatcher{Set: true, TypeError: "boom"} }), LowerOptions{}, VerdictRuntime, false, false, 0, "boom"},
		{"disabled", base(func(r *ir.Rule) { r.Enabled = false }), LowerOptions{}, VerdictDisabled, true, true, 0, "nothing enforces it"},
		{"disabled file rule", base(func(r *ir.Rule) { r.Enabled, r.Event = false, ir.EventFile }), LowerOptions{}, VerdictDisabled, false, true, 0, "disabled"},
		{"no conditions", base(func(r *ir.Rule) { r.Conditions = nil }), LowerOptions{}, VerdictNotCompiled, true, true, 0, "never matches"},
		{"field", base(func(r *ir.Rule) { r.Conditions[0].Field = "new_text" }), LowerOptions{}, VerdictRuntime, true, false, 0, "new_text"},
		{"type error", base(func(r *ir.Rule) { r.Conditions[0].PatternTypeError = "bad pattern" }), LowerOptions{}, VerdictRuntime, true, false, 0, "bad pattern"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := lowerOne(t, tc.rule, tc.opts)
			if l.Verdict != tc.verdict || l.Bash != tc.bash || l.Inactive != tc.inactive || l.Decision != tc.decision || !strings.Contains(l.Reason, tc.reason) {
				t.Errorf("got verdict=%s bash=%v inactive=%v decision=%v reason=%q", l.Verdict, l.Bash, l.Inactive, l.Decision, l.Reason)
			}
			for _, pr := range l.Rules {
				if pr.Decision != tc.decision {
					t.Errorf("rule decision %v", pr.Decision)
				}
			}
		})
	}
	if _, err := Lower(nil, LowerOptions{Warn: "loud"}); err == nil {
		t.Error("invalid warn mode accepted")
	}
}

// permRules loads one Claude Code settings list.
func permRules(t *testing.T, list string, patterns ...string) []*ir.Rule {
	t.Helper()
	data, _ := json.Marshal(map[string]any{"permissions": map[string]any{list: patterns}})
	rules, _, err := perm.LoadSettings("/project/.claude/settings.json", data, perm.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return rules
}

func TestLowerPermission(t *testing.T) {
	for _, tc := range []struct {
		list, pattern string
		want          string
		verdict       Verdict
		decision      execpolicy.Decision
		reason        string
	}{
		{"allow", "Bash(git push *)", `["git", "push"]`, VerdictExact, execpolicy.Allow, "exact"},
		{"allow", "Bash(npm run test:*)", `["npm", "run", "test"]`, VerdictExact, execpolicy.Allow, "exact"},
		{"allow", "Bash( go test * )", `["go", "test"]`, VerdictExact, execpolicy.Allow, "exact"},
		{"allow", "Bash(make*)", `["make"]`, VerdictPartial, execpolicy.Allow, "continue"},
		{"allow", "Bash(timeout *)", ``, VerdictRuntime, 0, "always asks"},
		{"allow", "Bash(find *)", ``, VerdictRuntime, 0, "always asks"},
		{"allow", "Bash(bash *)", ``, VerdictRuntime, 0, "always asks"},
		{"allow", "Bash(ls)", ``, VerdictRuntime, 0, "must end"},
		{"allow", "Bash(git * main)", ``, VerdictRuntime, 0, "must end"},
		{"allow", "Bash(git * main *)", ``, VerdictRuntime, 0, "wildcards"},
		{"allow", `Bash(echo \* *)`, ``, VerdictRuntime, 0, "wildcards or escapes"},
		{"allow", "Bash(git  push *)", ``, VerdictRuntime, 0, "repeated spaces"},
		{"allow", "Bash(git push  *)", ``, VerdictRuntime, 0, "repeated spaces"},
		{"allow", "Bash(FOO=1 make *)", ``, VerdictRuntime, 0, "syntax"},
		{"allow", "Bash(if true *)", ``, VerdictRuntime, 0, "syntax"},
		{"allow", "Bash(cat ~/.ssh/*)", ``, VerdictRuntime, 0, "quoting"},
		{"allow", "Bash(-x *)", ``, VerdictRuntime, 0, "program name"},
		{"deny", "Bash(rm -rf *)", `["rm", "-rf"]`, VerdictPartial, execpolicy.Forbidden, "wrappers"},
		{"deny", "Bash(rm -rf /*)", `["rm", "-rf", "/"]`, VerdictPartial, execpolicy.Forbidden, "continue"},
		{"ask", "Bash(terraform apply:*)", `["terraform", "apply"]`, VerdictPartial, execpolicy.Prompt, "wrappers"},
		{"deny", "Bash", ``, VerdictRuntime, 0, "every command"},
		{"deny", "Bash(*)", ``, VerdictRuntime, 0, "every command"},
		{"deny", "Read(.env)", ``, VerdictRuntime, 0, "file-path"},
	} {
		t.Run(tc.list+" "+tc.pattern, func(t *testing.T) {
			rules := permRules(t, tc.list, tc.pattern)
			if len(rules) != 1 {
				t.Fatalf("%d rules", len(rules))
			}
			l := lowerOne(t, rules[0], LowerOptions{Allow: true})
			if got := patterns(l); got != tc.want || l.Verdict != tc.verdict || l.Decision != tc.decision || !strings.Contains(l.Reason, tc.reason) {
				t.Errorf("got %s %s %v (%s)\nwant %s %s %v (…%s…)", l.Verdict, got, l.Decision, l.Reason, tc.verdict, tc.want, tc.decision, tc.reason)
			}
		})
	}
	for _, p := range []string{"WebFetch(domain:example.com)", "Edit(src/**)", "mcp__github__create_issue"} {
		l := lowerOne(t, permRules(t, "allow", p)[0], LowerOptions{})
		if l.Bash || l.Verdict != VerdictRuntime {
			t.Errorf("%s: bash=%v verdict=%s", p, l.Bash, l.Verdict)
		}
	}
}

func TestLowerActor(t *testing.T) {
	data := []byte("permissions:\n  actors:\n    ci:\n      allow: [\"Bash(go build *)\"]\n")
	rules, _, err := perm.LoadGenesis("genesis.key", data, perm.LoadOptions{BaseDir: "/p"})
	if err != nil || len(rules) != 1 {
		t.Fatal(rules, err)
	}
	if l := lowerOne(t, rules[0], LowerOptions{}); l.Verdict != VerdictNotCompiled || !l.Inactive || !strings.Contains(l.Reason, "--actor ci") {
		t.Errorf("no actor: %+v", l)
	}
	if l := lowerOne(t, rules[0], LowerOptions{Actor: "ci", Allow: true}); l.Verdict != VerdictExact || l.Inactive {
		t.Errorf("actor ci: %+v", l)
	}
}

// TestLowerExamples checks every emitted rule's examples against the rule
// and the source, and that Emit accepts them (Codex's load-time checks).
func TestLowerExamples(t *testing.T) {
	o := newSourceOracle()
	for _, set := range corpusRuleSets(t) {
		ls, err := Lower(set.rules, LowerOptions{Actor: "ci"})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			for _, pr := range l.Rules {
				if len(pr.Match) < 2 {
					t.Errorf("%s: %s has %d match examples", l.Rule.Source, pr.PatternString(), len(pr.Match))
				}
				for _, ex := range pr.Match {
					if !pr.MatchPrefix(ex) || !o.matches(t, l.Rule, shell.Canonical(ex)) {
						t.Errorf("%s: match example %q fails", l.Rule.Source, ex)
					}
				}
				for _, ex := range pr.NotMatch {
					if pr.MatchPrefix(ex) || o.matches(t, l.Rule, shell.Canonical(ex)) {
						t.Errorf("%s: not_match example %q matches", l.Rule.Source, ex)
					}
				}
				if pr.Justification == "" || pr.Justification != Justification(l.Rule) {
					t.Errorf("%s: justification %q", l.Rule.Source, pr.Justification)
				}
			}
		}
		if _, err := EmitLowered(ls, set.name); err != nil {
			t.Errorf("%s: %v", set.name, err)
		}
	}
}

func TestJustification(t *testing.T) {
	for _, tc := range []struct {
		name, message string
		origin        ir.Origin
		action        ir.Action
		want          string
	}{
		{"block-rm", "Recursive deletion.\nMore.", ir.OriginHookify, ir.ActionBlock, "block-rm: Recursive deletion."},
		{"x", "", ir.OriginHookify, ir.ActionWarn, "x"},
		{"", "", ir.OriginHookify, ir.ActionWarn, "hookifyc rule"},
		{"a\x00b\tc\u2028d", "  \x1b[31mred\x1b[0m  \r\nnext", ir.OriginHookify, ir.ActionWarn, "a b c d: [31mred [0m"},
		{"n\"ame\\", "it's \"quoted\" \\", ir.OriginHookify, ir.ActionWarn, `n"ame\: it's "quoted" \`},
		{"\xff\xfe", "ok", ir.OriginHookify, ir.ActionWarn, "hookifyc rule: ok"},
		{"Bash(rm -rf *)", "", ir.OriginPermission, ir.ActionBlock, "Bash(rm -rf *) (deny)"},
		{"Bash(git push *)", "", ir.OriginPermission, ir.ActionAsk, "Bash(git push *) (ask)"},
		{strings.Repeat("n", 300), "", ir.OriginHookify, ir.ActionWarn, strings.Repeat("n", 199) + "…"},
	} {
		got := Justification(&ir.Rule{Name: tc.name, Message: tc.message, Origin: tc.origin, Action: tc.action})
		if got != tc.want {
			t.Errorf("Justification(%q, %q) = %q, want %q", tc.name, tc.message, got, tc.want)
		}
	}
}

func TestMergePatterns(t *testing.T) {
	got := mergePatterns([][]string{
		{"git", "push", "-f"}, {"git", "push", "--force"}, {"git", "reset", "--hard"}, {"hg", "push", "-f"}, {"git", "add", "-A"}, {"git", "add", "."},
	})
	want := `[[[git] [push] [-f --force]] [[git] [reset] [--hard]] [[hg] [push] [-f]] [[git] [add] [-A .]]]`
	if s := fmt.Sprint(got); s != want {
		t.Errorf("got  %s\nwant %s", s, want)
	}
	// A product that would add argvs is never formed.
	got = mergePatterns([][]string{{"git", "push", "-f"}, {"git", "reset", "--hard"}})
	if len(got) != 2 {
		t.Errorf("merged %v", got)
	}
	if got := dropSubsumed([][]string{{"git", "push", "-f"}, {"git", "push"}, {"git"}, {"rm"}}); fmt.Sprint(got) != "[[git] [rm]]" {
		t.Errorf("dropSubsumed = %v", got)
	}
}

// TestLowerCorpusVerdicts gives every rule of the shared hookify corpus a
// verdict and a reason, and logs the counts of its bash rules.
func TestLowerCorpusVerdicts(t *testing.T) {
	set := corpusRuleSets(t)[0]
	ls, err := Lower(set.rules, LowerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep := NewReport(ls, nil)
	for _, e := range rep.Rules {
		if e.Verdict == "" || (e.Verdict != VerdictExact && e.Reason == "") {
			t.Errorf("%s: verdict %q reason %q", e.File, e.Verdict, e.Reason)
		}
		if (e.Emitted > 0) != (e.Verdict == VerdictPartial) && e.Verdict != VerdictExact {
			t.Errorf("%s: %s with %d rules", e.File, e.Verdict, e.Emitted)
		}
	}
	c := rep.Counts
	t.Logf("%d rules in the shared corpus: %s", len(ls), rep.Summary())
	if c.Partial == 0 || c.Disabled == 0 || c.Exact+c.Partial+c.Runtime+c.NotBash+c.Disabled+c.NotCompiled != len(ls) {
		t.Errorf("counts %+v", c)
	}
}

// TestLowerAllowOptIn: allow rules are not compiled unless LowerOptions.Allow.
func TestLowerAllowOptIn(t *testing.T) {
	rules, _, err := perm.LoadSettings("s.json", []byte(`{"permissions": {"allow": ["Bash(git status *)"]}}`), perm.LoadOptions{})
	if err != nil || len(rules) != 1 {
		t.Fatalf("%v %d", err, len(rules))
	}
	if l := lowerOne(t, rules[0], LowerOptions{}); l.Verdict != VerdictNotCompiled || len(l.Rules) != 0 || !strings.Contains(l.Reason, "--lower-allow") {
		t.Errorf("default: %s %q %d rules", l.Verdict, l.Reason, len(l.Rules))
	}
	if l := lowerOne(t, rules[0], LowerOptions{Allow: true}); l.Verdict != VerdictExact || len(l.Rules) != 1 {
		t.Errorf("opt-in: %s %q", l.Verdict, l.Reason)
	}
}

// TestLowerShellProgram: a rule on the shell itself is never lowered.
func TestLowerShellProgram(t *testing.T) {
	l := lowerOne(t, hookifyRule("r", "regex_match", `\bbash\b`), LowerOptions{})
	if len(l.Rules) != 0 || l.Verdict != VerdictRuntime || !strings.Contains(l.Reason, "bash -lc") {
		t.Errorf("%s %q %d rules", l.Verdict, l.Reason, len(l.Rules))
	}
}
