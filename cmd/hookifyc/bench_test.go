package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/internal/testenv"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

// BenchmarkHookProcess times whole `hookifyc hook` processes (spawn, read
// 100 rule files, evaluate, answer) on a Bash PreToolUse event and reports
// the median (target: ≤ 5 ms on the 2-core machine). Run with
// `go test -run '^$' -bench HookProcess -benchtime 400x ./cmd/hookifyc`.
//
// The compat and fixed runs use the parsed-rule cache as installed hooks do:
// the rule files are written, left alone for the cache's racy window (a file
// changed within it is never cached) and read once before timing. The
// nocache runs read and parse every file on every call.
//
// The hookifyc-hook runs are the same calls through the hook-only binary,
// which apply installs when it sits beside hookifyc (it links only what a
// hook call needs).
func BenchmarkHookProcess(b *testing.B) {
	bin, hookBin := testenv.Binary(b), testenv.HookBinary(b)
	stdin := []byte(`{"session_id":"s","transcript_path":"/nonexistent","cwd":"CWD","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m \"feat: add the parser\" && npm test","description":"commit"}}`)
	for _, mode := range []struct {
		name string
		args []string
	}{
		{"compat", []string{"hook", "--agent", "claude", "--compat", "hookify"}},
		{"fixed", []string{"hook"}},
		{"compat-nocache", []string{"hook", "--agent", "claude", "--compat", "hookify", "--cache", "off"}},
		{"fixed-nocache", []string{"hook", "--cache", "off"}},
		{"hookifyc-hook-compat", []string{"--agent", "claude", "--compat", "hookify"}},
		{"hookifyc-hook-fixed", nil},
	} {
		b.Run(mode.name, func(b *testing.B) {
			prog := bin
			if strings.HasPrefix(mode.name, "hookifyc-hook") {
				prog = hookBin
			}
			dir, in := benchHookDir(b, stdin)
			env := []string{"LANG=C.UTF-8", "HOME=" + dir}
			timeHook(b, prog, mode.args, dir, in, env) // fills the cache
			samples := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				samples = append(samples, timeHook(b, prog, mode.args, dir, in, env))
			}
			b.StopTimer()
			b.ReportMetric(medianMS(samples), "median-ms")
		})
	}
}

// BenchmarkHookProcessAB compares this build with another hookifyc binary
// ($HOOKIFYC_BASELINE, e.g. one built from an earlier commit) in the same
// machine moment: rounds of 20 calls of each, interleaved, on the setup of
// BenchmarkHookProcess (fixed and compat semantics, warm rule cache).
// Reports both medians and their ratio. Run with
// `HOOKIFYC_BASELINE=/tmp/old go test -run '^$' -bench HookProcessAB -benchtime 20x ./cmd/hookifyc`
// (b.N is the number of rounds).
func BenchmarkHookProcessAB(b *testing.B) {
	base := os.Getenv("HOOKIFYC_BASELINE")
	if base == "" {
		b.Fatal("set HOOKIFYC_BASELINE to the hookifyc binary to compare with")
	}
	bin := testenv.Binary(b)
	stdin := []byte(`{"session_id":"s","transcript_path":"/nonexistent","cwd":"CWD","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m \"feat: add the parser\" && npm test","description":"commit"}}`)
	for _, mode := range []struct {
		name string
		args []string
		env  string // extra environment of this build's runs
	}{
		{"fixed", []string{"hook"}, ""},
		{"compat", []string{"hook", "--agent", "claude", "--compat", "hookify"}, ""},
		{"fixed-noaudit", []string{"hook"}, "HOOKIFY_AUDIT_LOG=off"},
		{"compat-noaudit", []string{"hook", "--agent", "claude", "--compat", "hookify"}, "HOOKIFY_AUDIT_LOG=off"},
	} {
		b.Run(mode.name, func(b *testing.B) {
			dir, in := benchHookDir(b, stdin)
			envOf := func(exe string) []string {
				env := []string{"LANG=C.UTF-8", "HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache-"+filepath.Base(filepath.Dir(exe)))}
				if exe == bin && mode.env != "" {
					env = append(env, mode.env)
				}
				return env
			}
			ourEnv, theirEnv := envOf(bin), envOf(base)
			timeHook(b, bin, mode.args, dir, in, ourEnv)
			timeHook(b, base, mode.args, dir, in, theirEnv)
			var ours, theirs []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := 0; j < 20; j++ {
					ours = append(ours, timeHook(b, bin, mode.args, dir, in, ourEnv))
					theirs = append(theirs, timeHook(b, base, mode.args, dir, in, theirEnv))
				}
			}
			b.StopTimer()
			m1, m2 := medianMS(ours), medianMS(theirs)
			b.ReportMetric(m1, "this-ms")
			b.ReportMetric(m2, "baseline-ms")
			b.ReportMetric(m1/m2, "ratio")
		})
	}
}

// benchHookDir is a project with the 100 benchmark rule files in its
// .claude, left alone for the rule cache's racy window (a file changed
// within it is never cached), and stdin with its cwd filled in (CWD).
func benchHookDir(b *testing.B, stdin []byte) (dir string, in []byte) {
	dir = b.TempDir()
	benchrules.Write(b, filepath.Join(dir, ".claude"), benchrules.Files(b, 100))
	time.Sleep(rulecache.RacyWindow + 100*time.Millisecond)
	return dir, bytes.ReplaceAll(stdin, []byte("CWD"), []byte(dir))
}

// timeHook runs one hook process (exe args, in dir, with env only) on in
// and returns how long it took; a failure or an empty answer ends the
// benchmark.
func timeHook(b *testing.B, exe string, args []string, dir string, in []byte, env []string) time.Duration {
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdin = bytes.NewReader(in)
	start := time.Now()
	out, err := cmd.Output()
	took := time.Since(start)
	if err != nil || len(out) == 0 {
		b.Fatalf("%s: hook failed: %v %s", exe, err, out)
	}
	return took
}

// medianMS is the median of s in milliseconds (s is sorted).
func medianMS(s []time.Duration) float64 {
	slices.Sort(s)
	return float64(s[len(s)/2].Microseconds()) / 1e3
}
