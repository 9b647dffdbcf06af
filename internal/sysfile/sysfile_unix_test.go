//go:build !windows

package sysfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	refuse := errors.New("refused")
	for _, tc := range []struct {
		name   string
		path   string
		flags  int
		max    int64
		accept func(*Stat) error
		data   string
		err    error
	}{
		{"regular file", file, 0, 100, nil, "hello", nil},
		{"exactly max", file, 0, 5, nil, "hello", nil},
		{"over max", file, 0, 4, nil, "", syscall.EFBIG},
		{"FIFO without a writer reads empty at once", fifo, 0, 100, nil, "", nil},
		{"refused", file, 0, 100, func(*Stat) error { return refuse }, "", refuse},
		{"link followed", link, 0, 100, nil, "hello", nil},
		{"link not followed", link, syscall.O_NOFOLLOW, 100, nil, "", syscall.ELOOP},
		{"missing", filepath.Join(dir, "none"), 0, 100, nil, "", syscall.ENOENT},
		{"endless device", "/dev/zero", 0, 1 << 16, nil, "", syscall.EFBIG},
	} {
		data, _, err := Read(tc.path, tc.flags, tc.max, tc.accept)
		if string(data) != tc.data || !errors.Is(err, tc.err) || (tc.err == nil) != (err == nil) {
			t.Errorf("%s: %q, %v; want %q, %v", tc.name, data, err, tc.data, tc.err)
		}
		var pe *os.PathError
		if err != nil && (!errors.As(err, &pe) || pe.Path != tc.path) {
			t.Errorf("%s: error %v does not name the path", tc.name, err)
		}
	}
}
