package deploy

import (
	"errors"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestHookBinaryBeside: hookifyc-hook is used only when it sits beside
// hookifyc, is executable, was built as cmd/hookifyc-hook from the same
// build as hookifyc, and is outside the project; otherwise the reason is
// given. Nothing is run: the build information is read from the files.
func TestHookBinaryBeside(t *testing.T) {
	dir := t.TempDir()
	hookifyc := filepath.Join(dir, "hookifyc")
	hook := filepath.Join(dir, HookBinaryName())
	write := func(name string, mode os.FileMode) {
		t.Helper()
		if err := os.WriteFile(name, []byte("#!/bin/sh\ntouch ran\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(hookifyc, 0o755)
	build := func(path, revision string) *debug.BuildInfo {
		return &debug.BuildInfo{
			GoVersion: "go1.26.8",
			Path:      path,
			Main:      debug.Module{Path: "example.com/hookifyc", Version: "(devel)"},
			Settings:  []debug.BuildSetting{{Key: "vcs.revision", Value: revision}, {Key: "CGO_ENABLED", Value: "0"}},
		}
	}
	main := build("example.com/hookifyc/cmd/hookifyc", "abc")
	infos := func(hookInfo *debug.BuildInfo, hookErr error) func(string) (*debug.BuildInfo, error) {
		return func(name string) (*debug.BuildInfo, error) {
			switch name {
			case hookifyc:
				return main, nil
			case hook:
				return hookInfo, hookErr
			}
			t.Errorf("read the build information of %s", name)
			return nil, errors.New("unexpected file")
		}
	}
	for _, c := range []struct {
		name     string
		mode     os.FileMode // 0: no file
		readInfo func(string) (*debug.BuildInfo, error)
		project  string
		want     bool
		why      string
	}{
		{"missing", 0, nil, "", false, "there is no"},
		{"not executable", 0o644, nil, "", false, "there is no"},
		{"same build", 0o755, infos(build("example.com/hookifyc/cmd/hookifyc-hook", "abc"), nil), "", true, ""},
		{"not a Go build", 0o755, infos(nil, errors.New("not a Go executable")), "", false, "is not a Go program with build information: not a Go executable"},
		{"another program", 0o755, infos(build("example.com/hookifyc/cmd/hookifyc", "abc"), nil), "", false, "is not hookifyc-hook (it was built from example.com/hookifyc/cmd/hookifyc)"},
		{"another build", 0o755, infos(build("example.com/hookifyc/cmd/hookifyc-hook", "def"), nil), "", false, "is another build than " + hookifyc + " (vcs.revision=abc against vcs.revision=def)"},
		{"inside the project", 0o755, nil, dir, false, "inside the project"},
		{"outside the project", 0o755, infos(build("example.com/hookifyc/cmd/hookifyc-hook", "abc"), nil), t.TempDir(), true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			os.Remove(hook)
			if c.mode != 0 {
				write(hook, c.mode)
			}
			readInfo := c.readInfo
			if readInfo == nil {
				readInfo = func(name string) (*debug.BuildInfo, error) {
					t.Errorf("read the build information of %s", name)
					return nil, errors.New("not read")
				}
			}
			got, why := HookBinaryBeside(hookifyc, c.project, readInfo)
			if (got != "") != c.want || c.want && got != hook {
				t.Fatalf("got %q (%s), want used: %v", got, why, c.want)
			}
			if !strings.Contains(why, c.why) {
				t.Errorf("why = %q, want it to say %q", why, c.why)
			}
		})
	}
	if _, err := os.Stat("ran"); err == nil {
		t.Error("a planted hookifyc-hook was run")
	}
}

// TestHookBinaryBesideReadsRealBuilds: with the default reader, a file
// that is not a Go program is refused by its build information.
func TestHookBinaryBesideReadsRealBuilds(t *testing.T) {
	dir := t.TempDir()
	hookifyc := filepath.Join(dir, "hookifyc")
	for _, p := range []string{hookifyc, filepath.Join(dir, HookBinaryName())} {
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if got, why := HookBinaryBeside(hookifyc, "", nil); got != "" || !strings.Contains(why, "is not a Go program with build information") {
		t.Errorf("got %q, why %q", got, why)
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

func TestIsHookifycCommand(t *testing.T) {
	for cmd, want := range map[string]bool{
		"/usr/local/bin/hookifyc hook --agent codex": true,
		`"/opt/my tools/hookifyc" hook`:              true,
		"hookifyc.exe hook":                          true,
		"/usr/local/bin/hookifyc-hook --agent codex": true,
		"hookifyc-hook":                              true,
		`sh -c 'hookifyc hook'`:                      true,
		"myhookifyc hook":                            false,
		"hookifyc hooks list":                        false,
		"hookifyc lint":                              false,
		"/bin/hookifyc-hooked":                       false,
	} {
		if got := IsHookifycCommand(cmd); got != want {
			t.Errorf("IsHookifycCommand(%q) = %v, want %v", cmd, got, want)
		}
	}
}
