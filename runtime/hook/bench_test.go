package hook

import (
	"path/filepath"
	"testing"

	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// BenchmarkRunCompat100 is one whole hook call in-process (read 100 rule
// files, parse, compile, evaluate, render): the part of the process cost
// that is ours (BenchmarkHookProcess adds process start-up).
func BenchmarkRunCompat100(b *testing.B) {
	dir := b.TempDir()
	benchrules.Write(b, filepath.Join(dir, ".claude"), benchrules.Files(b, 100))
	stdin := []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m \"feat: add the parser\" && npm test"}}`)
	for i := 0; i < b.N; i++ {
		Run(Options{Dir: dir, Stdin: stdin, Agent: agent.Claude, Compat: true})
	}
}

// BenchmarkRunFixed100 is BenchmarkRunCompat100 under the default semantics
// (layered discovery from the event's cwd).
func BenchmarkRunFixed100(b *testing.B) {
	dir := b.TempDir()
	benchrules.Write(b, filepath.Join(dir, ".claude"), benchrules.Files(b, 100))
	stdin := []byte(`{"hook_event_name":"PreToolUse","cwd":"` + dir + `","tool_name":"Bash","tool_input":{"command":"git commit -m \"feat: add the parser\" && npm test"}}`)
	for i := 0; i < b.N; i++ {
		Run(Options{Dir: dir, Stdin: stdin, Agent: agent.Claude, Fail: agent.FailOpen, Home: dir})
	}
}
