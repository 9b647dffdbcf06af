//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package hookify

import "syscall"

// statTimes returns a stat's modification and change times in nanoseconds.
func statTimes(st *syscall.Stat_t) (mtime, ctime int64) {
	return st.Mtimespec.Sec*1e9 + st.Mtimespec.Nsec, st.Ctimespec.Sec*1e9 + st.Ctimespec.Nsec
}
