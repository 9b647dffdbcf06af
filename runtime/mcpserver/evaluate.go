package mcpserver

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

// ShellInput is hookify_evaluate_shell's and hookify_explain's input.
type ShellInput struct {
	Command string `json:"command" jsonschema:"the shell command, exactly as it would run"`
}

// FileEditInput is hookify_evaluate_file_edit's input.
type FileEditInput struct {
	FilePath string `json:"file_path" jsonschema:"the file to be written"`
	OldText  string `json:"old_text,omitempty" jsonschema:"the text an edit replaces (omit for a whole-file write)"`
	NewText  string `json:"new_text" jsonschema:"the new text (the whole content for a write)"`
}

// PromptInput is hookify_evaluate_prompt's input.
type PromptInput struct {
	UserPrompt string `json:"user_prompt" jsonschema:"the user's prompt"`
}

// StopInput is hookify_evaluate_stop's input.
type StopInput struct {
	Transcript string `json:"transcript,omitempty" jsonschema:"the session transcript so far (JSONL or text)"`
}

// Decision is the runtime decision JSON of check --json: what the rules
// say about one event.
type Decision struct {
	Decision     string   `json:"decision" jsonschema:"allow, warn or block"`
	Messages     []string `json:"messages" jsonschema:"the messages of the rules that decided (block rules only when one blocks)"`
	MatchedRules []string `json:"matched_rules" jsonschema:"names of the matching rules, blocking ones first"`
	Problems     []string `json:"problems,omitempty" jsonschema:"rule files or rules that could not be used"`
	// Execpolicy is set for shell commands.
	Execpolicy *ExecpolicyDecision `json:"execpolicy,omitempty" jsonschema:"what the compiled Codex .rules decide for the command"`
}

// ExecpolicyDecision is what the rules compiled to Codex .rules (as
// `hookifyc compile` lowers them) decide for a shell command.
type ExecpolicyDecision struct {
	Decision     string      `json:"decision" jsonschema:"allow, prompt, forbidden, or none when no prefix rule matches (the hook still applies the rest)"`
	Commands     [][]string  `json:"commands" jsonschema:"the argvs checked: each simple command of the script, or the whole bash -lc argv"`
	MatchedRules []ExecMatch `json:"matched_rules"`
	Note         string      `json:"note,omitempty"`
}

// ExecMatch is one matching prefix rule.
type ExecMatch struct {
	Prefix        []string `json:"prefix" jsonschema:"the part of the argv the rule matched"`
	Decision      string   `json:"decision"`
	Justification string   `json:"justification,omitempty"`
}

// Explanation is hookify_explain's answer.
type Explanation struct {
	Decision   string              `json:"decision" jsonschema:"allow, warn or block"`
	Rules      []ExplainedRule     `json:"rules" jsonschema:"every matching rule, in evaluation order"`
	Model      *engine.ModelReport `json:"command_model,omitempty" jsonschema:"what bash would run: the executed commands, pipelines, data and parts known only at run time"`
	Problems   []string            `json:"problems,omitempty"`
	Execpolicy *ExecpolicyDecision `json:"execpolicy,omitempty"`
}

// ExplainedRule says why one rule matched.
type ExplainedRule struct {
	Name       string               `json:"name"`
	Action     string               `json:"action" jsonschema:"block or warn"`
	File       string               `json:"file"`
	Message    string               `json:"message"`
	Conditions []ExplainedCondition `json:"conditions" jsonschema:"every condition, all of which held"`
	Note       string               `json:"note,omitempty"`
	View       string               `json:"view,omitempty" jsonschema:"which view of the command matched: executed command, pipeline, joined line or raw text"`
	Demoted    string               `json:"demoted,omitempty" jsonschema:"why a block rule only warned: it matched only data bash does not run"`
}

