package hookify

import (
	"io/fs"
	"os"
	"path"
	"syscall"
)

// OSFS returns the file system rooted at dir for discovery. It is os.DirFS
// with a ReadFile that costs four system calls per rule file (open, fstat,
// one read sized by fstat, close) instead of os.ReadFile's eight or more:
// a hook reads every rule file on every tool call.
func OSFS(dir string) fs.FS {
	return osFS{FS: os.DirFS(dir), root: dir}
}

type osFS struct {
	fs.FS
	root string
}

// ReadFile implements fs.ReadFileFS.
func (f osFS) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	return readFileRaw(path.Join(f.root, name), name)
}

func readFileRaw(full, name string) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(full, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&syscall.S_IFMT == syscall.S_IFDIR {
		return nil, &fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
	}
	// One byte more than the size: a regular file's read returns fewer bytes
	// than asked only at its end, so a short read proves we have it all.
	buf := make([]byte, 0, int(st.Size)+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		buf = buf[:len(buf)+n]
		if n == 0 || (st.Mode&syscall.S_IFMT == syscall.S_IFREG && len(buf) < cap(buf)) {
			return buf, nil
		}
	}
}
