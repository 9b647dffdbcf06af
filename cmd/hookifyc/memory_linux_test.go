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
	dir, proj, user := projectAndUserDirs(t)
	claude := filepath.Join(proj, ".claude")
	write := func(name, pattern string) {
		rule := "---\nname: " + name + "\nevent: bash\npattern: " + pattern + "\n---\nplanted\n"
		if err := os.WriteFile(filepath.Join(claude, "hookify."+name+".local.md"), []byte(rule), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a-huge", strings.Repeat(`\b`, 500_000))
	for i := range 200 {
		write(fmt.Sprintf("b%03d", i), fmt.Sprintf("(?=e)%se%d", strings.Repeat(`\b`, 1_400), i))
	}
	if err := os.WriteFile(filepath.Join(user, "no-echo.md"), []byte("---\nname: no-echo\nevent: bash\npattern: ^echo\naction: block\n---\nNo echo.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(testenv.HookBinary(t), "--agent", "claude", "--cache", "off", "--audit-log", "off", "--deadline", "0")
	cmd.Dir = proj
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "home")}
	cmd.Stdin = bashInput(t, dir, proj, "echo e5 done")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\nstderr %.600s", err, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, `"permissionDecision": "deny"`) || !strings.Contains(out, "No echo.") {
		t.Errorf("stdout %.800s", out)
	}
	for _, want := range []string{"left out", "more problems"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q problem in %.800s", want, out)
		}
	}
	if rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss; rss > 250<<10 { // KB on Linux
		t.Errorf("the hook held %d MB", rss>>10)
	}
}
