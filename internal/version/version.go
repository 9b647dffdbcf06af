// Package version names the running hookifyc build and the Codex release
// it reproduces, for --version, audit entries and SARIF. It imports nothing
// heavier than runtime/debug, so the hook-only binary can say the same as
// hookifyc.
package version

import (
	"runtime"
	"runtime/debug"
	"sync"
)

// Codex is the Codex CLI release whose execpolicy (and hooks) contract
// hookifyc reproduces (execpolicy.CodexVersion says the same; this
// package does not import it, which would link Starlark into every hook).
const Codex = "0.169.0"

// BuildInfo is debug.ReadBuildInfo, read once: a hook process asks for
// it twice (String, and the rule cache's program key), and each read
// parses the build's module list again.
var BuildInfo = sync.OnceValues(debug.ReadBuildInfo)

// String describes this build: the module version (or "(devel)", with the
// VCS revision when the build has one), the Go version and the Codex
// release, e.g. "v0.3.0, go1.26.8, for Codex 0.169.0".
func String() string {
	v := "(devel)"
	if bi, ok := BuildInfo(); ok {
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
