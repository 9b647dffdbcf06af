package perm

import (
	"errors"
	"testing"
	"unicode/utf8"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"Bash", "Bash(*)", "Bash(git push *)", "Bash(npm run test:*)", "Bash(git:* push)", "Bash(git",
		"Bash()", "Bash)", "(x)", "Bash(ls)x", "Read(./.env)", "Read(//etc/**)", "Edit(~/.ssh/*)",
		"Edit(/src/**/*.ts)", "Read(src/[)", "WebFetch(domain:*.example.com)", "WebFetch(domain:)",
		"mcp__github", "mcp__github__*", "mcp__*", "*", "mcp__*(x)", "Agent(model:opus)",
		"Bash(command:rm *)", "Bash(run_in_background:true)", "é(x)", "Write(.env)", "Glob(**)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error %T, want *ParseError", s, err)
			}
			if pe.Col < 1 || pe.Col > len(s)+1 {
				t.Fatalf("Parse(%q) error column %d out of range", s, pe.Col)
			}
			return
		}
		if p.Text != s || p.Tool == "" {
			t.Fatalf("Parse(%q) = %+v", s, p)
		}
		ctx := Context{Cwd: "/w", Home: "/h", BaseDir: "/w"}
		for _, d := range []Decision{Allow, Ask, Deny} {
			p.Check(d)
			p.ConsultedTools(d)
			for _, tool := range []string{"Bash", "Read", "Edit", "apply_patch", "WebFetch", "Agent", p.Tool} {
				p.Matches(tool, map[string]any{"command": s, "file_path": s, "url": s, p.Param: s}, ctx, d)
			}
		}
	})
}

func FuzzMatchCommand(f *testing.F) {
	seeds := [][2]string{
		{"git *", "git status && rm -rf /"},
		{"ls *", "ls -la"},
		{"npm run test:*", "npm run test --watch"},
		{"rm *", "sudo -u root env A=1 watch -n1 'rm -rf / && ls' | tee x"},
		{"npm test", "FOO=1 timeout 10 nice -n 5 npm test > out.txt 2>&1"},
		{"rm *", "bash -c \"a && b\"; eval 'rm x'"},
		{"cat *", "cat <<EOF\n$(rm x)\nEOF"},
		{"echo *", `echo "unterminated`},
		{`echo \*`, "echo *"},
		{"grep *", "xargs -n1 grep foo"},
		{"*", "f() { x; }; (y) & z |& w"},
		{"a:*", "$'\\x41' ${x:-$(y)} <(z) `w`"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, spec, cmd string) {
		if len(cmd) > 4096 {
			return
		}
		allow := MatchCommand(spec, cmd, Allow)
		deny := MatchCommand(spec, cmd, Deny)
		if ask := MatchCommand(spec, cmd, Ask); ask != deny {
			t.Fatalf("ask %v != deny %v for Bash(%s) on %q", ask, deny, spec, cmd)
		}
		// Deny and ask see every text allow sees.
		if allow && !deny && utf8.ValidString(cmd) {
			t.Fatalf("allow matches but deny does not: Bash(%s) on %q", spec, cmd)
		}
	})
}

func FuzzMatchPath(f *testing.F) {
	for _, s := range [][2]string{
		{".env", "/w/a/.env"}, {"src/**", "src/a.go"}, {"//etc/*", "/etc/x"}, {"~/.ssh/**", "~/.ssh/id"},
		{"/x/{a,b}/*", "C:\\x\\a\\y"}, {"src/", "../src/x"}, {"[", "["}, {"\\", "a\\"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, spec, path string) {
		ctx := Context{Cwd: "/w", Home: "/h", BaseDir: "/b"}
		for _, d := range []Decision{Allow, Ask, Deny} {
			MatchPath(spec, path, ctx, d)
		}
		MatchDomain(spec, path)
		MatchTool(spec, path)
	})
}

// FuzzLoadGenesis: the genesis reader never panics, and every actor a
// rule is scoped to is one GenesisActors lists, at a valid position.
func FuzzLoadGenesis(f *testing.F) {
	f.Add([]byte("permissions:\n  actors:\n    Explore:\n      deny: [\"Bash(git push *)\"]\n  allow: [\"Read(src/*)\"]\n"))
	f.Add([]byte("hooks:\n  pre_tool_use:\n    - matcher: \"Bash(rm -rf *)\"\n      type: deny\n      config: {reason: no}\n"))
	f.Add([]byte("permissions: {actors: {a: {ask: [x]}, \"b c\": null}}\n"))
	f.Add([]byte("permissions:\n  actors: &x\n    a: *x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rules, _, _ := LoadGenesis("genesis.key", data, LoadOptions{})
		listed := map[string]bool{}
		for _, a := range GenesisActors(data) {
			if !a.Pos.IsValid() {
				t.Fatalf("actor %q at %v", a.Name, a.Pos)
			}
			listed[a.Name] = true
		}
		for _, r := range rules {
			if a := r.Permission.Actor; a != "" && !listed[a] {
				t.Fatalf("a rule for actor %q, which GenesisActors does not list", a)
			}
		}
	})
}