// ExplainedCondition is one condition that held, and on what.
type ExplainedCondition struct {
	Field     string `json:"field"`
	Operator  string `json:"operator"`
	Pattern   string `json:"pattern"`
	Line      int    `json:"line,omitempty" jsonschema:"the condition's line in the rule file"`
	ReadField string `json:"read_field" jsonschema:"the field of the event read (differs for legacy pattern: rules)"`
	Value     string `json:"value" jsonschema:"the value it matched (shortened past 200 bytes)"`
	Why       string `json:"why"`
}

// evaluation is one evaluation's result with what the answers need.
type evaluation struct {
	res      engine.Result
	problems []string
	sn       *snapshot
	// failClosed: the rules could not be evaluated and the server fails closed.
	failClosed bool
}

// evaluate runs the rules on one synthetic event and logs the decision.
func (s *Server) evaluate(tool, event, text, filePath, oldText string) *evaluation {
	start := time.Now()
	sn := s.snapshot()
	var problems []string
	costly := false
	for _, p := range sn.d.Problems {
		if p.Kind == "collision" {
			continue
		}
		problems = append(problems, p.Error())
		costly = costly || p.Costly()
	}
	ev, _ := engine.SyntheticEvent(event, text, filePath)
	input := ev.Input.(*pyval.Dict)
	input.Set("cwd", pyval.Str(s.opts.Project))
	if event == ir.EventFile && oldText != "" {
		// An edit: what Claude Code's Edit sends.
		input.Set("tool_name", pyval.Str("Edit"))
		ti := pyval.NewDict()
		ti.Set("file_path", pyval.Str(filePath))
		ti.Set("old_string", pyval.Str(oldText))
		ti.Set("new_string", pyval.Str(text))
		input.Set("tool_input", ti)
	}
	var eng *engine.Engine
	if event == ir.EventStop {
		eng = engine.New(engine.Options{Semantics: s.opts.Semantics, Explain: true, Home: s.opts.Env.Home,
			ReadFile:              func(string) ([]byte, error) { return []byte(text), nil },
			UntrustedPatternBytes: engine.DefaultUntrustedPatternBytes, TrustedRules: sn.trusted})
	} else {
		eng = sn.engines.Get()
		defer sn.engines.Put(eng)
	}
	out := &evaluation{res: eng.Evaluate(sn.rules, ev), sn: sn}
	for _, p := range out.res.Problems {
		where := p.Where()
		if where != "" {
			where += ": "
		}
		problems = append(problems, where+p.Text)
		costly = costly || p.Kind != engine.ProblemRegexTimeout
	}
	if out.res.Exception != nil {
		problems = append(problems, "error: "+out.res.Exception.Msg)
		costly = true
	}
	out.problems = problems
	decision := out.decision()
	if s.opts.FailClosed && costly && decision != engine.DecisionBlock {
		out.failClosed = true
	}
	s.log(tool, event, text, filePath, out, start)
	return out
}

// decision is the decision the answer gives.
func (e *evaluation) decision() engine.Decision {
	if e.failClosed {
		return engine.DecisionBlock
	}
	return e.res.Decision()
}

// answer is the decision JSON of e.
func (e *evaluation) answer() *Decision {
	d := &Decision{Decision: string(e.decision()), Messages: []string{}, MatchedRules: []string{}, Problems: e.problems}
	for _, r := range e.res.Rules() {
		d.Messages = append(d.Messages, r.Message)
	}
	for _, r := range append(append([]*ir.Rule{}, e.res.Blocking...), e.res.Warning...) {
		d.MatchedRules = append(d.MatchedRules, r.Name)
	}
	if e.failClosed {
		d.Messages = append(d.Messages, "hookifyc: the rules could not be evaluated and the server fails closed: "+joinProblems(e.problems))
	}
	return d
}

