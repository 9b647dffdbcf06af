// Package sysfile reads small files with plain system calls (open, fstat,
// read, close): a hook process reads every rule file, and its caches, on
// every tool call, and os.Open would also start the runtime's network
// poller. Reads never block on a FIFO and never run past a size bound.
//
// On Windows (sysfile_windows.go) the calls are CreateFile, GetFileType,
// GetFileInformationByHandle, ReadFile and CloseHandle, and only regular
// files are read: a named pipe, a console or a device such as NUL is
// refused before anything is read from it (ErrNotRegular), and a path that
// names one (WindowsDevicePath) is refused before it is even opened.
package sysfile

import "errors"

// ErrNotRegular is Read's error on Windows for a file that is not a regular
// file (a pipe, a console, a device, a directory).
var ErrNotRegular = errors.New("not a regular file")
