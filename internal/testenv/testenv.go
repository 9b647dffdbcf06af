// Package testenv locates what tests need outside the repository: the
// shared corpora checked out beside it (../shared, or $HOOKIFYC_SHARED) and
// the hookifyc binary built from this checkout. Tests fail, never skip, when
// something is missing.
package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// RepoRoot returns the directory holding go.mod.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testenv: go.mod not found above the test's directory")
		}
		dir = parent
	}
}

// Shared returns the shared corpus directory: $HOOKIFYC_SHARED, else
// ../shared beside the repository. The test fails when it does not exist.
func Shared(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("HOOKIFYC_SHARED")
	if dir == "" {
		dir = filepath.Join(RepoRoot(t), "..", "shared")
	}
	if st, err := os.Stat(filepath.Join(dir, "corpus")); err != nil || !st.IsDir() {
		t.Fatalf("testenv: shared corpus not found at %s (set HOOKIFYC_SHARED): %v", dir, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildOut  []byte
)

// Binary builds cmd/hookifyc once per test process and returns its path,
// with cmd/hookifyc-hook beside it (HookBinary), as `go install ./cmd/...`
// lays them out: the hooks apply installs run hookifyc-hook. The test
// builds have no managed rule layer (main.managedDir is empty), so that no
// test depends on the machine's /etc/codex/hookify.
func Binary(t testing.TB) string {
	t.Helper()
	root := RepoRoot(t)
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "hookifyc-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "hookifyc")
		if runtime.GOOS == "windows" {
			binPath += ".exe" // what go build -o DIR/ names it
		}
		cmd := exec.Command("go", "build", "-ldflags=-X main.managedDir=", "-o", dir+string(filepath.Separator), "./cmd/hookifyc", "./cmd/hookifyc-hook")
		cmd.Dir = root
		buildOut, buildErr = cmd.CombinedOutput()
	})
	if buildErr != nil {
		t.Fatalf("testenv: building hookifyc: %v\n%s", buildErr, buildOut)
	}
	return binPath
}

// HookBinary is the hookifyc-hook that Binary builds beside hookifyc.
func HookBinary(t testing.TB) string {
	t.Helper()
	bin := Binary(t)
	name := "hookifyc-hook"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return filepath.Join(filepath.Dir(bin), name)
}
