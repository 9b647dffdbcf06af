package genesis

import (
	"fmt"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// Agents a hook is placed on.
const (
	Claude = "claude"
	Codex  = "codex"
)

// Where a hook is enforced on an agent.
type Where string

const (
	// InConfig: compiled into the agent's own configuration (a settings or
	// hooks.json entry, a permissions.ask pattern).
	InConfig Where = "config"
	// InRules: a Codex .rules rule written by `hookifyc compile`, where the
	// pattern is prefix-expressible (report.json gives the verdict).
	InRules Where = "rules"
	// InHook: answered by `hookifyc hook` (permission types, actor permissions).
	InHook Where = "hook"
	// Nowhere: the agent cannot enforce it; Why says why.
	Nowhere Where = "none"
)

// Placement is where one hook is enforced on one agent.
type Placement struct {
	Hook  *Hook
	Agent string
	Where Where
	// Why explains the placement: what is emitted, what is lost.
	Why string
}

// codexEvents are the events Codex 0.169.0 fires hooks for (agent-hooks.md A4).
var codexEvents = map[string]bool{
	ir.PreToolUse: true, ir.PostToolUse: true, ir.Stop: true, ir.UserPromptSubmit: true,
	ir.PermissionRequest: true, ir.SubagentStop: true, "SessionStart": true,
}

// toolEvents are the events whose matcher filters on a tool name.
var toolEvents = map[string]bool{ir.PreToolUse: true, ir.PostToolUse: true, ir.PermissionRequest: true}

// Place says where each hook is enforced on agent.
func Place(hooks []Hook, agent string) []Placement {
	var out []Placement
	for i := range hooks {
		out = append(out, place(&hooks[i], agent))
	}
	return out
}

func place(h *Hook, agent string) Placement {
	p := Placement{Hook: h, Agent: agent}
	set := func(w Where, format string, args ...any) Placement {
		p.Where, p.Why = w, fmt.Sprintf(format, args...)
		return p
	}
	if agent == Codex && !codexEvents[h.Event] {
		return set(Nowhere, "Codex 0.169.0 has no %s event", h.Event)
	}
	switch h.Type {
	case Deny, Ask, Allow:
		if h.Event != ir.PreToolUse {
			return set(Nowhere, "permission types apply to pre_tool_use only")
		}
		if agent == Codex && h.Type != Deny {
			return set(InRules, "a .rules %s rule where prefix-expressible; the hook warns otherwise (Codex hooks cannot ask or allow)", map[Type]string{Ask: "prompt", Allow: "allow"}[h.Type])
		}
		return set(InHook, "a permission rule: hookifyc hook decides, hookifyc compile lowers it to .rules where it can")
	case ApprovalGate:
		if h.Event != ir.PreToolUse {
			return set(Nowhere, "an approval gate needs a tool call to hold: on %s the agent cannot ask a human", h.Event)
		}
		if h.Matcher == "" {
			return set(Nowhere, "an approval gate without a matcher would ask for every call; give it a matcher")
		}
		if agent == Claude {
			return set(InConfig, "permissions.ask: %s (Claude Code asks)", strings.Join(Tools(h.Matcher), ", "))
		}
		for _, t := range Tools(h.Matcher) {
			if !strings.HasPrefix(t, "Bash(") {
				return set(Nowhere, "%s: Codex hooks cannot ask, and .rules hold shell commands only", t)
			}
		}
		return set(InRules, "a .rules prompt rule where the pattern is prefix-expressible (report.json); otherwise not enforceable: Codex hooks cannot ask")
	case Command:
		m, lost := Matcher(h, agent)
		why := fmt.Sprintf("a %s hook runs %q", h.Event, h.Run)
		if m != "" {
			why += " for " + m
		}
		if lost != "" {
			why += "; " + lost
		}
		return set(InConfig, "%s", why)
	case EvidenceCapture:
		m, lost := Matcher(h, agent)
		why := "a PostToolUse hook runs hookifyc evidence"
		if h.Event != ir.PostToolUse {
			why = "a " + h.Event + " hook runs hookifyc evidence"
		}
		if m != "" {
			why += " for " + m
		}
		dest := "the audit log"
		if h.Ledger != "" {
			dest = h.Ledger
		}
		why += ", writing a ledger entry to " + dest
		if lost != "" {
			why += "; " + lost
		}
		return set(InConfig, "%s", why)
	case Modify:
		if h.Event != ir.PreToolUse {
			return set(Nowhere, "only a PreToolUse hook can rewrite a tool's input (updatedInput); this one is on %s", h.Event)
		}
		m, lost := Matcher(h, agent)
		if agent == Codex {
			tools := strings.Split(m, "|")
			if m == "" {
				tools = []string{"Bash", "apply_patch"}
			}
			for _, t := range tools {
				if !Editable(Codex, t, h.Modify.Field) {
					return set(Nowhere, "Codex lets a hook rewrite only the command of Bash and apply_patch (not %s of %s)", h.Modify.Field, t)
				}
			}
		}
		why := fmt.Sprintf("a PreToolUse hook runs hookifyc modify, answering updatedInput with %s rewritten", h.Modify.Field)
		if m != "" {
			why += " for " + m
		}
		if lost != "" && agent == Codex {
			why += "; hookifyc modify checks the specifier the matcher cannot"
		}
		return set(InConfig, "%s", why)
	case GenesisEnforcement:
		actor := h.Actor
		if actor == "" {
			actor = "--actor ($HOOKIFYC_ACTOR), else the agent_type of a subagent's calls"
		}
		return set(InHook, "hookifyc hook, with this file among its SOURCES, applies permissions.actors for %s", actor)
	}
	return set(Nowhere, "unknown type %q", h.Type)
}

// Matcher translates a hook's matcher to agent's matcher syntax. lost says
// what the agent's matcher cannot express (a Tool(specifier) keeps only its
// tool; Claude Code's `if` field keeps the rest, Codex has none).
func Matcher(h *Hook, agent string) (matcher, lost string) {
	if !toolEvents[h.Event] {
		if h.Matcher != "" {
			return "", fmt.Sprintf("%s matchers are ignored on %s", h.Event, agent)
		}
		return "", ""
	}
	var names, specs []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, t := range Tools(h.Matcher) {
		tool, spec, hasSpec := strings.Cut(t, "(")
		if hasSpec {
			specs = append(specs, t)
		}
		add(tool)
		if agent == Codex {
			switch tool {
			case "Edit", "Write", "MultiEdit":
				// Codex edits files with apply_patch (agent-hooks.md A5).
				add("apply_patch")
			}
		}
		_ = spec
	}
	matcher = strings.Join(names, "|")
	if len(specs) > 0 {
		if agent == Claude {
			lost = "the specifier goes into the handler's if field"
		} else {
			lost = fmt.Sprintf("Codex matchers name tools only: %s runs for every %s call", strings.Join(specs, ", "), matcher)
		}
	}
	return matcher, lost
}
