package sysfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadRegular: a FIFO (with or without a writer) and an endless device
// are refused at once, a regular file is read, and one over the bound is
// refused.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadRegular(p, 10); err != nil || string(b) != "hello" {
		t.Errorf("regular: %q %v", b, err)
	}
	if _, err := ReadRegular(p, 4); !errors.Is(err, syscall.EFBIG) {
		t.Errorf("over the bound: %v", err)
	}
	if _, err := ReadRegular(dir, 10); err == nil {
		t.Errorf("a directory was read")
	}
}
