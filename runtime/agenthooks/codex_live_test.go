package agenthooks

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// TestCodexAgrees (HOOKIFYC_LIVE=1): the real Codex 0.169.0, asked through
// `codex app-server` hooks/list, finds the same hooks under the same keys,
// and calls untrusted exactly the hooks List calls untrusted; a hook with a
// recorded hash is trusted or modified there, unknown here.
func TestCodexAgrees(t *testing.T) {
	if !codextest.Live() {
		t.Skip("needs the real codex: HOOKIFYC_LIVE=1")
	}
	bin := codextest.Binary(t)
	root := t.TempDir()
	home := filepath.Join(root, "home")
	proj := filepath.Join(root, "proj")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	codexHome := filepath.Join(home, ".codex")
	write(filepath.Join(codexHome, "hooks.json"), `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/bin/true guard", "timeout": 10}, {"type": "command", "command": "/bin/true second"}]}],
		"Stop": [{"hooks": [{"type": "command", "command": "/bin/true stop"}]}]}}`)
	write(filepath.Join(codexHome, "config.toml"), `
[projects."`+proj+`"]
trust_level = "trusted"
[[hooks.UserPromptSubmit]]
[[hooks.UserPromptSubmit.hooks]]
type = "command"
command = "/bin/true prompt"
[hooks.state."`+filepath.Join(codexHome, "hooks.json")+`:pre_tool_use:0:0"]
trusted_hash = "sha256:0000000000000000000000000000000000000000000000000000000000000000"
`)
	write(filepath.Join(proj, ".codex", "hooks.json"), `{"hooks": {"PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "/bin/true post"}]}]}}`)
	sub := filepath.Join(proj, "sub")
	write(filepath.Join(sub, ".codex", "hooks.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/bin/true sub"}]}]}}`)
	if out, err := exec.Command("git", "init", "-q", proj).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	// An untrusted project, a subdirectory of another repository.
	other := filepath.Join(root, "other")
	write(filepath.Join(other, ".codex", "hooks.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "/bin/true other"}]}]}}`)

	for dir, want := range map[string]int{proj: 5, sub: 6, other: 4} {
		t.Run(filepath.Base(dir), func(t *testing.T) { compareWithCodex(t, bin, home, codexHome, dir, want) })
	}
}

// compareWithCodex compares List with codex's hooks/list for a session in dir.
func compareWithCodex(t *testing.T, bin, home, codexHome, dir string, n int) {
	theirs, _ := codextest.HooksList(t, bin, codexHome, home, dir)
	ours, problems := List(Env{
		Home: home, CodexHome: codexHome, Dir: dir,
		ReadFile: os.ReadFile,
		Exists:   func(p string) bool { _, err := os.Stat(p); return err == nil },
		NotExist: func(err error) bool { return errors.Is(err, fs.ErrNotExist) },
	})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	// Codex does not list the hooks of an untrusted project at all.
	byKey := map[string]Hook{}
	for _, h := range ours {
		if h.Agent == "codex" && h.Trust != TrustProjectUntrusted {
			byKey[h.Key] = h
		}
	}
	if len(theirs) != len(byKey) || len(theirs) != n {
		t.Errorf("codex lists %d hooks, we list %d (want %d): %v", len(theirs), len(byKey), n, theirs)
	}
	for _, c := range theirs {
		h, ok := byKey[c.Key]
		if !ok {
			t.Errorf("codex lists %s, we do not", c.Key)
			continue
		}
		want := map[string]Trust{"untrusted": TrustUntrusted, "trusted": TrustUnknown, "modified": TrustUnknown, "managed": TrustManaged}[c.TrustStatus]
		if h.Trust != want || h.Command != c.Command || h.Source != c.SourcePath {
			t.Errorf("%s: codex says %s %q in %s; we say %s %q in %s", c.Key, c.TrustStatus, c.Command, c.SourcePath, h.Trust, h.Command, h.Source)
		}
	}
}
