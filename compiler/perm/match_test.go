package perm

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPatternMatches(t *testing.T) {
	type in = map[string]any
	patch := "*** Begin Patch\n*** Update File: src/a.go\n@@\n-x\n+y\n*** Add File: .env\n+K=1\n*** End Patch\n"
	srcPatch := "*** Begin Patch\n*** Update File: src/a.go\n*** Add File: src/b.go\n*** End Patch\n"
	tests := []struct {
		pattern string
		tool    string
		input   in
		d       Decision
		want    bool
	}{
		// Bare tools.
		{"Bash", "Bash", in{"command": "anything"}, Deny, true},
		{"Bash", "Read", in{"file_path": "/x"}, Deny, false},
		{"Bash(*)", "Bash", in{"command": "rm -rf /"}, Allow, true},
		{"Read", "Read", in{"file_path": "/etc/passwd"}, Allow, true},
		{"Read", "Edit", in{"file_path": "/etc/passwd"}, Deny, false}, // bare Read is the Read tool only
		{"*", "mcp__x__y", in{}, Deny, true},
		{"*", "mcp__x__y", in{}, Allow, false}, // not usable in allow
		{"mcp__github", "mcp__github__create_issue", in{}, Allow, true},
		{"mcp__github__*", "mcp__github__create_issue", in{}, Allow, true},
		{"mcp__github__get_file", "mcp__github__create_issue", in{}, Deny, false},
		// Bash.
		{"Bash(git *)", "Bash", in{"command": "git status"}, Allow, true},
		{"Bash(git *)", "Bash", in{"command": "git status && rm x"}, Allow, false},
		{"Bash(rm *)", "Bash", in{"command": "git status && rm x"}, Deny, true},
		{"Bash(git *)", "Bash", in{}, Allow, false},
		{"Bash(git *)", "Bash", in{"command": 42.0}, Allow, false},
		{"Bash(git *)", "PowerShell", in{"command": "git status"}, Allow, false},
		{"Bash(command:rm *)", "Bash", in{"command": "rm x"}, Deny, false}, // ignored by Claude Code
		// Paths: Read rules cover the read tools, and as deny the write tools.
		{"Read(.env)", "Read", in{"file_path": "/p/.env"}, Allow, true},
		{"Read(.env)", "Glob", in{"pattern": "*", "path": "/p/.env"}, Allow, true},
		{"Read(.env)", "Grep", in{"pattern": "x"}, Deny, false}, // no path
		{"Read(.env)", "Edit", in{"file_path": "/p/.env"}, Deny, true},
		{"Read(.env)", "Write", in{"file_path": "/p/.env"}, Ask, true},
		{"Read(.env)", "Edit", in{"file_path": "/p/.env"}, Allow, false},
		{"Edit(src/**)", "Write", in{"file_path": "/p/src/a.go"}, Allow, true},
		{"Edit(src/**)", "MultiEdit", in{"file_path": "/p/src/a.go"}, Allow, true},
		{"Edit(src/**)", "NotebookEdit", in{"notebook_path": "/p/src/a.ipynb"}, Allow, true},
		{"Edit(src/**)", "Read", in{"file_path": "/p/src/a.go"}, Deny, false},
		{"Write(.env)", "Write", in{"file_path": "/p/.env"}, Deny, true}, // hookifyc extension
		{"Write(.env)", "Write", in{"file_path": "/p/.env"}, Allow, false},
		{"Write(.env)", "Edit", in{"file_path": "/p/.env"}, Deny, false},
		// Codex apply_patch: every file for allow, any file for deny.
		{"Edit(src/**)", "apply_patch", in{"command": srcPatch}, Allow, true},
		{"Edit(src/**)", "apply_patch", in{"command": patch}, Allow, false},
		{"Edit(.env)", "apply_patch", in{"command": patch}, Deny, true},
		{"Read(.env)", "apply_patch", in{"command": patch}, Deny, true},
		{"Edit(.env)", "apply_patch", in{"command": "no patch"}, Deny, false},
		// Read/Edit denies cover Bash cat, head, tail, sed and redirections.
		{"Read(.env)", "Bash", in{"command": "cat .env"}, Deny, true},
		{"Read(.env)", "Bash", in{"command": "sudo head -n 5 ./.env"}, Deny, true},
		{"Read(.env)", "Bash", in{"command": "tail -f a.log .env"}, Ask, true},
		{"Read(.env)", "Bash", in{"command": "sed -n 1p .env"}, Deny, true},
		{"Read(.env)", "Bash", in{"command": "wc -l < .env"}, Deny, true},
		{"Read(.env)", "Bash", in{"command": "python read.py .env"}, Deny, false}, // not a recognised command
		{"Read(.env)", "Bash", in{"command": "cat .env"}, Allow, false},
		{"Read(.env)", "Bash", in{"command": "echo x > .env"}, Deny, false},
		{"Edit(.env)", "Bash", in{"command": "echo x > .env"}, Deny, true},
		{"Edit(.env)", "Bash", in{"command": "echo x >> sub/.env"}, Deny, true},
		{"Edit(.env)", "Bash", in{"command": "sed -i s/a/b/ .env"}, Deny, true},
		{"Edit(.env)", "Bash", in{"command": "sed s/a/b/ .env"}, Deny, false},
		{"Edit(.env)", "Bash", in{"command": "cat .env"}, Deny, false},
		// WebFetch.
		{"WebFetch(domain:example.com)", "WebFetch", in{"url": "https://example.com/x"}, Allow, true},
		{"WebFetch(domain:example.com)", "WebFetch", in{"url": "https://evil.com/x"}, Allow, false},
		{"WebFetch(domain:example.com)", "WebFetch", in{}, Deny, false},
		// Tool(param:value), deny/ask only; * wildcard; absent never matches.
		{"Bash(run_in_background:true)", "Bash", in{"command": "x", "run_in_background": true}, Deny, true},
		{"Bash(run_in_background:true)", "Bash", in{"command": "x", "run_in_background": false}, Deny, false},
		{"Bash(run_in_background:true)", "Bash", in{"command": "x"}, Deny, false},
		{"Bash(run_in_background:true)", "Bash", in{"command": "x", "run_in_background": true}, Allow, false},
		{"Bash(timeout:600000)", "Bash", in{"command": "x", "timeout": 600000.0}, Ask, true},
		{"Bash(timeout:600000)", "Bash", in{"command": "x", "timeout": json.Number("600000")}, Ask, true},
		{"Agent(model:opus)", "Agent", in{"model": "opus"}, Deny, true},
		{"Agent(model:opus)", "Agent", in{"model": "claude-opus-4-7"}, Deny, false}, // literal, not normalised
		{"Agent(model:*opus*)", "Agent", in{"model": "claude-opus-4-7"}, Deny, true},
		{"Agent(isolation:*)", "Agent", in{"isolation": "worktree"}, Deny, true},
		{"Agent(isolation:*)", "Agent", in{}, Deny, false},
		{"Agent(model:opus)", "Task", in{"model": "opus"}, Deny, false},
		{"Agent(Explore)", "Agent", in{"subagent_type": "Explore"}, Allow, true},
		{"mcp__db__query(sql:DROP *)", "mcp__db__query", in{"sql": "DROP TABLE x"}, Deny, true},
		{"mcp__db__query(opts:x)", "mcp__db__query", in{"opts": map[string]any{"a": 1}}, Deny, false}, // nested: not matchable
	}
	for _, tt := range tests {
		p, err := Parse(tt.pattern)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.pattern, err)
		}
		if got := p.Matches(tt.tool, tt.input, Context{Cwd: "/p"}, tt.d); got != tt.want {
			t.Errorf("%s %s on %s %v = %v, want %v", tt.d, tt.pattern, tt.tool, tt.input, got, tt.want)
		}
	}
}

