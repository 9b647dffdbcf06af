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
		{pattern: "Bash(git *)", tool: "Bash", input: "git status && rm -rf /", want: true}, // deny reading
		{pattern: "Bash(rm -rf *)", tool: "Bash", input: "ls && rm -rf /tmp/x", want: true},
		{pattern: "Bash(rm -rf *)", tool: "Bash", input: "FOO=1 rm -rf x", want: true},
		{pattern: "Bash(run_in_background:true)", tool: "Bash", input: "true", want: true},
		{pattern: "Bash(run_in_background:true)", tool: "Bash", input: `{"command": "x", "run_in_background": true}`, want: true},
		{pattern: "Bash(rm *)", tool: "Bash", input: "{ rm -rf x; }", want: true}, // a group, not JSON
		{pattern: "Read(src/**)", tool: "Read", input: "src/a.go", want: true},
		{pattern: "Read(src/**)", tool: "Read", input: "lib/src/a.go", want: true}, // any depth as deny
		{pattern: "Read(.env)", tool: "Edit", input: "/x/.env", want: true},        // a Read deny covers Edit
		{pattern: "Read(./.env)", tool: "Read", input: "/.env", want: true},
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
	r, err = TestPatternIn("Read(/secrets/**)", "Read", "/base/secrets/k", Context{Cwd: "/x", BaseDir: "/base"})
	if err != nil || !r.Allow || !r.Restrictive {
		t.Errorf("TestPatternIn Read(/secrets/**) with BaseDir = %+v, %v; want a match", r, err)
	}
}

