package engine

import (
	"fmt"
	"strings"
	"time"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/shell"
)

// Event is one hook call.
type Event struct {
	// Input is the hook input as json.load returned it. Under hookify
	// semantics it may be any value (hookify then fails on it the way the
	// plugin does); under fixed semantics it must be a dict.
	Input pyval.Value
	// Dispatch is the hook event the agent invoked the hook for. hookify picks
	// its entry script (and so its event filter) from it; when empty, the
	// input's hook_event_name is used.
	Dispatch string
	// Subjects, when not nil, are the values prepared for regex searches
	// and their results, shared by the events of one call (NewSubjects):
	// a text that several events carry (a patch's content on each of its
	// files) is searched once per pattern, not once per event.
	Subjects *Subjects
}

// Subjects are prepared search values and their results, shared by the
// evaluations of one call with one Engine (Event.Subjects).
type Subjects struct {
	byID map[subjectID]*subjectEntry
}

// NewSubjects returns an empty set of shared search values.
func NewSubjects() *Subjects { return &Subjects{} }

// Result is the outcome of one evaluation.
type Result struct {
	// HookEvent is the input's hook_event_name when it is a string, else "".
	HookEvent string
	// Blocking and Warning are the matching rules, in evaluation order.
	Blocking, Warning []*ir.Rule
	// Exception, under hookify semantics, is the Python exception that ended
	// the evaluation; Blocking and Warning are then empty. Under fixed
	// semantics it is set only when the input itself is unusable.
	Exception *PyError
	// Problems are non-fatal problems, in the order met.
	Problems []Problem
	// StopLoopGuard is set (fixed semantics) when blocking rules matched a
	// Stop event whose stop_hook_active was true: they were reported as
	// warnings so the agent cannot loop forever.
	StopLoopGuard bool
	// StopHookActive is the stop_hook_active flag of a Stop event: the agent
	// is already continuing because of a Stop hook.
	StopHookActive bool
	// Explanations (with Options.Explain) tell why each matching rule matched.
	Explanations []Explanation
	// Demoted holds the block rules reported as warnings because they
	// matched only data of a Bash command (fixed semantics; views.go),
	// with what the data was.
	Demoted map[*ir.Rule]string
	// Model (with Options.Explain, fixed semantics, a Bash call) is what
	// the command model found in the command.
	Model *shell.Model
}

// Explanation tells why a rule matched.
type Explanation struct {
	Rule       *ir.Rule
	Conditions []ConditionMatch
	// View, for a Bash rule under the fixed semantics, is which view of
	// the command matched (an executed command, a pipeline, the joined
	// line or the raw text).
	View ViewKind
	// Demoted says why a block rule only warns (it matched only data).
	Demoted string
}

// ConditionMatch is one condition of a matching rule and the value it held on.
type ConditionMatch struct {
	Condition *ir.Condition
	// Field is the field read (it differs from Condition.Field for legacy
	// patterns under fixed semantics).
	Field string
	Value string
}

// Decision summarises a result.
type Decision string

const (
	DecisionAllow Decision = "allow"
	DecisionWarn  Decision = "warn"
	DecisionBlock Decision = "block"
)

// Decision returns block when a rule blocks, warn when one warns, else allow.
func (r *Result) Decision() Decision {
	switch {
	case len(r.Blocking) > 0:
		return DecisionBlock
	case len(r.Warning) > 0:
		return DecisionWarn
	}
	return DecisionAllow
}

// Rules returns the rules whose messages make up Message: the blocking rules
// if any rule blocks (hookify then drops the warnings), else the warnings.
func (r *Result) Rules() []*ir.Rule {
	if len(r.Blocking) > 0 {
		return r.Blocking
	}
	return r.Warning
}

