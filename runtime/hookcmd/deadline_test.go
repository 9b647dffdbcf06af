package hookcmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// slowWriter is a stderr that takes its time: what follows a hook's answer
// (here, reporting a decision it could not log) lasts past the deadline.
type slowWriter struct{ writes atomic.Int32 }

func (w *slowWriter) Write(p []byte) (int, error) {
	w.writes.Add(1)
	time.Sleep(2 * time.Second)
	return len(p), nil
}

// TestDeadlineEndsWorkAfterTheAnswer: once the answer is written, the
// logging and caching that follow it end at the deadline too, with the
// answer's exit code. An agent that ends a hook at its timeout drops the
// answer the hook printed: Codex then runs the call.
func TestDeadlineEndsWorkAfterTheAnswer(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, ".codex", "hookify")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	rule := "---\nname: no-rm\nevent: bash\naction: block\npattern: rm\\s+-rf\n---\nNo.\n"
	if err := os.WriteFile(filepath.Join(rules, "no-rm.md"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	// The audit log is a directory: the record fails after the answer,
	// and the failure is reported on the slow stderr.
	logDir := filepath.Join(dir, "audit.jsonl")
	if err := os.Mkdir(logDir, 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"HOME": dir}
	var stdout bytes.Buffer
	stderr := &slowWriter{}
	exited := make(chan int, 2)
	h := Host{
		Getenv: func(k string) string { return env[k] },
		Getwd:  func() (string, error) { return dir, nil },
		Stdin:  strings.NewReader(`{"session_id":"s","transcript_path":"/x","cwd":"` + dir + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`),
		Stdout: &stdout,
		Stderr: stderr,
		Exit:   func(code int) { exited <- code },
	}
	f := Defaults()
	f.Agent, f.Cache, f.AuditLog, f.Deadline = "claude", "off", logDir, 300*time.Millisecond
	start := time.Now()
	go Run(h, f, start)
	select {
	case code := <-exited:
		if took := time.Since(start); took > 1500*time.Millisecond {
			t.Errorf("exited after %v", took)
		}
		if code != 0 || !strings.Contains(stdout.String(), `"permissionDecision": "deny"`) {
			t.Errorf("exit %d, stdout %s", code, stdout.String())
		}
		if stderr.writes.Load() == 0 {
			t.Errorf("the work after the answer was not slowed: the test tests nothing")
		}
	case <-time.After(3 * time.Second):
		t.Fatalf("the hook did not end at its deadline after answering (stdout %s)", stdout.String())
	}
}
