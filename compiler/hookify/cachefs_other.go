//go:build !linux && !darwin

package hookify

// cacheableFS reports whether the file at path is on a file system whose
// files may go through the rule cache: none is known on this system, so
// every file is read on every call.
func cacheableFS(path string) bool { return false }
