//go:build !linux

package hookify

import "errors"

// dirHandles: only Linux opens the directories of a batch (dirfd_linux.go);
// elsewhere every call takes the full path.
type dirHandles struct{}

func newDirHandles() *dirHandles    { return nil }
func (h *dirHandles) fd(string) int { return -1 }
func (h *dirHandles) close()        {}

var errNoDirFD = errors.New("no directory descriptors on this system")

func statFileIDAt(int, string) (FileID, error) { return FileID{}, errNoDirFD }
func accessWritableAt(int, string) bool        { return false }
