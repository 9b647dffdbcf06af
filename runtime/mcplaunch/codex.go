package mcplaunch

import (
	"fmt"
	"strings"

	"github.com/hookifyc/hookifyc/internal/textsafe"
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

// tomlString is s as a TOML basic string, with control and deceptive
// characters (bidi controls, zero-width characters) escaped.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x20 || r == 0x7f || textsafe.Deceptive(r):
			if r > 0xffff {
				fmt.Fprintf(&b, `\U%08X`, r)
			} else {
				fmt.Fprintf(&b, `\u%04X`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
