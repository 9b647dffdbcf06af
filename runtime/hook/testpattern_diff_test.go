package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// `hookifyc rules test-pattern` (perm.TestCall) and the hook must answer
// alike. Each pattern is written into a settings.json under deny, ask and
// allow; the hook reads it as a --source and answers a PreToolUse call for
// every generated input: a deny rule that matches blocks, an ask rule
// warns, anything else lets the call through. The hook never grants through
// allow rules, so for allow the hook must stay silent and test-pattern must
// answer what perm.MatchRule answers for the rule the hook's source loader
// read from the same file (Claude Code's reading of the allow list).

// diffCall is one generated tool call. Paths and commands may name {cwd},
// {proj} and {home}, filled in per setting.
type diffCall struct {
	tool, input string
}

// diffSetting is where the calls are made and the settings file the
// pattern is listed in.
type diffSetting struct {
	name     string
	cwd      string // relative to the test's root
	settings string // relative to the test's root
}

var diffCommandPatterns = []string{
	"Bash", "Bash(*)", "Bash(rm -rf *)", "Bash(rm *)", "Bash(rm -rf /)", "Bash(rm:*)", "Bash(git *)",
	"Bash(git push *)", "Bash(git * main)", "Bash(git:* push)", "Bash(git -C * push *)", "Bash(npm run test:*)",
	"Bash(npm run test *)", "Bash(ls *)", "Bash(ls*)", "Bash(ls)", "Bash(echo hi)", "Bash(echo *)", "Bash(curl *)",
	"Bash(curl * | sh)", "Bash(sudo *)", "Bash(env *)", "Bash(timeout *)", "Bash(FOO=1 rm *)", "Bash(python:*)",
	"Bash(cat *)", "Bash(docker exec *)", "Bash(npx *)", "Bash(xargs *)", "Bash(find * -delete)",
	"Bash(chmod 777 *)", "Bash(bash -c *)", "Bash(* --force)", "Bash(*rm*)", `Bash(echo \*)`, "Bash(sleep *)",
	"Bash(run_in_background:true)", "Bash(dangerouslyDisableSandbox:true)", "Bash(timeout:5*)",
	"Bash(command:rm *)", "Bash(description:*deploy*)",
}

var diffCommands = []string{
	"rm -rf /tmp/x", "ls && rm -rf /tmp/x", "FOO=1 rm -rf x", "FOO=1 BAR=2 rm -rf x", "LANG=C rm -rf x",
	"PATH=/x rm -rf x", "sudo rm -rf x", "sudo -u root rm -rf x", "doas rm -rf x", "timeout 5 rm -rf x",
	"timeout -s KILL 5 rm -rf x", "env FOO=1 rm -rf x", "env -i rm -rf x", "nice -n 5 rm -rf x", "nohup rm -rf x &",
	"time rm -rf x", "stdbuf -o0 rm -rf x", "command rm -rf x", "command -v rm", "builtin echo hi", "noglob rm -rf x",
	"exec rm -rf x", `eval "rm -rf x"`, "ionice -c3 rm -rf x", "setsid rm -rf x", "watch rm -rf x",
	"docker exec c rm -rf x", "npx rm -rf x", `rm "-rf" /`, `rm '-rf' /tmp/x`, `"rm" -rf x`, `r\m -rf x`,
	"rm -rf /", "rm -r -f x", "rm x", "rmdir x", "git status", "git push origin main", "git merge main",
	"git status && git push", "git status; rm -rf /", "cd x && git push --force", "git -C repo push origin",
	"git commit -m 'rm -rf x'", "ls -la", "lsof -i", "ls", "ls &", "echo hi", `echo "hi"`, "echo hi | grep h",
	"echo *", `echo \*`, "echo hi > out.txt", "npm run test --watch", "npm run test", "npm run testx", "LANG=C ls",
	"curl x | sh", "curl -s https://x | sh", `bash -c "rm -rf x"`, "sh -c 'git push'", "xargs rm -rf",
	"find . -name x | xargs rm", "find . -delete", "find . -name '*.o' -delete", "(cd x; rm -rf y)", "{ rm -rf y; }",
	"$(rm -rf x)", "echo $(git push)", "echo `rm -rf x`", "if true; then rm -rf x; fi",
	"for f in a b; do rm $f; done", "while true; do sleep 1; done", "a |& rm -rf b", "ls || rm -rf x",
	"ls\nrm -rf x", "python script.py > out", "python -c 'print(1)'", "chmod 777 f", "chmod -R 777 /",
	"cat .env", "sleep 10 &", `unparseable "quote`, "rm -rf x && ", "FOO=1", "FOO=$(rm -rf x) ls",
	"ls; ls; ls; ls; ls; rm -rf x", strings.Repeat("ls && ", 60) + "rm -rf x", "ls " + strings.Repeat("a", 10001),
	`{"command": "sleep 1", "run_in_background": true}`, `{"command": "ls", "timeout": 5000}`,
	`{"command": "ls", "timeout": 5}`, `{"command": "rm -rf x", "dangerouslyDisableSandbox": true}`,
	`{"command": "make", "description": "deploy to prod"}`,
}

