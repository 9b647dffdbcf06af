package audit

import (
	"path/filepath"
	"runtime"
)

// Off is the value of HOOKIFY_AUDIT_LOG (or --audit-log) that turns the
// log off.
const Off = "off"

// EnvVar names the environment variable that gives the log's path.
const EnvVar = "HOOKIFY_AUDIT_LOG"

// DefaultPath is where the log is kept when neither --audit-log nor
// $HOOKIFY_AUDIT_LOG names it: $XDG_STATE_HOME/hookifyc/audit.jsonl, else
// ~/.local/state/hookifyc/audit.jsonl (on Windows, %LOCALAPPDATA%\hookifyc
// \audit.jsonl first). It is "" when none of them is known: no log.
func DefaultPath(getenv func(string) string, home string) string {
	if d := getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "hookifyc", "audit.jsonl")
	}
	if runtime.GOOS == "windows" {
		if d := getenv("LOCALAPPDATA"); d != "" {
			return filepath.Join(d, "hookifyc", "audit.jsonl")
		}
	}
	if home == "" {
		return ""
	}
	return filepath.Join(home, ".local", "state", "hookifyc", "audit.jsonl")
}

// Resolve returns the log's path from the flag's value, else the
// environment's, else the default; "" when the log is off. A relative
// path is relative to dir.
func Resolve(flag string, getenv func(string) string, home, dir string) string {
	p := flag
	if p == "" {
		p = getenv(EnvVar)
	}
	switch p {
	case Off:
		return ""
	case "":
		return DefaultPath(getenv, home)
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	return p
}
