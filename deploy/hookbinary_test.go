package deploy

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookBinaryBeside: hookifyc-hook is used only when it sits beside
// hookifyc, is executable, says it is the same build, and is outside the
// project; otherwise the reason is given.
func TestHookBinaryBeside(t *testing.T) {
	dir := t.TempDir()
	hookifyc := filepath.Join(dir, "hookifyc")
	hook := filepath.Join(dir, HookBinaryName())
	write := func(name string, mode os.FileMode) {
		t.Helper()
		if err := os.WriteFile(name, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(hookifyc, 0o755)
	say := func(out string, err error) func(string, ...string) (string, error) {
		return func(name string, args ...string) (string, error) {
			if name != hook || len(args) != 1 || args[0] != "--version" {
				t.Errorf("ran %s %v", name, args)
			}
			return out, err
		}
	}
	const build = "(devel abc), go1.26.8, for Codex 0.169.0"
	for _, c := range []struct {
		name    string
		mode    os.FileMode // 0: no file
		run     func(string, ...string) (string, error)
		project string
		want    bool
		why     string
	}{
		{"missing", 0, nil, "", false, "there is no"},
		{"not executable", 0o644, nil, "", false, "there is no"},
		{"same build", 0o755, say("hookifyc-hook version "+build+"\n", nil), "", true, ""},
		{"another build", 0o755, say("hookifyc-hook version v0.1.0, go1.25, for Codex 0.100.0\n", nil), "", false, "is another build (v0.1.0, go1.25, for Codex 0.100.0)"},
		{"fails", 0o755, say("", errors.New("exit status 2")), "", false, "--version failed: exit status 2"},
		{"inside the project", 0o755, nil, dir, false, "inside the project"},
		{"outside the project", 0o755, say("hookifyc-hook version "+build, nil), t.TempDir(), true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			os.Remove(hook)
			if c.mode != 0 {
				write(hook, c.mode)
			}
			run := c.run
			if run == nil {
				run = func(name string, args ...string) (string, error) {
					t.Errorf("ran %s %v", name, args)
					return "", errors.New("not run")
				}
			}
			got, why := HookBinaryBeside(hookifyc, build, c.project, run)
			if (got != "") != c.want || c.want && got != hook {
				t.Fatalf("got %q (%s), want used: %v", got, why, c.want)
			}
			if !strings.Contains(why, c.why) {
				t.Errorf("why = %q, want it to say %q", why, c.why)
			}
		})
	}
}

func TestVersionWords(t *testing.T) {
	for in, want := range map[string]string{
		"hookifyc version v1, go1.26, for Codex 0.169.0\n":    "v1, go1.26, for Codex 0.169.0",
		"hookifyc-hook version v1, go1.26, for Codex 0.169.0": "v1, go1.26, for Codex 0.169.0",
		"  codex-cli 0.169.0 ":                                "codex-cli 0.169.0",
	} {
		if got := VersionWords(in); got != want {
			t.Errorf("VersionWords(%q) = %q, want %q", in, got, want)
		}
	}
}
