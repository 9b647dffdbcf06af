package perm

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// Matches reports whether a tool call matches the pattern listed under
// decision d. toolInput is the call's decoded JSON input (tool_input);
// numbers may be float64 or json.Number.
//
// A pattern that Check reports as not usable in list d never matches. A bare
// tool matches every call of that tool (or, for a tool glob or an MCP
// server name, of every matching tool); Bash specifiers use MatchCommand on
// tool_input.command; WebFetch specifiers MatchDomain on tool_input.url;
// param:value and single-field specifiers compare the field's value (strings
// as they are, booleans and numbers as JSON text) with a * glob; a call
// without the field never matches. Path specifiers use MatchPath on the
// path the tool reads or writes, for every tool the pattern is consulted
// for (see ConsultedTools): Codex's apply_patch matches through the files its
// patch touches (allow: all of them), and deny and ask rules see through the
// Bash file commands Claude Code recognises: cat, head, tail and sed
// operands and < redirections for Read, sed -i operands and output
// redirections for Edit.
func (p Pattern) Matches(toolName string, toolInput map[string]any, ctx Context, d Decision) bool {
	if !p.usable(d) {
		return false
	}
	if p.Kind == SpecPath {
		return p.matchPathCall(toolName, toolInput, ctx, d)
	}
	if !MatchTool(p.Tool, toolName) {
		return false
	}
	switch p.Kind {
	case SpecTool:
		return true
	case SpecCommand:
		cmd, ok := toolInput["command"].(string)
		return ok && MatchCommand(p.Specifier, cmd, d)
	case SpecDomain:
		u, ok := toolInput["url"].(string)
		return ok && MatchDomain(p.Value, u)
	case SpecParam:
		v, ok := scalarString(toolInput[p.Param])
		return ok && compileGlob(p.Value, false).match(v)
	}
	return false
}

func (p Pattern) matchPathCall(toolName string, input map[string]any, ctx Context, d Decision) bool {
	if !contains(p.ConsultedTools(d), toolName) {
		return false
	}
	switch toolName {
	case "Bash":
		cmd, _ := input["command"].(string)
		for _, f := range bashFileOperands(cmd, p.Tool == "Edit") {
			if MatchPath(p.Specifier, f, ctx, d) {
				return true
			}
		}
		return false
	case "apply_patch":
		files := patchFiles(input)
		if len(files) == 0 {
			return false
		}
		for _, f := range files {
			m := MatchPath(p.Specifier, f, ctx, d)
			if m && d.restrictive() {
				return true
			}
			if !m && !d.restrictive() {
				return false
			}
		}
		return !d.restrictive()
	}
	f, ok := input[pathField(toolName)].(string)
	return ok && f != "" && MatchPath(p.Specifier, f, ctx, d)
}

// scalarString renders a JSON scalar the way a param:value rule sees it.
func scalarString(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case bool:
		return strconv.FormatBool(x), true
	case json.Number:
		return x.String(), true
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e21 {
			return strconv.FormatFloat(x, 'f', -1, 64), true
		}
		return strconv.FormatFloat(x, 'g', -1, 64), true
	case int:
		return strconv.Itoa(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	}
	return "", false
}

// patchFiles lists the files a Codex apply_patch input adds, updates,
// deletes or moves to, as leniently as Codex reads them (the hook splits
// parsable patches into per-file events before rules see them; this is
// the fallback): header lines are trimmed, and tabs and carriage returns,
// which Codex drops from paths, are dropped.
func patchFiles(input map[string]any) []string {
	var text string
	for _, k := range []string{"command", "patch", "input"} {
		if s, ok := input[k].(string); ok && s != "" {
			text = s
			break
		}
	}
	var files []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		for _, h := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if f, ok := strings.CutPrefix(line, h); ok {
				f = strings.NewReplacer("\t", "", "\r", "").Replace(strings.TrimSpace(f))
				if f != "" {
					files = append(files, f)
				}
			}
		}
	}
	return files
}
