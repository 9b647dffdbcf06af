//go:build darwin || freebsd || netbsd || openbsd

package mcpserver

import "syscall"

func ctimeOf(st *syscall.Stat_t) int64 { return st.Ctimespec.Sec*1e9 + st.Ctimespec.Nsec }
