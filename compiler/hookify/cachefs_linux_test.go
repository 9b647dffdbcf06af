package hookify

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"unsafe"
)

// TestCacheableFSLinux: a file in the test's temporary directory (ext4 or
// tmpfs on the project machine) qualifies; /proc, which is no rule store,
// does not.
func TestCacheableFSLinux(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if !cacheableFS(f) {
		t.Error("the temporary directory's file system does not qualify")
	}
	if cacheableFS("/proc/self/status") {
		t.Error("/proc qualifies")
	}
	if cacheableFS("/nonexistent/file") {
		t.Error("a missing file qualifies")
	}
}

// TestAccessWritable asks the kernel: a file the process may write is
// writable; one it may not (read-only mode for a user, the immutable flag
// for root, which ignores mode bits) is not.
func TestAccessWritable(t *testing.T) {
	f := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !accessWritable(f) {
		t.Fatal("a fresh file of ours is not writable")
	}
	if os.Geteuid() != 0 {
		if err := os.Chmod(f, 0o444); err != nil {
			t.Fatal(err)
		}
	} else {
		setImmutable(t, f, true)
		defer setImmutable(t, f, false)
	}
	if accessWritable(f) {
		t.Error("a file the process cannot write is writable")
	}
}

// setImmutable sets or clears FS_IMMUTABLE_FL (chattr +i) on a file.
func setImmutable(t *testing.T, name string, on bool) {
	t.Helper()
	const (
		getFlags  = 0x80086601 // FS_IOC_GETFLAGS
		setFlags  = 0x40086602 // FS_IOC_SETFLAGS
		immutable = 0x10       // FS_IMMUTABLE_FL
	)
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	var flags int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), getFlags, uintptr(unsafe.Pointer(&flags))); e != 0 {
		t.Fatalf("FS_IOC_GETFLAGS: %v", e)
	}
	if on {
		flags |= immutable
	} else {
		flags &^= immutable
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), setFlags, uintptr(unsafe.Pointer(&flags))); e != 0 {
		t.Fatalf("FS_IOC_SETFLAGS: %v", e)
	}
}
