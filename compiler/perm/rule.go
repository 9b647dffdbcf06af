package perm

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// OpPermParam is the condition operator of a Tool(param:value) rule (and of
// single-field specifiers such as Agent(Explore)): Field is the input field,
// Pattern the specifier.
const OpPermParam = ir.OpPermParam

// entry is one pattern string read from a source file.
type entry struct {
	text     string
	loc      strLoc
	decision Decision
	actor    string
	message  string
}

// builder turns entries into rules and diagnostics.
type builder struct {
	file    string
	baseDir string
	rules   []*ir.Rule
	diags   []Diagnostic
}

func (b *builder) warn(pos ir.Pos, format string, args ...any) {
	b.diags = append(b.diags, Diagnostic{File: b.file, Pos: pos, Severity: SeverityWarning, Msg: fmt.Sprintf(format, args...)})
}

func (b *builder) errorf(pos ir.Pos, format string, args ...any) {
	b.diags = append(b.diags, Diagnostic{File: b.file, Pos: pos, Severity: SeverityError, Msg: fmt.Sprintf(format, args...)})
}

// sortedDiags returns the diagnostics in file order.
func (b *builder) sortedDiags() []Diagnostic {
	sort.SliceStable(b.diags, func(i, j int) bool {
		pi, pj := b.diags[i].Pos, b.diags[j].Pos
		return pi.Line < pj.Line || (pi.Line == pj.Line && pi.Col < pj.Col)
	})
	return b.diags
}

// add parses one entry and appends its rule, or the diagnostics that explain
// why it was skipped.
func (b *builder) add(e entry) {
	p, err := Parse(e.text)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			b.errorf(e.loc.at(pe.Col), "%s: %s", quoteRule(e.text), pe.Msg)
		} else {
			b.errorf(e.loc.Start, "%s: %v", quoteRule(e.text), err)
		}
		return
	}
	warnings, usable := p.Check(e.decision)
	for _, w := range warnings {
		b.warn(e.loc.Start, "%s", w)
	}
	if !usable {
		return
	}
	b.rules = append(b.rules, newRule(p, e, b.file, b.baseDir))
}

func quoteRule(s string) string { return fmt.Sprintf("rule %q", s) }

// newRule builds the IR rule of a parsed pattern.
func newRule(p Pattern, e entry, file, baseDir string) *ir.Rule {
	r := &ir.Rule{
		Origin:      ir.OriginPermission,
		Source:      ir.Source{File: file, Pos: e.loc.Start},
		Name:        e.text,
		Enabled:     true,
		Event:       eventFor(p.Tool),
		ActionText:  e.decision.String(),
		Action:      e.decision.Action(),
		ToolMatcher: toolMatcher(p, e.decision),
		Message:     ruleMessage(e, file),
		Permission: &ir.Permission{
			Pattern:   e.text,
			Tool:      p.Tool,
			Specifier: p.Specifier,
			BaseDir:   baseDir,
			Actor:     e.actor,
		},
	}
	if c, ok := condition(p); ok {
		c.Pos = e.loc.Start
		r.Conditions = []ir.Condition{c}
	}
	return r
}

// ruleMessage is what a matching permission rule tells the model and the
// user: which pattern decided, where it is written, and the genesis reason
// when there is one, e.g. "denied by `Read(./.env)` in
// .claude/settings.json:3:14".
func ruleMessage(e entry, file string) string {
	msg := messagePrefix(e.decision.Action(), e.text, ir.Source{File: file, Pos: e.loc.Start}, e.actor)
	if reason := strings.TrimSpace(e.message); reason != "" {
		msg += ": " + reason
	}
	return msg
}

func messagePrefix(a ir.Action, pattern string, at ir.Source, actor string) string {
	verb := map[ir.Action]string{ir.ActionBlock: "denied by", ir.ActionAsk: "approval required by", ir.ActionAllow: "allowed by"}[a]
	if verb == "" {
		verb = string(a) + " by"
	}
	msg := verb + " `" + pattern + "` in " + at.String()
	if actor != "" {
		msg += " (actor " + actor + ")"
	}
	return msg
}

// Reason is the reason a genesis file gives for a permission rule (its
// `reason:`), without the part of the rule's message that names the
// pattern and its place; "" when there is none.
func Reason(r *ir.Rule) string {
	if r.Permission == nil {
		return ""
	}
	prefix := messagePrefix(r.Action, r.Permission.Pattern, r.Source, r.Permission.Actor)
	rest, ok := strings.CutPrefix(r.Message, prefix)
	if !ok {
		return r.Message
	}
	return strings.TrimPrefix(rest, ": ")
}

// eventFor is the hookify event a permission rule belongs to.
func eventFor(tool string) string {
	switch tool {
	case "Bash":
		return ir.EventBash
	case "Read", "Edit", "Write", "MultiEdit", "NotebookEdit":
		return ir.EventFile
	}
	return ir.EventAll
}

// toolMatcher lists every tool the pattern is consulted for; tool globs and
// MCP server names match any tool (Pattern.Matches decides).
func toolMatcher(p Pattern, d Decision) ir.ToolMatcher {
	tools := p.ConsultedTools(d)
	if tools == nil {
		return ir.ToolMatcher{Set: true, Any: true}
	}
	return ir.ToolMatcher{Set: true, Names: tools}
}

// condition is the permission condition of a pattern with a specifier.
func condition(p Pattern) (ir.Condition, bool) {
	switch p.Kind {
	case SpecCommand:
		return ir.Condition{Field: "command", Operator: ir.OpPermCommand, Pattern: p.Specifier}, true
	case SpecPath:
		return ir.Condition{Field: pathField(p.Tool), Operator: ir.OpPermPath, Pattern: p.Specifier}, true
	case SpecDomain:
		return ir.Condition{Field: "url", Operator: ir.OpPermDomain, Pattern: p.Specifier}, true
	case SpecParam:
		return ir.Condition{Field: p.Param, Operator: OpPermParam, Pattern: p.Specifier}, true
	}
	return ir.Condition{}, false
}

// RulePattern parses the pattern of a permission rule.
func RulePattern(r *ir.Rule) (Pattern, error) {
	if r.Permission == nil {
		return Pattern{}, fmt.Errorf("%s: rule %q is not a permission rule", r.Source, r.Name)
	}
	p, err := Parse(r.Permission.Pattern)
	if err != nil {
		return p, fmt.Errorf("%s: %w", r.Source, err)
	}
	return p, nil
}

// MatchRule reports whether a tool call matches a permission rule read by
// this package: the rule's pattern, under the decision of its Action, with
// ctx.BaseDir taken from the rule.
func MatchRule(r *ir.Rule, toolName string, toolInput map[string]any, ctx Context) (bool, error) {
	p, err := RulePattern(r)
	if err != nil {
		return false, err
	}
	d, ok := DecisionOf(r.Action)
	if !ok {
		return false, fmt.Errorf("%s: rule %q has action %q, not a permission decision", r.Source, r.Name, r.Action)
	}
	ctx.BaseDir = r.Permission.BaseDir
	return p.Matches(toolName, toolInput, ctx, d), nil
}
