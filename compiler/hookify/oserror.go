package hookify

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// PyOSError formats a file error as Python's str() of the OSError that
// open(filename) would raise, e.g. "[Errno 21] Is a directory: '.claude/x.md'".
// The errno comes from err (fs.ErrNotExist and fs.ErrPermission map to
// ENOENT and EACCES); the message is the C library's strerror text.
func PyOSError(err error, filename string) string {
	errno, ok := errnoOf(err)
	if !ok {
		return fmt.Sprintf("%s: %s", err.Error(), pyStrRepr(filename))
	}
	return fmt.Sprintf("[Errno %d] %s: %s", int(errno), strerror(errno), pyStrRepr(filename))
}

func errnoOf(err error) (syscall.Errno, bool) {
	var errno syscall.Errno
	switch {
	case errors.As(err, &errno):
		return errno, true
	case errors.Is(err, fs.ErrNotExist):
		return syscall.ENOENT, true
	case errors.Is(err, fs.ErrPermission):
		return syscall.EACCES, true
	}
	return 0, false
}

// strerror is glibc's strerror(errno). Go's texts are glibc's with the first
// letter in lower case.
func strerror(e syscall.Errno) string {
	s := e.Error()
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// pyStrRepr is repr() of a path as Python sees it: file names are decoded
// from bytes with the surrogateescape error handler.
func pyStrRepr(name string) string {
	return pyval.Repr(pyval.Str(pyval.DecodeSurrogateEscape([]byte(name))))
}

// LoadRule reads one rule file from fsys (name is an fs.FS path) the way
// hookify's load_rule_file does, reporting it as display in the rule's Source
// and in diagnostics. Opening a directory fails with EISDIR as in Python.
func LoadRule(fsys fs.FS, name, display string) (*ir.Rule, *Diagnostic) {
	return loadRule(fsys, nil, name, display)
}

// loadRule is LoadRule with the open directories of a batch (may be nil).
func loadRule(fsys fs.FS, dirs *dirHandles, name, display string) (*ir.Rule, *Diagnostic) {
	if o, ok := fsys.(osFS); ok && o.cache != nil && fs.ValidPath(name) {
		return o.loadCached(dirs, name, display)
	}
	data, err := readFile(fsys, name)
	if err != nil {
		return nil, cannotRead(display, PyOSError(err, display), err)
	}
	return ReadRule(display, data)
}

func readFile(fsys fs.FS, name string) ([]byte, error) {
	if osfs, ok := fsys.(osFS); ok {
		return osfs.ReadFile(name)
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EISDIR}
	}
	return io.ReadAll(f)
}