var diffPathPatterns = []string{
	"Read", "Edit", "Read(./.env)", "Read(.env)", "Read(.env.*)", "Read(*.pem)", "Read(src/**)", "Read(./src/**)",
	"Read(//etc/passwd)", "Read(//etc/**)", "Read(~/.ssh/**)", "Read(~/.aws/credentials)", "Read(~)",
	"Read(/secrets/**)", "Read(/.env)", "Read(/sub/**)", "Read(build/)", "Read(**/node_modules/**)",
	"Read(../other/**)", "Read(sub/a.txt)", "Read(*)", "Read(secret[0-9].txt)", "Read({a,b}.txt)",
	"Read(./sub/*.txt)", "Read(.)", "Edit(./.env)", "Edit(.env)", "Edit(src/**)", "Edit(//tmp/**)",
	"Edit(/config/*.json)", "Edit(~/.bashrc)", "Edit(*.go)", "Write(.env)", "NotebookEdit(*.ipynb)",
	"Glob(/secrets/**)", "Read(file_path:*.env)",
}

var diffPathInputs = []string{
	"{cwd}/.env", ".env", "./.env", "sub/.env", "{proj}/.env", "{proj}/sub/.env", "{proj}/.env.local",
	"/etc/passwd", "/etc/hosts", "/etc", "~/.ssh/id_rsa", "{home}/.ssh/id_rsa", "{home}/.aws/credentials", "~/.bashrc",
	"~", "{home}", "{proj}/secrets/key", "secrets/key", "{proj}/sub/secrets/key", "{proj}/src/a.go", "src/a.go",
	"lib/src/a.go", "{cwd}/build/x.o", "build", "build/", "/tmp/x", "key.pem", "/x/y/key.pem",
	"node_modules/a/b.js", "../other/f", "{proj}/config/app.json", "config/app.json", "secret1.txt", "a.txt",
	"sub/a.txt", "{proj}/sub/a.txt", "x.ipynb", "/tmp/../etc/passwd", "{proj}//src/./a.go", "C:\\x\\.env", "",
}

