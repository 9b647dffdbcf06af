package main

import (
	"context"
	"debug/buildinfo"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hookifyc/hookifyc/internal/golden"
	"github.com/hookifyc/hookifyc/internal/testenv"
	"github.com/hookifyc/hookifyc/runtime/hookcmd"
)

// testManagedDirVar names the variable that gives the in-test hookifyc
// command its managed rule directory (none when unset): the test binary
// never reads the machine's.
const testManagedDirVar = "HOOKIFYC_TEST_MANAGED_DIR"

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hookifyc": func() {
			mach := hostMachine()
			mach.managedDir = os.Getenv(testManagedDirVar)
			// The script's hookifyc-hook is this test binary under that
			// name: it counts as built from cmd/hookifyc-hook.
			mach.buildInfo = func(p string) (*debug.BuildInfo, error) {
				bi, err := buildinfo.ReadFile(p)
				if err == nil && filepath.Base(p) == "hookifyc-hook" && strings.HasSuffix(bi.Path, "/cmd/hookifyc") {
					bi.Path += "-hook"
				}
				return bi, err
			}
			os.Exit(run(context.Background(), mach, os.Args, os.Stdin, os.Stdout, os.Stderr))
		},
		// hookifyc-hook as cmd/hookifyc-hook builds it, with the test's
		// managed rule directory.
		"hookifyc-hook": func() {
			h := hookcmd.Host{
				Getenv: os.Getenv, Getwd: os.Getwd, ManagedDir: os.Getenv(testManagedDirVar),
				Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Version: version(), Exit: os.Exit,
			}
			os.Exit(hookcmd.Main(os.Args[1:], os.LookupEnv, h, time.Now()))
		},
	})
}

// TestScripts runs the CLI transcripts in golden/cli (txtar). Run
// with -update to rewrite their expected outputs.
func TestScripts(t *testing.T) {
	root := testenv.RepoRoot(t)
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join(root, "golden", "cli"),
		UpdateScripts:       *golden.Update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", root+"/corpus/examples")
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv(testManagedDirVar, env.WorkDir+"/managed")
			// HOOKIFYC_BIN is the in-test hookifyc as a program, for the
			// hooks apply installs (apply refuses it unless named with
			// --hookifyc: it lives in a temporary directory).
			if bin, err := exec.LookPath("hookifyc"); err == nil {
				env.Setenv("HOOKIFYC_BIN", bin)
				env.Setenv("HOOKIFYC_BIN_DIR", filepath.Dir(bin))
			}
			return nil
		},
	})
}
