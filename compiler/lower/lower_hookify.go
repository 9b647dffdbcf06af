package lower

import (
	"fmt"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

// lowerHookify lowers a hookify rule: only enabled rules whose event and
// tool_matcher let them see Bash calls, and whose conditions all test the
// command.
func (l *lowerer) lowerHookify(r *ir.Rule) Lowered {
	bash := r.ToolMatcher.TypeError == "" && (r.Event == ir.EventBash || r.Event == ir.EventAll) && r.ToolMatcher.Matches("Bash")
	if !r.Enabled {
		return inactive(bash, VerdictDisabled, "disabled (enabled: false); nothing enforces it")
	}
	if r.ToolMatcher.TypeError != "" {
		return runtimeOnly(false, "tool_matcher raises %s in hookify", r.ToolMatcher.TypeError)
	}
	if r.Event != ir.EventBash && r.Event != ir.EventAll {
		return runtimeOnly(false, "event %q: not a shell-command rule", r.Event)
	}
	if !r.ToolMatcher.Matches("Bash") {
		return runtimeOnly(false, "tool_matcher %q excludes Bash", strings.Join(r.ToolMatcher.Names, "|"))
	}
	if len(r.Conditions) == 0 {
		// Never "exact": a rule that can never fire is not compiled, it is dead.
		return inactive(true, VerdictNotCompiled, "no conditions: hookify never matches this rule, so nothing enforces it (hookifyc lint: never-fires)")
	}
	dec, ok := l.hookifyDecision(r)
	if !ok {
		return runtimeOnly(true, "warn rule: the runtime hook shows the warning and the command runs (--warn prompt would make Codex ask, which refuses the command where nobody can approve)")
	}
	for i := range r.Conditions {
		c := &r.Conditions[i]
		if c.PatternTypeError != "" {
			return runtimeOnly(true, "line %d: the pattern raises %s in hookify", c.Pos.Line, c.PatternTypeError)
		}
		if c.Field != "command" {
			return runtimeOnly(true, "condition on %q: only conditions on the command can be lowered", c.Field)
		}
	}

	conds := make([]*condCheck, len(r.Conditions))
	var cands [][]string
	var notes noteSet
	var why failure
	for i := range r.Conditions {
		cc, err := l.condition(&r.Conditions[i])
		if err != "" {
			return runtimeOnly(true, "%s", err)
		}
		conds[i] = cc
		cands = append(cands, cc.cands...)
		notes.merge(cc.notes)
		why.merge(cc.why)
	}
	o := &hookifyOracle{l: l, rule: r, conds: conds}
	return l.finish(r, dec, o, cands, notes, why, false)
}

// condCheck is one hookify condition prepared for lowering.
type condCheck struct {
	// tail reports whether the condition holds on every C + " " + X, given
	// that it holds on C (see the comment at the top of lower.go).
	tail func(c string) bool
	// cands are candidate token prefixes proposed by this condition.
	cands [][]string
	notes noteSet
	why   failure
}

// condition prepares one condition; err is a reason when the rule cannot
// be lowered at all because of it.
func (l *lowerer) condition(c *ir.Condition) (*condCheck, string) {
	switch c.Operator {
	case ir.OpRegexMatch:
		ri := l.regex(c.Pattern)
		if ri.err != "" {
			return nil, ri.err
		}
		return &condCheck{tail: ri.tail, cands: ri.cands, notes: ri.notes, why: ri.why}, ""
	case ir.OpContains, ir.OpStartsWith:
		pat := c.Pattern
		cc := &condCheck{}
		// What C contains, or starts with, so does every extension of C.
		cc.tail = func(string) bool { return true }
		if c.Operator == ir.OpContains {
			cc.notes.add(noteUnanchored)
		}
		if toks, f := tokenize(pat); f == 0 {
			cc.cands = [][]string{toks}
		} else {
			cc.why.add(f)
		}
		return cc, ""
	case ir.OpEquals:
		return &condCheck{tail: func(string) bool { return false }, why: failEquals}, ""
	case ir.OpEndsWith:
		return &condCheck{tail: func(string) bool { return false }, why: failEndsWith}, ""
	case ir.OpNotContains:
		return &condCheck{tail: func(string) bool { return false }, why: failNotContains}, ""
	}
	return nil, fmt.Sprintf("operator %q never matches in hookify", c.Operator)
}

// oracle evaluates a source rule on a command, and proves the tail case.
type oracle interface {
	// matches reports whether the source rule matches the command.
	matches(cmd string) bool
	// tail reports whether the source rule matches every c + " " + X,
	// given that it matches c.
	tail(c string) bool
}

// hookifyOracle evaluates a hookify rule with compiler/engine.
type hookifyOracle struct {
	l     *lowerer
	rule  *ir.Rule
	conds []*condCheck
	key   string // the conditions, for the proof cache
}

// matches evaluates the rule with the engine. Results are cached per
// conditions and command: a rule that reaches the oracle passed every
// other filter (event, enabled, tool_matcher), so only its conditions
// decide.
func (o *hookifyOracle) matches(cmd string) bool {
	if o.key == "" {
		var b strings.Builder
		for _, c := range o.rule.Conditions {
			b.WriteString(c.Field + "\x00" + c.Operator + "\x00" + c.Pattern + "\x00")
		}
		o.key = b.String()
	}
	k := o.key + "\x01" + cmd
	if v, ok := o.l.proofs[k]; ok {
		return v
	}
	eng := o.l.engines[o.key]
	if eng == nil {
		eng = engine.New(engine.Options{Semantics: engine.Fixed, RegexTimeout: oracleTimeout})
		o.l.engines[o.key] = eng
	}
	v := engineMatches(eng, o.rule, cmd)
	o.l.proofs[k] = v
	return v
}

func (o *hookifyOracle) tail(c string) bool {
	for _, cc := range o.conds {
		if !cc.tail(c) {
			return false
		}
	}
	return true
}

// demoted reports whether the engine reports the block rule on cmd only
// as a warning (it matched only data, such as a --help invocation).
func (o *hookifyOracle) demoted(cmd string) bool {
	eng := engine.New(engine.Options{Semantics: engine.Fixed, RegexTimeout: oracleTimeout})
	res := eng.Evaluate([]*ir.Rule{o.rule}, engine.BashEvent(cmd))
	_, ok := res.Demoted[o.rule]
	return ok && len(res.Blocking) == 0
}

// engineMatches reports whether the rule matches a Bash call of cmd; a
// regex timeout counts as no match.
func engineMatches(eng *engine.Engine, r *ir.Rule, cmd string) bool {
	res := eng.Evaluate([]*ir.Rule{r}, engine.BashEvent(cmd))
	if len(res.Problems) > 0 || res.Exception != nil {
		return false
	}
	return len(res.Blocking)+len(res.Warning) > 0
}
