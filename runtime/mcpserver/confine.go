package mcpserver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// MaxNameBytes bounds a rule name: it becomes a file name.
const MaxNameBytes = 100

// FileStem is the file name stem of the rule called name: the name with
// each run of characters other than ASCII letters, digits, '_', '-' and
// '.' replaced by one '-', and leading or trailing '-' and '.' dropped
// ("Warn on rm -rf" → "Warn-on-rm-rf"). A name that could only be a path
// or a device is refused with the reason, never rewritten into one: a
// path separator, a leading dot, "..", a control character (NUL
// included), a colon, invalid UTF-8, more than MaxNameBytes bytes, or a
// stem that is a Windows device name (NUL, CON, COM1, ... with any
// extension).
func FileStem(name string) (string, error) {
	switch {
	case name == "":
		return "", errors.New("the rule name is empty")
	case len(name) > MaxNameBytes:
		return "", fmt.Errorf("the rule name is %d bytes long; at most %d", len(name), MaxNameBytes)
	case !utf8.ValidString(name):
		return "", errors.New("the rule name is not valid UTF-8")
	case strings.ContainsAny(name, `/\`):
		return "", fmt.Errorf("the rule name %q contains a path separator: a rule name is a name, not a path", name)
	case strings.HasPrefix(name, "."):
		return "", fmt.Errorf("the rule name %q starts with a dot", name)
	case strings.Contains(name, ":"):
		return "", fmt.Errorf("the rule name %q contains a colon", name)
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return "", fmt.Errorf("the rule name %q contains a control character", name)
		}
	}
	var b strings.Builder
	dash := false
	for _, r := range name {
		ok := r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.')
		if !ok || r == '-' {
			if !dash {
				b.WriteByte('-')
			}
			dash = true
			continue
		}
		dash = false
		b.WriteRune(r)
	}
	stem := strings.Trim(b.String(), "-.")
	for strings.Contains(stem, "..") {
		stem = strings.ReplaceAll(stem, "..", ".")
	}
	switch {
	case stem == "":
		return "", fmt.Errorf("the rule name %q has no letter or digit to name its file", name)
	case sysfile.WindowsReservedName(stem):
		return "", fmt.Errorf("the rule name %q is a Windows device name (%s): choose another", name, stem)
	}
	return stem, nil
}

// CheckRelDir checks out_dir: a relative path of plain names below the
// output base ("" is the base itself).
func CheckRelDir(rel string) error {
	if rel == "" {
		return nil
	}
	switch {
	case len(rel) > 1024:
		return fmt.Errorf("out_dir is %d bytes long; at most 1024", len(rel))
	case !utf8.ValidString(rel):
		return errors.New("out_dir is not valid UTF-8")
	case strings.HasPrefix(rel, "/") || strings.HasPrefix(rel, `\`) || filepath.IsAbs(rel) || filepath.VolumeName(rel) != "":
		return fmt.Errorf("out_dir %q is absolute: it must be a directory below the output base", rel)
	case strings.Contains(rel, `\`):
		return fmt.Errorf("out_dir %q contains a backslash: separate directories with /", rel)
	}
	for _, r := range rel {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("out_dir %q contains a control character", rel)
		}
	}
	for _, e := range strings.Split(rel, "/") {
		switch {
		case e == "" || e == ".":
			return fmt.Errorf("out_dir %q has an empty or \".\" element", rel)
		case e == "..":
			return fmt.Errorf("out_dir %q leaves the output base (..)", rel)
		case strings.Contains(e, ":"):
			return fmt.Errorf("out_dir %q contains a colon", rel)
		case sysfile.WindowsReservedName(e):
			return fmt.Errorf("out_dir %q names a Windows device (%s)", rel, e)
		case strings.HasSuffix(e, ".") || strings.HasSuffix(e, " "):
			return fmt.Errorf("out_dir %q has an element ending in a dot or space, which Windows drops", rel)
		}
	}
	return nil
}

// within reports whether the real path of p is root's real path or below
// it. Both must exist.
func within(p, root string) (bool, error) {
	rp, err := filepath.EvalSymlinks(p)
	if err != nil {
		return false, err
	}
	rr, err := filepath.EvalSymlinks(root)
	if err != nil {
		return false, err
	}
	rel, err := filepath.Rel(rr, rp)
	if err != nil {
		return false, nil
	}
	return rel == "." || rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)), nil
}

// checkDir checks that the existing directory dir, reached through
// whatever links, is below root and not in any of the forbidden
// directories (layers the server may not write).
func checkDir(dir, root string, forbidden []string) error {
	ok, err := within(dir, root)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s leads outside %s (a symbolic link?): refused", dir, root)
	}
	for _, f := range forbidden {
		if f == "" {
			continue
		}
		if in, err := within(dir, f); err == nil && in {
			return fmt.Errorf("%s leads into %s, a layer this server may not write: refused", dir, f)
		}
		if in, err := within(f, dir); err == nil && in {
			return fmt.Errorf("%s holds %s, a layer this server may not write: refused", dir, f)
		}
	}
	return nil
}

// checkFile checks that the rule file p may be replaced, edited or
// removed: a regular file (not a link to another) with one link, so that
// no file elsewhere changes with it.
func checkFile(p string) error {
	fi, err := os.Lstat(p)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file (%s): refused", p, fi.Mode().Type())
	}
	if st := stampOf(fi); st.nlink > 1 {
		return fmt.Errorf("%s has %d hard links: changing it would change the other names too; refused", p, st.nlink)
	}
	return nil
}

// mkdirWithin creates dir, which must be root or below it, one element
// at a time, checking before each step that what exists so far leads (through
// any symbolic link) to a directory below root: a link planted in the
// project cannot make the server create or write directories elsewhere.
func mkdirWithin(dir, root string) error {
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s is not below %s", dir, root)
	}
	cur := root
	if rel == "." {
		return nil
	}
	for _, e := range strings.Split(rel, string(filepath.Separator)) {
		cur = filepath.Join(cur, e)
		fi, err := os.Stat(cur)
		switch {
		case errors.Is(err, os.ErrNotExist):
			if err := os.Mkdir(cur, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
				return err
			}
		case err != nil:
			return err
		case !fi.IsDir():
			return fmt.Errorf("%s is not a directory", cur)
		}
		ok, err := within(cur, root)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%s leads outside %s (a symbolic link?): refused", cur, root)
		}
	}
	return nil
}
