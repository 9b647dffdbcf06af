package lower

import (
	"fmt"
	"sort"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/benchrules"
)

// benchCompile lowers rules and validates the result as compile does:
// EmitLowered, which loads its own output back.
func benchCompile(b *testing.B, rules []*ir.Rule) {
	b.Helper()
	var emitted int
	for b.Loop() {
		ls, err := Lower(rules, LowerOptions{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := EmitLowered(ls, "benchmark"); err != nil {
			b.Fatal(err)
		}
		emitted = len(PrefixRules(ls))
	}
	b.ReportMetric(float64(emitted), "prefix-rules")
}

// BenchmarkCompile10000 compiles the 10,000 "realistic" rules of the
// performance targets (the corpus's bash rules cycled under distinct
// names, internal/benchrules).
func BenchmarkCompile10000(b *testing.B) {
	files := benchrules.Files(b, 10000)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	rules := make([]*ir.Rule, 0, len(names))
	for _, n := range names {
		r, diag := hookify.ReadRule(n, files[n])
		if diag != nil {
			b.Fatal(diag)
		}
		rules = append(rules, r)
	}
	benchCompile(b, rules)
}

// BenchmarkCompile10000Distinct compiles 10,000 rules whose patterns are
// all different, so no analysis is shared between rules.
func BenchmarkCompile10000Distinct(b *testing.B) {
	rules := make([]*ir.Rule, 10000)
	for i := range rules {
		var pat string
		switch i % 4 {
		case 0:
			pat = fmt.Sprintf(`^prog%d\s+(sub%d|alt%d)\b`, i, i, i)
		case 1:
			pat = fmt.Sprintf(`\btool%d\s+-[a-z]*r[a-z]*f`, i)
		case 2:
			pat = fmt.Sprintf(`git%d\s+push\s+.*(--force|-f)\b`, i)
		default:
			pat = fmt.Sprintf(`^cmd%d\s+\S+$`, i)
		}
		rules[i] = hookifyRule(fmt.Sprintf("rule-%05d", i), ir.OpRegexMatch, pat)
	}
	benchCompile(b, rules)
}
