//go:build !windows

package sysfile

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadRegularNeverBlocks: a FIFO and an endless device are refused at
// once, before anything is read from them.
func TestReadRegularNeverBlocks(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, "/dev/zero"} {
		done := make(chan error, 1)
		go func() {
			_, err := ReadRegular(path, 1<<20)
			done <- err
		}()
		select {
		case err := <-done:
			if !IsNotRegular(err) {
				t.Errorf("%s: %v, want ErrNotRegular", path, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: ReadRegular blocked", path)
		}
	}
}
