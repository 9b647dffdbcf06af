package main

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hookifyc": func() { os.Exit(run(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI transcripts in testdata/script (txtar). Set
// UPDATE_GOLDEN=1 to rewrite their expected outputs.
func TestScripts(t *testing.T) {
	root := testenv.RepoRoot(t)
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       os.Getenv("UPDATE_GOLDEN") != "",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", root+"/corpus/examples")
			env.Setenv("HOME", env.WorkDir+"/home")
			return nil
		},
	})
}
