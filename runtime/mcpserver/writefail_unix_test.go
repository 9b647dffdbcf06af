//go:build unix

package mcpserver

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCreateRuleWriteFails: a rule file that cannot be written is the
// call's error, never an OK answer with nothing on disk (the write's error
// once went to a shadowed variable). The rule directory is read-only; as
// root, which writes anyway, the test runs again as nobody (uid 65534).
func TestCreateRuleWriteFails(t *testing.T) {
	if os.Geteuid() == 0 && os.Getenv("HOOKIFYC_TEST_AS_NOBODY") == "" {
		dir, err := os.MkdirTemp("", "hookifyc-nobody-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		data, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		bin := filepath.Join(dir, "mcpserver.test")
		if err := os.WriteFile(bin, data, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-test.run", "^TestCreateRuleWriteFails$", "-test.v")
		cmd.Dir = dir
		cmd.Env = []string{"HOOKIFYC_TEST_AS_NOBODY=1", "TMPDIR=" + os.TempDir(), "PATH=" + os.Getenv("PATH")}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestCreateRuleWriteFails") {
			t.Fatalf("as nobody: %v\n%s", err, out)
		}
		return
	}
	e := newTestEnv(t, nil)
	if err := os.Chmod(e.rules, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(e.rules, 0o755) })
	cs := e.connect(t, nil)
	msg := fails(t, cs, "hookify_create_rule", map[string]any{"name": "no-rm", "event": "bash", "pattern": "rm", "message_markdown": "m"})
	if !strings.Contains(msg, "permission denied") {
		t.Errorf("error %q", msg)
	}
	if _, err := os.Lstat(filepath.Join(e.rules, "no-rm.md")); err == nil {
		t.Error("the rule file exists")
	}
}
