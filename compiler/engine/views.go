package engine

import (
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/shell"
)

// The command model (fixed semantics). A Bash rule's `command` field is
// tested against what bash will run, not only the text it is given: each
// executed command's canonical text, each pipeline's, the line with its
// continuations joined, and the raw text (package shell's Analyze). A match
// counts when it also holds with the data words blanked (the arguments of
// programs that do not run them: an echo, a commit message, a grep
// pattern, a --help or dry-run invocation); a match that needs them is
// demoted: a block rule warns instead, and the answer says why.

// ViewKind names what a command view is.
type ViewKind string

const (
	ViewCommand  ViewKind = "executed command"
	ViewPipeline ViewKind = "pipeline"
	ViewJoined   ViewKind = "joined line"
	ViewRaw      ViewKind = "raw text"
)

// commandView is one text a Bash rule's command field is tested against,
// with its data blanked (masked == text when it has none).
type commandView struct {
	kind   ViewKind
	text   string
	masked string
	why    string // what the data is, for a demotion
}

// commandModel is the model of a Bash call's command and its views.
type commandModel struct {
	model *shell.Model
	views []commandView
}

// bashModel returns the model of the call's command, built once per
// evaluation; nil when the call is not a Bash call with a string command
// (or the semantics are hookify's).
func (m *matcher) bashModel() *commandModel {
	if m.modelDone {
		return m.model
	}
	m.modelDone = true
	if m.e.opts.Semantics != Fixed {
		return nil
	}
	if tool, _ := m.tool.(pyval.Str); tool != "Bash" {
		return nil
	}
	ti, ok := m.toolInput.(*pyval.Dict)
	if !ok {
		return nil
	}
	v, ok := ti.Get("command")
	if !ok {
		return nil
	}
	cmd, ok := v.(pyval.Str)
	if !ok {
		return nil
	}
	m.model = buildViews(string(cmd), m.e.opts.ReadScript)
	return m.model
}

// buildViews analyses a command and lists its views in the order they are
// tested, without repeating a text.
func buildViews(cmd string, readScript func(string) (string, bool)) *commandModel {
	model := shell.Analyze(cmd, shell.ModelOptions{ReadScript: readScript})
	cm := &commandModel{model: model}
	type key struct{ text, masked string } // (not concatenated: a view can be megabytes)
	seen := map[key]bool{}
	add := func(v commandView) {
		k := key{v.text, v.masked}
		if seen[k] {
			return
		}
		seen[k] = true
		cm.views = append(cm.views, v)
	}
	{
		for _, e := range model.Commands {
			add(commandView{kind: ViewCommand, text: e.Text(), masked: e.MaskedText(), why: e.DataReason})
		}
		for _, e := range model.Commands {
			if len(e.Redirs) > 0 && len(e.Argv) > 0 {
				add(commandView{kind: ViewCommand, text: e.RedirText(), masked: e.MaskedRedirText(), why: e.DataReason})
			}
		}
		for _, p := range model.Pipelines {
			add(commandView{kind: ViewPipeline, text: p.Text, masked: p.Masked, why: "data in the pipeline"})
		}
	}
	masked := cmd
	why := ""
	if len(model.Data) > 0 {
		masked = blankData(cmd, model.Data)
		why = dataReasons(model)
	}
	if strings.Contains(cmd, "\\\n") {
		add(commandView{kind: ViewJoined, text: strings.ReplaceAll(cmd, "\\\n", ""), masked: strings.ReplaceAll(masked, "\\\n", ""), why: why})
	}
	add(commandView{kind: ViewRaw, text: cmd, masked: masked, why: why})
	return cm
}

