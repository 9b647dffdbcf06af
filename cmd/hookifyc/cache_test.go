package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/internal/testenv"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

// TestHookCacheProcess runs the hook binary with the parsed-rule cache on
// 100 real rules, in both semantics: the first call after the racy window
// stores the rules, the next ones read them from the cache, and every
// answer is the one given without a cache, also after a rule is edited.
// It runs in parallel: most of its time is the sleep past the racy window.
func TestHookCacheProcess(t *testing.T) {
	t.Parallel()
	bin := testenv.Binary(t)
	dir := t.TempDir()
	claude := filepath.Join(dir, ".claude")
	benchrules.Write(t, claude, benchrules.Files(t, 100))
	cacheDir := filepath.Join(t.TempDir(), "cache")
	stdin := []byte(`{"session_id":"s","transcript_path":"/nonexistent","cwd":"` + dir + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m x && npm test"}}`)
	run := func(cache string, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"hook", "--cache", cache}, args...)...)
		cmd.Dir = dir
		cmd.Env = []string{"LANG=C.UTF-8", "HOME=" + dir}
		cmd.Stdin = bytes.NewReader(stdin)
		out, err := cmd.Output()
		if err != nil && len(out) == 0 {
			t.Fatalf("hook %v: %v", args, err)
		}
		return string(out)
	}
	modes := [][]string{{"--agent", "claude", "--compat", "hookify"}, {}}
	time.Sleep(rulecache.RacyWindow + 100*time.Millisecond)
	check := func(stage string) {
		t.Helper()
		for _, mode := range modes {
			want := run("off", mode...)
			for i := 0; i < 3; i++ {
				if got := run(cacheDir, mode...); got != want {
					t.Fatalf("%s, %v, call %d: cached answer differs\n got: %s\nwant: %s", stage, mode, i, got, want)
				}
			}
		}
		if files, _ := filepath.Glob(filepath.Join(cacheDir, "*.rules")); len(files) == 0 {
			t.Fatalf("%s: no cache file in %s", stage, cacheDir)
		}
	}
	check("fresh")

	// An edit is seen at once, although the file is racy and not stored.
	p := filepath.Join(claude, "hookify.bench-007.local.md")
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	before := run(cacheDir)
	if err := os.WriteFile(p, append(data, []byte("\nEDITED-MARKER\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	after := run(cacheDir)
	if after == before || !bytes.Contains([]byte(after), []byte("EDITED-MARKER")) {
		t.Fatalf("the edit is not in the answer:\n%s", after)
	}
	check("edited")
}
