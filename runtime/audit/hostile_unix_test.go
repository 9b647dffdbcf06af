//go:build !windows

package audit

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHostileLogFiles: the log's directory is the user's, so the guarded
// agent can put a FIFO in place of the log or its lock, or hold the lock.
// None of it may hold an append until the agent's hook timeout (after
// which the agent ignores the hook's answer): each is an error, at once or
// after lockWait, and the log is not written.
func TestHostileLogFiles(t *testing.T) {
	defer func(d time.Duration) { lockWait = d }(lockWait)
	lockWait = 100 * time.Millisecond
	for _, tc := range []struct {
		name  string
		plant func(t *testing.T, log string)
		want  string
	}{
		{"fifo log", func(t *testing.T, log string) { mkfifo(t, log) }, "not a regular file"},
		{"fifo log with a reader", func(t *testing.T, log string) {
			mkfifo(t, log)
			r, err := os.OpenFile(log, os.O_RDONLY|syscall.O_NONBLOCK, 0)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close() })
		}, "not a regular file"},
		{"fifo lock", func(t *testing.T, log string) { mkfifo(t, log+".lock") }, "not a regular file"},
		{"directory log", func(t *testing.T, log string) { os.Mkdir(log, 0o700) }, "audit log"},
		{"lock held", func(t *testing.T, log string) {
			f, err := os.OpenFile(log+".lock", os.O_CREATE|os.O_RDWR, 0o600)
			if err != nil {
				t.Fatal(err)
			}
			if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
		}, "another process has held it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
			tc.plant(t, l.Path)
			start := time.Now()
			err := l.Append(testEntry(0, 0))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			if d := time.Since(start); d > lockWait+2*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
	// Once the holder lets go, appends go through again.
	l := Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	f, err := os.OpenFile(l.Path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
	go func() { time.Sleep(20 * time.Millisecond); syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }()
	if err := l.Append(testEntry(0, 0)); err != nil {
		t.Errorf("after the holder let go: %v", err)
	}
}

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestReadRefusesFIFO: `hookifyc log` reading a FIFO planted in place of
// the log fails at once instead of waiting for a writer.
func TestReadRefusesFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "audit.jsonl")
	mkfifo(t, p)
	done := make(chan error, 1)
	go func() {
		_, err := Read(p, 1, func(*Entry) {})
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("err = %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read waited on a FIFO")
	}
}

// TestLockBy: a log whose LockBy has come tries the held lock once and
// gives up at once, however long lockWait is, saying why; one whose LockBy
// is ahead waits no longer than until then.
func TestLockBy(t *testing.T) {
	l := Log{Path: filepath.Join(t.TempDir(), "audit.jsonl")}
	f, err := os.OpenFile(l.Path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		by   time.Duration
		want string
	}{
		{-time.Second, "the call's deadline has come"},
		{0, "the call's deadline has come"},
		{200 * time.Millisecond, "another process has held it for"},
	} {
		l.LockBy = time.Now().Add(tc.by)
		start := time.Now()
		err := l.Append(testEntry(0, 0))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Fatalf("LockBy %v: err = %v, want %q", tc.by, err, tc.want)
		}
		if d := time.Since(start); d > max(tc.by, 0)+time.Second {
			t.Errorf("LockBy %v: took %v (lockWait %v)", tc.by, d, lockWait)
		}
	}
	// The lock released, the line is written.
	f.Close()
	l.LockBy = time.Now()
	if err := l.Append(testEntry(0, 0)); err != nil {
		t.Fatal(err)
	}
}
