package perm

import (
	"encoding/json"
	"fmt"
	"strings"
)

// TestResult says how a pattern matches one tool call in each list.
type TestResult struct {
	// Allow is the result as an allow rule; Restrictive as a deny or ask
	// rule (the two match alike).
	Allow, Restrictive bool
	// Pattern is the parsed pattern.
	Pattern Pattern
	// Warnings are Check's warnings for allow and for deny.
	AllowWarnings, DenyWarnings []string
}

// TestPattern reports whether pattern matches a call of tool with input, for
// `hookifyc rules test-pattern 'Bash(git *)' Bash 'git commit -m x'`. The
// input is the tool's main field (Bash: the command; Read, Edit, Write…: the
// file path; WebFetch: the URL; Agent: the subagent type; a param:value
// pattern: that parameter's value) or, when it starts with '{', the whole
// JSON tool input. The result is the allow reading, or the deny/ask reading
// for patterns that are not usable in allow lists (param:value rules, tool
// globs). Paths are resolved against "/" with no home directory; use
// TestPatternIn for a real context.
func TestPattern(pattern, tool, input string) (bool, error) {
	r, err := TestPatternIn(pattern, tool, input, Context{})
	if err != nil {
		return false, err
	}
	if r.Pattern.usable(Allow) {
		return r.Allow, nil
	}
	return r.Restrictive, nil
}

// TestPatternIn is TestPattern with both readings and a path context.
func TestPatternIn(pattern, tool, input string, ctx Context) (TestResult, error) {
	p, err := Parse(pattern)
	if err != nil {
		return TestResult{}, fmt.Errorf("%s: %w", pattern, err)
	}
	if tool == "" {
		return TestResult{}, fmt.Errorf("missing tool name")
	}
	toolInput, err := testInput(p, tool, input)
	if err != nil {
		return TestResult{}, err
	}
	r := TestResult{Pattern: p}
	r.AllowWarnings, _ = p.Check(Allow)
	r.DenyWarnings, _ = p.Check(Deny)
	r.Allow = p.Matches(tool, toolInput, ctx, Allow)
	r.Restrictive = p.Matches(tool, toolInput, ctx, Deny)
	return r, nil
}

// testInput builds the tool input of a test call.
func testInput(p Pattern, tool, input string) (map[string]any, error) {
	if strings.HasPrefix(strings.TrimSpace(input), "{") {
		var m map[string]any
		dec := json.NewDecoder(strings.NewReader(input))
		dec.UseNumber()
		if err := dec.Decode(&m); err != nil {
			return nil, fmt.Errorf("tool input: %w", err)
		}
		return m, nil
	}
	field := ""
	switch {
	case p.Kind == SpecParam && p.Param != "":
		field = p.Param
	case tool == "Bash" || tool == "apply_patch":
		field = "command"
	case tool == "WebFetch":
		field = "url"
	default:
		field = pathField(tool)
		if field == "" {
			if info, ok := builtinTool(tool); ok {
				field = info.primary
			}
		}
	}
	if field == "" {
		return nil, fmt.Errorf("tool %s has no main field; pass the tool input as a JSON object", tool)
	}
	return map[string]any{field: input}, nil
}
