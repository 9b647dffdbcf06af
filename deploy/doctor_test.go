package deploy

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDoctorFindsHooksOfAnOddPath: the hook command is found in hooks.json
// and in config.toml as apply wrote it, escapes included (a hookifyc path
// with a deceptive character is written \u200b): doctor must not call the
// hooks missing right after apply.
func TestDoctorFindsHooksOfAnOddPath(t *testing.T) {
	for _, inTOML := range []bool{false, true} {
		home, rules := fixture(t)
		if inTOML {
			must(t, os.Remove(filepath.Join(home, "hooks.json")))
			write(t, filepath.Join(home, "config.toml"), userConfig+"\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"true\"\n", 0o600)
		}
		o := opts(home, rules)
		bin := filepath.Join(filepath.Dir(rules), "b\u200bin", "hookifyc")
		must(t, os.MkdirAll(filepath.Dir(bin), 0o755))
		write(t, bin, "#!/bin/sh\n", 0o755)
		o.Hookifyc = bin
		p, err := PlanCodex(o)
		must(t, err)
		_, err = Apply(p)
		must(t, err)
		fs := Doctor(DoctorOptions{CodexHome: home, Run: func(string, ...string) (string, error) { return "", nil }})
		for _, f := range fs {
			if f.Level == LevelError {
				t.Errorf("inTOML=%v: %s: %s", inTOML, f.Check, f.Message)
			}
			if strings.Contains(f.Message, "hooks installed") {
				t.Logf("%s", f.Message)
			}
		}
	}
}

// TestDoctorRulesCheck: rules Codex loads, rules it refuses, and rules
// whose load-time computation passes hookifyc's bounds, which are a
// warning that says so, never "Codex refuses".
func TestDoctorRulesCheck(t *testing.T) {
	for _, tc := range []struct {
		name, src, level, want string
	}{
		{"ok", "prefix_rule(pattern = [\"git\", \"push\"], decision = \"prompt\")\n", LevelOK, "1 prefix rule(s), all load as Codex loads them"},
		{"bad", "prefix_rule(pattern = [\"git\"], decision = \"deny\")\n", LevelError, "Codex refuses the rules"},
		{"costly", "def f():\n    s = \"ab\"\n    for i in range(40):\n        s = s + s\n    return s\nx = f()\n", LevelWarning, "could not check the rules"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "rules"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "rules", "x.rules"), []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			var fs findings
			rulesCheck(&fs, dir)
			if len(fs) != 1 || fs[0].Level != tc.level || !strings.Contains(fs[0].Message, tc.want) {
				t.Fatalf("findings %+v, want one %s saying %q", fs, tc.level, tc.want)
			}
		})
	}
}

// TestDoctorRunsNoProjectProgram: a project's install state and hooks
// (which the guarded agent can rewrite) naming a program inside the
// project do not make doctor run it; doctor says why.
func TestDoctorRunsNoProjectProgram(t *testing.T) {
	_, rules := fixture(t)
	proj := filepath.Join(t.TempDir(), "proj")
	bin := filepath.Join(proj, "tools", "hookifyc")
	must(t, os.MkdirAll(filepath.Dir(bin), 0o755))
	write(t, bin, "#!/bin/sh\n", 0o755)
	o := opts("", rules)
	o.Dir, o.Project, o.Hookifyc = filepath.Join(proj, ".codex"), true, bin
	p, err := PlanCodex(o)
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	var ran []string
	fs := Doctor(DoctorOptions{CodexHome: filepath.Join(t.TempDir(), "codex-home"), Project: proj, Run: func(name string, _ ...string) (string, error) {
		ran = append(ran, name)
		return "", nil
	}})
	if slices.Contains(ran, bin) {
		t.Errorf("doctor ran %s", bin)
	}
	found := false
	for _, f := range fs {
		found = found || f.Level == LevelError && strings.Contains(f.Message, "inside the project")
	}
	if !found {
		t.Errorf("no finding names the program inside the project: %+v", fs)
	}
}

// TestDoctorBrokenHookBinary: hooks that run a hookifyc-hook that fails
// are an error whose fix is about hookifyc-hook, not hookifyc.
func TestDoctorBrokenHookBinary(t *testing.T) {
	home, rules := fixture(t)
	o := opts(home, rules)
	hook := filepath.Join(filepath.Dir(o.Hookifyc), HookBinaryName())
	write(t, hook, "#!/bin/sh\nexit 3\n", 0o755)
	o.HookBinary = hook
	p, err := PlanCodex(o)
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	fs := Doctor(DoctorOptions{CodexHome: home, Run: func(name string, _ ...string) (string, error) {
		if name == hook {
			return "", errors.New("exit status 3")
		}
		return "", nil
	}})
	found := false
	for _, f := range fs {
		if f.Level == LevelError && strings.Contains(f.Message, hook+" --version failed") {
			found = true
			if !strings.Contains(f.Fix, "reinstall it with hookifyc") {
				t.Errorf("fix %q", f.Fix)
			}
		}
	}
	if !found {
		t.Errorf("no error for the broken %s: %+v", hook, fs)
	}
}
