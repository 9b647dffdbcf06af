package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// TestNotifyBridgeMatchesCodex (HOOKIFYC_LIVE=1): on one `codex exec` turn
// (a mock model answering with characters JSON encoders disagree on), the program notify-bridge starts from a
// Stop hook receives the same argument bytes as the one Codex's own
// `notify` starts.
func TestNotifyBridgeMatchesCodex(t *testing.T) {
	if !codextest.Live() {
		t.Skip("needs the real codex: HOOKIFYC_LIVE=1")
	}
	if runtime.GOOS == "windows" {
		t.Skip("the capture script is a shell script")
	}
	bin, codex := testenv.Binary(t), codextest.Binary(t)
	root := codextest.WorkDir(t, "notify-e2e-")
	home, wd := filepath.Join(root, "home"), filepath.Join(root, "wd")
	for _, d := range []string{home, wd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	srv := mockModel(nil, "done <&> \"q\" \u2028 \u00e9\tend")
	defer srv.Close()

	script := filepath.Join(root, "capture.sh")
	fromNotify, fromBridge := filepath.Join(root, "notify.arg"), filepath.Join(root, "bridge.arg")
	config := codextest.MockConfig{URL: srv.URL, Trusted: wd, TopLevel: fmt.Sprintf("notify = [%q, %q]\n", script, fromNotify)}.TOML()
	hooks := fmt.Sprintf(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":%q}]}]}}`,
		bin+" notify-bridge -- "+script+" "+fromBridge)
	for name, data := range map[string]string{
		filepath.Join(home, "config.toml"): config,
		filepath.Join(home, "hooks.json"):  hooks,
		script:                             "#!/bin/sh\nprintf '%s' \"$2\" > \"$1.tmp\" && mv \"$1.tmp\" \"$1\"\n",
	} {
		if err := os.WriteFile(name, []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, codex, "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "-s", "danger-full-access", "run <it> & é\n\"now\"")
	cmd.Dir = wd
	cmd.Env = append(os.Environ(), "MOCK_API_KEY=x", "CODEX_HOME="+home, "HOME="+root, "RUST_BACKTRACE=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("codex exec: %v\n%s", err, out)
	}
	read := func(p string) []byte {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if b, err := os.ReadFile(p); err == nil {
				return b
			}
		}
		t.Fatalf("%s was not written (fire and forget: nothing ran?)\n%s", p, out)
		return nil
	}
	want, got := read(fromNotify), read(fromBridge)
	t.Logf("Codex's notify argument: %s", want)
	if string(got) != string(want) {
		t.Errorf("notify-bridge passed\n%s\nCodex's notify passed\n%s", got, want)
	}
}
