package engine_test

import (
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/engine"
)

// BenchmarkLinear1MB and BenchmarkLinear30MB evaluate a padded Bash command
// (the rm -rf reproducer: "echo rm -", r's, "; rm -rf /") of 1 MB and 30 MB
// against the example rules (corpus/examples), in fixed semantics: the
// rm -rf pattern searches the whole command on pyre's linear path (the
// match is at the end), the other rules' prefilters reject it. Each
// iteration is a fresh evaluation (the engine, and so the search's cached
// automaton states, are reused as in a long-lived process). Run with
//
//	go test ./compiler/engine -run '^$' -bench Linear -benchtime 5x
func BenchmarkLinear1MB(b *testing.B)  { benchmarkLinear(b, 1<<20) }
func BenchmarkLinear30MB(b *testing.B) { benchmarkLinear(b, 30<<20) }

// BenchmarkLinear30MBAllow is the same command without the final rm -rf.
func BenchmarkLinear30MBAllow(b *testing.B) {
	cmd := "echo rm -" + strings.Repeat("r", 30<<20) + "; ls"
	benchmarkCommand(b, cmd, engine.DecisionAllow)
}

func benchmarkLinear(b *testing.B, size int) {
	benchmarkCommand(b, paddedRmRf(size-len(paddedRmRf(0))), engine.DecisionBlock)
}

func benchmarkCommand(b *testing.B, cmd string, want engine.Decision) {
	rules := exampleRules(b)
	ev := engine.BashEvent(cmd)
	eng := engine.New(engine.Options{})
	b.SetBytes(int64(len(cmd)))
	b.ResetTimer()
	for b.Loop() {
		res := eng.Evaluate(rules, ev)
		if res.Decision() != want || len(res.Problems) != 0 {
			b.Fatalf("decision %s, problems %+v", res.Decision(), res.Problems)
		}
	}
}
