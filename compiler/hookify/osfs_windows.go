//go:build windows

package hookify

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"syscall"

	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// CachedOSFS is OSFS on Windows: no file goes through the rule cache, and c
// is never asked. The cache lives where the process's user (and the agent
// running as that user) can write, so an entry could say anything: it may
// stand in for a file only when that user could make the file say the same
// (see the Unix CachedOSFS, which asks access(2)). Windows has no access(2):
// whether the process could rewrite a file is its ACL against the process
// token, the read-only attribute, integrity levels and sharing modes, which
// the hook would have to re-implement, and getting it wrong lets a forged
// entry replace a managed rule. Nor does a file have an identity that
// proves it unchanged: its owner is a SID, its change and write times are
// set by anyone who may write its attributes (SetFileInformationByHandle),
// and FAT and exFAT volumes have no stable file index. So every rule file
// is read on every call, and since no rule is vouched for, no compiled
// pattern comes from the cache either (runtime/rulecache reads no cache
// file on Windows).
func CachedOSFS(dir string, c RuleCache) fs.FS { return OSFS(dir) }

// errNoFileID is statFileID's error: Windows files have no identity that
// the cache could trust (see CachedOSFS).
var errNoFileID = errors.New("no file identity for the rule cache on Windows")

// statFileID fails: loadCached then never asks a cache (only an osFS built
// by hand has one on Windows), and cacheableFS refuses every file it read.
func statFileID(string) (FileID, error) { return FileID{}, errNoFileID }

// fileIDOf is what GetFileInformationByHandle says of a file: the volume's
// serial number and the file index for device and inode, a mode made of
// the directory and read-only attributes, the size and the last write
// time. Windows keeps no change time that a writer cannot set: Ctime is 0.
func fileIDOf(st *sysfile.Stat) FileID {
	mode := uint32(syscall.S_IFREG | 0o666)
	if sysfile.IsDir(st) {
		mode = syscall.S_IFDIR | 0o777
	}
	if st.FileAttributes&syscall.FILE_ATTRIBUTE_READONLY != 0 {
		mode &^= 0o222
	}
	return FileID{
		Dev:   uint64(st.VolumeSerialNumber),
		Ino:   uint64(st.FileIndexHigh)<<32 | uint64(st.FileIndexLow),
		Mode:  mode,
		Size:  st.Size(),
		Mtime: st.LastWriteTime.Nanoseconds(),
	}
}

// dirFS is the fs.FS under an OSFS rooted at dir: names map to Windows
// paths as windowsPath says (the FS rooted at "/" holds the volumes).
func dirFS(dir string) fs.FS { return winDirFS(dir) }

// osPath is the Windows path of full, an OSFS's root joined with a name.
func osPath(full string) (string, error) { return windowsPath(full) }

// fsName is the name of the absolute Windows path abs in the OSFS rooted
// at "/"; a path that has none stays as it is, which windowsPath refuses
// (fs.ErrInvalid).
func fsName(abs string) string {
	if name, ok := windowsFSName(abs); ok {
		return name
	}
	return abs
}

// slashPath is SlashPath on Windows.
func slashPath(p string) string { return windowsSlashPath(p) }

// winDirFS is os.DirFS for Windows roots, "/" included (see windowsPath).
type winDirFS string

func (d winDirFS) path(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	full, err := windowsPath(path.Join(string(d), name))
	if err != nil {
		return "", &fs.PathError{Op: op, Path: name, Err: err}
	}
	return full, nil
}

// Open implements fs.FS.
func (d winDirFS) Open(name string) (fs.File, error) {
	full, err := d.path("open", name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(full)
	if err != nil {
		return nil, renamed(err, name)
	}
	return f, nil
}

// Stat implements fs.StatFS.
func (d winDirFS) Stat(name string) (fs.FileInfo, error) {
	full, err := d.path("stat", name)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(full)
	if err != nil {
		return nil, renamed(err, name)
	}
	return st, nil
}

// Stat implements fs.StatFS (one GetFileAttributesEx, where fs.Stat would
// open the file).
func (f osFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(f.FS, name) }

// renamed names name in err, a *fs.PathError naming a Windows path.
func renamed(err error, name string) error {
	if pe, ok := err.(*fs.PathError); ok {
		pe.Path = name
	}
	return err
}

// readDirNames lists the directory at full (an OSFS's root joined with
// name, reported as name in errors) in the file system's order, unsorted,
// as os.scandir sees it (FindFirstFile's order).
func readDirNames(full, name string) ([]string, error) {
	p, err := windowsPath(full)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, renamed(err, name)
	}
	defer f.Close()
	names, err := f.Readdirnames(-1)
	return names, renamed(err, name)
}
