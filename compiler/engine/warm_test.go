package engine_test

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
)

// memPatterns is an in-memory engine.PatternCache.
type memPatterns map[string]pyre.Summary

func (m memPatterns) Pattern(p string) (pyre.Summary, bool) { s, ok := m[p]; return s, ok }
func (m memPatterns) StorePattern(s pyre.Summary)           { m[s.Pattern] = s }

// TestWarmChangesNothing: compiling the regexes on all cores before an
// evaluation (GOMAXPROCS ≥ 2) gives the same result, problems included and
// in the same order, as compiling each one when its condition is reached
// (GOMAXPROCS = 1), for every corpus input against every corpus rule at
// once, invalid and catastrophic patterns included, in both semantics; so
// does taking the compiled patterns from a pattern cache.
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
	patterns := memPatterns{}
	evaluate := func(procs int, sem engine.Semantics, in hookifycorpus.Input, cache engine.PatternCache) engine.Result {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		v, err := pyval.LoadJSON(string(in.Stdin))
		if err != nil {
			return engine.Result{}
		}
		eng := engine.New(engine.Options{Semantics: sem, ReadFile: noFile, Patterns: cache, RegexTimeout: time.Minute}) // answers must not depend on load
		return eng.Evaluate(rules, engine.Event{Input: v, Dispatch: in.Dispatch})
	}
	compared := 0
	for _, id := range c.InputIDs {
		in := c.Inputs[id]
		for _, sem := range []engine.Semantics{engine.Hookify, engine.Fixed} {
			lazy := evaluate(1, sem, in, nil)
			for _, v := range []struct {
				name  string
				procs int
				cache engine.PatternCache
			}{{"warm", 2, nil}, {"warm, pattern cache", 2, patterns}, {"lazy, pattern cache", 1, patterns}} {
				if got := evaluate(v.procs, sem, in, v.cache); !reflect.DeepEqual(lazy, got) {
					t.Errorf("input %s, %v semantics, %s: result differs\nlazy: %+v\n got: %+v", id, sem, v.name, lazy, got)
				}
			}
			compared++
		}
	}
	if len(patterns) == 0 {
		t.Error("no pattern was stored in the pattern cache")
	}
	t.Logf("%d rules, %d evaluations compared", len(rules), compared)
}