// blankData replaces each data span of s (sorted or not, possibly
// overlapping) by two single quotes.
func blankData(s string, spans []shell.Span) string {
	mark := make([]bool, len(s))
	for _, sp := range spans {
		for i := max(sp.Start, 0); i < sp.End && i < len(s); i++ {
			mark[i] = true
		}
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if !mark[i] {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteString("''")
		for i < len(s) && mark[i] {
			i++
		}
	}
	return b.String()
}

// dataReasons names the data of a line for a demotion of a raw-text match.
func dataReasons(model *shell.Model) string {
	var reasons []string
	for _, e := range model.Commands {
		if e.DataReason != "" && !containsStr(reasons, e.DataReason) {
			reasons = append(reasons, e.DataReason)
		}
		if len(reasons) == 3 {
			break
		}
	}
	if len(reasons) == 0 {
		return "text bash does not run (a comment or a here-document)"
	}
	return strings.Join(reasons, "; ")
}

func containsStr(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// testsCommand reports whether a rule tests the command field (directly,
// or through a legacy pattern on a bash rule).
func testsCommand(rule *ir.Rule) bool {
	for i := range rule.Conditions {
		if rule.Conditions[i].Field == "command" {
			return true
		}
	}
	return false
}

// matchViews evaluates a rule that tests the command field of a Bash call
// against each view: matched is true when some view matches; demoted
// holds the reason when every matching view matched only data.
func (m *matcher) matchViews(rule *ir.Rule, cm *commandModel) (matched bool, demoted string, view *commandView, exc *PyError) {
	defer func() { m.view = nil }()
	for i := range cm.views {
		v := &cm.views[i]
		m.view = &v.text
		ok, exc := m.conditionsHold(rule)
		if exc != nil {
			return false, "", nil, exc
		}
		if !ok {
			continue
		}
		if v.masked == v.text {
			return true, "", v, nil
		}
		explained := append([]ConditionMatch(nil), m.explained...)
		m.view = &v.masked
		full, exc := m.conditionsHold(rule)
		if exc != nil {
			return false, "", nil, exc
		}
		if full {
			m.explained = explained
			return true, "", v, nil
		}
		if demoted == "" {
			demoted, view = v.why, v
			m.demotedExplained = explained
		}
	}
	if demoted != "" {
		m.explained = m.demotedExplained
		return true, demoted, view, nil
	}
	return false, "", nil, nil
}

// conditionsHold evaluates every condition of a rule (all must hold).
func (m *matcher) conditionsHold(rule *ir.Rule) (bool, *PyError) {
	m.explained = m.explained[:0]
	for i := range rule.Conditions {
		ok, exc := m.conditionHolds(rule, &rule.Conditions[i])
		if exc != nil || !ok {
			return false, exc
		}
	}
	return true, nil
}

// dynamicProblems reports what the model of the call's command could only
// know at run time, when a rule the call considers tests the command: the
// fail mode decides (fail closed refuses the call).
func (m *matcher) dynamicProblems(rules []*ir.Rule, consider func(*ir.Rule) bool) {
	tested := false
	for _, r := range rules {
		if r.Permission == nil && consider(r) && testsCommand(r) {
			tested = true
			break
		}
	}
	if !tested {
		return // (and the model is not built for nothing)
	}
	cm := m.bashModel()
	if cm == nil || len(cm.model.Dynamic) == 0 {
		return
	}
	for i, d := range cm.model.Dynamic {
		if i == maxDynamicProblems {
			break
		}
		m.res.Problems = append(m.res.Problems, Problem{Kind: ProblemDynamic,
			Text: "known only at run time: " + excerptText(d.Text) + ": " + d.Reason})
	}
}

// maxDynamicProblems bounds the dynamic commands one answer lists.
const maxDynamicProblems = 5

func excerptText(s string) string {
	const most = 160
	if len(s) > most {
		cut := most
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return s[:cut] + "…"
	}
	return s
}

// ModelReport is the command model of a Bash call as the explain outputs
// (hookifyc check, the MCP server's hookify_explain) show it.
type ModelReport struct {
	// Commands are the canonical texts of the commands bash would run.
	Commands []string `json:"commands"`
	// Pipelines are the pipelines of two or more stages.
	Pipelines []string `json:"pipelines,omitempty"`
	// Data names what the model treats as data, per command.
	Data []string `json:"data,omitempty"`
	// Dynamic lists what is known only at run time.
	Dynamic []DynamicReport `json:"dynamic,omitempty"`
	// ParseError is set when the line is not valid bash.
	ParseError string `json:"parse_error,omitempty"`
}

// DynamicReport is one part of a command known only at run time.
type DynamicReport struct {
	Command string `json:"command"`
	Reason  string `json:"reason"`
}

// Report summarises the model (nil without one).
func (r *Result) Report() *ModelReport {
	if r.Model == nil {
		return nil
	}
	rep := &ModelReport{Commands: []string{}}
	for _, e := range r.Model.Commands {
		if e.OnlyData() {
			continue
		}
		rep.Commands = append(rep.Commands, e.Text())
		if e.DataReason != "" {
			rep.Data = append(rep.Data, e.Text()+": "+e.DataReason)
		}
	}
	for _, p := range r.Model.Pipelines {
		rep.Pipelines = append(rep.Pipelines, p.Text)
	}
	for _, d := range r.Model.Dynamic {
		rep.Dynamic = append(rep.Dynamic, DynamicReport{Command: d.Text, Reason: d.Reason})
	}
	if r.Model.Err != nil {
		rep.ParseError = r.Model.Err.Error()
	}
	return rep
}
