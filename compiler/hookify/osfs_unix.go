//go:build !windows

package hookify

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// dirFS is the fs.FS under an OSFS rooted at dir.
func dirFS(dir string) fs.FS { return os.DirFS(dir) }

// osPath is the OS path of full, an OSFS's root joined with a name: itself.
func osPath(full string) (string, error) { return full, nil }

// fsName is the name of the absolute OS path abs in the OSFS rooted at "/".
func fsName(abs string) string { return strings.TrimPrefix(filepath.ToSlash(abs), "/") }

// CachedOSFS is OSFS with a rule cache: LoadRule (and so discovery) first
// asks c for the rule parsed from a file whose identity has not changed
// since, which costs a stat and an access instead of reading and parsing
// the file. Rules
// read from a file are offered to c. A nil c is OSFS.
//
// Only files the process could rewrite itself go through the cache: the
// cache lives where the process's user (and the agent running as that
// user) can write, so an entry could say anything, which must be no more
// than that user could make the file say. The kernel decides (access(2)
// with W_OK: mode bits, ACLs, read-only and single-file bind mounts,
// immutable files), for the file a symbolic link leads to. The file must
// also be on a local file system whose change times this machine's kernel
// keeps (see cacheableFS). Every other file (managed rules owned by root, a
// rule bind-mounted read-only, rules on a network or FUSE file system) is
// read on every call. A process whose real and effective users differ uses
// no cache.
func CachedOSFS(dir string, c RuleCache) fs.FS {
	f := osFS{FS: dirFS(dir), root: dir}
	if c != nil && syscall.Getuid() == syscall.Geteuid() {
		f.cache, f.policy = c, &cachePolicy{devs: map[uint64]bool{}, writable: accessWritable}
	}
	return f
}

// accessWritable is access(path, W_OK) == 0, asked by name in the
// file's open directory when there is one.
func accessWritable(f fileRef) bool {
	if f.dirFD >= 0 {
		return accessWritableAt(f.dirFD, f.base)
	}
	const wOK = 2
	return ignoringEINTR(func() error { return syscall.Access(f.full, wOK) }) == nil
}

func fileIDOf(st *syscall.Stat_t) FileID {
	mtime, ctime := statTimes(st)
	return FileID{
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), Mode: uint32(st.Mode), Uid: st.Uid, Size: st.Size,
		Mtime: mtime, Ctime: ctime,
	}
}

// readDirNames lists the directory at full (reported as name in errors) in
// raw getdents order, as os.File.Readdirnames does, with plain system calls.
func readDirNames(full, name string) ([]string, error) {
	var fd int
	err := ignoringEINTR(func() (err error) {
		fd, err = syscall.Open(full, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_DIRECTORY, 0)
		return err
	})
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	var names []string
	buf := make([]byte, 8192)
	for {
		var n int
		err := ignoringEINTR(func() (err error) {
			n, err = syscall.ReadDirent(fd, buf)
			return err
		})
		if err != nil {
			return names, &fs.PathError{Op: "readdirent", Path: name, Err: err}
		}
		if n <= 0 {
			return names, nil
		}
		_, _, names = syscall.ParseDirent(buf[:n], -1, names)
	}
}

// statFileID is the identity of the file at full (stat(2): the file a
// symbolic link leads to).
func statFileID(full string) (FileID, error) {
	var st syscall.Stat_t
	if err := ignoringEINTR(func() error { return syscall.Stat(full, &st) }); err != nil {
		return FileID{}, err
	}
	return fileIDOf(&st), nil
}

// slashPath is SlashPath: filepath.ToSlash.
func slashPath(p string) string { return filepath.ToSlash(p) }
