//go:build !linux && !darwin

package hookify

// cacheableFS reports whether dir is on a file system whose files may go
// through the rule cache: none is known on this system, so every file is
// read on every call.
func cacheableFS(dir string) bool { return false }