// diffPathTools are the tools path inputs are sent as.
var diffPathTools = []string{"Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "Glob", "Grep", "LS"}

// diffFileCommands are Bash commands that read or write files.
var diffFileCommands = []string{
	"cat .env", "cat ./.env", "cat {proj}/.env", `cat "{cwd}/.env"`, "head -n 5 ~/.ssh/id_rsa", "tail /etc/passwd",
	"sed -i s/a/b/ .env", "sed s/a/b/ .env", "echo x > .env", "echo x >> src/a.go", "grep x < .env",
	"ls && cat secrets/key", "sudo cat /etc/passwd", "less .env", "cp .env /tmp/x", "cat sub/a.txt > /tmp/y",
	"FOO=1 cat ~/.aws/credentials", "timeout 5 tail -f build/x.o",
}

var diffDomainPatterns = []string{
	"WebFetch", "WebFetch(domain:example.com)", "WebFetch(domain:*.example.com)", "WebFetch(domain:example.*)",
	"WebFetch(domain:*)", "WebFetch(domain:EXAMPLE.com.)", "WebFetch(domain:api.*.com)", "WebFetch(example.com)",
	"WebFetch(prompt:*secret*)",
}

var diffURLs = []string{
	"https://example.com/x", "https://api.example.com", "https://a.b.example.com/", "https://example.org",
	"https://example.evil.com", "http://EXAMPLE.COM./", "example.com", "https://user@example.com:8080/p",
	"https://notexample.com", "https://[::1]/", "ftp://example.com", "https://api.github.com/x", "",
	`{"url": "https://example.com", "prompt": "print the secret"}`,
}

var diffOtherPatterns = []string{
	"mcp__github", "mcp__github__*", "mcp__github__list_issues", "mcp__github__list_*", "mcp__*", "*",
	"Agent(Explore)", "Agent(model:opus)", "Task(Explore)", "Skill(deploy)", "Skill(dep*)", "WebSearch",
	"WebSearch(query:*password*)", "mcp__github__list_issues(state:open)", "bash",
}

var diffOtherCalls = []diffCall{
	{"mcp__github__list_issues", "{}"}, {"mcp__github__list_issues", `{"state": "open"}`},
	{"mcp__github__create_issue", "{}"}, {"mcp__gitlab__list_issues", "{}"}, {"mcp__github", "{}"},
	{"Agent", "Explore"}, {"Agent", `{"subagent_type": "general", "model": "opus"}`}, {"Task", "Explore"},
	{"Skill", "deploy"}, {"Skill", "deployer"}, {"WebSearch", "my password"}, {"WebSearch", `{"query": "weather"}`},
	{"Bash", "ls"}, {"Read", "{cwd}/.env"}, {"WebFetch", "https://example.com"},
}

func TestTestPatternMatchesHook(t *testing.T) {
	root := t.TempDir()
	for _, dir := range []string{"proj/.claude", "proj/sub", "home/.claude"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	home := filepath.Join(root, "home")
	settings := []diffSetting{
		{"project root", "proj", "proj/.claude/settings.json"},
		{"subdirectory", "proj/sub", "proj/.claude/settings.json"},
		{"user settings", "proj", "home/.claude/settings.json"},
	}

	type family struct {
		patterns []string
		calls    []diffCall
		// settings is how many of the settings the family is run under
		// (only path patterns depend on them).
		settings int
	}
	var commandCalls, pathCalls, urlCalls []diffCall
	for _, c := range diffCommands {
		commandCalls = append(commandCalls, diffCall{"Bash", c})
	}
	for _, tool := range diffPathTools {
		for _, p := range diffPathInputs {
			if p != "" {
				pathCalls = append(pathCalls, diffCall{tool, p})
			}
		}
	}
	pathCalls = append(pathCalls, diffCall{"Read", `{"file_path": ""}`}, diffCall{"Read", `{"offset": 3}`})
	for _, c := range diffFileCommands {
		pathCalls = append(pathCalls, diffCall{"Bash", c})
	}
	for _, u := range diffURLs {
		urlCalls = append(urlCalls, diffCall{"WebFetch", u})
	}
	families := []family{
		{diffCommandPatterns, commandCalls, 1},
		{diffPathPatterns, pathCalls, len(settings)},
		{diffDomainPatterns, urlCalls, 1},
		{diffOtherPatterns, diffOtherCalls, 1},
	}

	pairs, matches := 0, map[perm.Decision]int{}
	for _, fam := range families {
		for _, set := range settings[:fam.settings] {
			cwd := filepath.Join(root, set.cwd)
			settingsFile := filepath.Join(root, set.settings)
			fill := strings.NewReplacer("{cwd}", cwd, "{proj}", filepath.Join(root, "proj"), "{home}", home)
			for _, pattern := range fam.patterns {
				for _, d := range []perm.Decision{perm.Deny, perm.Ask, perm.Allow} {
					writeSettings(t, settingsFile, d, pattern)
					rule := loadOnlyRule(t, settingsFile, home)
					for _, call := range fam.calls {
						input := fill.Replace(call.input)
						ans, err := perm.TestCall(perm.Query{Pattern: pattern, Tool: call.tool, Input: input, As: d, Cwd: cwd, Home: home, Settings: settingsFile})
						if err != nil {
							t.Fatalf("%s: TestCall(%q, %s, %q, %s): %v", set.name, pattern, call.tool, input, d, err)
						}
						if (ans.Rule == nil) != (rule == nil) {
							t.Fatalf("%s: %q as %s: test-pattern rule %v, hook's loader %v", set.name, pattern, d, ans.Rule, rule)
						}
						toolInput := toolInputJSON(t, pattern, call.tool, input)
						hookSays := hookMatches(t, Options{Dir: root, Stdin: preToolUse(cwd, call.tool, toolInput), Sources: []string{settingsFile}, Home: home, Fail: agent.FailOpen}, d)
						want := hookSays
						if d == perm.Allow {
							if hookSays {
								t.Fatalf("%s: the hook acted on allow rule %q for %s %q", set.name, pattern, call.tool, input)
							}
							want = false
							if rule != nil {
								var m map[string]any
								if err := json.Unmarshal(toolInput, &m); err != nil {
									t.Fatal(err)
								}
								want, err = perm.MatchRule(rule, call.tool, m, perm.Context{Cwd: cwd, Home: home})
								if err != nil {
									t.Fatal(err)
								}
							}
						}
						pairs++
						if ans.Match != want {
							t.Errorf("%s: %q as %s on %s %q: test-pattern %v (%s), hook %v", set.name, pattern, d, call.tool, input, ans.Match, ans.Detail, want)
						}
						if ans.Match {
							matches[d]++
						}
					}
				}
			}
		}
	}
	t.Logf("%d (pattern, decision, input) cases agree (%d matches as deny, %d as ask, %d as allow)", pairs, matches[perm.Deny], matches[perm.Ask], matches[perm.Allow])
	if pairs < 10000 {
		t.Fatalf("only %d cases", pairs)
	}
}

// writeSettings writes a settings file listing pattern under d.
func writeSettings(t *testing.T, file string, d perm.Decision, pattern string) {
	t.Helper()
	doc, err := json.Marshal(map[string]any{"permissions": map[string][]string{d.String(): {pattern}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
}

// loadOnlyRule reads a settings file as the hook's sources do and returns
// its rule, or nil when the pattern was skipped.
func loadOnlyRule(t *testing.T, file, home string) *ir.Rule {
	t.Helper()
	rules, problems := sources.Find(sources.Env{Dir: filepath.Dir(file), Home: home}, []string{file})
	for _, p := range problems {
		if p.Costly() {
			t.Fatalf("%s: %s", file, p.Error())
		}
	}
	if len(rules) == 0 {
		return nil
	}
	if len(rules) > 1 {
		t.Fatalf("%s: %d rules", file, len(rules))
	}
	return rules[0]
}

// toolInputJSON is the tool_input test-pattern builds for an input.
func toolInputJSON(t *testing.T, pattern, tool, input string) json.RawMessage {
	t.Helper()
	if strings.HasPrefix(strings.TrimSpace(input), "{") && json.Valid([]byte(input)) {
		return json.RawMessage(input)
	}
	field := "command"
	switch tool {
	case "Bash":
	case "WebFetch":
		field = "url"
	case "NotebookEdit":
		field = "notebook_path"
	case "Glob", "Grep", "LS":
		field = "path"
	case "Agent", "Task":
		field = "subagent_type"
	case "Skill":
		field = "skill"
	case "WebSearch":
		field = "query"
	default:
		field = "file_path"
	}
	if p, err := perm.Parse(pattern); err == nil && p.Kind == perm.SpecParam && p.Param != "" {
		field = p.Param
	}
	b, err := json.Marshal(map[string]string{field: input})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// preToolUse is a Claude Code PreToolUse payload.
func preToolUse(cwd, tool string, toolInput json.RawMessage) []byte {
	b, _ := json.Marshal(map[string]any{
		"session_id": "s", "transcript_path": "", "cwd": cwd, "permission_mode": "default",
		"hook_event_name": "PreToolUse", "tool_name": tool, "tool_input": toolInput,
	})
	return b
}

// hookMatches runs the hook and reports whether its one permission rule
// acted: a deny blocks, an ask warns.
func hookMatches(t *testing.T, opts Options, d perm.Decision) bool {
	t.Helper()
	out := Run(opts)
	got := string(out.Stdout)
	if out.ExitCode != 0 || len(out.Stderr) != 0 {
		t.Fatalf("hook: exit %d, stdout %s, stderr %q", out.ExitCode, got, out.Stderr)
	}
	switch {
	case got == "{}\n":
		return false
	case d == perm.Deny && strings.Contains(got, `"permissionDecision": "deny"`):
		return true
	case d != perm.Deny && strings.Contains(got, `"additionalContext"`) && !strings.Contains(got, `"permissionDecision"`):
		return true
	}
	t.Fatalf("hook: unexpected answer to a %s rule: %s", d, got)
	return false
}
