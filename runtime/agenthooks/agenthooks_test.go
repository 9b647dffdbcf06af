package agenthooks

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"
)

// memEnv is an Env over files held in memory.
func memEnv(files map[string]string) Env {
	return Env{
		Home:            "/home/u",
		CodexManagedDir: "/etc/codex",
		Dir:             "/repo/sub",
		ReadFile: func(p string) ([]byte, error) {
			if s, ok := files[p]; ok {
				return []byte(s), nil
			}
			return nil, fs.ErrNotExist
		},
		Exists: func(p string) bool {
			_, ok := files[p]
			return ok
		},
		NotExist: func(err error) bool { return errors.Is(err, fs.ErrNotExist) },
	}
}

func TestList(t *testing.T) {
	files := map[string]string{
		"/etc/codex/requirements.toml": `
[hooks]
managed_dir = "/etc/codex/hooks"
[[hooks.PreToolUse]]
matcher = "^Bash$"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "/usr/bin/hookifyc hook --agent codex"
timeout = 5
`,
		"/home/u/.codex/hooks.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
			{"type": "command", "command": "/bin/guard", "timeout": 10},
			{"type": "prompt", "prompt": "is it safe?"}]}],
			"Stop": [{"hooks": [{"type": "command", "command": "/bin/stop", "async": true}]}]}}`,
		"/home/u/.codex/config.toml": `
model = 'gpt-5'
[projects."/repo"]
trust_level = "trusted"
[[hooks.UserPromptSubmit]]
[[hooks.UserPromptSubmit.hooks]]
type = "command"
command = '''/bin/prompt "x"'''
[hooks.state."/home/u/.codex/hooks.json:pre_tool_use:0:0"]
trusted_hash = "sha256:abc"
[hooks.state."/home/u/.codex/config.toml:user_prompt_submit:0:0"]
enabled = false
`,
		"/repo/.git":                            "",
		"/repo/.codex/hooks.json":               `{"hooks": {"PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "/repo/bin/post"}]}]}}`,
		"/repo/sub/.codex/config.toml":          "[hooks]\nPreToolUse = [{ hooks = [{ type = \"command\", command = \"/repo/bin/sub\" }] }]\n",
		"/home/u/.claude/settings.json":         `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "hookifyc hook"}]}]}}`,
		"/repo/sub/.claude/settings.local.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "args": ["/bin/check", "--all"]}]}]}}`,
		"/repo/sub/.claude/settings.json":       `{not json`,
	}
	hooks, problems := List(memEnv(files))
	var got []string
	for _, h := range hooks {
		got = append(got, strings.Join([]string{h.Agent, h.Layer, h.Event, h.Matcher, h.Command, h.Key, string(h.Trust), h.TrustedHash, h.Note}, " | "))
	}
	want := []string{
		"codex | managed | PreToolUse | ^Bash$ | /usr/bin/hookifyc hook --agent codex | /etc/codex/requirements.toml:pre_tool_use:0:0 | managed |  | ",
		"codex | user | PreToolUse | Bash | /bin/guard | /home/u/.codex/hooks.json:pre_tool_use:0:0 | unknown | sha256:abc | ",
		"codex | user | PreToolUse | Bash |  | /home/u/.codex/hooks.json:pre_tool_use:0:1 | untrusted |  | not run: Codex runs command hooks only (type \"prompt\")",
		"codex | user | Stop |  | /bin/stop | /home/u/.codex/hooks.json:stop:0:0 | untrusted |  | not run: Codex skips async hooks",
		"codex | user | UserPromptSubmit |  | /bin/prompt \"x\" | /home/u/.codex/config.toml:user_prompt_submit:0:0 | disabled |  | ",
		"codex | project | PostToolUse | * | /repo/bin/post | /repo/.codex/hooks.json:post_tool_use:0:0 | untrusted |  | ",
		"codex | project | PreToolUse |  | /repo/bin/sub | /repo/sub/.codex/config.toml:pre_tool_use:0:0 | untrusted |  | ",
		"claude | user | PreToolUse | Bash | hookifyc hook |  |  |  | ",
		"claude | local | Stop |  | /bin/check --all |  |  |  | ",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("hooks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(problems) != 1 || problems[0].File != "/repo/sub/.claude/settings.json" {
		t.Errorf("problems: %v", problems)
	}
}

func TestListSwitches(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		note  string
		trust Trust
	}{
		{"hooks feature off", map[string]string{
			"/home/u/.codex/config.toml": "[features]\nhooks = false\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"x\"\n",
		}, "not run: [features] hooks = false", TrustUntrusted},
		{"managed hooks only", map[string]string{
			"/etc/codex/requirements.toml": "[hooks]\nallow_managed_hooks_only = true\n",
			"/home/u/.codex/hooks.json":    `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
		}, "not run: allow_managed_hooks_only", TrustUntrusted},
		{"untrusted project", map[string]string{
			"/repo/sub/.codex/hooks.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
		}, "not run: the project is not trusted", TrustProjectUntrusted},
		{"claude hooks disabled", map[string]string{
			"/repo/sub/.claude/settings.json": `{"disableAllHooks": true, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}`,
		}, "not run: disableAllHooks", ""},
	} {
		hooks, problems := List(memEnv(tc.files))
		if len(hooks) != 1 || len(problems) != 0 {
			t.Errorf("%s: %d hooks, problems %v", tc.name, len(hooks), problems)
			continue
		}
		if hooks[0].Note != tc.note || hooks[0].Trust != tc.trust {
			t.Errorf("%s: note %q trust %q, want %q %q", tc.name, hooks[0].Note, hooks[0].Trust, tc.note, tc.trust)
		}
	}
}

func TestSnake(t *testing.T) {
	for in, want := range map[string]string{"PreToolUse": "pre_tool_use", "Stop": "stop", "UserPromptSubmit": "user_prompt_submit", "SubagentStop": "subagent_stop"} {
		if got := snake(in); got != want {
			t.Errorf("snake(%q) = %q, want %q", in, got, want)
		}
	}
}
