package hookify

import "syscall"

// cacheableFS reports whether the file at path is on a local file system
// whose change times this kernel keeps (see CachedOSFS).
func cacheableFS(path string) bool {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return false
	}
	var name []byte
	for _, c := range st.Fstypename {
		if c == 0 {
			break
		}
		name = append(name, byte(c))
	}
	switch string(name) {
	case "apfs", "hfs":
		return true
	}
	return false
}
