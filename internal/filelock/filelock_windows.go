//go:build windows

package filelock

import (
	"os"
	"syscall"
	"unsafe"
)

var (
	kernel32         = syscall.NewLazyDLL("kernel32.dll")
	procLockFileEx   = kernel32.NewProc("LockFileEx")
	procUnlockFileEx = kernel32.NewProc("UnlockFileEx")
)

// Lock takes an exclusive lock on f, waiting for it (LockFileEx with
// LOCKFILE_EXCLUSIVE_LOCK over the whole file).
func Lock(f *os.File) error {
	const lockfileExclusiveLock = 2
	var ol syscall.Overlapped
	r, _, err := procLockFileEx.Call(f.Fd(), lockfileExclusiveLock, 0, ^uintptr(0)>>32, ^uintptr(0)>>32, uintptr(unsafe.Pointer(&ol)))
	if r == 0 {
		return err
	}
	return nil
}

// TryLock takes Lock's lock if no one holds it (LOCKFILE_FAIL_IMMEDIATELY):
// ok is false when another process does.
func TryLock(f *os.File) (ok bool, err error) {
	const (
		lockfileExclusiveLock   = 2
		lockfileFailImmediately = 1
		errorLockViolation      = syscall.Errno(33)
	)
	var ol syscall.Overlapped
	r, _, err := procLockFileEx.Call(f.Fd(), lockfileExclusiveLock|lockfileFailImmediately, 0, ^uintptr(0)>>32, ^uintptr(0)>>32, uintptr(unsafe.Pointer(&ol)))
	if r == 0 {
		if err == errorLockViolation {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// Unlock releases Lock's lock.
func Unlock(f *os.File) error {
	var ol syscall.Overlapped
	r, _, err := procUnlockFileEx.Call(f.Fd(), 0, ^uintptr(0)>>32, ^uintptr(0)>>32, uintptr(unsafe.Pointer(&ol)))
	if r == 0 {
		return err
	}
	return nil
}