// Message is hookify's combined message: "**[name]**\nmessage" per rule,
// joined by a blank line. A demoted rule's message ends with why it only
// warns.
func (r *Result) Message() string {
	msg := JoinMessages(r.Rules())
	if len(r.Demoted) == 0 || len(r.Blocking) > 0 {
		return msg
	}
	for _, rule := range r.Warning {
		if why, ok := r.Demoted[rule]; ok {
			msg += "\n\n(hookifyc: rule '" + rule.Name + "' blocks, but here it matched only data bash does not run: " + why + "; reported as a warning)"
		}
	}
	return msg
}

// JoinMessages renders rules' messages the way hookify does.
func JoinMessages(rules []*ir.Rule) string {
	var b strings.Builder
	size := 0
	for _, rule := range rules {
		size += len("\n\n**[]**\n") + len(rule.Name) + len(rule.Message)
	}
	b.Grow(size)
	for i, rule := range rules {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString("**[")
		b.WriteString(rule.Name)
		b.WriteString("]**\n")
		b.WriteString(rule.Message)
	}
	return b.String()
}

// EventFilter is the rule event a hook call considers: "stop" for Stop,
// "prompt" for UserPromptSubmit, and for tool calls "bash" for the tool Bash
// and "file" for Edit, Write and MultiEdit, as hookify's entry scripts map
// them (the fixed semantics add NotebookEdit). For any other tool, hookify passes no filter at all (filter is
// false: every rule is considered, docs/compat.md); the fixed semantics
// filter with kind "" instead, so that only event "all" rules apply, and
// treat SubagentStop as Stop.
func EventFilter(sem Semantics, dispatch, toolName string) (kind string, filter bool) {
	switch {
	case dispatch == ir.Stop || (sem == Fixed && dispatch == ir.SubagentStop):
		return ir.EventStop, true
	case dispatch == ir.UserPromptSubmit:
		return ir.EventPrompt, true
	}
	switch toolName {
	case "Bash":
		return ir.EventBash, true
	case "Edit", "Write", "MultiEdit":
		return ir.EventFile, true
	case "NotebookEdit":
		if sem == Fixed {
			// Claude Code's notebook edits are file edits (hookify
			// considers only event "all" rules for them).
			return ir.EventFile, true
		}
	}
	return "", sem == Fixed
}

// Considers reports whether a hook call with the event filter (kind,
// filter) of EventFilter evaluates rule: an enabled rule whose event is
// "all" or kind. Permission rules name their tools themselves (a Read deny
// also covers `cat` in Bash): perm.MatchRule decides, not the filter.
func Considers(rule *ir.Rule, kind string, filter bool) bool {
	if filter && rule.Permission == nil && rule.Event != ir.EventAll && rule.Event != kind {
		return false
	}
	return rule.Enabled
}

