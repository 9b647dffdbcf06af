package engine_test

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
	"github.com/hookifyc/hookifyc/runtime/engine"
)

// TestWarmChangesNothing: compiling the regexes on all cores before an
// evaluation (GOMAXPROCS ≥ 2) gives the same result, problems included and
// in the same order, as compiling each one when its condition is reached
// (GOMAXPROCS = 1), for every corpus input against every corpus rule at
// once, invalid and catastrophic patterns included, in both semantics.
func TestWarmChangesNothing(t *testing.T) {
	c := hookifycorpus.Load(t)
	paths, err := filepath.Glob(filepath.Join(c.Dir, "rules", "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no rules: %v", err)
	}
	sort.Strings(paths)
	var rules []*ir.Rule
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if r, diag := hookify.ReadRule(p, data); diag == nil {
			rules = append(rules, r)
		}
	}
	noFile := func(string) ([]byte, error) { return nil, errNotExist }
	evaluate := func(procs int, sem engine.Semantics, in hookifycorpus.Input) engine.Result {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		v, err := pyval.LoadJSON(string(in.Stdin))
		if err != nil {
			return engine.Result{}
		}
		eng := engine.New(engine.Options{Semantics: sem, ReadFile: noFile})
		return eng.Evaluate(rules, engine.Event{Input: v, Dispatch: in.Dispatch})
	}
	compared := 0
	for _, id := range c.InputIDs {
		in := c.Inputs[id]
		for _, sem := range []engine.Semantics{engine.Hookify, engine.Fixed} {
			lazy, warm := evaluate(1, sem, in), evaluate(2, sem, in)
			if !reflect.DeepEqual(lazy, warm) {
				t.Errorf("input %s, %v semantics: warm result differs\nlazy: %+v\nwarm: %+v", id, sem, lazy, warm)
			}
			compared++
		}
	}
	t.Logf("%d rules, %d evaluations compared", len(rules), compared)
}
