package perm

import "strings"

// toolInfo describes a built-in tool whose input schema we know.
type toolInfo struct {
	// params are the top-level input fields a Tool(param:value) rule may name.
	params []string
	// primary is the field a plain specifier constrains ("" when the tool
	// takes no plain specifier). Tool(primary:…) is rejected.
	primary string
	// kind is how a plain specifier is read.
	kind SpecKind
	// unconsulted marks path tools whose rules Claude Code never consults.
	unconsulted bool
}

// builtinTool returns what we know about a Claude Code built-in tool.
func builtinTool(name string) (toolInfo, bool) {
	switch name {
	case "Bash":
		return toolInfo{params: []string{"command", "description", "timeout", "run_in_background", "dangerouslyDisableSandbox"}, primary: "command", kind: SpecCommand}, true
	case "Read":
		return toolInfo{params: []string{"file_path", "offset", "limit", "pages"}, primary: "file_path", kind: SpecPath}, true
	case "Edit":
		return toolInfo{params: []string{"file_path", "old_string", "new_string", "replace_all"}, primary: "file_path", kind: SpecPath}, true
	case "Write":
		return toolInfo{params: []string{"file_path", "content"}, primary: "file_path", kind: SpecPath, unconsulted: true}, true
	case "MultiEdit":
		return toolInfo{params: []string{"file_path", "edits"}, primary: "file_path", kind: SpecPath, unconsulted: true}, true
	case "NotebookEdit":
		return toolInfo{params: []string{"notebook_path", "cell_id", "new_source", "cell_type", "edit_mode"}, primary: "notebook_path", kind: SpecPath, unconsulted: true}, true
	case "Glob":
		return toolInfo{params: []string{"pattern", "path"}, primary: "path", kind: SpecPath, unconsulted: true}, true
	case "Grep":
		return toolInfo{params: []string{"pattern", "path", "glob", "type", "output_mode", "-i", "-n", "-A", "-B", "-C", "multiline", "head_limit"}, primary: "path", kind: SpecPath, unconsulted: true}, true
	case "WebFetch":
		return toolInfo{params: []string{"url", "prompt"}, primary: "url", kind: SpecDomain}, true
	case "WebSearch":
		return toolInfo{params: []string{"query", "allowed_domains", "blocked_domains"}, primary: "query", kind: SpecParam}, true
	case "Agent", "Task":
		return toolInfo{params: []string{"prompt", "description", "subagent_type", "model", "isolation", "run_in_background", "name"}, primary: "subagent_type", kind: SpecParam}, true
	case "Skill":
		return toolInfo{params: []string{"skill", "args"}, primary: "skill", kind: SpecParam}, true
	}
	return toolInfo{}, false
}

// knownToolNames are tool names used to catch case mistakes ("bash").
var knownToolNames = [...]string{
	"Bash", "Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "NotebookRead", "Glob", "Grep", "LS",
	"WebFetch", "WebSearch", "Agent", "Task", "Skill", "TodoWrite", "BashOutput", "KillShell", "PowerShell",
}

// caseMistake returns the known tool name that differs from name only in
// case, or "".
func caseMistake(name string) string {
	for _, k := range knownToolNames {
		if k != name && strings.EqualFold(k, name) {
			return k
		}
	}
	return ""
}

// isToolNameByte reports whether c may appear in a tool name or tool glob.
func isToolNameByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c == '*' ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// MatchTool reports whether a tool name matches the tool part of a pattern:
// an exact, case-sensitive name; a glob where * matches any characters
// ("*", "mcp__*", "mcp__github__get_*"); or an MCP server name
// ("mcp__github"), which matches every tool of that server.
func MatchTool(tool, name string) bool {
	if strings.Contains(tool, "*") {
		return compileGlob(tool, false).match(name)
	}
	if isMCPServer(tool) {
		return name == tool || strings.HasPrefix(name, tool+"__")
	}
	return name == tool
}

// isMCPServer reports whether tool names an MCP server rather than one of its
// tools: mcp__<server> with no further "__".
func isMCPServer(tool string) bool {
	rest, ok := strings.CutPrefix(tool, "mcp__")
	return ok && rest != "" && !strings.Contains(rest, "__")
}

// allowGlobOK reports whether a tool glob may appear in an allow list: only
// after a literal mcp__<server>__ prefix.
func allowGlobOK(tool string) bool {
	rest, ok := strings.CutPrefix(tool, "mcp__")
	if !ok {
		return false
	}
	server, _, found := strings.Cut(rest, "__")
	return found && server != "" && !strings.Contains(server, "*")
}

// pathField returns the tool input field that holds the path a tool reads
// or writes, for the tools path rules are consulted for.
func pathField(tool string) string {
	switch tool {
	case "Read", "Edit", "Write", "MultiEdit":
		return "file_path"
	case "NotebookEdit", "NotebookRead":
		return "notebook_path"
	case "Glob", "Grep", "LS":
		return "path"
	}
	return ""
}

// readTools are the tools Read rules are consulted for.
func readTools() []string { return []string{"Read", "Glob", "Grep", "LS", "NotebookRead"} }

// writeTools are the tools Edit rules are consulted for (apply_patch is
// Codex's edit tool).
func writeTools() []string {
	return []string{"Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch"}
}

// ConsultedTools returns the tool names a pattern can match under decision d,
// or nil when it can match any tool name (tool globs and MCP server
// names). Read rules are consulted for the read tools (Read, Glob, Grep, LS,
// NotebookRead) and, as deny or ask, also for the write tools and Bash file
// commands; Edit rules for Edit, Write, MultiEdit, NotebookEdit and Codex's
// apply_patch and, as deny or ask, Bash redirections and sed -i.
func (p Pattern) ConsultedTools(d Decision) []string {
	if strings.Contains(p.Tool, "*") || isMCPServer(p.Tool) {
		return nil
	}
	if p.Kind != SpecPath {
		return []string{p.Tool}
	}
	var out []string
	switch p.Tool {
	case "Read":
		out = readTools()
		if d.restrictive() {
			out = append(append(out, writeTools()...), "Bash")
		}
	case "Edit":
		out = writeTools()
		if d.restrictive() {
			out = append(out, "Bash")
		}
	default:
		out = []string{p.Tool}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
