package hookify

import (
	"sync"

	"golang.org/x/sys/unix"
)

// dirHandles are the directories of one batch of rule files, open (as
// O_PATH descriptors) so that the identity and the access check of each
// file are asked by its name in the directory: fstatat and faccessat skip
// the path walk that stat and access make for every file, and cost about
// half as much (a hook asks them for every rule file on every call).
type dirHandles struct {
	mu  sync.Mutex
	fds map[string]int // directory → descriptor, -1 when it cannot be opened
}

func newDirHandles() *dirHandles { return &dirHandles{fds: map[string]int{}} }

// fd returns a descriptor of the directory dir, or -1 (then the calls
// take the full path). A nil *dirHandles has none.
func (h *dirHandles) fd(dir string) int {
	if h == nil {
		return -1
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if fd, ok := h.fds[dir]; ok {
		return fd
	}
	fd := -1
	_ = ignoringEINTR(func() (err error) {
		fd, err = unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
		if err != nil {
			fd = -1
		}
		return err
	})
	h.fds[dir] = fd
	return fd
}

// close closes every descriptor.
func (h *dirHandles) close() {
	if h == nil {
		return
	}
	for _, fd := range h.fds {
		if fd >= 0 {
			unix.Close(fd)
		}
	}
}

// statFileIDAt is statFileID of the file base in the directory open as fd.
func statFileIDAt(fd int, base string) (FileID, error) {
	var st unix.Stat_t
	if err := ignoringEINTR(func() error { return unix.Fstatat(fd, base, &st, 0) }); err != nil {
		return FileID{}, err
	}
	return FileID{
		Dev: uint64(st.Dev), Ino: uint64(st.Ino), Mode: uint32(st.Mode), Uid: st.Uid, Size: st.Size,
		Mtime: int64(st.Mtim.Sec)*1e9 + int64(st.Mtim.Nsec), Ctime: int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec),
	}, nil
}

// accessWritableAt is accessWritable of the file base in the directory
// open as fd: faccessat without flags is access(2).
func accessWritableAt(fd int, base string) bool {
	return ignoringEINTR(func() error { return unix.Faccessat(fd, base, unix.W_OK, 0) }) == nil
}
