package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
)

// rule builds a hookify file from frontmatter lines and a message.
func rule(lines ...string) string {
	return "---\n" + strings.Join(lines, "\n") + "\n---\nWhy, and what to do instead.\n"
}

const okCmd = "  - field: command\n    operator: regex_match\n    pattern: rm\\s+-rf"

// codeCases has, for every code, files on which it fires and files on
// which it does not. Keys are paths relative to a fresh directory.
var codeCases = []struct {
	code      string
	semantics engine.Semantics
	named     bool // lint the files by name, not their directory
	fire, not map[string]string
}{
	{code: "missing", fire: nil, not: map[string]string{"a.md": rule("name: a", "event: bash", "action: block", "conditions:", okCmd)}},
	{code: "not-a-source", named: true, fire: map[string]string{"notes.txt": "hello"}, not: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "cannot-read", fire: nil, not: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "malformed",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - just a string")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "no-frontmatter",
		fire: map[string]string{"a.md": "name: a\nno frontmatter\n"},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "not-local",
		fire: map[string]string{".claude/hookify.a.md": rule("name: a", "event: bash", "conditions:", okCmd)},
		not:  map[string]string{".claude/hookify.a.local.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "nested-frontmatter",
		fire: map[string]string{"a.md": rule("hookify:", "  event: bash", "  action: block", "  pattern: rm")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "yaml-quoted-backslash",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", `    pattern: "rm\\s+-rf"`)},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", `    pattern: "rm\s+-rf"`)}},
	{code: "yaml-inline-comment",
		fire: map[string]string{"a.md": rule("name: a", "event: bash # shell only", "conditions:", okCmd)},
		not:  map[string]string{"a.md": rule("name: a", "# shell only", "event: bash", "conditions:", okCmd)}},
	{code: "yaml-condition-indent",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "- field: command", "  operator: regex_match", "  pattern: rm")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "- field: command", "    operator: regex_match", "    pattern: rm")}},
	{code: "yaml-comma-item",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - pattern: rm -rf, shred", "    field: command")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command, operator: contains, pattern: shred")}},
	{code: "yaml-dashes-in-value",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: contains", "    pattern: rm ---force")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: contains", "    pattern: rm --force")}},
	{code: "enabled-string",
		fire: map[string]string{"a.md": rule("name: a", "enabled: no", "event: bash", "conditions:", okCmd)},
		not:  map[string]string{"a.md": rule("name: a", "enabled: false", "event: bash", "conditions:", okCmd)}},
	{code: "unknown-key",
		fire: map[string]string{"a.md": rule("name: a", "evnet: bash", "conditions:", okCmd)},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "unknown-event",
		fire: map[string]string{"a.md": rule("name: a", "event: bahs", "conditions:", okCmd)},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "unknown-action",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "action: blocks", "conditions:", okCmd)},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "action: block", "conditions:", okCmd)}},
	{code: "unknown-operator",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_matches", "    pattern: rm")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "unknown-field",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: comand", "    operator: regex_match", "    pattern: rm")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", okCmd)}},
	{code: "disabled",
		fire: map[string]string{"a.md": rule("name: a", "enabled: false", "event: bash", "conditions:", okCmd)},
		not:  map[string]string{"a.md": rule("name: a", "enabled: true", "event: bash", "conditions:", okCmd)}},
	{code: "no-conditions",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "action: block")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "pattern: rm")}},
	{code: "type-error",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "tool_matcher: true", "conditions:", okCmd)},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "tool_matcher: Bash", "conditions:", okCmd)}},
	{code: "dead-field",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: file_path", "    operator: contains", "    pattern: .env")},
		not:  map[string]string{"a.md": rule("name: a", "event: file", "conditions:", "  - field: file_path", "    operator: contains", "    pattern: .env")}},
	{code: "write-new-text",
		fire: map[string]string{"a.md": rule("name: a", "event: file", "conditions:", "  - field: new_text", "    operator: contains", "    pattern: console.log(")},
		not:  map[string]string{"a.md": rule("name: a", "event: file", "conditions:", "  - field: content", "    operator: contains", "    pattern: console.log(")}},
	{code: "prompt-field",
		fire: map[string]string{"a.md": rule("name: a", "event: prompt", "conditions:", "  - field: user_prompt", "    operator: contains", "    pattern: deploy")},
		not:  map[string]string{"a.md": rule("name: a", "event: stop", "conditions:", "  - field: transcript", "    operator: contains", "    pattern: deploy")}},
	{code: "legacy-pattern-field",
		fire: map[string]string{"a.md": rule("name: a", "event: stop", "pattern: TODO")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "pattern: shred")}},
	{code: "event-leak", semantics: engine.Hookify,
		fire: map[string]string{"a.md": rule("name: a", "event: stop", "conditions:", "  - field: transcript", "    operator: contains", "    pattern: TODO")},
		not:  map[string]string{"a.md": rule("name: a", "event: all", "conditions:", "  - field: transcript", "    operator: contains", "    pattern: TODO")}},
	{code: "invalid-regex",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", "    pattern: rm (-rf")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", "    pattern: rm (-rf)")}},
	{code: "regex-unsupported",
		fire: map[string]string{"a.md": rule("name: a", "event: file", "conditions:", "  - field: content", "    operator: regex_match", `    pattern: \N{DASH}`)},
		not:  map[string]string{"a.md": rule("name: a", "event: file", "conditions:", "  - field: content", "    operator: regex_match", `    pattern: \u2010`)}},
	{code: "regex-python-version",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", "    pattern: shred|(?i)wipe")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", "    pattern: (?i)shred|wipe")}},
	{code: "regex-backtracking",
		fire: map[string]string{"a.md": rule("name: a", "event: file", "conditions:", "  - field: content", "    operator: regex_match", "    pattern: (a+)+b")},
		not:  map[string]string{"a.md": rule("name: a", "event: file", "conditions:", "  - field: content", "    operator: regex_match", "    pattern: a+b")}},
	{code: "literal-metachar",
		fire: map[string]string{"a.md": rule("name: a", "event: stop", "conditions:", "  - field: transcript", "    operator: not_contains", "    pattern: npm test|pytest")},
		not:  map[string]string{"a.md": rule("name: a", "event: stop", "conditions:", "  - field: transcript", "    operator: not_contains", "    pattern: npm test")}},
	{code: "anchored-compound", semantics: engine.Hookify,
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", `    pattern: ^git\s+push`)},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", `    pattern: (^|[;&|]\s*)git\s+push`)}},
	{code: "broad-pattern",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", `    pattern: git`)},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "conditions:", "  - field: command", "    operator: regex_match", `    pattern: git\s+push\s+.*--force`)}},
	{code: "duplicate-name",
		fire: map[string]string{"a.md": rule("name: a", "event: bash", "pattern: shred"), "b.md": rule("name: a", "event: bash", "pattern: wipefs")},
		not:  map[string]string{"a.md": rule("name: a", "event: bash", "pattern: shred"), "b.md": rule("name: b", "event: bash", "pattern: wipefs")}},
	{code: "permission-source",
		fire: map[string]string{".claude/settings.json": `{"permissions": {"alow": ["Bash(ls *)"]}}`},
		not:  map[string]string{".claude/settings.json": `{"permissions": {"deny": ["Bash(ls *)"]}}`}},
	{code: "genesis-actor-unknown", named: true,
		fire: map[string]string{"genesis.key": "permissions:\n  actors:\n    explore:\n      deny: [\"Bash(git push *)\"]\n"},
		not:  map[string]string{"genesis.key": "permissions:\n  actors:\n    Explore:\n      deny: [\"Bash(git push *)\"]\n"}},
	{code: "permission-glob-space",
		fire: map[string]string{".claude/settings.json": `{"permissions": {"allow": ["Bash(git log*)"]}}`},
		not:  map[string]string{".claude/settings.json": `{"permissions": {"allow": ["Bash(git log *)"]}}`}},
	{code: "rules-invalid",
		fire: map[string]string{"x.rules": `prefix_rule(pattern = ["git"], decision = "deny")` + "\n"},
		not:  map[string]string{"x.rules": `prefix_rule(pattern = ["git", "push"], decision = "prompt")` + "\n"}},
	{code: "rules-unbounded",
		fire: map[string]string{"x.rules": "def f():\n    s = \"ab\"\n    for i in range(40):\n        s = s + s\n    return s\nx = f()\nprefix_rule(pattern = [\"git\", \"push\"], decision = \"prompt\")\n"},
		not:  map[string]string{"x.rules": "def f():\n    s = \"ab\"\n    for i in range(4):\n        s = s + s\n    return s\nx = f()\nprefix_rule(pattern = [\"git\", \"push\"], decision = \"prompt\")\n"}},
	{code: "rules-broad-allow",
		fire: map[string]string{"x.rules": `prefix_rule(pattern = ["python3"], decision = "allow")` + "\n"},
		not:  map[string]string{"x.rules": `prefix_rule(pattern = ["cargo", "check", "--all"], decision = "allow")` + "\n"}},
	{code: "rules-shell",
		fire: map[string]string{"x.rules": `prefix_rule(pattern = ["bash", "-lc"], decision = "prompt")` + "\n"},
		not:  map[string]string{"x.rules": `prefix_rule(pattern = ["git", "push"], decision = "prompt")` + "\n"}},
	{code: "rules-forbidden-bypass",
		fire: map[string]string{"x.rules": `prefix_rule(pattern = ["rm", "-rf"], decision = "forbidden")` + "\n"},
		not:  map[string]string{"x.rules": `prefix_rule(pattern = ["rm", "-rf"], decision = "prompt")` + "\n"}},
	{code: "rules-host-executable",
		fire: map[string]string{"a.rules": `host_executable(name = "git", paths = ["/usr/bin/git"])` + "\n", "b.rules": `prefix_rule(pattern = ["git", "push"], decision = "prompt")` + "\n"},
		not:  map[string]string{"a.rules": `host_executable(name = "hg", paths = ["/usr/bin/hg"])` + "\n", "b.rules": `prefix_rule(pattern = ["git", "push"], decision = "prompt")` + "\n"}},
	{code: "rules-saved-approval",
		fire: map[string]string{"default.rules": `prefix_rule(pattern = ["npm"], decision = "allow")` + "\n"},
		not:  map[string]string{"default.rules": `prefix_rule(pattern = ["npm", "test"], decision = "allow")` + "\n"}},
}

