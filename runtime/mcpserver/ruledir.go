package mcpserver

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// ruleDir is a writable rule directory opened for one change. The path
// checks (checkDir, checkFile) give the reasons a change is refused;
// ruleDir makes the change itself immune to a link swapped into the path
// after them: the directory is opened once, beneath the layer's root
// (os.Root: no link may lead out of it, none may be absolute), it must
// not be the directory of a layer the server may not write, and every
// file operation then names a plain file in that open directory. A rule
// file is read only when it is the regular file just looked at (same
// file, one link), and replaced by a file renamed into the directory, so
// a link put in its place is replaced, never followed.
type ruleDir struct {
	dir  *os.Root
	path string // the directory's path, for messages
}

// openRuleDir opens dir, root or below it, creating the missing
// directories beneath root when create is set.
func (s *Server) openRuleDir(dir, root string, create bool) (*ruleDir, error) {
	rel, err := filepath.Rel(root, dir)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return nil, fmt.Errorf("%s is not below %s", dir, root)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if create && rel != "." {
		if err := r.MkdirAll(rel, 0o755); err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
	}
	d, err := r.OpenRoot(rel)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (a link leading out of %s?): refused", dir, err, root)
	}
	fi, err := d.Stat(".")
	if err != nil {
		d.Close()
		return nil, err
	}
	for _, f := range s.forbidden() {
		if ffi, err := os.Stat(f); err == nil && os.SameFile(fi, ffi) {
			d.Close()
			return nil, fmt.Errorf("%s leads into %s, a layer this server may not write: refused", dir, f)
		}
	}
	return &ruleDir{dir: d, path: dir}, nil
}

func (d *ruleDir) Close() error { return d.dir.Close() }

// read returns the content of the rule file name and its mode: a regular
// file with one link, at most hookify.MaxRuleFileSize bytes, the file
// that Lstat saw.
func (d *ruleDir) read(name string) ([]byte, fs.FileMode, error) {
	p := filepath.Join(d.path, name)
	fi, err := d.dir.Lstat(name)
	if err != nil {
		return nil, 0, err
	}
	if !fi.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("%s is not a regular file (%s): refused", p, fi.Mode().Type())
	}
	if st := stampOf(fi); st.nlink > 1 {
		return nil, 0, fmt.Errorf("%s has %d hard links: changing it would change the other names too; refused", p, st.nlink)
	}
	// Not blocking: a FIFO swapped in after the Lstat must not hold the
	// server (it is then not the same file, and refused).
	f, err := d.dir.OpenFile(name, os.O_RDONLY|sysfile.NonBlock, 0)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	if ofi, err := f.Stat(); err != nil || !os.SameFile(fi, ofi) {
		return nil, 0, fmt.Errorf("%s changed while it was read: refused", p)
	}
	data, err := io.ReadAll(io.LimitReader(f, hookify.MaxRuleFileSize+1))
	if err != nil {
		return nil, 0, err
	}
	if len(data) > hookify.MaxRuleFileSize {
		return nil, 0, fmt.Errorf("%s is larger than %d bytes: refused", p, hookify.MaxRuleFileSize)
	}
	return data, fi.Mode().Perm(), nil
}

// write puts data in the file name with mode perm: written to a
// temporary file in the directory, synced, then renamed over name, or,
// with noClobber, linked to name (failing with fs.ErrExist when name
// exists).
func (d *ruleDir) write(name string, data []byte, perm fs.FileMode, noClobber bool) (err error) {
	var rnd [8]byte
	rand.Read(rnd[:])
	tmp := "." + name + ".tmp-" + hex.EncodeToString(rnd[:])
	f, err := d.dir.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			d.dir.Remove(tmp)
		}
	}()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm) // on the descriptor: the file just created
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if noClobber {
		if err := d.dir.Link(tmp, name); err != nil {
			return err
		}
		if err := d.dir.Remove(tmp); err != nil {
			// The rule is written, but with a second link that would
			// make every later change of it refused: say why.
			return fmt.Errorf("%s is written, but its temporary link %s could not be removed (remove it by hand): %w", filepath.Join(d.path, name), filepath.Join(d.path, tmp), err)
		}
	} else if err := d.dir.Rename(tmp, name); err != nil {
		return err
	}
	d.sync()
	return nil
}

// remove removes the rule file name: the directory entry, whatever it is
// now (a link put there is removed, not followed).
func (d *ruleDir) remove(name string) error {
	if err := d.dir.Remove(name); err != nil {
		return err
	}
	d.sync()
	return nil
}

// sync makes the directory's new entries durable (best effort: not every
// platform can sync a directory).
func (d *ruleDir) sync() {
	if f, err := d.dir.Open("."); err == nil {
		f.Sync()
		f.Close()
	}
}

// errReadOnly wraps hookify.ErrReadOnly for a file of the directory.
func (d *ruleDir) errReadOnly(name string) error {
	return fmt.Errorf("%s: %w", filepath.Join(d.path, name), hookify.ErrReadOnly)
}

// setEnabled sets the enabled flag of the rule file name as
// hookify.SetEnabled does (only the bytes that must change; a read-only
// file refused), through the open directory. It reports whether the file
// changed.
func (d *ruleDir) setEnabled(name string, enabled bool) (bool, error) {
	src, perm, err := d.read(name)
	if err != nil {
		return false, err
	}
	out, err := hookify.SetEnabledBytes(src, enabled)
	if err != nil {
		var e *hookify.Error
		if errors.As(err, &e) {
			e.File = filepath.Join(d.path, name)
			return false, e
		}
		return false, fmt.Errorf("%s: %w", filepath.Join(d.path, name), err)
	}
	if bytes.Equal(out, src) {
		return false, nil
	}
	if perm&0o222 == 0 {
		return false, d.errReadOnly(name)
	}
	return true, d.write(name, out, perm, false)
}
