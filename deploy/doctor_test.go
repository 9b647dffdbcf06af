package deploy

import (
	"errors"
	"os"
	"path/filepath"
	"runtime/debug"
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
		// The script stands for a hookifyc: its build information is
		// given (doctor reads it, never runs the program).
		fs := Doctor(DoctorOptions{CodexHome: home, ReadBuildInfo: hookifycBuild("example.com/hookifyc/cmd/hookifyc")})
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
// project do not make doctor run it; doctor says why. (A project plan
// refuses such a program: the files are planned as a user install into
// the project's .codex, as the agent could write them.)
func TestDoctorRunsNoProjectProgram(t *testing.T) {
	_, rules := fixture(t)
	proj := filepath.Join(t.TempDir(), "proj")
	bin := filepath.Join(proj, "tools", "hookifyc")
	must(t, os.MkdirAll(filepath.Dir(bin), 0o755))
	write(t, bin, "#!/bin/sh\n", 0o755)
	o := opts("", rules)
	o.Dir, o.Hookifyc = filepath.Join(proj, ".codex"), bin
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

// TestDoctorBrokenHookBinary: hooks that run a hookifyc-hook that is not
// hookifyc-hook (a script that fails: not a Go program) are an error whose
// fix is about hookifyc-hook, not hookifyc; it is never run.
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
	var ran []string
	fs := Doctor(DoctorOptions{CodexHome: home, Run: func(name string, _ ...string) (string, error) {
		ran = append(ran, name)
		if name == hook {
			return "", errors.New("exit status 3")
		}
		return "", nil
	}})
	if slices.Contains(ran, hook) {
		t.Errorf("doctor ran %s", hook)
	}
	found := false
	for _, f := range fs {
		if f.Level == LevelError && strings.Contains(f.Message, "the hooks run "+hook+", which is not hookifyc: not a Go program with build information") {
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

// hookifycBuild reads every program as a build of path from the module
// example.com/hookifyc (with the hookifyc-hook's path for one so named).
func hookifycBuild(path string) func(string) (*debug.BuildInfo, error) {
	return func(p string) (*debug.BuildInfo, error) {
		bi := &debug.BuildInfo{GoVersion: "go1.26.8", Path: path, Main: debug.Module{Path: "example.com/hookifyc", Version: "v1.0.0"}}
		if filepath.Base(p) == HookBinaryName() {
			bi.Path += "-hook"
		}
		return bi, nil
	}
}

// TestDoctorExecutesNothingItFinds: doctor learns what the hooks run from
// the programs' build information, never by running them, wherever they
// are (a project's hooks.json and install.json can name any path, here a
// link out of the project to a planted program). A real build is read:
// another program is not hookifyc, another build of hookifyc a warning,
// the same build ok.
func TestDoctorExecutesNothingItFinds(t *testing.T) {
	_, rules := fixture(t)
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	evil := filepath.Join(root, "evil", "hookifyc")
	must(t, os.MkdirAll(filepath.Join(proj, "tools"), 0o755))
	must(t, os.MkdirAll(filepath.Dir(evil), 0o755))
	ran := filepath.Join(root, "ran")
	write(t, evil, "#!/bin/sh\ntouch "+ran+"\necho hookifyc version v1\n", 0o755)
	link := filepath.Join(proj, "tools", "hookifyc")
	if err := os.Symlink(evil, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	// As the agent could write them: a plan into the project's .codex
	// (a project plan would refuse the link).
	o := opts("", rules)
	o.Dir, o.Hookifyc = filepath.Join(proj, ".codex"), evil
	p, err := PlanCodex(o)
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	self, err := os.Executable()
	must(t, err)
	selfInfo, err := ReadBuildInfo(self)
	must(t, err)
	message := func(fs []Finding) (level, msg string) {
		for _, f := range fs {
			if f.Check == "codex" && strings.Contains(f.Message, evil) {
				return f.Level, f.Message
			}
		}
		return "", ""
	}
	for _, c := range []struct {
		name      string
		project   string
		read      func(string) (*debug.BuildInfo, error)
		level     string
		wantInMsg string
	}{
		{"script", "", nil, LevelError, "which is not hookifyc: not a Go program with build information"},
		{"another Go program", "", func(string) (*debug.BuildInfo, error) { return selfInfo, nil }, LevelError, "which is not hookifyc: it was built from " + selfInfo.Path},
		{"another build", "", hookifycBuild("example.com/hookifyc/cmd/hookifyc"), LevelWarning, "a different build from this hookifyc (version v2.0.0 against v1.0.0)"},
		{"same build", "", func(string) (*debug.BuildInfo, error) {
			bi := *selfInfo
			bi.Path = "example.com/hookifyc/cmd/hookifyc"
			return &bi, nil
		}, LevelOK, "hooks installed, running " + evil},
	} {
		build := &debug.BuildInfo{GoVersion: "go1.26.8", Path: "example.com/hookifyc/cmd/hookifyc", Main: debug.Module{Path: "example.com/hookifyc", Version: "v2.0.0"}}
		if c.name == "same build" {
			build = selfInfo
		}
		fs := Doctor(DoctorOptions{CodexHome: filepath.Join(proj, ".codex"), Build: build, ReadBuildInfo: c.read})
		level, msg := message(fs)
		if level != c.level || !strings.Contains(msg, c.wantInMsg) {
			t.Errorf("%s: got %s %q, want %s saying %q (%+v)", c.name, level, msg, c.level, c.wantInMsg, fs)
		}
	}
	// Hooks that name the link in the project: with --project, an
	// error, nothing read.
	o.Hookifyc = link
	p, err = PlanCodex(o)
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	fs := Doctor(DoctorOptions{CodexHome: filepath.Join(root, "codex-home"), Project: proj, Build: selfInfo, ReadBuildInfo: func(p string) (*debug.BuildInfo, error) {
		t.Errorf("read the build information of %s", p)
		return nil, errors.New("not read")
	}})
	found := false
	for _, f := range fs {
		found = found || f.Level == LevelError && strings.Contains(f.Message, "the hooks run "+link+", inside the project")
	}
	if !found {
		t.Errorf("no finding says %s is inside the project: %+v", link, fs)
	}
	if _, err := os.Stat(ran); err == nil {
		t.Error("doctor ran a program named in the hooks")
	}
}
