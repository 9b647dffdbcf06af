//go:build !windows

package audit

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on f, waiting for it (flock(2)).
func lockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

// unlockFile releases lockFile's lock.
func unlockFile(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
