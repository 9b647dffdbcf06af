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
// for root, which ignores mode bits) is not; by its path and by its name
// in its open directory alike.
func TestAccessWritable(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f")
	if err := os.WriteFile(f, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	dirs := newDirHandles()
	defer dirs.close()
	refs := []fileRef{{full: f, dirFD: -1}, {full: f, dirFD: dirs.fd(dir + "/"), base: "f"}}
	if refs[1].dirFD < 0 {
		t.Fatal("the directory did not open")
	}
	for _, ref := range refs {
		if !accessWritable(ref) {
			t.Fatalf("%+v: a fresh file of ours is not writable", ref)
		}
	}
	if os.Geteuid() != 0 {
		if err := os.Chmod(f, 0o444); err != nil {
			t.Fatal(err)
		}
	} else {
		setImmutable(t, f, true)
		defer setImmutable(t, f, false)
	}
	for _, ref := range refs {
		if accessWritable(ref) {
			t.Errorf("%+v: a file the process cannot write is writable", ref)
		}
	}
}

// TestStatAtIsStat: a file's identity asked by its name in its open
// directory is the one stat(2) gives by its path, through a symbolic link
// too; a missing name is an error both ways.
func TestStatAtIsStat(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "hookify.a.local.md")
	if err := os.WriteFile(f, []byte("---\nname: a\n---\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(f, filepath.Join(dir, "link.md")); err != nil {
		t.Fatal(err)
	}
	dirs := newDirHandles()
	defer dirs.close()
	fd := dirs.fd(dir + "/")
	for _, name := range []string{"hookify.a.local.md", "link.md"} {
		byPath, err1 := statFileID(filepath.Join(dir, name))
		at, err2 := statFileIDAt(fd, name)
		if err1 != nil || err2 != nil || byPath != at || !at.Regular() {
			t.Errorf("%s: stat %+v %v, fstatat %+v %v", name, byPath, err1, at, err2)
		}
	}
	if _, err := statFileIDAt(fd, "missing.md"); err == nil {
		t.Error("a missing file has an identity")
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
