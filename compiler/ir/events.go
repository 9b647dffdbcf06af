package ir

// Hook event names, as Claude Code and Codex spell them in hook_event_name
// and in their hook settings.
const (
	PreToolUse        = "PreToolUse"
	PostToolUse       = "PostToolUse"
	UserPromptSubmit  = "UserPromptSubmit"
	Stop              = "Stop"
	SubagentStop      = "SubagentStop"
	PermissionRequest = "PermissionRequest"
)
