package driver

import (
	"path/filepath"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/internal/golden"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// goldenSets are the case sets of corpus/ with end-to-end goldens in
// golden/<set>/: the shipped examples and the permission samples (the
// shared corpus is not ours to copy, even compiled).
var goldenSets = []struct{ name, source string }{
	{"examples", "corpus/examples"},
	{"genesis", "corpus/genesis/genesis.key"},
	{"settings", "corpus/settings/settings.json"},
}

// TestGolden compiles every case set to every target and compares each
// output file with golden/<set>/<file>; -update rewrites them.
func TestGolden(t *testing.T) {
	root := testenv.RepoRoot(t)
	t.Chdir(root) // sources are named as a user names them, relative
	for _, set := range goldenSets {
		t.Run(set.name, func(t *testing.T) {
			res, err := Compile(Options{
				Sources:  []string{set.source},
				Cwd:      "/home/user/project",
				Targets:  TargetAll,
				Lower:    lower.LowerOptions{Actor: "ci"},
				Hookifyc: "/usr/local/bin/hookifyc",
				Header:   "hookifyc golden test: " + set.name,
			})
			if err != nil {
				t.Fatal(err)
			}
			if errs := res.Errors(); len(errs) > 0 {
				t.Fatalf("problems: %v", errs)
			}
			want := []string{RulesFile, HooksJSONFile, HooksTOMLFile, RequirementsFile, ReportFile}
			if len(res.Files) != len(want) {
				t.Fatalf("%d files, want %d", len(res.Files), len(want))
			}
			for i, f := range res.Files {
				if f.Name != want[i] {
					t.Errorf("file %d is %s, want %s", i, f.Name, want[i])
				}
				golden.Check(t, filepath.Join(root, "golden", set.name, f.Name), f.Data)
			}
		})
	}
}

func TestTemporaryBinary(t *testing.T) {
	for path, want := range map[string]bool{
		"/root/.cache/go-build/ab/cd/exe/hookifyc": true,
		"/tmp/go-run-123/hookifyc":                 true,
		"/tmp/x/hookifyc":                          true,
		"/usr/local/bin/hookifyc":                  false,
		"/tmpfoo/hookifyc":                         false,
		"/home/u/go/bin/hookifyc":                  false,
	} {
		if got := TemporaryBinary(path, "/tmp", ""); got != want {
			t.Errorf("TemporaryBinary(%q) = %v, want %v", path, got, want)
		}
	}
}
