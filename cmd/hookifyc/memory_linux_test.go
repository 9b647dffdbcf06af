package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

// TestHookMemoryBoundedUnderPlantedPatterns: patterns the agent plants in
// the project to be huge once translated (Python's \b becomes hundreds of
// bytes of Unicode classes) cannot make the hook hold gigabytes, where the
// kernel may kill it and the call run undecided: one pattern of \b written
// 500,000 times (it took 3.7 GB) and 200 rules of 1,400 each (670 MB).
// The user's block still blocks, with no deadline to cut the work short,
// and the hook stays under 250 MB.
func TestHookMemoryBoundedUnderPlantedPatterns(t *testing.T) {
	words := make([]string, 180)
	for i := range words {
		words[i] = fmt.Sprintf("e%d", i)
	}
	for _, tc := range []struct {
		name  string
		plant func(write func(name, pattern string))
	}{
		{"one pattern of 500,000 \\b", func(write func(string, string)) {
			write("a-huge", strings.Repeat(`\b`, 500_000))
		}},
		{"360 rules of about 1,400 \\b", func(write func(string, string)) {
			// Half just past pyre.MaxEmittedLen (each built to 1 MiB,
			// then refused), half just under it; every one admitted by
			// the prefilter, so that its program is built.
			for i := range 180 {
				write(fmt.Sprintf("over%03d", i), fmt.Sprintf("(?=e)%se%d", strings.Repeat(`\b`, 1_420), i))
				write(fmt.Sprintf("under%03d", i), fmt.Sprintf("(?=e)%se%d", strings.Repeat(`\b`, 1_300), i))
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, proj, user := projectAndUserDirs(t)
			claude := filepath.Join(proj, ".claude")
			tc.plant(func(name, pattern string) {
				rule := "---\nname: " + name + "\nevent: bash\npattern: " + pattern + "\n---\nplanted\n"
				if err := os.WriteFile(filepath.Join(claude, "hookify."+name+".local.md"), []byte(rule), 0o644); err != nil {
					t.Fatal(err)
				}
			})
			if err := os.WriteFile(filepath.Join(user, "no-echo.md"), []byte("---\nname: no-echo\nevent: bash\npattern: ^echo\naction: block\n---\nNo echo.\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(testenv.HookBinary(t), "--agent", "claude", "--cache", "off", "--audit-log", "off", "--deadline", "0")
			cmd.Dir = proj
			// As many cores as a large machine: the warm-up compiles on
			// all of them, and must not pass the budget once per core.
			cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "GOMAXPROCS=16"}
			cmd.Stdin = bashInput(t, dir, proj, "echo "+strings.Join(words, " "))
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v\nstderr %.600s", err, stderr.String())
			}
			out := stdout.String()
			if !strings.Contains(out, `"permissionDecision": "deny"`) || !strings.Contains(out, "No echo.") || !strings.Contains(out, "could not be evaluated") {
				t.Errorf("stdout %.800s", out)
			}
			rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss >> 10 // KB on Linux
			t.Logf("peak %d MB", rss)
			if rss > 250 {
				t.Errorf("the hook held %d MB", rss)
			}
		})
	}
}
