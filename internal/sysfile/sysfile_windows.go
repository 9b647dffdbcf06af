//go:build windows

package sysfile

import (
	"io/fs"
	"os"
	"strings"
	"syscall"
)

// Stat is what Read learned about the open file: its GetFileType and its
// GetFileInformationByHandle.
type Stat struct {
	Type uint32 // FILE_TYPE_DISK for files and directories
	syscall.ByHandleFileInformation
}

// Size is the file's size in bytes.
func (st *Stat) Size() int64 { return int64(st.FileSizeHigh)<<32 | int64(st.FileSizeLow) }

// NoFollow is the flag of Read that refuses a symbolic link or any other
// reparse point (ELOOP) instead of following it.
const NoFollow = 1 << 30

// NonBlock is the open flag that keeps a Unix open from waiting on a
// FIFO; Windows has no such files, and no flag.
const NonBlock = 0

const fileAttributeDevice = 0x40 // FILE_ATTRIBUTE_DEVICE

// IsDir reports whether st is a directory's.
func IsDir(st *Stat) bool {
	return st.Type == syscall.FILE_TYPE_DISK && st.FileAttributes&syscall.FILE_ATTRIBUTE_DIRECTORY != 0
}

// IsRegular reports whether st is a regular file's: on a file system, not a
// directory, not a device.
func IsRegular(st *Stat) bool {
	return st.Type == syscall.FILE_TYPE_DISK && st.FileAttributes&(syscall.FILE_ATTRIBUTE_DIRECTORY|fileAttributeDevice) == 0
}

// Read opens path for reading (CreateFile: OPEN_EXISTING, every sharing
// mode, so it never waits for another process's handle; with NoFollow in
// flags a reparse point is opened itself and refused with ELOOP), lets
// accept refuse the file from its Stat (a nil accept takes any file) and
// reads it whole. Only regular files are read: a path that names a device
// (WindowsDevicePath: \\.\pipe\x, NUL, CON, ...) is refused before it is
// opened, and a handle that is not a file on a file system (GetFileType: a
// pipe, a console; or a directory) before anything is read from it, with
// ErrNotRegular. More than max bytes is EFBIG. Errors are *fs.PathError
// (Op "open", "stat" or "read") naming path; the stat is returned once the
// file is open.
func Read(path string, flags int, max int64, accept func(*Stat) error) ([]byte, *Stat, error) {
	if WindowsDevicePath(path) {
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return read(path, flags, max, accept)
}

// read is Read without the check of the path (tests open devices with it).
func read(path string, flags int, max int64, accept func(*Stat) error) ([]byte, *Stat, error) {
	p, err := syscall.UTF16PtrFromString(longPath(path))
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	// Backup semantics opens a directory too, so that it is refused as one.
	attrs := uint32(syscall.FILE_FLAG_BACKUP_SEMANTICS)
	if flags&NoFollow != 0 {
		attrs |= syscall.FILE_FLAG_OPEN_REPARSE_POINT
	}
	h, err := syscall.CreateFile(p, syscall.GENERIC_READ,
		syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE,
		nil, syscall.OPEN_EXISTING, attrs, 0)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.CloseHandle(h)
	st := new(Stat)
	typ, err := syscall.GetFileType(h)
	if err != nil {
		return nil, nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	st.Type = typ &^ syscall.FILE_TYPE_REMOTE
	if st.Type != syscall.FILE_TYPE_DISK {
		// A pipe or a character device: reading it could wait for ever.
		return nil, st, &fs.PathError{Op: "read", Path: path, Err: ErrNotRegular}
	}
	if err := syscall.GetFileInformationByHandle(h, &st.ByHandleFileInformation); err != nil {
		return nil, nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if flags&NoFollow != 0 && st.FileAttributes&syscall.FILE_ATTRIBUTE_REPARSE_POINT != 0 {
		return nil, st, &fs.PathError{Op: "open", Path: path, Err: syscall.ELOOP}
	}
	if accept != nil {
		if err := accept(st); err != nil {
			return nil, st, &fs.PathError{Op: "read", Path: path, Err: err}
		}
	}
	if !IsRegular(st) {
		return nil, st, &fs.PathError{Op: "read", Path: path, Err: ErrNotRegular}
	}
	if st.Size() > max {
		return nil, st, &fs.PathError{Op: "read", Path: path, Err: syscall.EFBIG}
	}
	// One byte more than the size: a file's read returns fewer bytes than
	// asked only at its end, so a short read proves we have it all.
	buf := make([]byte, 0, int(st.Size())+1)
	for {
		if int64(len(buf)) > max {
			return nil, st, &fs.PathError{Op: "read", Path: path, Err: syscall.EFBIG}
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		var n uint32
		err := syscall.ReadFile(h, buf[len(buf):cap(buf)], &n, nil)
		if err == syscall.ERROR_HANDLE_EOF {
			err, n = nil, 0
		}
		if err != nil {
			return nil, st, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		buf = buf[:len(buf)+int(n)]
		if n == 0 || len(buf) < cap(buf) {
			return buf, st, nil
		}
	}
}

// longPath returns an absolute path of MAX_PATH characters or more in its
// \\?\ form, which CreateFile takes without the length limit (as os does):
// only a path with no "." or ".." element and only backslashes, which that
// form would no longer clean.
func longPath(path string) string {
	const limit = 248 // MAX_PATH less room for an 8.3 name, as in os
	if len(path) < limit || strings.ContainsRune(path, '/') || strings.HasPrefix(path, `\\?\`) ||
		strings.Contains(path, `\.\`) || strings.Contains(path, `\..\`) ||
		strings.HasSuffix(path, `\.`) || strings.HasSuffix(path, `\..`) {
		return path
	}
	switch {
	case len(path) >= 3 && IsDriveLetter(path[0]) && path[1] == ':' && path[2] == '\\':
		return `\\?\` + path
	case strings.HasPrefix(path, `\\`) && !strings.HasPrefix(path, `\\.\`):
		return `\\?\UNC\` + path[2:]
	}
	return path
}

// OpenRegular opens the regular file at path (created with mode perm when
// flag has O_CREATE); anything else (a directory, a device) is refused.
// Windows has no FIFOs at file paths.
func OpenRegular(path string, flag int, perm uint32) (*os.File, error) {
	f, err := os.OpenFile(path, flag, os.FileMode(perm))
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return f, nil
}
