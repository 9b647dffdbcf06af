package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Entry is one file of a set written by WriteSet.
type Entry struct {
	Path string
	Data []byte
	Perm fs.FileMode
}

// WriteSet writes every entry, or none: each is first written in full to a
// temporary file beside its target and synced; only when all are written
// are they renamed over their targets, in order. If a rename fails, the
// targets already replaced are put back from hard-linked (or copied)
// backups made before the first rename, so the set is left as it was. On
// success the backups are removed. A crash during the renames may leave
// the set mixed, with the backups (".NAME.bak-*") beside it.
func WriteSet(entries []Entry) (err error) {
	type staged struct {
		Entry
		tmp, bak string
		done     bool
	}
	st := make([]*staged, len(entries))
	defer func() {
		for _, s := range st {
			if s == nil {
				continue
			}
			if s.tmp != "" && !s.done {
				os.Remove(s.tmp)
			}
			if s.bak != "" {
				os.Remove(s.bak)
			}
		}
	}()
	for i, e := range entries {
		s := &staged{Entry: e}
		st[i] = s
		dir, base := filepath.Split(e.Path)
		if dir == "" {
			dir = "."
		}
		f, err := os.CreateTemp(dir, "."+base+".tmp-*")
		if err != nil {
			return err
		}
		s.tmp = f.Name()
		_, werr := f.Write(e.Data)
		if werr == nil {
			werr = f.Chmod(e.Perm & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky))
		}
		if werr == nil {
			werr = f.Sync()
		}
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fmt.Errorf("writing %s: %w", e.Path, werr)
		}
	}
	for _, s := range st {
		if fi, err := os.Lstat(s.Path); err != nil || !fi.Mode().IsRegular() {
			continue // nothing to restore (a non-file in the way fails the rename)
		}
		dir, base := filepath.Split(s.Path)
		if dir == "" {
			dir = "."
		}
		bak, err := os.CreateTemp(dir, "."+base+".bak-*")
		if err != nil {
			return err
		}
		bak.Close()
		s.bak = bak.Name()
		os.Remove(s.bak)
		if err := os.Link(s.Path, s.bak); err != nil {
			if err := copyFile(s.Path, s.bak); err != nil {
				return fmt.Errorf("backing up %s: %w", s.Path, err)
			}
		}
	}
	for i, s := range st {
		if err := os.Rename(s.tmp, s.Path); err != nil {
			var restore []error
			for _, prev := range st[:i] {
				if prev.bak != "" {
					restore = append(restore, os.Rename(prev.bak, prev.Path))
					prev.bak = ""
				} else {
					restore = append(restore, os.Remove(prev.Path))
				}
			}
			if rerr := errors.Join(restore...); rerr != nil {
				return fmt.Errorf("replacing %s: %w (and restoring the files replaced before it: %v)", s.Path, err, rerr)
			}
			return fmt.Errorf("replacing %s: %w (the files replaced before it were restored)", s.Path, err)
		}
		s.done = true
	}
	for _, s := range st {
		dir := filepath.Dir(s.Path)
		syncDir(dir)
	}
	return nil
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o600)
}
