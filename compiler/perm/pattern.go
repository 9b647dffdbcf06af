package perm

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
)

// SpecKind says how a pattern's specifier is matched.
type SpecKind uint8

const (
	// SpecTool: a bare tool name (or Tool(*)); every call of the tool matches.
	SpecTool SpecKind = iota
	// SpecCommand: a Bash command specifier ("git push *", "npm run test:*").
	SpecCommand
	// SpecPath: a gitignore-style path specifier (Read, Edit, …).
	SpecPath
	// SpecDomain: a WebFetch domain:HOST specifier.
	SpecDomain
	// SpecParam: one input field compared with a * glob: Tool(param:value),
	// or the plain specifier of a tool whose specifier names one field
	// (Agent(Explore) is subagent_type, Skill(name) is skill).
	SpecParam
	// SpecUnsupported: a specifier hookifyc cannot evaluate; it never
	// matches and Check reports it.
	SpecUnsupported
)

func (k SpecKind) String() string {
	switch k {
	case SpecTool:
		return "tool"
	case SpecCommand:
		return "command"
	case SpecPath:
		return "path"
	case SpecDomain:
		return "domain"
	case SpecParam:
		return "param"
	}
	return "unsupported"
}

// Pattern is a parsed permission pattern.
type Pattern struct {
	// Text is the pattern as written.
	Text string
	// Tool is the tool part: a name, a tool glob ("mcp__*", "*") or an MCP
	// server ("mcp__github").
	Tool string
	// Specifier is the text inside the parentheses as written, "" for a
	// bare tool and for Tool(*).
	Specifier string
	// Kind says how Specifier is matched.
	Kind SpecKind
	// Param is the input field of a SpecParam pattern.
	Param string
	// Value is the value glob of a SpecParam pattern and the host pattern
	// of a SpecDomain pattern (after "domain:").
	Value string
	// ParamForm is true when the specifier was written as param:value.
	ParamForm bool
	// Ignored, when non-empty, is why Claude Code ignores this pattern
	// (with a warning); it never matches.
	Ignored string
	// Notes are warnings that hold in every list (a tool name in the wrong
	// case, an ambiguous specifier).
	Notes []string
}

// ParseError is a malformed pattern. Col is the 1-based byte column in the
// pattern text.
type ParseError struct {
	Col int
	Msg string
}

func (e *ParseError) Error() string { return fmt.Sprintf("col %d: %s", e.Col, e.Msg) }

func errAt(col int, format string, args ...any) *ParseError {
	return &ParseError{Col: col, Msg: fmt.Sprintf(format, args...)}
}

// Parse parses `Tool` or `Tool(specifier)`. The specifier runs from the first
// '(' to the final ')', so parentheses inside it need no escaping;
// `Tool(*)` is `Tool`. Errors are *ParseError.
func Parse(text string) (Pattern, error) {
	p := Pattern{Text: text}
	if strings.TrimSpace(text) == "" {
		return p, errAt(1, "empty permission rule")
	}
	open := strings.IndexByte(text, '(')
	tool := text
	if open >= 0 {
		tool = text[:open]
	}
	if tool == "" {
		return p, errAt(1, "missing tool name before '('")
	}
	for i := 0; i < len(tool); i++ {
		if !isToolNameByte(tool[i]) {
			if tool[i] == ')' {
				return p, errAt(i+1, "unexpected ')' without '('")
			}
			r, _ := utf8.DecodeRuneInString(tool[i:])
			return p, errAt(i+1, "invalid character %q in tool name %q", r, tool)
		}
	}
	p.Tool = tool
	if k := caseMistake(tool); k != "" {
		p.Notes = append(p.Notes, fmt.Sprintf("tool names are case-sensitive: %q matches no tool (did you mean %q?)", tool, k))
	}
	if open < 0 {
		return p, nil
	}
	if !strings.HasSuffix(text, ")") {
		if last := strings.LastIndexByte(text, ')'); last > open {
			return p, errAt(last+2, "unexpected text after ')'")
		}
		return p, errAt(len(text)+1, "missing ')' to close '(' at col %d", open+1)
	}
	spec := text[open+1 : len(text)-1]
	trimmed := strings.TrimSpace(spec)
	if trimmed == "" {
		return p, errAt(open+2, "empty specifier: write %s without parentheses to match every call", tool)
	}
	if strings.Contains(tool, "*") && trimmed != "*" {
		return p, errAt(open+1, "a tool glob takes no specifier")
	}
	if trimmed == "*" {
		return p, nil // Tool(*) ≡ Tool
	}
	p.Specifier = spec
	specCol := open + 2 + strings.Index(spec, trimmed)
	return p, classify(&p, trimmed, specCol)
}

