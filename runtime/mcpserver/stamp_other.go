//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package mcpserver

import (
	"io/fs"
	"os"
)

// fileStamp identifies one version of a file (size, mode and modification
// time only: snapshots are never reused on these systems).
type fileStamp struct {
	missing      bool
	mode         fs.FileMode
	size         int64
	mtime, ctime int64
	nlink        uint64
}

func stampOf(fi fs.FileInfo) fileStamp {
	return fileStamp{mode: fi.Mode(), size: fi.Size(), mtime: fi.ModTime().UnixNano(), ctime: fi.ModTime().UnixNano(), nlink: 1}
}

// stampsWork: without change times and inodes, rules are read on every call.
const stampsWork = false

// statStamp is what os.Stat says of p (following links).
func statStamp(p string) fileStamp {
	fi, err := os.Stat(p)
	if err != nil {
		return fileStamp{missing: true}
	}
	return stampOf(fi)
}
