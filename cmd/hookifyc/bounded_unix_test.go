//go:build !windows

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runIn runs hookifyc in-process in dir with HOME=dir and no managed
// layer, failing the test if it does not answer within a minute (a read
// that blocks would hang it forever).
func runIn(t *testing.T, dir string, stdin *os.File, args ...string) (string, string, int) {
	t.Helper()
	m := machine{
		getenv:     func(k string) string { return map[string]string{"HOME": dir}[k] },
		getwd:      func() (string, error) { return dir, nil },
		executable: os.Executable,
	}
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		var in = stdin
		if in == nil {
			in, _ = os.Open(os.DevNull)
		}
		done <- run(context.Background(), m, append([]string{"hookifyc"}, args...), in, &stdout, &stderr)
	}()
	select {
	case code := <-done:
		return stdout.String(), stderr.String(), code
	case <-time.After(time.Minute):
		t.Fatalf("hookifyc %v did not answer: a read blocked", args)
		return "", "", 0
	}
}

// TestNothingBlocks: a FIFO or an endless device named as a SOURCE, as a
// .rules file or as a Stop event's transcript, and /dev/zero as stdin,
// never make a command wait (issue: an agent cannot walk past the guard).
func TestNothingBlocks(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	fifoJSON := filepath.Join(dir, "settings.json")
	if err := syscall.Mkfifo(fifoJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	stop := filepath.Join(dir, "stop.json")
	if err := os.WriteFile(stop, []byte(`{"session_id":"s","transcript_path":"`+fifo+`","cwd":"`+dir+`","hook_event_name":"Stop","stop_hook_active":false}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude", "hookify.t.local.md"), []byte("---\nname: t\nevent: stop\npattern: done\naction: block\n---\nNot yet.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"check, a FIFO source", "", []string{"check", fifo, "--", "ls"}, 0, "problem"},
		{"check, a FIFO settings source", "", []string{"check", fifoJSON, "--", "ls"}, 0, "not a regular file"},
		{"check, /dev/zero as source", "", []string{"check", "/dev/zero", "--", "ls"}, 0, "not a regular file"},
		{"compile, a FIFO source", "", []string{"compile", "--out", filepath.Join(dir, "out"), fifoJSON}, 1, "not a regular file"},
		{"execpolicy check, a FIFO", "", []string{"execpolicy", "check", "-r", fifo, "ls"}, 1, "not a regular file"},
		{"rules enable, a FIFO", "", []string{"rules", "enable", fifo}, 1, "not a regular file"},
		{"hook, FIFO transcript, fail open", stop, []string{"hook"}, 0, "transcript"},
		{"hook, FIFO transcript, fail closed", stop, []string{"hook", "--fail", "closed"}, 2, "transcript"},
		{"hook, /dev/zero as stdin", "/dev/zero", []string{"hook", "--max-input", "1000000"}, 0, "larger than 1000000 bytes"},
		{"hook, /dev/zero as stdin, fail closed", "/dev/zero", []string{"hook", "--max-input", "1000000", "--fail", "closed"}, 2, "larger than 1000000 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var in *os.File
			if tc.stdin != "" {
				f, err := os.Open(tc.stdin)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				in = f
			}
			stdout, stderr, code := runIn(t, dir, in, tc.args...)
			if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
				t.Errorf("exit %d, want %d; output:\n%s%s", code, tc.code, stdout, stderr)
			}
		})
	}
}
