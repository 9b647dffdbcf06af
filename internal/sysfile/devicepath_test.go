package sysfile

import "testing"

// TestWindowsDevicePath runs on every system: the paths are only strings.
func TestWindowsDevicePath(t *testing.T) {
	for _, tc := range []struct {
		path string
		want bool
	}{
		{`C:\Users\x\proj\.claude\hookify.a.local.md`, false},
		{`C:/Users/x/proj/.codex/hookify/a.md`, false},
		{`c:\x`, false},
		{`rules\a.md`, false},
		{`\\server\share\rules\a.md`, false},
		{`//server/share/a.md`, false},
		{`\\?\C:\very\long\a.md`, false},
		{`\\?\UNC\server\share\a.md`, false},
		{`C:\x\connect.md`, false},
		{`C:\x\nul-rules.md`, false},
		{`C:\x\COM10`, false},
		{`C:\x\console.md`, false},

		{`NUL`, true},
		{`nul`, true},
		{`C:\x\NUL`, true},
		{`C:\x\nul.md`, true},
		{`C:\x\NUL .md`, true},
		{`C:\x\CON`, true},
		{`C:\x\aux.txt`, true},
		{`C:\x\prn`, true},
		{`C:\x\COM1`, true},
		{`C:\x\lpt9.md`, true},
		{`C:\x\COM0`, true},
		{"C:\\x\\COM\u00b9", true},
		{`C:\x\CONIN$`, true},
		{`C:\x\conout$`, true},
		{`C:\x\CON:stream`, true},
		{`C:\NUL\a.md`, true},
		{`\\.\pipe\x`, true},
		{`//./pipe/x`, true},
		{`\\.\C:\x\a.md`, true},
		{`\\.\NUL`, true},
		{`\\?\pipe\x`, true},
		{`\\?\GLOBALROOT\Device\NamedPipe\x`, true},
		{`\??\pipe\x`, true},
		{`\\?\Volume{01234567-89ab-cdef-0123-456789abcdef}\a.md`, true},
		{`\\server\pipe\x`, true},
		{`\\localhost\PIPE\x`, true},
		{`\\server\mailslot\x`, true},
		{`\\?\UNC\server\pipe\x`, true},
		{`\\server`, true},
		{`\\.`, true},
	} {
		if got := WindowsDevicePath(tc.path); got != tc.want {
			t.Errorf("WindowsDevicePath(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}
