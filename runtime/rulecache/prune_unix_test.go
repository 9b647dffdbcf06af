//go:build unix

package rulecache

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestPruneSkipsFIFO: a FIFO where the cache directory should be is not
// opened (an open would wait for a writer for ever).
func TestPruneSkipsFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "rules")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { prune(fifo, time.Now()); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("prune opened the FIFO and waits on it")
	}
}
