package sources

import "path/filepath"

// PlatformManagedDir is the managed rule directory of a Windows machine:
// %ProgramData%\codex\hookify (none when ProgramData is unset).
func PlatformManagedDir(getenv func(string) string) string {
	pd := getenv("ProgramData")
	if pd == "" {
		return ""
	}
	return filepath.Join(pd, "codex", "hookify")
}