// log appends the evaluation to the audit log.
func (s *Server) log(tool, event, text, filePath string, e *evaluation, start time.Time) {
	if s.opts.Audit == nil {
		return
	}
	subject := text
	if filePath != "" {
		subject = filePath
	}
	fail := "open"
	if s.opts.FailClosed {
		fail = "closed"
	}
	var rules []audit.Rule
	for _, r := range append(append([]*ir.Rule{}, e.res.Blocking...), e.res.Warning...) {
		src := r.Source.File
		if r.Source.Pos.IsValid() {
			src += ":" + strconv.Itoa(r.Source.Pos.Line)
		}
		rules = append(rules, audit.Rule{Name: r.Name, Action: string(r.Action), Source: src})
	}
	entry := &audit.Entry{
		Time:      start.UTC(),
		Version:   s.opts.Version,
		Command:   "mcp",
		Agent:     "mcp",
		Event:     event,
		Tool:      tool,
		Cwd:       s.opts.Project,
		Summary:   audit.Summarize(subject),
		Decision:  string(e.decision()),
		Rules:     rules,
		Semantics: s.opts.Semantics.String(),
		Fail:      fail,
		Problems:  len(e.problems),
		LatencyMS: float64(time.Since(start).Microseconds()) / 1e3,
	}
	if err := s.opts.Audit.Append(entry); err != nil {
		fmt.Fprintf(s.opts.Stderr, "hookifyc mcp: %v (decision not logged; it stands)\n", err)
	}
}

func (s *Server) evaluateShell(ctx context.Context, req *mcp.CallToolRequest, in ShellInput) (*mcp.CallToolResult, *Decision, error) {
	e := s.evaluate("hookify_evaluate_shell", ir.EventBash, in.Command, "", "")
	d := e.answer()
	d.Execpolicy = s.execpolicyDecision(e.sn, in.Command)
	return nil, d, nil
}

func (s *Server) evaluateFileEdit(ctx context.Context, req *mcp.CallToolRequest, in FileEditInput) (*mcp.CallToolResult, *Decision, error) {
	if in.FilePath == "" {
		return nil, nil, fmt.Errorf("file_path is empty: name the file to be written")
	}
	return nil, s.evaluate("hookify_evaluate_file_edit", ir.EventFile, in.NewText, in.FilePath, in.OldText).answer(), nil
}

func (s *Server) evaluatePrompt(ctx context.Context, req *mcp.CallToolRequest, in PromptInput) (*mcp.CallToolResult, *Decision, error) {
	return nil, s.evaluate("hookify_evaluate_prompt", ir.EventPrompt, in.UserPrompt, "", "").answer(), nil
}

func (s *Server) evaluateStop(ctx context.Context, req *mcp.CallToolRequest, in StopInput) (*mcp.CallToolResult, *Decision, error) {
	return nil, s.evaluate("hookify_evaluate_stop", ir.EventStop, in.Transcript, "", "").answer(), nil
}

func (s *Server) explain(ctx context.Context, req *mcp.CallToolRequest, in ShellInput) (*mcp.CallToolResult, *Explanation, error) {
	e := s.evaluate("hookify_explain", ir.EventBash, in.Command, "", "")
	out := &Explanation{Decision: string(e.decision()), Rules: []ExplainedRule{}, Problems: e.problems}
	for _, ex := range e.res.Explanations {
		r := ex.Rule
		er := ExplainedRule{Name: r.Name, Action: "warn", File: r.Source.File, Message: r.Message, Conditions: []ExplainedCondition{}}
		if r.Blocks() {
			er.Action = "block"
		}
		if r.Origin != ir.OriginHookify {
			er.File = r.Source.String()
		}
		for _, c := range ex.Conditions {
			ec := ExplainedCondition{
				Field: c.Condition.Field, Operator: c.Condition.Operator, Pattern: c.Condition.Pattern,
				ReadField: c.Field, Value: excerpt(c.Value), Why: why(c),
			}
			if c.Condition.Pos.IsValid() && r.Origin == ir.OriginHookify {
				ec.Line = c.Condition.Pos.Line
			}
			er.Conditions = append(er.Conditions, ec)
		}
		if e.res.StopLoopGuard && r.Blocks() {
			er.Note = "reported as a warning: stop_hook_active is true"
		}
		er.View = string(ex.View)
		if r.Blocks() {
			er.Demoted = ex.Demoted
		}
		out.Rules = append(out.Rules, er)
	}
	out.Model = e.res.Report()
	if len(e.res.Blocking) > 0 && len(e.res.Warning) > 0 {
		out.Problems = append(out.Problems[:len(out.Problems):len(out.Problems)], "warnings are not shown to the agent when a rule blocks")
	}
	out.Execpolicy = s.execpolicyDecision(e.sn, in.Command)
	return nil, out, nil
}

