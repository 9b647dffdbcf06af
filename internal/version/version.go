// Package version names the running hookifyc build and the Codex release
// it reproduces, for --version, audit entries and SARIF. It imports nothing
// heavier than runtime/debug, so the hook-only binary can say the same as
// hookifyc.
package version

import (
	"runtime"
	"runtime/debug"
)

// Codex is the Codex CLI release whose execpolicy (and hooks) contract
// hookifyc reproduces (execpolicy.CodexVersion says the same; this
// package does not import it, which would link Starlark into every hook).
const Codex = "0.169.0"

// String describes this build: the module version (or "(devel)", with the
// VCS revision when the build has one), the Go version and the Codex
// release, e.g. "v0.3.0, go1.26.8, for Codex 0.169.0".
func String() string {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && v == "(devel)" && len(s.Value) >= 12 {
				v = "(devel " + s.Value[:12] + ")"
			}
		}
	}
	return v + ", " + runtime.Version() + ", for Codex " + Codex
}