func TestTestCall(t *testing.T) {
	const cwd, home = "/home/u/proj", "/home/u"
	tests := []struct {
		pattern, tool, input string
		as                   Decision
		cwd, settings        string
		match                bool
		detail               string
	}{
		// The reproducers: the absolute path Claude sends, and compound
		// commands and assignments under deny.
		{"Read(./.env)", "Read", "/home/u/proj/.env", Deny, cwd, "", true, `"/home/u/proj/.env" against "/home/u/proj/.env"`},
		{"Read(./.env)", "Read", ".env", Deny, cwd, "", true, `"/home/u/proj/.env" (".env") against "/home/u/proj/.env"`},
		{"Read(./.env)", "Read", "/home/u/other/.env", Deny, cwd, "", false, `"/home/u/other/.env" against "/home/u/proj/.env"`},
		{"Bash(rm -rf *)", "Bash", "ls && rm -rf /tmp/x", Deny, cwd, "", true, `"rm -rf /tmp/x" in "ls && rm -rf /tmp/x"`},
		{"Bash(rm -rf *)", "Bash", "FOO=1 rm -rf x", Deny, cwd, "", true, `"rm -rf x" in "FOO=1 rm -rf x"`},
		{"Bash(rm -rf *)", "Bash", "FOO=1 rm -rf x", Ask, cwd, "", true, `"rm -rf x" in "FOO=1 rm -rf x"`},
		{"Bash(rm -rf *)", "Bash", "sudo timeout 5 rm -rf x", Deny, cwd, "", true, `"rm -rf x" in "sudo timeout 5 rm -rf x"`},
		{"Bash(rm -rf *)", "Bash", `rm "-rf" /`, Deny, cwd, "", true, `"rm -rf /" in "rm \"-rf\" /"`},
		{"Bash(rm -rf *)", "Bash", "rm -rf x", Deny, cwd, "", true, ""},
		{"Bash(rm -rf *)", "Bash", "ls", Deny, cwd, "", false, ""},
		// Allow rules must cover every subcommand and see only safe
		// assignments and a few wrappers.
		{"Bash(rm -rf *)", "Bash", "ls && rm -rf /tmp/x", Allow, cwd, "", false, `"ls" not covered in "ls && rm -rf /tmp/x"`},
		{"Bash(rm -rf *)", "Bash", "FOO=1 rm -rf x", Allow, cwd, "", false, `"FOO=1 rm -rf x" not covered (allow rules see past assignments of known-safe variables only, not FOO)`},
		{"Bash(rm -rf *)", "Bash", "LANG=C rm -rf x", Allow, cwd, "", true, `"rm -rf x" in "LANG=C rm -rf x"`},
		{"Bash(git *)", "Bash", "git status && git log", Allow, cwd, "", true, `"git status", "git log" in "git status && git log"`},
		{"Bash(git *)", "Bash", "timeout 5 git push", Allow, cwd, "", true, `"git push" in "timeout 5 git push"`},
		{"Bash(git *)", "Bash", "git status", Allow, cwd, "", true, ""},
		{"Bash(git *)", "Bash", `unparseable "quote`, Allow, cwd, "", false, "the command does not parse: allow rules never match it"},
		// Paths: cwd, ~, //abs, /settings-relative.
		{"Read(~/.ssh/**)", "Read", "~/.ssh/id_rsa", Deny, cwd, "", true, `"/home/u/.ssh/id_rsa" ("~/.ssh/id_rsa") against "/home/u/.ssh/**"`},
		{"Read(//etc/**)", "Read", "/etc/passwd", Deny, cwd, "", true, `"/etc/passwd" against "/etc/**"`},
		{"Read(/secrets/**)", "Read", "/home/u/proj/secrets/k", Deny, "/home/u/proj/sub", "/home/u/proj/.claude/settings.json", true, `"/home/u/proj/secrets/k" against "/home/u/proj/secrets/**"`},
		{"Read(/secrets/**)", "Read", "secrets/k", Deny, "/home/u/proj/sub", "", true, `"/home/u/proj/sub/secrets/k" ("secrets/k") against "/home/u/proj/sub/secrets/**"`},
		{"Read(/secrets/**)", "Read", "/home/u/.claude/secrets/k", Deny, cwd, "/home/u/.claude/settings.json", true, `"/home/u/.claude/secrets/k" against "/home/u/.claude/secrets/**"`},
		{"Read(src/**)", "Read", "lib/src/a.go", Allow, cwd, "", false, `"/home/u/proj/lib/src/a.go" ("lib/src/a.go") against "/home/u/proj/src/**"`},
		{"Read(build/)", "Read", "build/x.o", Deny, cwd, "", true, `"/home/u/proj/build", a directory of "/home/u/proj/build/x.o" ("build/x.o") against "/**/build"`},
		{"Read(.env)", "Bash", "cat sub/.env", Deny, cwd, "", true, `"/home/u/proj/sub/.env" ("sub/.env") against "/**/.env" in "cat sub/.env"`},
		{"Read(.env)", "Bash", "ls", Deny, cwd, "", false, `no file read by a command Read rules see in "ls"`},
		{"Read(.env)", "Bash", "cat .env", Allow, cwd, "", false, "Read(…) allow rules are not consulted for Bash"},
		// Other tools.
		{"WebFetch(domain:*.example.com)", "WebFetch", "https://api.example.com/x", Deny, cwd, "", true, `host "api.example.com"`},
		{"WebFetch(domain:*.example.com)", "WebFetch", "https://example.com/x", Deny, cwd, "", false, `host "example.com"`},
		{"mcp__github", "mcp__github__list", "{}", Deny, cwd, "", true, "tool mcp__github__list"},
		{"mcp__*", "mcp__github__list", "{}", Allow, cwd, "", false, "mcp__* is skipped in allow lists"},
		{"Agent(model:opus)", "Agent", `{"model": "opus"}`, Ask, cwd, "", true, `model = "opus"`},
	}
	for _, tt := range tests {
		a, err := TestCall(Query{Pattern: tt.pattern, Tool: tt.tool, Input: tt.input, As: tt.as, Cwd: tt.cwd, Home: home, Settings: tt.settings})
		if err != nil || a.Match != tt.match || a.Detail != tt.detail || a.As != tt.as {
			t.Errorf("TestCall(%q, %s, %q, as %s, cwd %s) = %v (%s) %q, %v; want %v %q", tt.pattern, tt.tool, tt.input, tt.as, tt.cwd, a.Match, a.As, a.Detail, err, tt.match, tt.detail)
		}
	}

	// The rule is the one the settings loader builds.
	a, err := TestCall(Query{Pattern: "Read(/x/**)", Tool: "Read", Input: "/p/x/y", As: Ask, Cwd: "/p/sub", Settings: "/p/.claude/settings.local.json"})
	if err != nil || a.Rule == nil || a.Rule.Permission.BaseDir != "/p" || a.Rule.Name != "Read(/x/**)" || a.Rule.Action != Ask.Action() || !a.Match {
		t.Errorf("TestCall rule = %+v, %v", a, err)
	}
	a, err = TestCall(Query{Pattern: "Edit(.env)", Tool: "apply_patch", Input: "*** Begin Patch\n*** Add File: .env\n+K=1\n*** End Patch\n", As: Deny, Cwd: "/p"})
	if err != nil || !a.Match || len(a.Warnings) == 0 || !strings.Contains(a.Warnings[len(a.Warnings)-1], "one Write or Edit call per file") {
		t.Errorf("TestCall apply_patch = %+v, %v; want a match and a warning", a, err)
	}
}
