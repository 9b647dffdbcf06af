//go:build windows

package rulecache

import (
	"errors"
	"os"
)

// errNoCacheFiles is readSmall's error on Windows.
var errNoCacheFiles = errors.New("rulecache: cache files are not read on Windows")

// readSmall reads no cache file on Windows: no rule file goes through the
// cache there (see hookify.CachedOSFS), and nothing cheap says who owns a
// file (on Unix only the user's own regular files are read). Every lookup
// misses, rule or pattern, whatever a cache file says: the rules are read
// and the patterns compiled on every call.
func readSmall(name string, euid uint32) ([]byte, error) {
	return nil, &os.PathError{Op: "open", Path: name, Err: errNoCacheFiles}
}

// inode is 0 on Windows: os.FileInfo carries no file index there (the
// program key still has the executable's path, size and time, and the
// build's description).
func inode(os.FileInfo) uint64 { return 0 }