// classify sets Kind, Param and Value from the trimmed specifier.
func classify(p *Pattern, spec string, col int) error {
	info, known := builtinTool(p.Tool)
	if name, value, ok := paramForm(spec, info, known); ok {
		if known && name == info.primary {
			p.Kind = SpecUnsupported
			p.Ignored = fmt.Sprintf("%s(%s:…) cannot target the primary field %s; Claude Code ignores it (write %s(…) instead)", p.Tool, name, name, p.Tool)
			return nil
		}
		p.Kind, p.Param, p.Value, p.ParamForm = SpecParam, name, value, true
		if p.Tool == "Bash" && (name == "timeout" || name == "description") {
			p.Notes = append(p.Notes, fmt.Sprintf("Bash(%s:…) is a rule on the %s parameter; write Bash(%s *) for the %s command", name, name, name, name))
		}
		return nil
	}
	if !known {
		p.Kind = SpecUnsupported
		p.Ignored = fmt.Sprintf("%s takes no specifier other than param:value; hookifyc cannot evaluate %q", p.Tool, spec)
		return nil
	}
	switch info.kind {
	case SpecCommand:
		p.Kind = SpecCommand
	case SpecPath:
		if err := validatePath(spec, col); err != nil {
			return err
		}
		p.Kind = SpecPath
	case SpecDomain:
		host, ok := strings.CutPrefix(spec, "domain:")
		if !ok {
			p.Kind = SpecUnsupported
			p.Ignored = fmt.Sprintf("WebFetch specifiers are domain:HOST; hookifyc cannot evaluate %q", spec)
			return nil
		}
		host = strings.TrimSpace(host)
		if host == "" {
			return errAt(col+len("domain:"), "missing host after domain:")
		}
		p.Kind, p.Value = SpecDomain, host
	case SpecParam:
		p.Kind, p.Param, p.Value = SpecParam, info.primary, spec
	}
	return nil
}

// paramForm splits a param:value specifier. For a known tool the name must
// be one of its input fields (so `Bash(npm:*)` stays a command); for other
// tools any identifier-like name counts.
func paramForm(spec string, info toolInfo, known bool) (name, value string, ok bool) {
	name, value, found := strings.Cut(spec, ":")
	if !found || name == "" {
		return "", "", false
	}
	if known {
		return name, value, contains(info.params, name)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && c >= '0' && c <= '9')) {
			return "", "", false
		}
	}
	return name, value, true
}

// validatePath checks a path specifier's glob syntax.
func validatePath(spec string, col int) error {
	body := spec
	for _, prefix := range []string{"//", "~/", "./", "/"} {
		if b, ok := strings.CutPrefix(body, prefix); ok {
			body = b
			break
		}
	}
	if body == "" || body == "~" {
		return nil
	}
	if !doublestar.ValidatePattern(body) {
		at := strings.IndexAny(spec, "[{\\")
		if at < 0 {
			at = 0
		}
		return errAt(col+at, "invalid path pattern %q (unclosed [ or {, or a trailing backslash)", spec)
	}
	return nil
}

// Check reports whether the pattern takes effect in list d, with the warnings
// Claude Code (or hookifyc) gives for it. A pattern that is not usable is
// skipped by the loaders and never matches.
func (p Pattern) Check(d Decision) (warnings []string, usable bool) {
	warnings = append(warnings, p.Notes...)
	problem, usable := p.check(d)
	if problem != 0 {
		warnings = append(warnings, p.problemText(problem, d))
	}
	return warnings, usable
}

func (p Pattern) usable(d Decision) bool {
	_, ok := p.check(d)
	return ok
}

// problem is a reason Check reports.
type problem uint8

const (
	problemNone problem = iota
	problemIgnored
	problemAllowGlob
	problemAllowParam
	problemUnconsulted
)

func (p Pattern) check(d Decision) (problem, bool) {
	switch {
	case p.Ignored != "":
		return problemIgnored, false
	case d == Allow && strings.Contains(p.Tool, "*") && !allowGlobOK(p.Tool):
		return problemAllowGlob, false
	case d == Allow && p.Kind == SpecParam && p.ParamForm:
		return problemAllowParam, false
	case p.Kind == SpecPath:
		if info, _ := builtinTool(p.Tool); info.unconsulted {
			return problemUnconsulted, d != Allow
		}
	}
	return problemNone, true
}

func (p Pattern) problemText(pr problem, d Decision) string {
	switch pr {
	case problemIgnored:
		return p.Ignored
	case problemAllowGlob:
		return fmt.Sprintf("allow rules accept tool globs only after a literal mcp__<server>__ prefix; %q is skipped", p.Tool)
	case problemAllowParam:
		return fmt.Sprintf("Tool(param:value) rules work in deny and ask lists only; %q is skipped in allow", p.Text)
	case problemUnconsulted:
		if d == Allow {
			return fmt.Sprintf("Claude Code never consults %s(…) path rules (use Read(…) or Edit(…)); %q is skipped in allow", p.Tool, p.Text)
		}
		return fmt.Sprintf("Claude Code never consults %s(…) path rules (use Read(…) or Edit(…)); hookifyc checks %q against %s calls only", p.Tool, p.Text, p.Tool)
	}
	return ""
}
