package engine_test

import (
	"sort"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/benchrules"
)

// BenchmarkEvaluateBash100 evaluates one Bash event against 100 realistic
// rules (target: ≤ 20 µs median). Rules are parsed once and regexes compiled
// by a warm-up evaluation, as in a long-lived process (MCP server); the whole
// hook process is measured by BenchmarkHookProcess in cmd/hookifyc.
func BenchmarkEvaluateBash100(b *testing.B) { benchmarkEvaluateBash(b, 100) }

// BenchmarkEvaluateBashDistinct runs only the distinct real rules (no
// repeated patterns, so the per-event search memo does not help).
func BenchmarkEvaluateBashDistinct(b *testing.B) { benchmarkEvaluateBash(b, benchrules.Distinct(b)) }

func benchmarkEvaluateBash(b *testing.B, n int) {
	files := benchrules.Files(b, n)
	var rules []*ir.Rule
	for name, data := range files {
		r, diag := hookify.ReadRule(name, data)
		if diag != nil {
			continue
		}
		rules = append(rules, r)
	}
	sort.Slice(rules, func(i, j int) bool { return rules[i].Name < rules[j].Name })
	v, err := pyval.LoadJSON(`{"session_id":"s","transcript_path":"/nonexistent","cwd":"/home/u/proj","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m \"feat: add the parser\" && npm test -- --watch=false","description":"commit"}}`)
	if err != nil {
		b.Fatal(err)
	}
	ev := engine.Event{Input: v}
	eng := engine.New(engine.Options{Semantics: engine.Fixed})
	eng.Evaluate(rules, ev)
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		eng.Evaluate(rules, ev)
		samples = append(samples, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	b.ReportMetric(float64(samples[len(samples)/2].Nanoseconds())/1e3, "median-µs")
	b.ReportMetric(float64(len(rules)), "rules")
}
