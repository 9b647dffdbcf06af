package deploy

import "fmt"

// ClaudeSettings is the Claude Code settings file, relative to .claude.
const ClaudeSettings = "settings.json"

// PlanClaude plans the Claude Code hooks.
func PlanClaude(o Options) (*Plan, error) {
	return nil, fmt.Errorf("the claude target is not implemented yet")
}
