// Package mcplaunch is what starts the hookify MCP server and registers
// it, without the MCP SDK: the options `hookifyc mcp` hands to the
// hookifyc-mcp binary ([Launch]), the [mcp_servers.hookify] block of
// Codex's config.toml ([CodexConfig]) and the instructions for the model
// ([Instructions], [AgentsSection]).
//
// The server itself (runtime/mcpserver) lives in its own binary,
// cmd/hookifyc-mcp: the SDK brings net/http, TLS and JSON Schema, which
// doubled the size of hookifyc and cost every `hookifyc hook` process
// about 1.5 ms of start-up (measured with BenchmarkHookProcessAB). `hookifyc
// mcp` parses its flags, resolves the machine's directories as every
// command does, and runs hookifyc-mcp with the result.
package mcplaunch

import (
	"encoding/json"
	"fmt"
)

// The layers the server may write: the project's .codex/hookify and the
// user's ~/.codex/hookify. The managed layer is never one of them.
const (
	LayerProject = "project"
	LayerUser    = "user"
)

// ToolNames are the tools the server offers, in the order listed.
var ToolNames = []string{
	"hookify_evaluate_shell", "hookify_evaluate_file_edit", "hookify_evaluate_prompt", "hookify_evaluate_stop",
	"hookify_explain", "hookify_list_rules", "hookify_create_rule", "hookify_set_rule_enabled",
	"hookify_delete_rule", "hookify_health", "hookify_get_config", "hookify_emit_execpolicy",
}

// Binary is the name of the server's binary, found beside hookifyc.
const Binary = "hookifyc-mcp"

// Flag is the one argument hookifyc-mcp takes, followed by the JSON of a
// Launch.
const Flag = "--launch"

// Launch is everything the server needs, resolved by `hookifyc mcp`.
// Secrets are never in it: the bearer token is read by the server from
// the variable TokenEnv names.
type Launch struct {
	// Discovery (sources.Env).
	Dir        string `json:"dir"`
	ManagedDir string `json:"managed_dir"`
	Home       string `json:"home"`
	RuleDir    string `json:"rule_dir"`

	Project     string   `json:"project"`
	WriteLayers []string `json:"write_layers"`
	Compat      bool     `json:"compat"`
	FailClosed  bool     `json:"fail_closed"`
	OutBase     string   `json:"out_base"`

	// AuditLog is the log's path ("" for none), with its rotation.
	AuditLog      string `json:"audit_log"`
	AuditMaxBytes int64  `json:"audit_max_bytes"`
	AuditFiles    int    `json:"audit_files"`

	Version string `json:"version"`

	// HTTP is the address to serve streamable HTTP on ("" for stdio).
	HTTP     string `json:"http"`
	TokenEnv string `json:"token_env"`
}

// Args are hookifyc-mcp's arguments for l.
func (l *Launch) Args() ([]string, error) {
	data, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	return []string{Flag, string(data)}, nil
}

// Parse reads hookifyc-mcp's arguments.
func Parse(args []string) (*Launch, error) {
	if len(args) != 2 || args[0] != Flag {
		return nil, fmt.Errorf("%s is started by `hookifyc mcp` (usage: %s %s JSON)", Binary, Binary, Flag)
	}
	l := &Launch{}
	if err := json.Unmarshal([]byte(args[1]), l); err != nil {
		return nil, fmt.Errorf("%s: %v", Flag, err)
	}
	return l, nil
}

// Instructions is what the server tells the model when it connects, and
// the AGENTS.md section of `hookifyc codex instructions`.
const Instructions = `This workspace is guarded by hookify rules, served by the "hookify" MCP server.
- Before you run a shell command that changes anything (writes, deletes, installs, pushes, deploys),
  call hookify_evaluate_shell with the exact command. Before editing a file, you may call
  hookify_evaluate_file_edit.
- If the decision is "block", do not run the command, and do not try a variant that avoids the rule:
  tell the user the rule's message and ask how to proceed.
- If the decision is "warn", show the user the warning messages, then proceed only if it is still right.
- Manage rules (hookify_create_rule, hookify_set_rule_enabled, hookify_delete_rule) only when the user
  asks you to; never disable or delete a rule to get a command through.`
