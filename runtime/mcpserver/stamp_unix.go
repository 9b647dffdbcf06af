//go:build linux || darwin || freebsd || netbsd || openbsd

package mcpserver

import (
	"io/fs"
	"syscall"
)

// fileStamp identifies one version of a file or directory: a change of
// content or of a directory's entries changes its change time, a replaced
// file has another inode.
type fileStamp struct {
	missing      bool
	dev, ino     uint64
	mode         fs.FileMode
	size         int64
	mtime, ctime int64
	nlink        uint64
}

func stampOf(fi fs.FileInfo) fileStamp {
	st := fileStamp{mode: fi.Mode(), size: fi.Size(), mtime: fi.ModTime().UnixNano()}
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.dev, st.ino, st.nlink = uint64(sys.Dev), uint64(sys.Ino), uint64(sys.Nlink)
		st.ctime = ctimeOf(sys)
	}
	return st
}

// stampsWork: stamps tell file versions apart, so snapshots are reused.
const stampsWork = true

// statStamp is what stat(2) says of p (following links), without
// allocating: it runs for every rule file on every call.
func statStamp(p string) fileStamp {
	var st syscall.Stat_t
	for {
		err := syscall.Stat(p, &st)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fileStamp{missing: true}
		}
		break
	}
	return fileStamp{dev: uint64(st.Dev), ino: uint64(st.Ino), mode: fs.FileMode(st.Mode), size: st.Size,
		mtime: mtimeOf(&st), ctime: ctimeOf(&st), nlink: uint64(st.Nlink)}
}