// Evaluate runs rules (in the given order) against one hook call.
func (e *Engine) Evaluate(rules []*ir.Rule, ev Event) Result {
	var res Result
	input, isDict := ev.Input.(*pyval.Dict)
	dispatch := ev.Dispatch
	if isDict {
		if name, ok := getOr(input, "hook_event_name", pyval.Str("")).(pyval.Str); ok {
			res.HookEvent = string(name)
		}
	}
	if dispatch == "" {
		dispatch = res.HookEvent
	}
	if !isDict {
		// Every hookify entry script calls input_data.get(...) before matching.
		res.Exception = typeError("'%T' object has no attribute 'get'", ev.Input)
		return res
	}

	toolName, _ := getOr(input, "tool_name", pyval.Str("")).(pyval.Str)
	kind, filter := EventFilter(e.opts.Semantics, dispatch, string(toolName))

	m := matcher{e: e, input: input, res: &res, shared: ev.Subjects}
	m.tool = getOr(input, "tool_name", pyval.Str(""))
	m.toolInput = getOr(input, "tool_input", pyval.NewDict())
	consider := func(rule *ir.Rule) bool { return Considers(rule, kind, filter) }
	e.warm(rules, consider, &m)
	if e.opts.Explain {
		if cm := m.bashModel(); cm != nil {
			res.Model = cm.model
		}
	}
	deadline := e.opts.Deadline
	for i, rule := range rules {
		// Every 8 rules: a rule's searches are bounded (RegexTimeout), so
		// the deadline is overshot by less than a second.
		if !deadline.IsZero() && i%8 == 0 && time.Now().After(deadline) {
			res.Problems = append(res.Problems, Problem{Kind: ProblemDeadline,
				Text: fmt.Sprintf("%d of %d rules not evaluated: the call's deadline passed (the rules before them decide)", len(rules)-i, len(rules))})
			if e.opts.FailSafeAtDeadline && e.opts.Semantics == Fixed {
				for _, rule := range rules[i:] {
					if consider(rule) && rule.Blocks() && m.toolMayMatch(rule) {
						res.Blocking = append(res.Blocking, rule)
						res.Problems = append(res.Problems, Problem{Rule: rule, Kind: ProblemDeadline,
							Text: "not evaluated before the call's deadline; fail safe: rule '" + rule.Name + "' counts as matching"})
					}
				}
			}
			break
		}
		if !consider(rule) {
			continue
		}
		m.untrusted = e.untrusted(i)
		ok, exc := m.ruleMatches(rule)
		if exc != nil {
			if e.opts.Semantics == Hookify {
				res.Blocking, res.Warning = nil, nil
				res.Exception = exc
				return res
			}
			res.Problems = append(res.Problems, Problem{Rule: rule, Kind: ProblemException, Text: exc.Msg})
			continue
		}
		if !ok {
			continue
		}
		if e.opts.Explain {
			ex := Explanation{Rule: rule, Conditions: append([]ConditionMatch(nil), m.explained...), Demoted: m.demoted}
			if m.matchedView != nil {
				ex.View = m.matchedView.kind
			}
			res.Explanations = append(res.Explanations, ex)
		}
		switch {
		case rule.Blocks() && m.demoted != "":
			if res.Demoted == nil {
				res.Demoted = map[*ir.Rule]string{}
			}
			res.Demoted[rule] = m.demoted
			res.Warning = append(res.Warning, rule)
		case rule.Blocks():
			res.Blocking = append(res.Blocking, rule)
		default:
			res.Warning = append(res.Warning, rule)
		}
	}
	m.dynamicProblems(rules, consider)

	if dispatch == ir.Stop || dispatch == ir.SubagentStop {
		if active, ok := input.Get("stop_hook_active"); ok && pyval.Truthy(active) {
			res.StopHookActive = true
		}
	}
	if e.opts.Semantics == Fixed && len(res.Blocking) > 0 && res.StopHookActive {
		res.Warning = append(res.Blocking, res.Warning...)
		res.Blocking = nil
		res.StopLoopGuard = true
	}
	return res
}

// getOr is Python's d.get(key, def).
func getOr(d *pyval.Dict, key string, def pyval.Value) pyval.Value {
	if v, ok := d.Get(key); ok {
		return v
	}
	return def
}

// matcher holds the per-event state of one evaluation.
type matcher struct {
	e         *Engine
	input     *pyval.Dict
	tool      pyval.Value
	toolInput pyval.Value
	res       *Result
	// explained collects the conditions of the rule being matched (Explain).
	explained []ConditionMatch
	// permInput is tool_input converted for permission rules (built once).
	permInput map[string]any
	// timedOut is the time lost to timed-out searches in this evaluation.
	timedOut time.Duration
	// untrusted: the rule being matched is one the guarded agent can
	// write (Options.TrustedRules).
	untrusted bool
	// shared holds the field values prepared for regex searches, and
	// their results: the call's (Event.Subjects), or this evaluation's.
	shared *Subjects
	// model is the command model of a Bash call (bashModel), built once.
	model     *commandModel
	modelDone bool
	// view, while a Bash rule is tested against one view of the command,
	// is the value its command field reads.
	view *string
	// demoted and matchedView describe the last rule matched: what data
	// it matched only (a block rule then warns), and on which view.
	demoted          string
	matchedView      *commandView
	demotedExplained []ConditionMatch
}

