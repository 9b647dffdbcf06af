package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// TestOddFileNameKeepsBlocksOnCodex (HOOKIFYC_LIVE=1): a file the agent
// plants in the project's rule directory, named with a byte that is not
// UTF-8, makes the hook report a problem naming it. Codex's JSON parser
// refuses a lone surrogate escape, and a hook whose output it cannot
// parse has failed, so the answer must name the file without one: with
// the file planted, the user's block still stops the command on Codex
// 0.169.0. (Before the answers were made valid Unicode, Codex reported
// the hook Failed and ran the command.)
func TestOddFileNameKeepsBlocksOnCodex(t *testing.T) {
	if !codextest.Live() {
		t.Skip("needs the real codex: HOOKIFYC_LIVE=1")
	}
	hookBin, codex := testenv.HookBinary(t), codextest.Binary(t)
	root := codextest.WorkDir(t, "oddname-e2e-")
	codexHome, wd := filepath.Join(root, "codexhome"), filepath.Join(root, "wd")
	for _, d := range []string{codexHome, filepath.Join(root, ".codex", "hookify"), filepath.Join(wd, ".codex", "hookify")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	rule := "---\nname: block-touch\nenabled: true\nevent: bash\naction: block\npattern: touch\\s+PWNED\n---\nDo not.\n"
	if err := os.WriteFile(filepath.Join(root, ".codex", "hookify", "block.md"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(wd, ".codex", "hookify", "x\xff.md"), []byte("junk\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hooks, _ := json.Marshal(map[string]any{"hooks": map[string]any{"PreToolUse": []any{map[string]any{
		"matcher": "Bash",
		"hooks":   []any{map[string]any{"type": "command", "command": hookBin + " --agent codex --cache off --audit-log off", "timeout": 10}},
	}}}})
	if err := os.WriteFile(filepath.Join(codexHome, "hooks.json"), hooks, 0o644); err != nil {
		t.Fatal(err)
	}
	args, _ := json.Marshal(map[string]any{"cmd": "touch PWNED"})
	call, _ := json.Marshal(map[string]any{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "exec_command", "arguments": string(args)})
	srv := mockModel(call, "done")
	defer srv.Close()
	if err := os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte(codextest.MockConfig{URL: srv.URL, Trusted: wd}.TOML()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, codex, "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "--ephemeral", "-s", "danger-full-access", "run it")
	cmd.Dir = wd
	cmd.Env = append(os.Environ(), "MOCK_API_KEY=x", "CODEX_HOME="+codexHome, "HOME="+root, "RUST_BACKTRACE=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("codex exec: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(wd, "PWNED")); err == nil {
		t.Fatalf("the blocked command ran:\n%s", out)
	}
	if !strings.Contains(string(out), "Blocked") || strings.Contains(string(out), "Failed") {
		t.Errorf("want the hook to block, not to fail:\n%s", out)
	}
}
