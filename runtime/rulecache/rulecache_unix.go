//go:build !windows

package rulecache

import (
	"errors"
	"os"
	"syscall"

	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// readSmall reads a cache file (sysfile: no network poller, never blocks).
// Only a regular file owned by euid is read: not a symbolic link, not a
// FIFO, not another user's file.
func readSmall(name string, euid uint32) ([]byte, error) {
	data, _, err := sysfile.Read(name, sysfile.NoFollow, maxFileSize, func(st *sysfile.Stat) error {
		if st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Uid != euid {
			return errors.New("not a regular file of ours")
		}
		return nil
	})
	return data, err
}

func inode(st os.FileInfo) uint64 {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(sys.Ino)
	}
	return 0
}
