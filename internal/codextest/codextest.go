// Package codextest gives tests the answers of the real Codex CLI
// (codex-cli 0.169.0), the oracle that hookifyc's execpolicy implementation
// must agree with.
//
// By default tests read codex's answers from recordings (record.go: a
// Session over testdata/codex/<suite>.jsonl), so `go test ./...` needs no
// codex binary and no network and still compares hookifyc with what Codex
// said. With HOOKIFYC_LIVE=1 they run the real binary, compare it with
// hookifyc and with the recording, and with -update rewrite the recording:
//
//	HOOKIFYC_LIVE=1 go test ./compiler/execpolicy ./compiler/lower -run Conformance -update
//
// The binary is taken from $HOOKIFYC_CODEX (a path to the codex executable)
// or else from the user cache directory's hookifyc/codex-0.169.0 ([CacheDir];
// ~/.cache/hookifyc/codex-0.169.0 on Linux), where it is installed with
// `npm install @openai/codex@0.169.0` the first time it is needed (~400 MB,
// once per machine; `go run ./internal/codextest/cmd/install-codex`). When a
// live test cannot find or install it the test fails: conformance is never
// silently skipped.
package codextest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/filelock"
)

// Version is the Codex release hookifyc reproduces.
const Version = "0.169.0"

// EnvVar names the environment variable that overrides the binary's location.
const EnvVar = "HOOKIFYC_CODEX"

var (
	locateOnce sync.Once
	locatedBin string
	locateErr  error
)

// Binary returns the path of the codex 0.169.0 executable, installing it
// into the cache directory if needed; it fails t when that is impossible.
func Binary(t testing.TB) string {
	t.Helper()
	locateOnce.Do(func() { locatedBin, locateErr = Locate() })
	if locateErr != nil {
		t.Fatalf("codex %s is required for this test: %v", Version, locateErr)
	}
	return locatedBin
}

// Locate finds (or installs) the codex binary without a testing.TB.
func Locate() (string, error) {
	if p := os.Getenv(EnvVar); p != "" {
		if err := checkVersion(p); err != nil {
			return "", fmt.Errorf("$%s=%s: %w", EnvVar, p, err)
		}
		return p, nil
	}
	dir, err := CacheDir()
	if err != nil {
		return "", err
	}
	if p, err := findBinary(dir); err == nil {
		if err := checkVersion(p); err == nil {
			return p, nil
		}
	}
	if err := Install(dir); err != nil {
		return "", err
	}
	p, err := findBinary(dir)
	if err != nil {
		return "", err
	}
	return p, checkVersion(p)
}

// CacheDir is where Locate installs codex: <user cache dir>/hookifyc/codex-<Version>.
func CacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for codex (set $%s): %w", EnvVar, err)
	}
	return filepath.Join(base, "hookifyc", "codex-"+Version), nil
}

// platformPackage is the npm optional dependency that carries the native
// binary for this platform, and its target triple.
func platformPackage() (pkg, triple string, err error) {
	switch runtime.GOOS + "/" + runtime.GOARCH {
	case "linux/amd64":
		return "codex-linux-x64", "x86_64-unknown-linux-musl", nil
	case "linux/arm64":
		return "codex-linux-arm64", "aarch64-unknown-linux-musl", nil
	case "darwin/amd64":
		return "codex-darwin-x64", "x86_64-apple-darwin", nil
	case "darwin/arm64":
		return "codex-darwin-arm64", "aarch64-apple-darwin", nil
	}
	return "", "", fmt.Errorf("no codex binary for %s/%s", runtime.GOOS, runtime.GOARCH)
}

func findBinary(dir string) (string, error) {
	pkg, triple, err := platformPackage()
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, "node_modules", "@openai", pkg, "vendor", triple, "bin", "codex")
	if _, err := os.Stat(p); err != nil {
		return "", err
	}
	return p, nil
}

func checkVersion(bin string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "--version").Output()
	if err != nil {
		return fmt.Errorf("%s --version: %w", bin, err)
	}
	if got := strings.TrimSpace(string(out)); got != "codex-cli "+Version {
		return fmt.Errorf("%s is %q, want codex-cli %s", bin, got, Version)
	}
	return nil
}

