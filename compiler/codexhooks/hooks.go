package codexhooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// Matchers of the PreToolUse groups. Codex reads a matcher made only of
// [A-Za-z0-9_|] as exact tool names; its file edits are apply_patch,
// which the Edit and Write matchers also match.
const (
	MatchBash  = "Bash"
	MatchFiles = "Edit|Write|apply_patch"
)

// DefaultTimeout is the hook timeout, in seconds.
const DefaultTimeout = 10

// Group is one hook registration: an event and, for PreToolUse, a tool
// matcher ("" matches every tool; Codex ignores matchers of the other
// events).
type Group struct {
	Event   string
	Matcher string
}

// Plan is the set of hook registrations a compilation needs, in a stable
// order: PreToolUse (Bash, file tools, other tools, or one group for all
// tools), UserPromptSubmit, Stop.
type Plan struct {
	Groups []Group
}

// Options configure the hook command.
type Options struct {
	// Hookifyc is the absolute path of the hookifyc binary the hooks run.
	Hookifyc string
	// HookBinary is the absolute path of hookifyc-hook, the hook-only
	// binary (cmd/hookifyc-hook); when set the hooks run it, which starts
	// faster, instead of `hookifyc hook`.
	HookBinary string
	// Timeout in seconds; 0 means DefaultTimeout.
	Timeout int
	// Actor is passed to the hook (--actor) so actor-scoped genesis rules
	// apply only to that actor, as in the compilation.
	Actor string
	// Sources are the absolute paths of the rule sources the hook reads
	// (those that were compiled); none means its layered discovery.
	Sources []string
}

// PlanFor decides which calls must reach the runtime hook: those of every
// rule whose verdict is not exact and that takes part in the compilation.
// Permission rules are routed only for their ask and deny decisions (a
// hook cannot grant what Codex would not).
func PlanFor(ls []lower.Lowered) Plan {
	var need needs
	for _, l := range ls {
		if l.Verdict == lower.VerdictExact || l.Inactive || l.Rule == nil {
			continue
		}
		r := l.Rule
		if r.Origin == ir.OriginPermission {
			if r.Action != ir.ActionAllow {
				need.tools(r.ToolMatcher, permTool)
			}
			continue
		}
		if !r.Enabled {
			continue
		}
		switch r.Event {
		case ir.EventBash:
			if r.ToolMatcher.Matches("Bash") {
				need.tool(MatchBash)
			}
		case ir.EventFile:
			need.tool(MatchFiles)
		case ir.EventPrompt:
			need.prompt = true
		case ir.EventStop:
			need.stop = true
		case ir.EventAll:
			need.tools(r.ToolMatcher, hookifyTool)
			need.prompt, need.stop = true, true
		}
	}
	return need.plan()
}

type needs struct {
	allTools     bool
	names        map[string]bool // ir.PreToolUse matchers (Bash, file group, other names)
	prompt, stop bool
}

func (n *needs) tool(m string) {
	if n.names == nil {
		n.names = make(map[string]bool)
	}
	n.names[m] = true
}

// tools adds the tools a rule's tool_matcher lets through, mapped by f to
// Codex matchers: f returns ok=false when it cannot name the tool exactly
// (then every tool is routed) and "" for a tool Codex does not have.
func (n *needs) tools(tm ir.ToolMatcher, f func(string) (string, bool)) {
	if !tm.Set || tm.Any || tm.TypeError != "" {
		n.allTools = true
		return
	}
	for _, name := range tm.Names {
		m, ok := f(name)
		if !ok {
			n.allTools = true
			return
		}
		if m != "" {
			n.tool(m)
		}
	}
}

// hookifyTool maps a hookify tool_matcher name to a Codex matcher.
func hookifyTool(name string) (string, bool) {
	switch name {
	case "Edit", "Write", "MultiEdit":
		return MatchFiles, true
	}
	return name, plainName(name)
}

// permTool maps a Claude Code tool a permission pattern consults to a
// Codex matcher: Codex has Bash, apply_patch (file edits) and MCP tools;
// it reads and fetches through the shell, which the Bash group covers.
func permTool(name string) (string, bool) {
	switch name {
	case "Bash":
		return MatchBash, true
	case "Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch":
		return MatchFiles, true
	}
	if strings.HasPrefix(name, "mcp__") {
		return name, plainName(name)
	}
	return "", true
}

// plainName reports whether Codex reads a matcher as an exact tool name.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r != '_' && (r > unicode.MaxASCII || !unicode.IsLetter(r) && !unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

func (n *needs) plan() Plan {
	var p Plan
	switch {
	case n.allTools:
		p.Groups = append(p.Groups, Group{Event: ir.PreToolUse})
	case len(n.names) > 0:
		rank := func(m string) int {
			switch m {
			case MatchBash:
				return 0
			case MatchFiles:
				return 1
			}
			return 2
		}
		ms := make([]string, 0, len(n.names))
		for m := range n.names {
			ms = append(ms, m)
		}
		sort.Slice(ms, func(i, j int) bool {
			if ri, rj := rank(ms[i]), rank(ms[j]); ri != rj {
				return ri < rj
			}
			return ms[i] < ms[j]
		})
		for _, m := range ms {
			p.Groups = append(p.Groups, Group{Event: ir.PreToolUse, Matcher: m})
		}
	}
	if n.prompt {
		p.Groups = append(p.Groups, Group{Event: ir.UserPromptSubmit})
	}
	if n.stop {
		p.Groups = append(p.Groups, Group{Event: ir.Stop})
	}
	return p
}

