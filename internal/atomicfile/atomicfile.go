// Package atomicfile writes files atomically: a temporary file in the
// same directory, renamed over the target, so that readers see the old
// content or the new, never a mix. With the fsyncs it makes by default, a
// crash also leaves one of the two ([Options.NoSync] gives that up for
// files that detect torn writes themselves).
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces (or creates) path with data: it writes a temporary file in
// the same directory, sets its mode to perm (permission and
// setuid/setgid/sticky bits, umask not applied), fsyncs it, renames it over
// path and fsyncs the directory. The temporary name starts with "." so that
// no rule glob matches it.
func Write(path string, data []byte, perm fs.FileMode) error {
	return WriteWith(path, data, Options{Perm: perm})
}

// Create is Write that fails with fs.ErrExist instead of replacing an
// existing file.
func Create(path string, data []byte, perm fs.FileMode) error {
	return WriteWith(path, data, Options{Perm: perm, NoClobber: true})
}

// Options tune WriteWith.
type Options struct {
	// Perm is the file's mode (permission and setuid/setgid/sticky bits,
	// umask not applied).
	Perm fs.FileMode
	// NoClobber fails with fs.ErrExist instead of replacing a file.
	NoClobber bool
	// NoSync skips the fsyncs, for files whose torn writes are detected
	// when they are read (checksummed caches): a crash may then leave an
	// empty or partial file, never a mix of two versions' bytes.
	NoSync bool
	// TempPattern is the os.CreateTemp pattern of the temporary file;
	// default "." + the file's name + ".tmp-*".
	TempPattern string
}

// WriteWith is Write with options.
func WriteWith(path string, data []byte, opts Options) (err error) {
	perm, noClobber := opts.Perm, opts.NoClobber
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if noClobber {
		if _, err := os.Lstat(path); err == nil {
			return &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
		}
	}
	pattern := opts.TempPattern
	if pattern == "" {
		pattern = "." + base + ".tmp-*"
	}
	f, err := os.CreateTemp(dir, pattern)
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
	if !opts.NoSync {
		if err = f.Sync(); err != nil {
			return err
		}
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
	if !opts.NoSync {
		syncDir(dir)
	}
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
