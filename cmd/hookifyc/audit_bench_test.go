package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/internal/testenv"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

// BenchmarkHookAuditAB measures what the audit log costs a hook process:
// the same binary answers the same call with the log on and off
// (HOOKIFY_AUDIT_LOG=off), the two interleaved in one run so that machine
// noise falls on both, and reports both medians and their difference
// (target: ≤ 0.3 ms, docs/audit.md). Run with
// `go test -run '^$' -bench HookAuditAB -benchtime 20x ./cmd/hookifyc`
// (each round is 20 calls of each).
func BenchmarkHookAuditAB(b *testing.B) {
	bin := testenv.Binary(b)
	stdin := []byte(`{"session_id":"s","transcript_path":"/nonexistent","cwd":"CWD","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m \"feat: add the parser\" && GITHUB_TOKEN=ghp_0123456789abcdefghij0123 npm test","description":"commit"}}`)
	for _, mode := range []struct {
		name string
		args []string
	}{
		{"fixed", []string{"hook"}},
		{"compat", []string{"hook", "--agent", "claude", "--compat", "hookify"}},
	} {
		b.Run(mode.name, func(b *testing.B) {
			dir := b.TempDir()
			benchrules.Write(b, filepath.Join(dir, ".claude"), benchrules.Files(b, 100))
			in := bytes.ReplaceAll(stdin, []byte("CWD"), []byte(dir))
			logPath := filepath.Join(dir, "state", "audit.jsonl")
			run := func(log string) time.Duration {
				cmd := exec.Command(bin, mode.args...)
				cmd.Dir = dir
				cmd.Env = []string{"LANG=C.UTF-8", "HOME=" + dir, "HOOKIFY_AUDIT_LOG=" + log}
				cmd.Stdin = bytes.NewReader(in)
				start := time.Now()
				out, err := cmd.Output()
				took := time.Since(start)
				if err != nil || len(out) == 0 {
					b.Fatalf("hook failed: %v %s", err, out)
				}
				return took
			}
			time.Sleep(rulecache.RacyWindow + 100*time.Millisecond)
			run(logPath) // fills the rule cache, creates the log
			var on, off []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := 0; j < 20; j++ {
					on = append(on, run(logPath))
					off = append(off, run("off"))
				}
			}
			b.StopTimer()
			med := func(s []time.Duration) float64 {
				sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
				return float64(s[len(s)/2].Microseconds()) / 1e3
			}
			m1, m0 := med(on), med(off)
			b.ReportMetric(m1, "log-ms")
			b.ReportMetric(m0, "nolog-ms")
			b.ReportMetric(m1-m0, "cost-ms")
		})
	}
}
