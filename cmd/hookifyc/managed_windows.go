package main

import "path/filepath"

// platformManagedDir is the managed rule directory of a Windows machine:
// %ProgramData%\codex\hookify (none when ProgramData is unset).
func platformManagedDir(getenv func(string) string) string {
	pd := getenv("ProgramData")
	if pd == "" {
		return ""
	}
	return filepath.Join(pd, "codex", "hookify")
}
