//go:build windows

package main

import (
	"os/exec"
	"syscall"
)

// detach makes c outlive the hook: a new process group, detached from the
// hook's console.
func detach(c *exec.Cmd) {
	const createNewProcessGroup, detachedProcess = 0x00000200, 0x00000008
	c.SysProcAttr = &syscall.SysProcAttr{CreationFlags: createNewProcessGroup | detachedProcess}
}
