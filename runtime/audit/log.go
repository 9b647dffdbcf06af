package audit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/hookifyc/hookifyc/internal/filelock"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// Default rotation: the log is rotated before it would pass DefaultMaxBytes
// and DefaultFiles files are kept (the log and its rotated copies .1, .2).
const (
	DefaultMaxBytes = 10 << 20
	DefaultFiles    = 3
)

// Log is an append-only decision log with size-capped rotation.
//
// Every Append takes an exclusive advisory lock on a sidecar file
// (Path+".lock"; flock(2), LockFileEx on Windows), rotates when the line
// would pass MaxBytes, and writes the line with one write(2) on a file
// opened with O_APPEND. Processes appending at once therefore never
// interleave or lose lines, and never write to a file being rotated.
type Log struct {
	Path string
	// MaxBytes is the size a file is rotated before passing (0: DefaultMaxBytes).
	MaxBytes int64
	// Files is how many files are kept, the live one included (0:
	// DefaultFiles; 1 truncates the log instead of keeping a copy).
	Files int
	// LockBy, when not zero, is when an Append stops waiting for the
	// lock (it still tries once): a hook must exit before its agent's
	// timeout, whoever holds the lock.
	LockBy time.Time
}

func (l *Log) maxBytes() int64 {
	if l.MaxBytes > 0 {
		return l.MaxBytes
	}
	return DefaultMaxBytes
}

func (l *Log) files() int {
	if l.Files > 0 {
		return l.Files
	}
	return DefaultFiles
}

// RotatedPath is the path of the n-th rotated copy of the log at path (0
// is the log itself).
func RotatedPath(path string, n int) string {
	if n == 0 {
		return path
	}
	return path + "." + strconv.Itoa(n)
}

// Append writes e as one line.
func (l *Log) Append(e *Entry) error {
	line, err := e.Marshal()
	if err != nil {
		return fmt.Errorf("audit log: %v", err)
	}
	return l.AppendLine(line)
}

// AppendLine writes line (which ends with a newline) to the log.
func (l *Log) AppendLine(line []byte) error {
	if err := l.appendLine(line); err != nil {
		return fmt.Errorf("audit log %s: %w", l.Path, err)
	}
	return nil
}

// lockWait bounds the wait for the log's lock. Appends hold it for
// microseconds; a process that holds it longer (the guarded agent may lock
// the user's file and keep it) must not hold the hook until the agent's
// hook timeout, after which the agent ignores the hook's answer. Past it
// the line is not written and the caller says so (the decision stands).
var lockWait = 2 * time.Second

func (l *Log) appendLine(line []byte) error {
	lock, err := sysfile.OpenRegular(l.Path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if os.IsNotExist(err) {
		if err := os.MkdirAll(filepath.Dir(l.Path), 0o700); err != nil {
			return err
		}
		lock, err = sysfile.OpenRegular(l.Path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	}
	if err != nil {
		return err
	}
	defer lock.Close()
	wait := lockWait
	if !l.LockBy.IsZero() {
		wait = min(wait, time.Until(l.LockBy))
	}
	if err := lockBounded(lock, wait); err != nil {
		return fmt.Errorf("locking %s: %w", lock.Name(), err)
	}
	defer filelock.Unlock(lock)

	if st, err := os.Stat(l.Path); err == nil && st.Size() > 0 && st.Size()+int64(len(line)) > l.maxBytes() {
		if err := l.rotate(); err != nil {
			return fmt.Errorf("rotating: %w", err)
		}
	}
	f, err := sysfile.OpenRegular(l.Path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	n, werr := f.Write(line)
	cerr := f.Close()
	switch {
	case werr != nil:
		return werr
	case n != len(line):
		return fmt.Errorf("short write (%d of %d bytes)", n, len(line))
	}
	return cerr
}

// lockBounded takes the exclusive lock on f, trying for up to wait (at
// least once).
func lockBounded(f *os.File, wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for pause := 100 * time.Microsecond; ; pause = min(2*pause, 20*time.Millisecond) {
		ok, err := filelock.TryLock(f)
		if err != nil || ok {
			return err
		}
		left := time.Until(deadline)
		if left <= 0 {
			if wait <= 0 {
				return errors.New("another process holds it, and the call's deadline has come")
			}
			return fmt.Errorf("another process has held it for %v", wait)
		}
		time.Sleep(min(pause, left))
	}
}

// rotate shifts the log's files by one (the oldest is dropped) under the
// caller's lock.
func (l *Log) rotate() error {
	keep := l.files()
	if keep <= 1 {
		return os.Truncate(l.Path, 0)
	}
	os.Remove(RotatedPath(l.Path, keep-1))
	for n := keep - 2; n >= 0; n-- {
		if err := os.Rename(RotatedPath(l.Path, n), RotatedPath(l.Path, n+1)); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	return nil
}

// Check reports whether the log can be written, without writing to it: it
// creates the directory, the lock file and the log if they are missing and
// opens them for appending (for doctor).
func (l *Log) Check() error {
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o700); err != nil {
		return fmt.Errorf("audit log %s: %w", l.Path, err)
	}
	for _, p := range []string{l.Path + ".lock", l.Path} {
		f, err := sysfile.OpenRegular(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			return fmt.Errorf("audit log %s: %w", l.Path, err)
		}
		f.Close()
	}
	return nil
}
