package mcpserver

import (
	"runtime/debug"
)

// The hookifyc-mcp process's garbage collector settings. A server holds a
// few MB of rules and compiled regexes, while each round trip through the
// MCP SDK leaves about 0.5 MB of garbage (its JSON decoder takes a 32 KiB
// buffer for every message and every nested decode). At Go's default
// GOGC=100 a collection ran every dozen calls and set the tail: p95 of
// hookify_evaluate_shell 1.3–1.4 ms against a 0.65 ms median. At 800
// the heap may grow to nine times the live data, tens of MB, and p95
// falls to 0.75–0.8 ms (BenchmarkEvaluateShell100); the memory limit
// makes the collector work harder, not the heap grow, past 512 MiB
// (a burst of 10 MB arguments from many clients).
const (
	serverGCPercent   = 800
	serverMemoryLimit = 512 << 20
)

// TuneGC sets the process's garbage collector for serving, unless the
// user set GOGC or GOMEMLIMIT (getenv reads the environment), and
// returns a function that puts the previous settings back.
// cmd/hookifyc-mcp calls it first thing; the benchmarks call it to
// measure the process as it runs.
func TuneGC(getenv func(string) string) (restore func()) {
	var undo []func()
	if getenv("GOGC") == "" {
		old := debug.SetGCPercent(serverGCPercent)
		undo = append(undo, func() { debug.SetGCPercent(old) })
	}
	if getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(serverMemoryLimit)
		undo = append(undo, func() { debug.SetMemoryLimit(old) })
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}
