package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrInterrupted is Rewrite's error when the undo file of an earlier
// in-place rewrite is still there: that rewrite was interrupted, and the
// file may hold a mix of its old and new content.
var ErrInterrupted = errors.New("an earlier rewrite of this file was interrupted")

// undoPath is where an in-place rewrite keeps the file's old content.
func undoPath(path string) string {
	dir, base := filepath.Split(path)
	return filepath.Join(dir, "."+base+".hookifyc-undo")
}

// Rewrite replaces the content of the existing regular file at path with
// data, keeping what makes it that file: its other hard links, its owner,
// group and mode. A file with one link is replaced as Write does (a
// temporary file, given the old file's owner, group and mode, renamed over
// it: readers and a crash see the old or the new content). A file with
// other hard links, or whose owner the process cannot give to a new file,
// is rewritten in place, after its old content is saved, synced, beside it
// as "." + name + ".hookifyc-undo"; the undo file is removed once the new
// content is synced. After a crash in between, the undo file holds the old
// content and the next Rewrite of the file refuses with ErrInterrupted,
// naming it. old is the content the caller read and edited; Rewrite fails
// if the file no longer holds it.
func Rewrite(path string, old, data []byte) error {
	if _, err := os.Lstat(undoPath(path)); err == nil {
		return fmt.Errorf("%s: %w: %s holds its content from before; restore it or delete it", path, ErrInterrupted, undoPath(path))
	}
	fi, err := os.Lstat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "rewrite", Path: path, Err: errors.New("not a regular file")}
	}
	if done, err := replaceKeepingOwner(path, fi, data); done || err != nil {
		return err
	}
	return rewriteInPlace(path, fi, old, data)
}

// rewriteInPlace writes data over the file at path, journaled by an undo
// file holding old.
func rewriteInPlace(path string, fi fs.FileInfo, old, data []byte) (err error) {
	undo := undoPath(path)
	if err := WriteWith(undo, old, Options{Perm: 0o600, NoClobber: true}); err != nil {
		return fmt.Errorf("%s: saving the old content before rewriting in place: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		os.Remove(undo)
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Remove(undo)
			syncDir(filepath.Dir(path))
		}
	}()
	cur := make([]byte, len(old)+1)
	n, _ := f.ReadAt(cur, 0)
	if n != len(old) || string(cur[:n]) != string(old) {
		os.Remove(undo)
		return fmt.Errorf("%s changed while it was being edited; nothing written", path)
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		return fmt.Errorf("%s: rewriting in place: %w (the old content is in %s)", path, err, undo)
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		return fmt.Errorf("%s: rewriting in place: %w (the old content is in %s)", path, err, undo)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("%s: rewriting in place: %w (the old content is in %s)", path, err, undo)
	}
	return nil
}
