package hook

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// compatDecision classifies hookify's stdout.
func compatDecision(stdout string) (engine.Decision, bool) {
	switch {
	case stdout == "{}":
		return engine.DecisionAllow, true
	case strings.Contains(stdout, `"Hookify error: `):
		return "", false
	case strings.Contains(stdout, `"permissionDecision": "deny"`), strings.HasPrefix(stdout, `{"decision": "block"`):
		return engine.DecisionBlock, true
	}
	return engine.DecisionWarn, true
}

// TestDecisionParityBash: on every Bash event of the corpus, the fixed
// semantics decide as hookify does (allow/warn/block), except where hookify
// raised an exception — documented fix "exceptions are per rule" (the fixed
// engine reports a problem for that rule instead of replacing every answer
// with an error).
func TestDecisionParityBash(t *testing.T) {
	c := hookifycorpus.Load(t)
	rules := map[string]*ir.Rule{}
	compared, exceptions, modelled := 0, 0, 0
	for _, cs := range c.Single {
		raw, err := agent.Decode(c.Inputs[cs.Input].Stdin)
		if err != nil {
			continue
		}
		in, ok := agent.Normalize(raw)
		if !ok || (in.HookEvent != ir.PreToolUse && in.HookEvent != ir.PostToolUse) {
			continue
		}
		if tool, _ := in.Event.Get("tool_name"); tool != pyval.Value(pyval.Str("Bash")) {
			continue
		}
		want, ok := compatDecision(cs.Stdout)
		if !ok {
			exceptions++
			continue
		}
		id := cs.Rules[0]
		r, seen := rules[id]
		if !seen {
			data, err := os.ReadFile(c.RulePath(id))
			if err != nil {
				t.Fatal(err)
			}
			r, _ = hookify.ReadRule(".claude/hookify."+id+".local.md", data)
			rules[id] = r
		}
		var list []*ir.Rule
		if r != nil {
			list = []*ir.Rule{r}
		}
		eng := engine.New(engine.Options{Semantics: engine.Fixed, RegexTimeout: time.Minute, Explain: true}) // no answer lost to a loaded machine
		res := eng.Evaluate(list, engine.Event{Input: in.Event, Dispatch: in.HookEvent})
		compared++
		if got := res.Decision(); got != want && modelFix(res, want) {
			modelled++ // documented fix: rules judge what bash runs (compat.md)
			continue
		}
		if got := res.Decision(); got != want {
			t.Errorf("rule %s input %s: fixed %s, hookify %s", id, cs.Input, got, want)
		}
	}
	if compared < 2000 {
		t.Fatalf("only %d bash cases compared", compared)
	}
	t.Logf("%d bash cases agree; %d hookify exceptions excluded (documented fix); %d decided by the command model", compared-modelled, exceptions, modelled)
}

// modelFix reports a difference that the command model explains: the rule
// matched an executed command or pipeline that hookify's raw text search
// cannot see, or it matched only data and was demoted from a block.
func modelFix(res engine.Result, want engine.Decision) bool {
	for _, ex := range res.Explanations {
		if ex.View != engine.ViewRaw && ex.View != "" && want == engine.DecisionAllow {
			return true
		}
		if ex.Demoted != "" && want == engine.DecisionBlock {
			return true
		}
	}
	return false
}
