package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/genesis"
	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// TestModifyRunsOnCodex (HOOKIFYC_LIVE=1): the hooks.json hookifyc genesis
// emit writes for a genesis.key with a modify and a command hook loads in
// Codex 0.169.0, and on a `codex exec` turn (a mock model asking for one
// shell command) the rewritten command is the one that runs, and the
// command hook runs after it.
func TestModifyRunsOnCodex(t *testing.T) {
	if !codextest.Live() {
		t.Skip("needs the real codex: HOOKIFYC_LIVE=1")
	}
	if runtime.GOOS == "windows" {
		t.Skip("shell commands")
	}
	bin, codex := testenv.Binary(t), codextest.Binary(t)
	root := codextest.WorkDir(t, "modify-e2e-")
	home, wd := filepath.Join(root, "home"), filepath.Join(root, "wd")
	for _, d := range []string{home, wd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	after := filepath.Join(root, "after.txt")
	key := fmt.Sprintf(`hooks:
  pre_tool_use:
    - matcher: "Bash(printf *)"
      type: modify
      config:
        pattern: original
        replace: rewritten
  post_tool_use:
    - matcher: Bash
      type: command
      config:
        command: "touch %s"
`, after)
	hooks, diags := genesis.Load("genesis.key", []byte(key))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	hooksJSON := genesis.Emit(hooks, genesis.Codex, bin)
	if err := os.WriteFile(filepath.Join(home, "hooks.json"), hooksJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	listed, problems := codextest.HooksList(t, codex, home, root, wd)
	if len(problems) > 0 || len(listed) != 2 {
		t.Fatalf("codex loads %d hooks (want 2), reports %s\n%s", len(listed), problems, hooksJSON)
	}

	args, _ := json.Marshal(map[string]any{"cmd": "printf original > out.txt"})
	call, _ := json.Marshal(map[string]any{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "exec_command", "arguments": string(args)})
	srv := mockModel(call, "done")
	defer srv.Close()
	if err := os.WriteFile(filepath.Join(home, "config.toml"), []byte(codextest.MockConfig{URL: srv.URL, Trusted: wd}.TOML()), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, codex, "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "--ephemeral", "-s", "danger-full-access", "run it")
	cmd.Dir = wd
	cmd.Env = append(os.Environ(), "MOCK_API_KEY=x", "CODEX_HOME="+home, "HOME="+root, "RUST_BACKTRACE=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("codex exec: %v\n%s", err, out)
	}
	got, err := os.ReadFile(filepath.Join(wd, "out.txt"))
	if err != nil || string(got) != "rewritten" {
		t.Errorf("out.txt = %q (%v): the rewritten command did not run\n%s", got, err, out)
	}
	if _, err := os.Stat(after); err != nil {
		t.Errorf("the command hook did not run: %v\n%s", err, out)
	}
}
