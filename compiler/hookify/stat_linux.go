package hookify

import "syscall"

// statTimes returns a stat's modification and change times in nanoseconds.
func statTimes(st *syscall.Stat_t) (mtime, ctime int64) {
	return int64(st.Mtim.Sec)*1e9 + int64(st.Mtim.Nsec), int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec)
}

// localFileSystems are the file systems whose change times this kernel
// keeps (statfs f_type values from linux/magic.h).
var localFileSystems = map[int64]bool{
	0xEF53:     true, // ext2, ext3, ext4
	0x58465342: true, // xfs
	0x9123683E: true, // btrfs
	0x01021994: true, // tmpfs
	0x794C7630: true, // overlayfs
	0x2FC12FC1: true, // zfs
	0xF2F52010: true, // f2fs
	0xCA451A4E: true, // bcachefs
}

// cacheableFS reports whether the file at path is on a local file system
// whose change times this kernel keeps (see CachedOSFS).
func cacheableFS(path string) bool {
	var st syscall.Statfs_t
	if err := syscall.Statfs(path, &st); err != nil {
		return false
	}
	return localFileSystems[int64(st.Type)]
}
