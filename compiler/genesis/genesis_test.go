package genesis

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/golden"
)

// TestSeed: the example genesis file, every hook type, placed on both
// agents and emitted for both (goldens in testdata/).
func TestSeed(t *testing.T) {
	data, err := os.ReadFile("testdata/seed.key")
	if err != nil {
		t.Fatal(err)
	}
	hooks, diags := Load("testdata/seed.key", data)
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintln(&b, d.Error())
	}
	for _, agent := range []string{Claude, Codex} {
		for _, p := range Place(hooks, agent) {
			fmt.Fprintf(&b, "%s %s %s %q → %s: %s: %s\n", p.Hook.Source, p.Hook.Event, p.Hook.Type, p.Hook.Matcher, agent, p.Where, p.Why)
		}
	}
	golden.Check(t, "testdata/seed.plan", []byte(b.String()))
	golden.Check(t, "testdata/seed.claude.json", Emit(hooks, Claude, "/usr/local/bin/hookifyc"))
	golden.Check(t, "testdata/seed.codex.json", Emit(hooks, Codex, "/usr/local/bin/hookifyc"))
}

func TestLoadDiagnostics(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		n               int
	}{
		{"unknown type", "hooks:\n  pre_tool_use:\n    - matcher: Bash\n      type: notify\n", `f.key:4:13: hooks.pre_tool_use: unknown hook type "notify"`, 0},
		{"unknown event", "hooks:\n  on_save:\n    - type: command\n", `f.key:2:3: warning: hooks.on_save: unknown event; ignored`, 0},
		{"command without command", "hooks:\n  stop:\n    - type: command\n", `f.key:3:7: a command hook needs config.command`, 0},
		{"modify without a rewrite", "hooks:\n  pre_tool_use:\n    - type: modify\n      matcher: Bash\n", `f.key:3:7: a modify hook needs config.pattern`, 0},
		{"bad matcher", "hooks:\n  post_tool_use:\n    - type: evidence_capture\n      matcher: \"Bash(x\"\n", `f.key:3:7: matcher "Bash(x": col 7: missing ')'`, 0},
		{"condition", "hooks:\n  pre_tool_use:\n    - type: approval_gate\n      matcher: Bash(deploy *)\n      config:\n        condition: branch == main\n", `f.key:6:9: warning: approval_gate config.condition "branch == main" cannot be evaluated`, 1},
		{"unknown config key", "hooks:\n  stop:\n    - type: command\n      config:\n        command: x\n        shell: zsh\n", `f.key:6:9: warning: unknown key config.shell of a command hook ignored`, 1},
		{"not yaml", "hooks: [", `f.key: `, 0},
	} {
		hooks, diags := Load("f.key", []byte(tc.src))
		var all []string
		for _, d := range diags {
			all = append(all, d.Error())
		}
		if len(hooks) != tc.n || len(all) == 0 || !strings.HasPrefix(all[0], tc.want) {
			t.Errorf("%s: %d hooks, diagnostics %q; want %d hooks and %q…", tc.name, len(hooks), all, tc.n, tc.want)
		}
	}
}

func TestMatcher(t *testing.T) {
	for _, tc := range []struct {
		event, matcher, agent, want string
		lost                        bool
	}{
		{"PreToolUse", "Write|Edit", Codex, "Write|apply_patch|Edit", false},
		{"PreToolUse", "Write|Edit", Claude, "Write|Edit", false},
		{"PreToolUse", "Bash(git push *)", Claude, "Bash", true},
		{"PreToolUse", "Bash(git push *)", Codex, "Bash", true},
		{"PostToolUse", "mcp__memory__create", Codex, "mcp__memory__create", false},
		{"PostToolUse", "", Codex, "", false},
		{"Stop", "Bash", Codex, "", true},
	} {
		h := &Hook{Event: tc.event, Matcher: tc.matcher}
		got, lost := Matcher(h, tc.agent)
		if got != tc.want || (lost != "") != tc.lost {
			t.Errorf("Matcher(%s %q, %s) = %q, %q", tc.event, tc.matcher, tc.agent, got, lost)
		}
	}
}
