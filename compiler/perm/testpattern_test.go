package perm

import (
	"strings"
	"testing"
)

func TestTestPattern(t *testing.T) {
	tests := []struct {
		pattern, tool, input string
		want                 bool
		err                  string
	}{
		{pattern: "Bash(git *)", tool: "Bash", input: "git commit -m x", want: true},
		{pattern: "Bash(git *)", tool: "Bash", input: "gitk", want: false},
		{pattern: "Bash(git *)", tool: "Bash", input: "git status && rm -rf /", want: false}, // allow reading
		{pattern: "Bash(run_in_background:true)", tool: "Bash", input: "true", want: true},   // deny reading
		{pattern: "Bash(run_in_background:true)", tool: "Bash", input: `{"command": "x", "run_in_background": true}`, want: true},
		{pattern: "Read(src/**)", tool: "Read", input: "src/a.go", want: true},
		{pattern: "Read(src/**)", tool: "Read", input: "lib/src/a.go", want: false},
		{pattern: "Read(.env)", tool: "Edit", input: "/x/.env", want: false}, // Read rules cover Edit only as deny/ask
		{pattern: "WebFetch(domain:*.example.com)", tool: "WebFetch", input: "https://api.example.com/x", want: true},
		{pattern: "Agent(Explore)", tool: "Agent", input: "Explore", want: true},
		{pattern: "mcp__github", tool: "mcp__github__list", input: "{}", want: true},
		{pattern: "mcp__*", tool: "mcp__github__list", input: "{}", want: true},
		{pattern: "Bash(git", tool: "Bash", input: "git", err: "col 9: missing ')'"},
		{pattern: "Bash", tool: "", input: "git", err: "missing tool name"},
		{pattern: "mcp__x__y", tool: "mcp__x__y", input: "plain", err: "no main field"},
		{pattern: "Bash", tool: "Bash", input: "{bad json", err: "tool input"},
	}
	for _, tt := range tests {
		got, err := TestPattern(tt.pattern, tt.tool, tt.input)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("TestPattern(%q, %q, %q) error = %v, want %q", tt.pattern, tt.tool, tt.input, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("TestPattern(%q, %q, %q) = %v, %v; want %v", tt.pattern, tt.tool, tt.input, got, err, tt.want)
		}
	}

	r, err := TestPatternIn("Read(.env)", "Edit", "/x/.env", Context{Cwd: "/x"})
	if err != nil || r.Allow || !r.Restrictive {
		t.Errorf("TestPatternIn Read(.env) on Edit = %+v, %v; want deny-only match", r, err)
	}
	r, err = TestPatternIn("Bash(command:rm *)", "Bash", "rm x", Context{})
	if err != nil || r.Allow || r.Restrictive || len(r.DenyWarnings) == 0 {
		t.Errorf("TestPatternIn Bash(command:…) = %+v, %v; want no match and a warning", r, err)
	}
}