// Install runs `npm install @openai/codex@<Version>` into dir (via a
// temporary sibling directory renamed into place), holding a lock file so
// that concurrent test binaries install only once.
func Install(dir string) error {
	if _, err := exec.LookPath("npm"); err != nil {
		return fmt.Errorf("installing codex %s needs npm: %w", Version, err)
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	lock, err := os.OpenFile(dir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := filelock.Lock(lock); err != nil {
		return err
	}
	defer filelock.Unlock(lock)
	if p, err := findBinary(dir); err == nil && checkVersion(p) == nil {
		return nil // installed by someone else meanwhile
	}
	tmp, err := os.MkdirTemp(parent, "codex-install-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	for _, args := range [][]string{
		{"init", "-y"},
		{"install", "--no-audit", "--no-fund", "@openai/codex@" + Version},
	} {
		cmd := exec.CommandContext(ctx, "npm", args...)
		cmd.Dir = tmp
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("npm %s: %w\n%s", strings.Join(args, " "), err, out.String())
		}
	}
	if _, err := findBinary(tmp); err != nil {
		return fmt.Errorf("npm installed @openai/codex@%s but not its native binary: %w", Version, err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	return os.Rename(tmp, dir)
}

// Result is the outcome of one codex run.
type Result struct {
	Stdout, Stderr []byte
	ExitCode       int
}

// Runner runs `codex execpolicy check` with a private CODEX_HOME.
type Runner struct {
	Bin     string
	Dir     string // working directory of codex (resolves relative program paths)
	Home    string // $HOME for codex (resolves "~/" program paths)
	codexHH string
}

// NewRunner prepares a runner whose working directory, HOME and CODEX_HOME
// are fresh temporary directories (physical paths, as codex sees them).
func NewRunner(t testing.TB) *Runner {
	t.Helper()
	bin := Binary(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Bin: bin, Dir: filepath.Join(root, "wd"), Home: filepath.Join(root, "home"), codexHH: filepath.Join(root, "codex-home")}
	for _, d := range []string{r.Dir, r.Home, r.codexHH} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

// Check runs `codex execpolicy check [--resolve-host-executables] -r F... -- argv...`.
func (r *Runner) Check(rules []string, resolve bool, argv []string) (Result, error) {
	args := []string{"execpolicy", "check"}
	if resolve {
		args = append(args, "--resolve-host-executables")
	}
	for _, f := range rules {
		args = append(args, "-r", f)
	}
	args = append(args, "--")
	args = append(args, argv...)
	return r.Run(args...)
}

// Run runs codex with args.
func (r *Runner) Run(args ...string) (Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.Bin, args...)
	cmd.Dir = r.Dir
	cmd.Env = append(os.Environ(), "CODEX_HOME="+r.codexHH, "HOME="+r.Home, "RUST_BACKTRACE=0", "NO_COLOR=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	res := Result{Stdout: out.Bytes(), Stderr: CleanStderr(errb.Bytes())}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		res.ExitCode = ee.ExitCode()
		err = nil
	}
	return res, err
}

// CleanStderr drops the harmless warning codex prints when CODEX_HOME is
// under a temporary directory.
func CleanStderr(b []byte) []byte {
	var out [][]byte
	for _, l := range bytes.SplitAfter(b, []byte("\n")) {
		if bytes.HasPrefix(l, []byte("WARNING: proceeding, even though we could not create PATH aliases")) {
			continue
		}
		out = append(out, l)
	}
	return bytes.Join(out, nil)
}

// ErrorText extracts the error message of a failed load from codex's
// stderr: the text after "error: " in a Starlark diagnostic, or the line
// under "Caused by:" otherwise.
func ErrorText(stderr []byte) string {
	lines := strings.Split(string(stderr), "\n")
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if rest, ok := strings.CutPrefix(t, "error: "); ok {
			return rest
		}
	}
	for i, l := range lines {
		if strings.TrimSpace(l) == "Caused by:" && i+1 < len(lines) {
			t := strings.TrimSpace(lines[i+1])
			t = strings.TrimPrefix(t, "starlark error: ")
			return strings.TrimPrefix(t, "error: ")
		}
	}
	return ""
}

// Parallel runs f(i) for i in [0,n) on the given number of workers.
func Parallel(n, workers int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}
