package hookify

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFileAtomic replaces (or creates) path with data: it writes a
// temporary file in the same directory, sets its mode to perm (permission
// and setuid/setgid/sticky bits, umask not applied), fsyncs it, renames it
// over path and fsyncs the directory. Readers see the old or the new content,
// never a mix. The temporary name starts with "." so that no rule glob
// matches it.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode) error {
	return writeAtomic(path, data, perm, false)
}

// createAtomic is WriteFileAtomic that fails with fs.ErrExist instead of
// replacing an existing file.
func createAtomic(path string, data []byte, perm fs.FileMode) error {
	return writeAtomic(path, data, perm, true)
}

func writeAtomic(path string, data []byte, perm fs.FileMode, noClobber bool) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if noClobber {
		if _, err := os.Lstat(path); err == nil {
			return &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
		}
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(perm & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if noClobber {
		// link(2) fails if path exists, unlike rename(2).
		if err = os.Link(tmp, path); err != nil {
			if errors.Is(err, fs.ErrExist) {
				return err
			}
			if _, serr := os.Lstat(path); serr == nil {
				return &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
			}
			// No hard links on this file system: fall back to rename.
			if err = os.Rename(tmp, path); err != nil {
				return err
			}
		} else if rerr := os.Remove(tmp); rerr != nil {
			return fmt.Errorf("removing %s: %w", tmp, rerr)
		}
	} else if err = os.Rename(tmp, path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename durable; errors are ignored (some file systems do
// not support fsync on directories).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
