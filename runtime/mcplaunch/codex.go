package mcplaunch

import (
	"strings"

	"github.com/hookifyc/hookifyc/compiler/codexhooks"
)

// CodexConfig is the [mcp_servers.hookify] block of Codex's config.toml
// that runs `<hookifyc> mcp` as the "hookify" MCP server.
func CodexConfig(hookifyc string) string {
	return "[mcp_servers.hookify]\n" +
		"command = " + tomlString(hookifyc) + "\n" +
		"args = [\"mcp\"]\n"
}

// AgentsSection is the AGENTS.md section of `hookifyc codex instructions`.
func AgentsSection() string {
	return "## Guardrails (hookify)\n\n" + Instructions + "\n"
}

// tomlString is s as a TOML basic string (codexhooks.QuoteTOML, which
// escapes control and deceptive characters); bytes that are not UTF-8,
// which TOML cannot hold, become U+FFFD (`hookifyc codex config` refuses
// such a path first).
func tomlString(s string) string {
	q, _ := codexhooks.QuoteTOML(strings.ToValidUTF8(s, "\uFFFD"))
	return q
}
