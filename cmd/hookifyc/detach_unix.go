//go:build !windows

package main

import (
	"os/exec"
	"syscall"
)

// detach makes c outlive the hook: its own session, so that the agent
// ending the hook's process group does not end it.
func detach(c *exec.Cmd) { c.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