// Command is the hook command line: the quoted hookifyc path and
// "hook --agent codex", or the quoted hookifyc-hook path and "--agent
// codex".
func (o Options) Command() (string, error) {
	cmd, err := Program(o.Hookifyc, o.HookBinary)
	if err != nil {
		return "", err
	}
	cmd += " --agent codex"
	if o.Actor != "" {
		for _, r := range o.Actor {
			if unicode.IsControl(r) || r == unicode.ReplacementChar {
				return "", fmt.Errorf("the actor %q holds a control character or invalid UTF-8", o.Actor)
			}
		}
		cmd += " --actor " + shell.Quote(o.Actor)
	}
	for _, src := range o.Sources {
		if err := checkPath("rule source", src); err != nil {
			return "", err
		}
		cmd += " " + shell.Quote(src)
	}
	return cmd, nil
}

// Program is the start of a hook command, before its flags: the quoted
// hookBinary (hookifyc-hook) when there is one, else the quoted hookifyc
// and "hook". Both paths must be absolute, without control characters.
func Program(hookifyc, hookBinary string) (string, error) {
	if hookBinary != "" {
		if err := checkPath("hookifyc-hook", hookBinary); err != nil {
			return "", err
		}
		return shell.Quote(hookBinary), nil
	}
	if err := checkPath("hookifyc", hookifyc); err != nil {
		return "", err
	}
	return shell.Quote(hookifyc) + " hook", nil
}

// checkPath accepts an absolute path without control characters or
// invalid UTF-8, the only paths written into a hook command.
func checkPath(what, p string) error {
	if p == "" || !filepath.IsAbs(p) {
		return fmt.Errorf("the %s path must be absolute (got %q)", what, p)
	}
	for _, r := range p {
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return fmt.Errorf("the %s path %q holds a control character or invalid UTF-8", what, p)
		}
	}
	return nil
}

func (o Options) timeout() int {
	if o.Timeout <= 0 {
		return DefaultTimeout
	}
	return o.Timeout
}

// events returns the plan's events in order, each with its groups.
func (p Plan) events() (order []string, groups map[string][]Group) {
	groups = make(map[string][]Group)
	for _, g := range p.Groups {
		if len(groups[g.Event]) == 0 {
			order = append(order, g.Event)
		}
		groups[g.Event] = append(groups[g.Event], g)
	}
	return order, groups
}

type jsonHandler struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Timeout int    `json:"timeout"`
}

type jsonGroup struct {
	Matcher string        `json:"matcher,omitempty"`
	Hooks   []jsonHandler `json:"hooks"`
}

// JSON renders the plan as a hooks.json document ({"hooks": {...}}), with
// a final newline. Deceptive characters (internal/textsafe) are escaped.
func (p Plan) JSON(opts Options) ([]byte, error) {
	cmd, err := opts.Command()
	if err != nil {
		return nil, err
	}
	order, groups := p.events()
	var b bytes.Buffer
	b.WriteString("{\n  \"hooks\": {")
	for i, ev := range order {
		if i > 0 {
			b.WriteByte(',')
		}
		var gs []jsonGroup
		for _, g := range groups[ev] {
			gs = append(gs, jsonGroup{Matcher: g.Matcher, Hooks: []jsonHandler{{Type: "command", Command: cmd, Timeout: opts.timeout()}}})
		}
		val, err := json.MarshalIndent(gs, "    ", "  ")
		if err != nil {
			return nil, err
		}
		key, _ := json.Marshal(ev)
		b.WriteString("\n    ")
		b.Write(key)
		b.WriteString(": ")
		b.Write(val)
	}
	if len(order) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("}\n}\n")
	return textsafe.EscapeJSON(b.Bytes()), nil
}

// TOML renders the plan as config.toml [hooks] tables, equivalent to JSON.
// header becomes a leading comment.
func (p Plan) TOML(opts Options, header string) ([]byte, error) {
	cmd, err := opts.Command()
	if err != nil {
		return nil, err
	}
	qcmd, err := QuoteTOML(cmd)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	writeComment(&b, header)
	if len(p.Groups) == 0 {
		b.WriteString("[hooks]\n")
		return []byte(b.String()), nil
	}
	for i, g := range p.Groups {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "[[hooks.%s]]\n", g.Event)
		if g.Matcher != "" {
			m, err := QuoteTOML(g.Matcher)
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(&b, "matcher = %s\n", m)
		}
		fmt.Fprintf(&b, "\n[[hooks.%s.hooks]]\n", g.Event)
		b.WriteString("type = \"command\"\n")
		fmt.Fprintf(&b, "command = %s\n", qcmd)
		b.WriteString("timeout = " + strconv.Itoa(opts.timeout()) + "\n")
	}
	return []byte(b.String()), nil
}
