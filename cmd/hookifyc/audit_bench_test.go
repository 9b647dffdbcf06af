package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/testenv"
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
			dir, in := benchHookDir(b, stdin)
			envOf := func(log string) []string {
				return []string{"LANG=C.UTF-8", "HOME=" + dir, "HOOKIFY_AUDIT_LOG=" + log}
			}
			onEnv, offEnv := envOf(filepath.Join(dir, "state", "audit.jsonl")), envOf("off")
			timeHook(b, bin, mode.args, dir, in, onEnv) // fills the rule cache, creates the log
			var on, off []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := 0; j < 20; j++ {
					on = append(on, timeHook(b, bin, mode.args, dir, in, onEnv))
					off = append(off, timeHook(b, bin, mode.args, dir, in, offEnv))
				}
			}
			b.StopTimer()
			m1, m0 := medianMS(on), medianMS(off)
			b.ReportMetric(m1, "log-ms")
			b.ReportMetric(m0, "nolog-ms")
			b.ReportMetric(m1-m0, "cost-ms")
		})
	}
}
