// Package genesis reads every hook of a genesis.key file (the Mentu
// format): the permission types deny, ask and allow, which package perm
// turns into rules, and the five others, evidence_capture, approval_gate,
// command, modify and genesis_enforcement, which this package reads with
// their configuration and source position ([Load]) and places on each
// agent ([Place]): compiled into the agent's own configuration where the
// agent can enforce the hook, answered by `hookifyc hook` where only a hook
// can, and reported with its location where neither can.
//
// It reads bytes and returns values; the permission patterns themselves are
// perm's.
package genesis

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
)

// Type is a genesis.key hook type.
type Type string

const (
	Deny               Type = "deny"
	Ask                Type = "ask"
	Allow              Type = "allow"
	EvidenceCapture    Type = "evidence_capture"
	ApprovalGate       Type = "approval_gate"
	Command            Type = "command"
	Modify             Type = "modify"
	GenesisEnforcement Type = "genesis_enforcement"
)

var types = []Type{Deny, Ask, Allow, EvidenceCapture, ApprovalGate, Command, Modify, GenesisEnforcement}

// Hook is one entry of a hooks.<event> list.
type Hook struct {
	Source ir.Source
	// Event is the agents' event name (PreToolUse for pre_tool_use).
	Event string
	// Matcher is the entry's matcher as written: tool names separated by |,
	// or one Tool(specifier) permission pattern; "" matches every call.
	Matcher string
	Type    Type
	// Reason is config.reason.
	Reason string
	// Kind and Ledger configure evidence_capture (config.kind, config.ledger).
	Kind, Ledger string
	// Condition is approval_gate's config.condition, which hookifyc cannot
	// evaluate.
	Condition string
	// Run and Timeout configure command (config.command, config.timeout in seconds).
	Run     string
	Timeout int
	// Modify configures modify.
	Modify *ModifySpec
	// Actor is genesis_enforcement's config.actor ("" = the caller's actor).
	Actor string
}

// ModifySpec is the configuration of a modify hook (docs/genesis.md):
//
//	config:
//	  field: command        # the tool_input field rewritten (a string)
//	  pattern: '^npm '      # a Go regular expression (RE2)
//	  replace: 'pnpm '      # its replacement ($1 for groups)
//	  append: ' --dry-run'  # or: text appended to the field
type ModifySpec struct {
	Field, Pattern, Replace, Append string
}

// Diagnostic is a problem of a genesis file, located.
type Diagnostic struct {
	Source  ir.Source
	Warning bool
	Msg     string
}

func (d Diagnostic) Error() string {
	if d.Warning {
		return d.Source.String() + ": warning: " + d.Msg
	}
	return d.Source.String() + ": " + d.Msg
}

// eventNames maps genesis.key's snake-case events to the agents' names.
var eventNames = map[string]string{
	"pre_tool_use": ir.PreToolUse, "post_tool_use": ir.PostToolUse, "stop": ir.Stop,
	"user_prompt_submit": ir.UserPromptSubmit, "subagent_stop": ir.SubagentStop,
	"permission_request": ir.PermissionRequest, "session_start": "SessionStart",
}

// Load reads the hooks of a genesis file. Entries that cannot be read are
// diagnosed and skipped; a file that is not YAML is one diagnostic.
func Load(file string, data []byte) ([]Hook, []Diagnostic) {
	l := &loader{file: file}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, []Diagnostic{{Source: ir.Source{File: file}, Msg: strings.TrimPrefix(err.Error(), "yaml: ")}}
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, nil
	}
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "hooks" {
			l.hooks(root.Content[i+1])
		}
	}
	return l.out, l.diags
}

type loader struct {
	file  string
	out   []Hook
	diags []Diagnostic
}

func (l *loader) at(n *yaml.Node) ir.Source {
	return ir.Source{File: l.file, Pos: ir.Pos{Line: n.Line, Col: n.Column}}
}

func (l *loader) errorf(n *yaml.Node, format string, args ...any) {
	l.diags = append(l.diags, Diagnostic{Source: l.at(n), Msg: fmt.Sprintf(format, args...)})
}

func (l *loader) warnf(n *yaml.Node, format string, args ...any) {
	l.diags = append(l.diags, Diagnostic{Source: l.at(n), Warning: true, Msg: fmt.Sprintf(format, args...)})
}

