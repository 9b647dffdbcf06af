package genesis

import (
	"fmt"
	"regexp"
)

// Rewrite applies a modify hook's rewrite to the value of its field:
// the regular expression's matches replaced (Go regexp.ReplaceAllString,
// $1 for groups), or the text appended. changed is false when the value
// stays the same.
func (m *ModifySpec) Rewrite(value string) (out string, changed bool, err error) {
	switch {
	case m.Pattern != "":
		re, err := regexp.Compile(m.Pattern)
		if err != nil {
			return value, false, fmt.Errorf("modify pattern %q: %v", m.Pattern, err)
		}
		out = re.ReplaceAllString(value, m.Replace)
	default:
		out = value + m.Append
	}
	return out, out != value, nil
}

// Editable reports whether agent lets a PreToolUse hook rewrite field of
// tool: Claude Code any field of any tool (updatedInput replaces the whole
// input); Codex only the command string of Bash and apply_patch
// (agent-hooks.md A6).
func Editable(agent, tool, field string) bool {
	if agent == Claude {
		return true
	}
	return field == "command" && (tool == "Bash" || tool == "apply_patch")
}