// lintFiles writes files into a fresh directory and lints it.
func lintFiles(t *testing.T, files map[string]string, sem engine.Semantics) *Result {
	return lintFilesNamed(t, files, sem, false)
}

func lintFilesNamed(t *testing.T, files map[string]string, sem engine.Semantics, named bool) *Result {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if !named {
		paths = []string{dir}
	}
	return Run(Options{Paths: paths, Semantics: sem, Env: hermeticEnv(t)})
}

func has(r *Result, code string) bool {
	for _, d := range r.Diagnostics {
		if d.Code == code {
			return true
		}
	}
	return false
}

func TestCodes(t *testing.T) {
	covered := map[string]bool{}
	for _, tc := range codeCases {
		covered[tc.code] = true
		t.Run(tc.code, func(t *testing.T) {
			var fire *Result
			switch tc.code {
			case "missing":
				fire = Run(Options{Paths: []string{filepath.Join(t.TempDir(), "nope.md")}, Env: hermeticEnv(t)})
			case "cannot-read":
				dir := t.TempDir()
				p := filepath.Join(dir, "fifo.md")
				mkfifo(t, p)
				fire = Run(Options{Paths: []string{p}, Env: hermeticEnv(t)})
			case "collision":
				return
			default:
				fire = lintFilesNamed(t, tc.fire, tc.semantics, tc.named)
			}
			if !has(fire, tc.code) {
				t.Errorf("%s does not fire:\n%s", tc.code, dump(fire))
			}
			for _, d := range fire.Diagnostics {
				if d.Code == tc.code && (d.Line < 1 || d.Col < 1 || d.Message == "") {
					t.Errorf("diagnostic without position or message: %+v", d)
				}
			}
			if not := lintFilesNamed(t, tc.not, tc.semantics, tc.named); has(not, tc.code) {
				t.Errorf("%s fires on the clean case:\n%s", tc.code, dump(not))
			}
		})
	}
	covered["collision"] = true // TestCollision
	for _, c := range Codes {
		if !covered[c.ID] {
			t.Errorf("code %s has no table case", c.ID)
		}
	}
}

func dump(r *Result) string {
	var b strings.Builder
	_ = WriteText(&b, r)
	return b.String()
}

// TestFIFOGenesisKey: a genesis.key that is a FIFO is reported as
// cannot-read and never opened (reading it would block the lint).
func TestFIFOGenesisKey(t *testing.T) {
	p := filepath.Join(t.TempDir(), "genesis.key")
	mkfifo(t, p)
	done := make(chan *Result, 1)
	go func() { done <- Run(Options{Paths: []string{p}, Env: hermeticEnv(t)}) }()
	select {
	case r := <-done:
		if !has(r, "cannot-read") {
			t.Errorf("no cannot-read:\n%s", dump(r))
		}
	case <-time.After(10 * time.Second):
		t.Fatal("lint blocked on a FIFO genesis.key")
	}
}
