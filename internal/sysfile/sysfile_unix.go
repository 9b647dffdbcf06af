//go:build !windows

package sysfile

import (
	"io/fs"
	"os"
	"syscall"
)

// Stat is what Read learned about the open file: its fstat.
type Stat = syscall.Stat_t

// NoFollow is the flag of Read that refuses a symbolic link (ELOOP).
const NoFollow = syscall.O_NOFOLLOW

// NonBlock is the open flag (for os.OpenFile and os.Root.OpenFile) with
// which opening a FIFO put where a file or directory was expected returns
// at once instead of waiting for a writer; check what was opened after.
const NonBlock = syscall.O_NONBLOCK

// IsDir reports whether st is a directory's.
func IsDir(st *Stat) bool { return st.Mode&syscall.S_IFMT == syscall.S_IFDIR }

// IsRegular reports whether st is a regular file's.
func IsRegular(st *Stat) bool { return st.Mode&syscall.S_IFMT == syscall.S_IFREG }

// Read opens path (O_RDONLY, O_CLOEXEC and O_NONBLOCK, plus flags such as
// O_NOFOLLOW), lets accept refuse the file from its fstat (a nil accept
// takes any file) and reads it whole. More than max bytes is EFBIG. Errors
// are *fs.PathError (Op "open", "stat" or "read") naming path; the stat is
// returned once the file is open.
func Read(path string, flags int, max int64, accept func(*Stat) error) ([]byte, *Stat, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK|flags, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	st := new(syscall.Stat_t)
	if err := syscall.Fstat(fd, st); err != nil {
		return nil, nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if accept != nil {
		if err := accept(st); err != nil {
			return nil, st, &fs.PathError{Op: "read", Path: path, Err: err}
		}
	}
	if st.Size > max {
		return nil, st, &fs.PathError{Op: "read", Path: path, Err: syscall.EFBIG}
	}
	regular := st.Mode&syscall.S_IFMT == syscall.S_IFREG
	// One byte more than the size: a regular file's read returns fewer bytes
	// than asked only at its end, so a short read proves we have it all.
	buf := make([]byte, 0, int(st.Size)+1)
	for {
		if int64(len(buf)) > max {
			return nil, st, &fs.PathError{Op: "read", Path: path, Err: syscall.EFBIG}
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, st, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		buf = buf[:len(buf)+n]
		if n == 0 || (regular && len(buf) < cap(buf)) {
			return buf, st, nil
		}
	}
}

// OpenRegular opens the regular file at path (created with mode perm when
// flag has O_CREATE) without ever waiting: in a directory the guarded
// agent can write (an audit log's), it may put a FIFO, whose open for
// writing would hold the hook until the agent's hook timeout, after which
// the agent ignores the hook's answer. A FIFO, a device or a directory is
// refused. The file is opened with plain system calls, outside the
// runtime's network poller (a hook process never starts it).
func OpenRegular(path string, flag int, perm uint32) (*os.File, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, flag|syscall.O_NONBLOCK|syscall.O_CLOEXEC, perm)
		if err != syscall.EINTR {
			break
		}
	}
	if err == syscall.ENXIO { // a FIFO without a reader, or a device
		err = ErrNotRegular
	}
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "fstat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "fcntl", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}
