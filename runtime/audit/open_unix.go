//go:build !windows

package audit

import (
	"errors"
	"os"
	"syscall"
)

var errNotRegular = errors.New("not a regular file")

// openRegular opens the regular file at path (created with mode 0600 when
// flag has O_CREATE) without ever waiting: the log's directory is the
// user's, so the guarded agent may put a FIFO there, whose open for
// writing would hold the hook until the agent's hook timeout, after which
// the agent ignores the hook's answer. A FIFO, a device or a directory is
// refused. The file is opened with plain system calls, outside the
// runtime's network poller (a hook process never starts it).
func openRegular(path string, flag int) (*os.File, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, flag|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0o600)
		if err != syscall.EINTR {
			break
		}
	}
	if err == syscall.ENXIO { // a FIFO without a reader, or a device
		err = errNotRegular
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
		return nil, &os.PathError{Op: "open", Path: path, Err: errNotRegular}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return nil, &os.PathError{Op: "fcntl", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}
