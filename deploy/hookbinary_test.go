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
// hookifyc, is executable and was built as cmd/hookifyc-hook from the same
// build as hookifyc; otherwise the reason is given. Nothing is run: the
// build information is read from the files. (A project plan's refusal of
// one inside the project is checkBinary's: TestProjectPlanRefusesProjectPrograms.)
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
		want     bool
		why      string
	}{
		{"missing", 0, nil, false, "there is no"},
		{"not executable", 0o644, nil, false, "there is no"},
		{"same build", 0o755, infos(build("example.com/hookifyc/cmd/hookifyc-hook", "abc"), nil), true, ""},
		{"not a Go build", 0o755, infos(nil, errors.New("not a Go executable")), false, "is not a Go program with build information: not a Go executable"},
		{"another program", 0o755, infos(build("example.com/hookifyc/cmd/hookifyc", "abc"), nil), false, "is not hookifyc-hook (it was built from example.com/hookifyc/cmd/hookifyc)"},
		{"another build", 0o755, infos(build("example.com/hookifyc/cmd/hookifyc-hook", "def"), nil), false, "is another build than " + hookifyc + " (vcs.revision=abc against vcs.revision=def)"},
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
			got, why := HookBinaryBeside(hookifyc, readInfo)
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
	if got, why := HookBinaryBeside(hookifyc, nil); got != "" || !strings.Contains(why, "is not a Go program with build information") {
		t.Errorf("got %q, why %q", got, why)
	}
}

// TestBuildDifference: what two builds differ in is named the same way
// every time (settings and dependencies by key), a missing setting or
// dependency included; hookifyc-hook may link fewer modules than hookifyc,
// not other versions.
func TestBuildDifference(t *testing.T) {
	mk := func(path string, settings []debug.BuildSetting, deps ...*debug.Module) *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Path: path, Main: debug.Module{Path: "example.com/hookifyc", Version: "(devel)"}, Settings: settings, Deps: deps}
	}
	const main, hook = "example.com/hookifyc/cmd/hookifyc", "example.com/hookifyc/cmd/hookifyc-hook"
	set := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	toml := &debug.Module{Path: "github.com/BurntSushi/toml", Version: "v1.6.0", Sum: "h1:a"}
	toml2 := &debug.Module{Path: "github.com/BurntSushi/toml", Version: "v1.5.0", Sum: "h1:b"}
	cli := &debug.Module{Path: "github.com/urfave/cli/v3", Version: "v3.14.0", Sum: "h1:c"}
	for _, c := range []struct {
		name string
		a, b *debug.BuildInfo
		want string
	}{
		{"equal", mk(main, set("a", "1", "b", "2"), toml, cli), mk(hook, set("a", "1", "b", "2"), toml), ""},
		{"missing settings", mk(main, set("a", "1", "x", "1", "y", "1")), mk(hook, set("a", "1")), "x=1 against x unset"},
		{"extra settings", mk(main, set("a", "1")), mk(hook, set("a", "1", "y", "1", "x", "1")), "x unset against x=1"},
		{"dependency version", mk(main, nil, toml, cli), mk(hook, nil, toml2), "dependency github.com/BurntSushi/toml v1.6.0 h1:a against v1.5.0 h1:b"},
		{"dependency only in the hook", mk(main, nil, toml), mk(hook, nil, toml, cli), "dependency github.com/urfave/cli/v3 v3.14.0 h1:c only in the second"},
		{"dependency only in one hookifyc", mk(main, nil, toml, cli), mk(main, nil, toml), "dependency github.com/urfave/cli/v3 v3.14.0 h1:c only in the first"},
	} {
		for range 20 { // maps iterate in a new order each time
			if got := buildDifference(c.a, c.b); got != c.want {
				t.Fatalf("%s: buildDifference = %q, want %q", c.name, got, c.want)
			}
		}
	}
}

// TestProjectPlanRefusesProjectPrograms: a project plan refuses hooks that
// would run a hookifyc or hookifyc-hook inside the project, named there or
// reached through a symbolic link (the agent rewrites the project); a user
// plan and a project plan with both programs outside it go ahead.
func TestProjectPlanRefusesProjectPrograms(t *testing.T) {
	_, rules := fixture(t)
	root := t.TempDir()
	proj := filepath.Join(root, "proj")
	outside := filepath.Join(root, "bin")
	must(t, os.MkdirAll(filepath.Join(proj, "tools"), 0o755))
	must(t, os.MkdirAll(outside, 0o755))
	inHookifyc := filepath.Join(proj, "tools", "hookifyc")
	inHook := filepath.Join(proj, "tools", HookBinaryName())
	outHookifyc := filepath.Join(outside, "hookifyc")
	outHook := filepath.Join(outside, HookBinaryName())
	for _, p := range []string{inHookifyc, inHook, outHookifyc, outHook} {
		write(t, p, "#!/bin/sh\n", 0o755)
	}
	linked := filepath.Join(outside, "linked")
	must(t, os.MkdirAll(linked, 0o755))
	linkHookifyc := filepath.Join(linked, "hookifyc")
	linkHook := filepath.Join(linked, HookBinaryName())
	if err := os.Symlink(inHookifyc, linkHookifyc); err != nil {
		t.Skip("no symbolic links:", err)
	}
	must(t, os.Symlink(inHook, linkHook))
	for _, c := range []struct {
		name               string
		hookifyc, hook     string
		project, wantError bool
	}{
		{"hookifyc inside", inHookifyc, "", true, true},
		{"hookifyc linked inside", linkHookifyc, "", true, true},
		{"hook binary inside", outHookifyc, inHook, true, true},
		{"hook binary linked inside", outHookifyc, linkHook, true, true},
		{"both outside", outHookifyc, outHook, true, false},
		{"user plan", linkHookifyc, linkHook, false, false},
	} {
		for _, plan := range []func(Options) (*Plan, error){PlanCodex, PlanClaude} {
			o := opts("", rules)
			o.Dir, o.Project, o.Hookifyc, o.HookBinary = filepath.Join(proj, ".codex"), c.project, c.hookifyc, c.hook
			if !c.project {
				o.Dir = filepath.Join(root, "home", ".codex")
			}
			_, err := plan(o)
			if c.wantError != (err != nil && strings.Contains(err.Error(), "inside the project")) {
				t.Errorf("%s: err = %v, want a refusal: %v", c.name, err, c.wantError)
			}
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
