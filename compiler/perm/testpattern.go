package perm

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// Query is one `hookifyc rules test-pattern` question: does Pattern, listed
// under As in a settings file, match a call of Tool with Input, made in
// Cwd?
type Query struct {
	Pattern string
	// Tool is the tool name of the call (Bash, Read, mcp__github__x…).
	Tool string
	// Input is the tool's main field (Bash: the command; Read, Edit,
	// Write…: the file path; WebFetch: the URL; Agent: the subagent type; a
	// param:value pattern: that parameter's value) or, when it starts with
	// '{', the whole JSON tool input (a Bash command "{ cmd; }" that is not
	// JSON is the command).
	Input string
	// As is the list the pattern is written in.
	As Decision
	// Cwd is the session's working directory (the hook event's cwd):
	// relative paths and plain and ./ path patterns are relative to it.
	// Empty means "/".
	Cwd string
	// Home is the user's home directory, for ~ in patterns and paths.
	Home string
	// Settings is the settings file the pattern is listed in: "/path"
	// patterns are relative to its base, derived as the loader derives it
	// (the project root for <root>/.claude/settings*.json, Home/.claude for
	// the user's settings, the file's directory otherwise). Empty means
	// Cwd/.claude/settings.json, whose base is Cwd.
	Settings string
	// BaseDir, when not empty, is the base of "/path" patterns instead of
	// the one Settings gives.
	BaseDir string
}

// Answer is what the hook (or, for allow rules, Claude Code) does with a
// Query's call.
type Answer struct {
	Match bool
	// As is the list the pattern was tested in.
	As Decision
	// Rule is the rule the settings loader builds for the pattern; nil when
	// the loader skips the pattern in list As (it then never matches).
	Rule *ir.Rule
	// Warnings are the loader's warnings for the pattern in list As.
	Warnings []string
	// Detail says which part of the call matched — the subcommand of a
	// compound command, the command past assignments and wrappers, the
	// absolute path and the pattern it was anchored to — or, for no match,
	// what was compared. It is "" when the whole input matched as written
	// (or nothing more is worth saying).
	Detail string
}

// TestCall answers a Query with the hook's own semantics: it builds the
// ir.Rule that LoadSettings builds for the pattern in list q.As of
// q.Settings and evaluates it with MatchRule, the function the engine calls
// for permission rules. (The engine never grants through allow rules; an
// allow answer is Claude Code's reading of the allow list.) The error is
// non-nil for a malformed pattern (with its column), a missing tool name or
// an input that cannot be a tool input.
func TestCall(q Query) (Answer, error) {
	p, err := Parse(q.Pattern)
	if err != nil {
		return Answer{}, fmt.Errorf("%s: %w", q.Pattern, err)
	}
	if q.Tool == "" {
		return Answer{}, fmt.Errorf("missing tool name")
	}
	toolInput, err := testInput(p, q.Tool, q.Input)
	if err != nil {
		return Answer{}, err
	}
	rule, warnings, err := testRule(q)
	if err != nil {
		return Answer{}, err
	}
	if q.Tool == "apply_patch" {
		warnings = append(warnings, "the hook checks a Codex apply_patch call as one Write or Edit call per file the patch changes, with paths relative to the cwd; test those calls for its answer")
	}
	a := Answer{As: q.As, Rule: rule, Warnings: warnings}
	ctx := Context{Cwd: q.Cwd, Home: q.Home}
	if rule == nil {
		a.Detail = skippedDetail(p, q.As)
		return a, nil
	}
	a.Match, err = MatchRule(rule, q.Tool, toolInput, ctx)
	if err != nil {
		return Answer{}, err
	}
	ctx.BaseDir = rule.Permission.BaseDir
	a.Detail = explain(p, q.Tool, toolInput, ctx, q.As, a.Match)
	return a, nil
}

// testRule loads the pattern as the only entry of list q.As of a settings
// file, through LoadSettings.
func testRule(q Query) (*ir.Rule, []string, error) {
	file := q.Settings
	if file == "" {
		file = path.Join(cwdOf(Context{Cwd: q.Cwd}), ".claude", "settings.json")
	}
	list, err := json.Marshal([]string{q.Pattern})
	if err != nil {
		return nil, nil, err
	}
	doc := []byte(`{"permissions": {"` + q.As.String() + `": ` + string(list) + `}}`)
	rules, diags, err := LoadSettings(file, doc, LoadOptions{BaseDir: q.BaseDir, Home: q.Home})
	if err != nil {
		return nil, nil, err
	}
	var warnings []string
	for _, d := range diags {
		if d.Severity == SeverityError {
			return nil, nil, fmt.Errorf("%s", d.Msg)
		}
		warnings = append(warnings, d.Msg)
	}
	if len(rules) == 0 {
		return nil, warnings, nil
	}
	return rules[0], warnings, nil
}

// skippedDetail says why a pattern the loader skips never matches.
func skippedDetail(p Pattern, d Decision) string {
	return fmt.Sprintf("%s is skipped in %s lists", p.Text, d)
}

// DecisionNamed returns the decision of a permissions list name: "allow",
// "ask" or "deny".
func DecisionNamed(name string) (Decision, bool) { return listDecision(name) }

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

// TestPattern reports whether pattern, as a deny rule, matches a call of
// tool with input, made in "/" with no home directory: `hookifyc rules
// test-pattern 'Bash(git *)' Bash 'git commit -m x'` without flags. The
// input is as for Query.Input. Use TestCall for another list or a real
// working directory.
func TestPattern(pattern, tool, input string) (bool, error) {
	a, err := TestCall(Query{Pattern: pattern, Tool: tool, Input: input, As: Deny})
	return a.Match, err
}

// TestPatternIn is TestCall in the allow and in the deny list, with the
// working directory, home and base directory of ctx (ctx.BaseDir empty:
// ctx.Cwd).
func TestPatternIn(pattern, tool, input string, ctx Context) (TestResult, error) {
	p, err := Parse(pattern)
	if err != nil {
		return TestResult{}, fmt.Errorf("%s: %w", pattern, err)
	}
	r := TestResult{Pattern: p}
	r.AllowWarnings, _ = p.Check(Allow)
	r.DenyWarnings, _ = p.Check(Deny)
	for _, d := range []Decision{Allow, Deny} {
		a, err := TestCall(Query{Pattern: pattern, Tool: tool, Input: input, As: d, Cwd: ctx.Cwd, Home: ctx.Home, BaseDir: ctx.BaseDir})
		if err != nil {
			return TestResult{}, err
		}
		if d == Allow {
			r.Allow = a.Match
		} else {
			r.Restrictive = a.Match
		}
	}
	return r, nil
}

// testInput builds the tool input of a test call.
func testInput(p Pattern, tool, input string) (map[string]any, error) {
	if strings.HasPrefix(strings.TrimSpace(input), "{") {
		var m map[string]any
		dec := json.NewDecoder(strings.NewReader(input))
		dec.UseNumber()
		err := dec.Decode(&m)
		if err == nil {
			return m, nil
		}
		// "{ cmd; }" is a Bash group command, not a JSON typo.
		if t := strings.TrimSpace(input); !(tool == "Bash" && len(t) > 1 && (t[1] == ' ' || t[1] == '\t' || t[1] == '\n')) {
			return nil, fmt.Errorf("tool input: %w", err)
		}
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
