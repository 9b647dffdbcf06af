package sysfile

import "strings"

// The Windows path rules below are pure functions, built on every system so
// that their tests run everywhere; only sysfile_windows.go and the Windows
// file systems of compiler/hookify use them.

// WindowsDevicePath reports whether the Windows path p (either separator)
// may name something other than a file or directory on a file system: the
// device namespaces (\\.\, and \\?\ or \??\ other than \\?\X:\ and
// \\?\UNC\), a UNC path to the pipe or mailslot share of a server, or an
// element that is a DOS device name (NUL, CON, AUX, PRN, COM1, LPT1, CONIN$,
// ... with any extension, see WindowsReservedName). Such paths are never
// opened: opening a pipe connects to its server, and a console or a device
// may be read without end.
func WindowsDevicePath(p string) bool {
	s := strings.ReplaceAll(p, `\`, "/")
	rest := s
	switch {
	case strings.HasPrefix(s, "//./"), strings.HasPrefix(s, "//?/"), strings.HasPrefix(s, "/??/"):
		if s[2] == '.' {
			return true // \\.\ is the device namespace, files included: never
		}
		rest = s[4:]
		switch {
		case len(rest) >= 3 && IsDriveLetter(rest[0]) && rest[1] == ':' && rest[2] == '/':
		case len(rest) >= 4 && strings.EqualFold(rest[:4], "UNC/"):
			rest = "//" + rest[4:]
		default:
			return true // \\?\GLOBALROOT\..., \\?\pipe\..., \\?\Volume{...}
		}
	}
	if strings.HasPrefix(rest, "//") {
		// \\server\share\...: the server's pipe and mailslot shares are
		// not file systems.
		elems := strings.Split(rest[2:], "/")
		if len(elems) < 2 || elems[0] == "" || elems[0] == "." || elems[0] == "?" {
			return true
		}
		if strings.EqualFold(elems[1], "pipe") || strings.EqualFold(elems[1], "mailslot") {
			return true
		}
		rest = strings.Join(elems[1:], "/")
	}
	for _, e := range strings.Split(rest, "/") {
		if WindowsReservedName(e) {
			return true
		}
	}
	return false
}

// IsDriveLetter reports whether c is a drive letter (A to Z, either case).
func IsDriveLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// WindowsReservedName reports whether the path element name is a DOS
// device name, which Windows opens as that device in any directory: CON,
// PRN, AUX, NUL, COM0 to COM9, LPT0 to LPT9 (and COM¹²³, LPT¹²³), CONIN$ and
// CONOUT$, in any case, followed by any extension or stream (".txt", ":x")
// and trailing spaces (as Go's filepath.IsLocal reads them).
func WindowsReservedName(name string) bool {
	base := name
	if i := strings.IndexAny(base, ".:"); i >= 0 {
		base = base[:i]
	}
	base = strings.TrimRight(base, " ")
	switch strings.ToUpper(base) {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(base) >= 4 {
		switch strings.ToUpper(base[:3]) {
		case "COM", "LPT":
			switch d := base[3:]; d {
			case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "\u00b9", "\u00b2", "\u00b3":
				return true
			}
		}
	}
	return false
}
