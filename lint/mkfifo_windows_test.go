//go:build windows

package lint

import (
	"os"
	"testing"
)

// mkfifo makes an unreadable rule source: on Windows, a directory link to
// nowhere.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := os.Symlink(path+".missing", path); err != nil {
		t.Fatal(err)
	}
}