// why says in words why a condition held.
func why(c engine.ConditionMatch) string {
	v := strconv.Quote(excerpt(c.Value))
	p := strconv.Quote(c.Condition.Pattern)
	switch c.Condition.Operator {
	case ir.OpRegexMatch:
		return fmt.Sprintf("the regex %s (Python re, case-insensitive, searched anywhere) matches %s = %s", p, c.Field, v)
	case ir.OpContains:
		return fmt.Sprintf("%s = %s contains %s", c.Field, v, p)
	case ir.OpNotContains:
		return fmt.Sprintf("%s = %s does not contain %s", c.Field, v, p)
	case ir.OpEquals:
		return fmt.Sprintf("%s equals %s", c.Field, p)
	case ir.OpStartsWith:
		return fmt.Sprintf("%s = %s starts with %s", c.Field, v, p)
	case ir.OpEndsWith:
		return fmt.Sprintf("%s = %s ends with %s", c.Field, v, p)
	}
	return fmt.Sprintf("%s %s %s held on %s = %s", c.Condition.Field, c.Condition.Operator, p, c.Field, v)
}

// execpolicyDecision checks command against the snapshot's compiled
// rules as Codex checks a `bash -lc` script: each simple command of a
// script of plain words, the strictest decision winning; any other script
// as the whole argv.
func (s *Server) execpolicyDecision(sn *snapshot, command string) *ExecpolicyDecision {
	out := &ExecpolicyDecision{Decision: "none", Commands: [][]string{}, MatchedRules: []ExecMatch{}}
	policy, err := sn.compiled()
	if err != nil {
		out.Note = "the rules could not be compiled: " + err.Error()
		return out
	}
	cmds, err := shell.Parse(command)
	plain := err == nil && len(cmds) > 0
	for _, c := range cmds {
		if len(c.Words) == 0 || len(c.Redirs) > 0 || len(c.Assigns) > 0 || c.Context&^shell.InPipeline != 0 {
			plain = false
		}
		for _, w := range c.Words {
			plain = plain && w.Literal
		}
	}
	if plain {
		for _, c := range cmds {
			argv := make([]string, len(c.Words))
			for i, w := range c.Words {
				argv[i] = w.Value
			}
			out.Commands = append(out.Commands, argv)
		}
	} else {
		out.Commands = append(out.Commands, []string{"bash", "-lc", command})
		out.Note = "not a script of plain commands: checked as one bash -lc argv, as Codex does"
	}
	var strictest execpolicy.Decision
	for _, argv := range out.Commands {
		ev := policy.Check(argv, false)
		for _, m := range ev.Matches {
			out.MatchedRules = append(out.MatchedRules, ExecMatch{Prefix: append([]string{}, m.MatchedPrefix...), Decision: m.Rule.Decision.String(), Justification: m.Rule.Justification})
		}
		if ev.Decision > strictest {
			strictest = ev.Decision
		}
	}
	if strictest != 0 {
		out.Decision = strictest.String()
	}
	if len(command) > 4096 && plain {
		// Keep the answer small: the argvs of a huge command are in it already.
		for i, argv := range out.Commands {
			for j, a := range argv {
				out.Commands[i][j] = excerpt(a)
			}
		}
	}
	if !plain && len(command) > 4096 {
		out.Commands[0][2] = excerpt(command)
	}
	return out
}
