package hookify

import "syscall"

// cacheableFS reports whether dir is on a local file system mounted
// read-write (see CachedOSFS).
func cacheableFS(dir string) bool {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return false
	}
	const mntRdonly = 0x1 // MNT_RDONLY
	if st.Flags&mntRdonly != 0 {
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