// toolMayMatch reports whether rule's tool matcher, if any, admits the
// call's tool (a matcher that raises admits it: the rule would fail).
func (m *matcher) toolMayMatch(rule *ir.Rule) bool {
	if !rule.ToolMatcher.Set || rule.ToolMatcher.Any || rule.ToolMatcher.TypeError != "" {
		return true
	}
	name, ok := m.tool.(pyval.Str)
	return ok && rule.ToolMatcher.Matches(string(name))
}

func (m *matcher) ruleMatches(rule *ir.Rule) (bool, *PyError) {
	m.explained = m.explained[:0]
	m.demoted, m.matchedView = "", nil
	if rule.Permission != nil {
		return m.permissionMatches(rule)
	}
	if rule.ToolMatcher.Set {
		if rule.ToolMatcher.TypeError != "" {
			return false, &PyError{Msg: rule.ToolMatcher.TypeError}
		}
		if !m.toolMayMatch(rule) {
			return false, nil
		}
	}
	if len(rule.Conditions) == 0 {
		return false, nil
	}
	if testsCommand(rule) {
		if cm := m.bashModel(); cm != nil {
			ok, demoted, view, exc := m.matchViews(rule, cm)
			m.demoted, m.matchedView = demoted, view
			return ok, exc
		}
	}
	for i := range rule.Conditions {
		ok, exc := m.conditionHolds(rule, &rule.Conditions[i])
		if exc != nil || !ok {
			return false, exc
		}
	}
	return true, nil
}

func (m *matcher) conditionHolds(rule *ir.Rule, c *ir.Condition) (bool, *PyError) {
	field := c.Field
	if c.Legacy && m.e.opts.Semantics == Fixed {
		switch rule.Event {
		case ir.EventPrompt:
			field = "user_prompt"
		case ir.EventStop:
			field = "transcript"
		}
	}
	value, found, exc := m.extractField(rule, field)
	if exc != nil || !found {
		return false, exc
	}
	ok, exc := m.apply(rule, c, value)
	if ok && m.e.opts.Explain {
		m.explained = append(m.explained, ConditionMatch{Condition: c, Field: field, Value: pyval.ToStr(value)})
	}
	return ok, exc
}

// Merge adds the outcome of another evaluation of the same rules (e.g. of
// another file of one patch): each matching rule is listed once, in first-seen
// order, and blocking wins over warning for a rule that did both.
func (r *Result) Merge(o Result) {
	seen := map[*ir.Rule]bool{}
	for _, x := range r.Blocking {
		seen[x] = true
	}
	for _, x := range o.Blocking {
		if !seen[x] {
			seen[x] = true
			r.Blocking = append(r.Blocking, x)
		}
	}
	warnings := r.Warning[:0:0]
	for _, x := range append(r.Warning, o.Warning...) {
		if !seen[x] {
			seen[x] = true
			warnings = append(warnings, x)
		}
	}
	r.Warning = warnings
	known := map[string]bool{}
	for _, p := range r.Problems {
		known[p.Text] = true
	}
	for _, p := range o.Problems {
		if !known[p.Text] {
			known[p.Text] = true
			r.Problems = append(r.Problems, p)
		}
	}
	r.Explanations = append(r.Explanations, o.Explanations...)
	for rule, why := range o.Demoted {
		if r.Demoted == nil {
			r.Demoted = map[*ir.Rule]string{}
		}
		if _, ok := r.Demoted[rule]; !ok {
			r.Demoted[rule] = why
		}
	}
	for _, rule := range r.Blocking {
		delete(r.Demoted, rule) // blocked by another event of the call
	}
	if r.Model == nil {
		r.Model = o.Model
	}
	r.StopLoopGuard = r.StopLoopGuard || o.StopLoopGuard
	if r.Exception == nil {
		r.Exception = o.Exception
	}
}
