package perm

import (
	"errors"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in        string
		tool      string
		spec      string
		kind      SpecKind
		param     string
		value     string
		paramForm bool
		ignored   bool
	}{
		{in: "Bash", tool: "Bash", kind: SpecTool},
		{in: "Bash(*)", tool: "Bash", kind: SpecTool}, // Bash(*) ≡ Bash
		{in: "Read(*)", tool: "Read", kind: SpecTool},
		{in: "Bash(git push *)", tool: "Bash", spec: "git push *", kind: SpecCommand},
		{in: "Bash(npm run test:*)", tool: "Bash", spec: "npm run test:*", kind: SpecCommand},
		{in: "Bash(git:* push)", tool: "Bash", spec: "git:* push", kind: SpecCommand},
		{in: "Bash(echo (a) b)", tool: "Bash", spec: "echo (a) b", kind: SpecCommand},
		{in: "Bash(find . \\( -name x \\))", tool: "Bash", spec: "find . \\( -name x \\)", kind: SpecCommand},
		{in: "Read(./.env)", tool: "Read", spec: "./.env", kind: SpecPath},
		{in: "Read(//etc/passwd)", tool: "Read", spec: "//etc/passwd", kind: SpecPath},
		{in: "Edit(~/.ssh/*)", tool: "Edit", spec: "~/.ssh/*", kind: SpecPath},
		{in: "Edit(/src/**/*.ts)", tool: "Edit", spec: "/src/**/*.ts", kind: SpecPath},
		{in: "Write(src/**)", tool: "Write", spec: "src/**", kind: SpecPath},
		{in: "WebFetch", tool: "WebFetch", kind: SpecTool},
		{in: "WebFetch(domain:example.com)", tool: "WebFetch", spec: "domain:example.com", kind: SpecDomain, value: "example.com"},
		{in: "WebFetch(https://example.com)", tool: "WebFetch", spec: "https://example.com", kind: SpecUnsupported, ignored: true},
		{in: "mcp__github", tool: "mcp__github", kind: SpecTool},
		{in: "mcp__github__*", tool: "mcp__github__*", kind: SpecTool},
		{in: "mcp__github__create_issue", tool: "mcp__github__create_issue", kind: SpecTool},
		{in: "mcp__*", tool: "mcp__*", kind: SpecTool},
		{in: "*", tool: "*", kind: SpecTool},
		{in: "mcp__github__create_issue(repo:acme/*)", tool: "mcp__github__create_issue", spec: "repo:acme/*", kind: SpecParam, param: "repo", value: "acme/*", paramForm: true},
		{in: "Bash(run_in_background:true)", tool: "Bash", spec: "run_in_background:true", kind: SpecParam, param: "run_in_background", value: "true", paramForm: true},
		{in: "Agent(model:opus)", tool: "Agent", spec: "model:opus", kind: SpecParam, param: "model", value: "opus", paramForm: true},
		{in: "Agent(isolation:*)", tool: "Agent", spec: "isolation:*", kind: SpecParam, param: "isolation", value: "*", paramForm: true},
		{in: "Agent(Explore)", tool: "Agent", spec: "Explore", kind: SpecParam, param: "subagent_type", value: "Explore"},
		{in: "Bash(command:rm *)", tool: "Bash", spec: "command:rm *", kind: SpecUnsupported, ignored: true},
		{in: "Read(file_path:/etc/*)", tool: "Read", spec: "file_path:/etc/*", kind: SpecUnsupported, ignored: true},
		{in: "TodoWrite(x)", tool: "TodoWrite", spec: "x", kind: SpecUnsupported, ignored: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if p.Text != tt.in || p.Tool != tt.tool || p.Specifier != tt.spec || p.Kind != tt.kind ||
				p.Param != tt.param || p.Value != tt.value || p.ParamForm != tt.paramForm || (p.Ignored != "") != tt.ignored {
				t.Errorf("Parse(%q) = %+v", tt.in, p)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in  string
		col int
		msg string
	}{
		{"", 1, "empty permission rule"},
		{"Bash(git", 9, "missing ')'"},
		{"Bash(", 6, "missing ')'"},
		{"Bash()", 6, "empty specifier"},
		{"Bash(  )", 6, "empty specifier"},
		{"(ls)", 1, "missing tool name"},
		{"Bash)", 5, "unexpected ')'"},
		{"Bash(ls)x", 9, "unexpected text after ')'"},
		{"Bash (ls)", 5, "invalid character ' '"},
		{"bash|Edit", 5, "invalid character '|'"},
		{"mcp__*(x)", 7, "a tool glob takes no specifier"},
		{"WebFetch(domain:)", 17, "missing host"},
		{"Read(src/[a)", 10, "invalid path pattern"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse(tt.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error = %v, want *ParseError", tt.in, err)
			}
			if pe.Col != tt.col || !strings.Contains(pe.Msg, tt.msg) {
				t.Errorf("Parse(%q) = col %d %q, want col %d containing %q", tt.in, pe.Col, pe.Msg, tt.col, tt.msg)
			}
			if !strings.HasPrefix(err.Error(), "col ") {
				t.Errorf("Error() = %q", err.Error())
			}
		})
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		in     string
		d      Decision
		usable bool
		warn   string // a substring of one warning; "" means no warnings
	}{
		{"Bash(git *)", Allow, true, ""},
		{"mcp__github__*", Allow, true, ""},
		{"mcp__github__get_*", Allow, true, ""},
		{"mcp__github", Allow, true, ""},
		{"mcp__*", Allow, false, "mcp__<server>__"},
		{"*", Allow, false, "mcp__<server>__"},
		{"mcp__*__read", Allow, false, "mcp__<server>__"},
		{"mcp__*", Deny, true, ""},
		{"*", Ask, true, ""},
		{"Bash(run_in_background:true)", Allow, false, "deny and ask lists only"},
		{"Bash(run_in_background:true)", Deny, true, ""},
		{"Agent(model:opus)", Ask, true, ""},
		{"Agent(Explore)", Allow, true, ""},
		{"Bash(command:rm *)", Deny, false, "primary field"},
		{"Write(src/**)", Allow, false, "never consults Write"},
		{"Write(.env)", Deny, true, "never consults Write"},
		{"Glob(secrets/**)", Deny, true, "never consults Glob"},
		{"bash", Deny, true, `did you mean "Bash"`},
		{"bash(ls)", Allow, false, "cannot evaluate"},
		{"Bash(timeout:*)", Deny, true, "timeout parameter"},
		{"WebFetch(https://x.com)", Deny, false, "domain:HOST"},
	}
	for _, tt := range tests {
		t.Run(tt.in+"/"+tt.d.String(), func(t *testing.T) {
			p, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			warnings, usable := p.Check(tt.d)
			if usable != tt.usable {
				t.Errorf("usable = %v, want %v (warnings %q)", usable, tt.usable, warnings)
			}
			if tt.warn == "" && len(warnings) > 0 {
				t.Errorf("unexpected warnings %q", warnings)
			}
			if tt.warn != "" && !strings.Contains(strings.Join(warnings, "\n"), tt.warn) {
				t.Errorf("warnings %q, want one containing %q", warnings, tt.warn)
			}
			if usable != p.usable(tt.d) {
				t.Errorf("usable() disagrees with Check")
			}
		})
	}
}
