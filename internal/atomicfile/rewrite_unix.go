//go:build !windows

package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// replaceKeepingOwner replaces a file of one link by a renamed temporary
// file with the same owner, group and mode. done is false (and nothing is
// changed) when the file has other links or the new file cannot be given
// the old one's owner and group: the caller then rewrites in place.
func replaceKeepingOwner(path string, fi fs.FileInfo, data []byte) (done bool, err error) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok || st.Nlink != 1 {
		return false, nil
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return false, nil // a directory we cannot write: in place
	}
	tmp := f.Name()
	defer func() {
		if !done {
			f.Close()
			os.Remove(tmp)
		}
	}()
	var tst syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &tst); err != nil {
		return false, nil
	}
	if tst.Uid != st.Uid || tst.Gid != st.Gid {
		if err := f.Chown(int(st.Uid), int(st.Gid)); err != nil {
			return false, nil // only the owner's own process (or root) may
		}
	}
	if _, err := f.Write(data); err != nil {
		return false, err
	}
	if err := f.Chmod(fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return false, err
	}
	if err := f.Sync(); err != nil {
		return false, err
	}
	if err := f.Close(); err != nil {
		return false, err
	}
	if err := os.Rename(tmp, path); err != nil {
		return false, err
	}
	done = true
	syncDir(dir)
	return true, nil
}
