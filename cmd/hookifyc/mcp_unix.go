//go:build unix

package main

import (
	"os"
	"syscall"
)

// replaceProcess runs bin with args in place of this process; it returns
// only on failure.
func replaceProcess(bin string, args []string) error {
	return syscall.Exec(bin, append([]string{bin}, args...), os.Environ())
}
