package hook

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
	"github.com/hookifyc/hookifyc/runtime/agent"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

func readFileIn(dir string) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return os.ReadFile(p)
	}
}

// TestParityInProcess replays the whole hookify parity corpus through Run
// in compat mode.
func TestParityInProcess(t *testing.T) {
	replayParity(t, hookifycorpus.Load(t), map[string]string{}, nil)
}

// TestParityInProcessCached replays the corpus twice through the rule and
// pattern caches: the first pass stores every rule (the cache's clock is set
// past the racy window) and every valid pattern, the second reads every rule
// and pattern from the cache files the first pass wrote. Both print
// hookify's bytes.
func TestParityInProcessCached(t *testing.T) {
	c := hookifycorpus.Load(t)
	cacheDir := t.TempDir()
	program := "parity-test"
	dirs := map[string]string{}
	for pass, name := range []string{"store", "hit"} {
		counting := &countingCache{Cache: rulecache.New(rulecache.Options{Dir: cacheDir, Program: program, Start: time.Now().Add(time.Hour)})}
		replayParity(t, c, dirs, counting)
		if err := counting.Flush(); err != nil {
			t.Fatalf("%s pass: Flush: %v", name, err)
		}
		t.Logf("%s pass: %d lookups, %d hits, %d stores; %d pattern hits, %d pattern stores", name, counting.lookups.Load(), counting.hits.Load(), counting.stores.Load(), counting.patternHits.Load(), counting.patternStores.Load())
		if pass == 1 && (counting.hits.Load() == 0 || counting.hits.Load() != counting.lookups.Load() || counting.stores.Load() != 0) {
			t.Errorf("hit pass: %d lookups, %d hits, %d stores; want every lookup to hit", counting.lookups.Load(), counting.hits.Load(), counting.stores.Load())
		}
		if pass == 1 && (counting.patternHits.Load() == 0 || counting.patternStores.Load() != 0) {
			t.Errorf("hit pass: %d pattern hits, %d pattern stores; want hits only", counting.patternHits.Load(), counting.patternStores.Load())
		}
	}
}

// countingCache counts what a rule cache is asked.
type countingCache struct {
	*rulecache.Cache
	lookups, hits, stores      atomic.Int64
	patternHits, patternStores atomic.Int64
}

func (c *countingCache) Pattern(p string) (pyre.Summary, bool) {
	s, ok := c.Cache.Pattern(p)
	if ok {
		c.patternHits.Add(1)
	}
	return s, ok
}

func (c *countingCache) StorePattern(s pyre.Summary) {
	c.patternStores.Add(1)
	c.Cache.StorePattern(s)
}

func (c *countingCache) Lookup(p string, id hookify.FileID) *ir.Rule {
	c.lookups.Add(1)
	r := c.Cache.Lookup(p, id)
	if r != nil {
		c.hits.Add(1)
	}
	return r
}

func (c *countingCache) Store(p string, id hookify.FileID, r *ir.Rule) {
	c.stores.Add(1)
	c.Cache.Store(p, id, r)
}

// replayParity runs every corpus case in compat mode; dirs maps a rule set
// to the directory holding it (reused across calls).
func replayParity(t *testing.T, c *hookifycorpus.Corpus, dirs map[string]string, cache *countingCache) {
	t.Helper()
	fail, total := 0, 0
	for _, cs := range append(append([]hookifycorpus.Case{}, c.Single...), c.Multi...) {
		if cs.Stdout == hookifycorpus.NotRun {
			continue
		}
		key := filepath.Join(cs.Rules...)
		dir, ok := dirs[key]
		if !ok {
			dir = t.TempDir()
			c.Setup(t, dir, cs.Rules)
			dirs[key] = dir
		}
		in := c.Inputs[cs.Input]
		// A minute, not the default 100 ms: hookify has no regex timeout,
		// and a loaded machine must not turn an answer into a timeout.
		opts := Options{Dir: dir, Stdin: in.Stdin, Agent: agent.Claude, Compat: true, ReadFile: readFileIn(dir), RegexTimeout: time.Minute}
		if cache != nil {
			opts.Cache = cache
		}
		out := Run(opts)
		total++
		if got, want := string(out.Stdout), cs.Stdout+"\n"; got != want || out.ExitCode != 0 {
			fail++
			if fail <= 20 {
				t.Errorf("rules %v input %s:\n got: %s\nwant: %s", cs.Rules, cs.Input, got, want)
			}
		}
	}
	if fail > 0 {
		t.Errorf("%d of %d cases differ", fail, total)
	}
	t.Logf("%d cases compared", total)
}
