package migrate

import (
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/hookifyc/hookifyc/internal/golden"
)

// every is a Claude Code settings file using every event and handler type.
const every = `{"hooks": {
  "PreToolUse": [
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "$CLAUDE_PROJECT_DIR/scripts/guard.sh", "timeout": 10, "if": "Bash(git *)"}]},
    {"matcher": "Edit|Write|MultiEdit", "hooks": [{"type": "command", "args": ["prettier", "--check", "file name"]}]},
    {"matcher": "Read", "hooks": [{"type": "command", "command": "echo read"}]},
    {"matcher": "mcp__memory__.*", "hooks": [{"type": "command", "command": "audit-mcp"}]},
    {"matcher": "Edit.*", "hooks": [{"type": "command", "command": "lint-edit", "statusMessage": "linting"}]},
    {"matcher": "(?<=x)Bash", "hooks": [{"type": "command", "command": "never"}]}
  ],
  "PostToolUse": [{"matcher": "Write", "hooks": [
    {"type": "command", "command": "gofmt -l .", "async": true},
    {"type": "http", "url": "https://example.com/hook"},
    {"type": "prompt", "prompt": "Was that right?"},
    {"type": "agent", "prompt": "review"},
    {"type": "mcp_tool", "server": "s", "tool": "t"},
    {"type": "command", "command": "notify-write", "shell": "powershell", "once": true}
  ]}],
  "UserPromptSubmit": [{"matcher": "ignored", "hooks": [{"type": "command", "command": "check-prompt"}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "run-tests"}]}],
  "SubagentStop": [{"hooks": [{"type": "command", "command": "sub-stop"}]}],
  "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "hello"}]}],
  "SessionEnd": [{"hooks": [{"type": "command", "command": "bye"}]}],
  "PreCompact": [{"hooks": [{"type": "command", "command": "compact"}]}],
  "Notification": [{"hooks": [{"type": "command", "command": "notify-send hi"}]}],
  "PermissionRequest": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "perm"}]}],
  "PostToolUseFailure": [{"hooks": [{"type": "command", "command": "failed"}]}]
}}`

// TestClaudeHooks: a settings file using every event and handler type
// converts; what Codex cannot run is reported, located (golden).
func TestClaudeHooks(t *testing.T) {
	hooks, findings := ClaudeHooks([]string{"settings.json"}, map[string][]byte{"settings.json": []byte(every)})
	var b strings.Builder
	for _, f := range findings {
		b.WriteString(f.String() + "\n")
	}
	golden.Check(t, "testdata/every.findings", []byte(b.String()))
	golden.Check(t, "testdata/every.hooks.json", hooks.JSON())
	tm, err := hooks.TOML()
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/every.hooks.toml", tm)
	var parsed map[string]any
	if _, err := toml.Decode(string(tm), &parsed); err != nil {
		t.Errorf("the TOML does not parse: %v", err)
	}
}

func TestTranslateMatcher(t *testing.T) {
	for _, tc := range []struct {
		event, in, want string
		ok              bool
	}{
		{"PreToolUse", "", "", true},
		{"PreToolUse", "*", "", true},
		{"PreToolUse", "Bash", "Bash", true},
		{"PreToolUse", "Edit|Write", "apply_patch", true},
		{"PreToolUse", "Bash, Edit", "Bash|apply_patch", true},
		{"PreToolUse", "Read|Grep", "", false},
		{"PreToolUse", "mcp__github__create_issue", "mcp__github__create_issue", true},
		{"PreToolUse", "Edit.*", "(?:Edit.*)|^apply_patch$", true},
		{"PreToolUse", "^Bash$", "^Bash$", true},
		{"PreToolUse", "(?!x)", "", false},
		{"Stop", "anything", "", true},
	} {
		got, ok, _ := translateMatcher(tc.event, tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("translateMatcher(%s, %q) = %q, %v; want %q, %v", tc.event, tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestNotify(t *testing.T) {
	hooks, argv, err := Notify([]byte("model = \"x\"\nnotify = [\"/usr/bin/notify me\", \"--flag\"]\n[tui]\nnotifications = true\n"), "/opt/hookifyc")
	if err != nil {
		t.Fatal(err)
	}
	if len(argv) != 2 || argv[0] != "/usr/bin/notify me" {
		t.Errorf("argv %q", argv)
	}
	if got := hooks["Stop"][0].Hooks[0].Command; got != "/opt/hookifyc notify-bridge -- '/usr/bin/notify me' --flag" {
		t.Errorf("command %q", got)
	}
	if _, _, err := Notify([]byte("model = \"x\"\n"), "/opt/hookifyc"); err == nil {
		t.Error("no notify: no error")
	}
}
