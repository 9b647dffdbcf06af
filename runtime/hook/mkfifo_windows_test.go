//go:build windows

package hook

import "errors"

// errNoFIFO is mkfifo's error on Windows, which has no FIFOs in its file
// systems (a test planting one skips that case).
var errNoFIFO = errors.New("no FIFOs on Windows")

// mkfifo fails on Windows (errNoFIFO).
func mkfifo(path string, mode uint32) error { return errNoFIFO }
