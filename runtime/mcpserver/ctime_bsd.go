//go:build darwin || freebsd || netbsd || openbsd

package mcpserver

import "syscall"

func ctimeOf(st *syscall.Stat_t) int64 { return int64(st.Ctimespec.Sec)*1e9 + int64(st.Ctimespec.Nsec) }

func mtimeOf(st *syscall.Stat_t) int64 { return int64(st.Mtimespec.Sec)*1e9 + int64(st.Mtimespec.Nsec) }
