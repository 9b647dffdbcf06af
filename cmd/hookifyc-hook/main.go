// A hook process lives a few milliseconds: reading the cgroup CPU quota at
// start-up and re-reading it in the background (Go 1.25's container-aware
// GOMAXPROCS) costs more than it can save, so these directives make
// GOMAXPROCS the number of CPUs.
//
//go:debug containermaxprocs=0
//go:debug updatemaxprocs=0

// Command hookifyc-hook is `hookifyc hook` in a binary of its own: the
// command that `hookifyc apply` and `compile --target hooks` install as the
// agents' hook when it sits beside hookifyc. It takes the same flags and
// answers every call as `hookifyc hook` does (both run runtime/hookcmd);
// it links only what a hook call needs, so it starts faster (a hook runs
// on every tool call; docs/benchmarks.md).
package main

import (
	"os"
	"time"

	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/version"
	"github.com/hookifyc/hookifyc/runtime/hookcmd"
)

// managedDir is the managed (fleet) rule directory: "default" means the
// platform's (/etc/codex/hookify; %ProgramData%\codex\hookify on Windows).
// Test builds point it elsewhere (-ldflags -X main.managedDir=DIR; empty
// disables the managed layer), as for hookifyc.
var managedDir = "default"

func main() {
	start := time.Now()
	managed := managedDir
	if managed == "default" {
		managed = sources.PlatformManagedDir(os.Getenv)
	}
	h := hookcmd.Host{
		Getenv:     os.Getenv,
		Getwd:      os.Getwd,
		ManagedDir: managed,
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		Version:    version.String(),
		Exit:       os.Exit,
	}
	os.Exit(hookcmd.Main(os.Args[1:], os.LookupEnv, h, start))
}
