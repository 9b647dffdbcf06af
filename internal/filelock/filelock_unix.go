//go:build !windows

package filelock

import (
	"os"
	"syscall"
)

// Lock takes an exclusive lock on f, waiting for it (flock(2)).
func Lock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX) }

// Unlock releases Lock's lock.
func Unlock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
