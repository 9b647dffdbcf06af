package hook_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/runtime/agent"
	"github.com/hookifyc/hookifyc/runtime/hook"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

// BenchmarkRunCached is one hook call in-process as a hook process makes
// it with warm caches: a new rule cache over the cache files (each call is
// a new process), the layered discovery, N rule files through the cache,
// evaluation and the answer. Process start-up is not in it
// (BenchmarkHookProcess, `just bench`).
//
//	go test ./runtime/hook -run '^$' -bench RunCached
func BenchmarkRunCached(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir, cacheDir := b.TempDir(), b.TempDir()
			benchrules.Write(b, filepath.Join(dir, ".claude"), benchrules.Files(b, n))
			stdin := []byte(`{"hook_event_name":"PreToolUse","cwd":"` + dir + `","tool_name":"Bash","tool_input":{"command":"git commit -m \"feat: add the parser\" && npm test"}}`)
			// Start in the future: the files just written are past the
			// racy window, so the first call stores them.
			start := time.Now().Add(rulecache.RacyWindow + time.Second)
			call := func() {
				c := rulecache.New(rulecache.Options{Dir: cacheDir, Program: "bench", Start: start})
				c.Prefetch(filepath.Join(dir, ".claude"))
				hook.Run(hook.Options{Dir: dir, Stdin: stdin, Agent: agent.Claude, Fail: agent.FailOpen, Home: dir, Cache: c})
				c.Flush()
			}
			call()
			b.ResetTimer()
			for range b.N {
				call()
			}
		})
	}
}