func (l *loader) hooks(n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		if n.Tag != "!!null" {
			l.errorf(n, "hooks must be a mapping of events")
		}
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		event, ok := eventNames[k.Value]
		if !ok {
			l.warnf(k, "hooks.%s: unknown event; ignored", k.Value)
			continue
		}
		if v.Kind != yaml.SequenceNode {
			if v.Tag != "!!null" {
				l.errorf(v, "hooks.%s must be a list", k.Value)
			}
			continue
		}
		for _, item := range v.Content {
			l.hook(event, k.Value, item)
		}
	}
}

func (l *loader) hook(event, key string, n *yaml.Node) {
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "a hooks.%s entry must be a mapping", key)
		return
	}
	h := Hook{Source: l.at(n), Event: event}
	var config *yaml.Node
	var typeNode *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch k.Value {
		case "matcher":
			h.Matcher = v.Value
		case "type":
			h.Type, typeNode = Type(v.Value), v
		case "config":
			config = v
		default:
			l.warnf(k, "unknown key %q in a hooks.%s entry ignored", k.Value, key)
		}
	}
	known := false
	for _, t := range types {
		known = known || h.Type == t
	}
	if !known {
		where := n
		if typeNode != nil {
			where = typeNode
		}
		l.errorf(where, "hooks.%s: unknown hook type %q (want one of %s); entry skipped", key, h.Type, typeList())
		return
	}
	cfg := map[string]*yaml.Node{}
	if config != nil {
		if config.Kind != yaml.MappingNode {
			l.errorf(config, "config must be a mapping; entry skipped")
			return
		}
		for i := 0; i+1 < len(config.Content); i += 2 {
			cfg[config.Content[i].Value] = config.Content[i+1]
		}
	}
	str := func(key string) string {
		if v, ok := cfg[key]; ok {
			delete(cfg, key)
			if v.Kind != yaml.ScalarNode {
				l.errorf(v, "config.%s must be a string", key)
				return ""
			}
			return v.Value
		}
		return ""
	}
	h.Reason = str("reason")
	switch h.Type {
	case EvidenceCapture:
		h.Kind, h.Ledger = str("kind"), str("ledger")
	case ApprovalGate:
		h.Condition = str("condition")
		if h.Condition != "" {
			l.warnf(cfg2node(config, "condition"), "approval_gate config.condition %q cannot be evaluated by hookifyc: the gate applies to every matching call", h.Condition)
		}
	case Command:
		h.Run = str("command")
		if t := str("timeout"); t != "" {
			n, err := strconv.Atoi(t)
			if err != nil || n <= 0 {
				l.errorf(config, "config.timeout must be a number of seconds (got %q)", t)
			}
			h.Timeout = n
		}
		if h.Run == "" {
			l.errorf(n, "a command hook needs config.command; entry skipped")
			return
		}
	case Modify:
		m := &ModifySpec{Field: str("field"), Pattern: str("pattern"), Replace: str("replace"), Append: str("append")}
		if m.Field == "" {
			m.Field = "command"
		}
		if (m.Pattern == "") == (m.Append == "") {
			l.errorf(n, "a modify hook needs config.pattern (with config.replace) or config.append; entry skipped")
			return
		}
		h.Modify = m
	case GenesisEnforcement:
		h.Actor = str("actor")
	}
	for k := range cfg {
		l.warnf(cfg2node(config, k), "unknown key config.%s of a %s hook ignored", k, h.Type)
	}
	if h.Matcher != "" {
		for _, part := range Tools(h.Matcher) {
			if _, err := perm.Parse(part); err != nil {
				l.errorf(n, "matcher %q: %v; entry skipped", h.Matcher, err)
				return
			}
		}
	}
	l.out = append(l.out, h)
}

// cfg2node is the key node of config.key, for positions.
func cfg2node(config *yaml.Node, key string) *yaml.Node {
	for i := 0; config != nil && i+1 < len(config.Content); i += 2 {
		if config.Content[i].Value == key {
			return config.Content[i]
		}
	}
	return config
}

func typeList() string {
	var s []string
	for _, t := range types {
		s = append(s, string(t))
	}
	return strings.Join(s, ", ")
}

// Tools splits a matcher into its patterns: "Write|Edit" lists tools; a
// matcher with a specifier is one pattern.
func Tools(matcher string) []string {
	if matcher == "" || matcher == "*" {
		return nil
	}
	if strings.Contains(matcher, "(") || !strings.Contains(matcher, "|") {
		return []string{matcher}
	}
	return strings.Split(matcher, "|")
}