func TestConsultedTools(t *testing.T) {
	tests := []struct {
		pattern string
		d       Decision
		want    []string
	}{
		{"Bash(ls *)", Allow, []string{"Bash"}},
		{"Read(.env)", Allow, []string{"Read", "Glob", "Grep", "LS", "NotebookRead"}},
		{"Read(.env)", Deny, []string{"Read", "Glob", "Grep", "LS", "NotebookRead", "Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch", "Bash"}},
		{"Edit(.env)", Allow, []string{"Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch"}},
		{"Edit(.env)", Ask, []string{"Edit", "Write", "MultiEdit", "NotebookEdit", "apply_patch", "Bash"}},
		{"Write(.env)", Deny, []string{"Write"}},
		{"Read", Deny, []string{"Read"}},
		{"mcp__github", Deny, nil},
		{"mcp__*", Deny, nil},
	}
	for _, tt := range tests {
		p, err := Parse(tt.pattern)
		if err != nil {
			t.Fatal(err)
		}
		got := p.ConsultedTools(tt.d)
		if len(got) != len(tt.want) {
			t.Errorf("%s %s: ConsultedTools = %q, want %q", tt.d, tt.pattern, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s %s: ConsultedTools = %q, want %q", tt.d, tt.pattern, got, tt.want)
				break
			}
		}
	}
}

// TestPatchFilesLenient: indented headers and tabs in paths (which Codex
// drops) do not hide a file from apply_patch permission rules.
func TestPatchFilesLenient(t *testing.T) {
	patch := "*** Begin Patch\n   *** Add File: .e\tnv\n+KEY=1\n\t*** Update File: a.go\n*** Move to: .env.local\r\n*** End Patch"
	got := patchFiles(map[string]any{"command": patch})
	want := []string{".env", "a.go", ".env.local"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("patchFiles = %q, want %q", got, want)
	}
}
