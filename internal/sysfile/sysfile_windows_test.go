//go:build windows

package sysfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

func TestReadWindows(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(dir, strings.Repeat("d", 200), strings.Repeat("e", 100))
	if err := os.MkdirAll(long, 0o755); err != nil {
		t.Fatal(err)
	}
	longFile := filepath.Join(long, "f.md")
	if err := os.WriteFile(longFile, []byte("long"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Before TempDir's RemoveAll, which fails on such paths under Wine.
		os.Remove(longFile)
		os.Remove(long)
		os.Remove(filepath.Dir(long))
	})
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
		{"slashes", filepath.ToSlash(file), 0, 100, nil, "hello", nil},
		{"exactly max", file, 0, 5, nil, "hello", nil},
		{"over max", file, 0, 4, nil, "", syscall.EFBIG},
		{"no follow, not a link", file, NoFollow, 100, nil, "hello", nil},
		{"refused", file, 0, 100, func(*Stat) error { return refuse }, "", refuse},
		{"directory", dir, 0, 100, nil, "", ErrNotRegular},
		{"directory refused by accept", dir, 0, 100, func(st *Stat) error {
			if IsDir(st) {
				return syscall.EISDIR
			}
			return nil
		}, "", syscall.EISDIR},
		{"missing", filepath.Join(dir, "none"), 0, 100, nil, "", os.ErrNotExist},
		{"longer than MAX_PATH", longFile, 0, 100, nil, "long", nil},
		{"NUL", "NUL", 0, 100, nil, "", ErrNotRegular},
		{"NUL in a directory", filepath.Join(dir, "nul.md"), 0, 100, nil, "", ErrNotRegular},
		{"CON", "CON", 0, 100, nil, "", ErrNotRegular},
		{"CONIN$", "CONIN$", 0, 100, nil, "", ErrNotRegular},
		{"device namespace", `\\.\NUL`, 0, 100, nil, "", ErrNotRegular},
		{"named pipe", `\\.\pipe\hookifyc-none`, 0, 100, nil, "", ErrNotRegular},
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

// TestReadRefusesOpenDevices: a device that gets past the path check (read
// opens it) is refused from its handle's type, before anything is read.
func TestReadRefusesOpenDevices(t *testing.T) {
	pipe := `\\.\pipe\hookifyc-test-` + strings.ReplaceAll(t.Name(), "/", "-")
	name, err := syscall.UTF16PtrFromString(pipe)
	if err != nil {
		t.Fatal(err)
	}
	const (
		pipeAccessDuplex = 0x3 // so that read's open succeeds
		pipeTypeByte     = 0x0
		pipeWait         = 0x0
	)
	proc := syscall.NewLazyDLL("kernel32.dll").NewProc("CreateNamedPipeW")
	h, _, callErr := proc.Call(uintptr(unsafe.Pointer(name)), pipeAccessDuplex|syscall.FILE_FLAG_OVERLAPPED,
		pipeTypeByte|pipeWait, 4, 0, 0, 0, 0)
	if syscall.Handle(h) == syscall.InvalidHandle {
		t.Fatalf("CreateNamedPipeW: %v", callErr)
	}
	defer syscall.CloseHandle(syscall.Handle(h))
	for _, tc := range []struct {
		path  string
		opens bool // false: may fail to open (no console attached)
	}{
		{`\\.\NUL`, true}, {"NUL", true}, {pipe, true}, {`\\.\CON`, false}, {"CONIN$", false},
	} {
		path := tc.path
		done := make(chan error, 1)
		go func() {
			_, _, err := read(path, 0, 100, nil)
			done <- err
		}()
		select {
		case err := <-done:
			switch {
			case err == nil:
				t.Errorf("%s: read, want an error", path)
			case errors.Is(err, ErrNotRegular):
			case tc.opens:
				t.Errorf("%s: %v, want %v", path, err, ErrNotRegular)
			default:
				t.Logf("%s: %v (cannot open: as good)", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: read still waits after 5s", path)
		}
	}
}
