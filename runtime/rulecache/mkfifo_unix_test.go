//go:build !windows

package rulecache

import "syscall"

// mkfifo makes a FIFO at path (mkfifo(3)).
func mkfifo(path string, mode uint32) error { return syscall.Mkfifo(path, mode) }
