package hook

import (
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/runtime/agent"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

// distrusting is a rule cache that vouches for no rule, as when a rule with
// a regex was read from a file another user owns.
type distrusting struct {
	*rulecache.Cache
	patternCalls atomic.Int64
}

func (d *distrusting) Vouches(*ir.Rule) bool { return false }

func (d *distrusting) Pattern(p string) (pyre.Summary, bool) {
	d.patternCalls.Add(1)
	return d.Cache.Pattern(p)
}

func (d *distrusting) StorePattern(s pyre.Summary) {
	d.patternCalls.Add(1)
	d.Cache.StorePattern(s)
}

// TestPatternCacheNeedsVouchedRules: compiled patterns come from the cache
// only when the cache vouches for every rule with a regex.
func TestPatternCacheNeedsVouchedRules(t *testing.T) {
	dir := t.TempDir()
	benchrules.Write(t, filepath.Join(dir, ".claude"), benchrules.Files(t, 20))
	stdin := []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m x && npm test"},"cwd":"` + dir + `"}`)
	cacheDir := t.TempDir()
	newCache := func() *rulecache.Cache {
		return rulecache.New(rulecache.Options{Dir: cacheDir, Program: "test", Start: time.Now().Add(time.Hour)})
	}
	run := func(c Cache, compat bool) string {
		return string(Run(Options{Dir: dir, Stdin: stdin, Agent: agent.Claude, Compat: compat, ReadFile: readFileIn(dir), Cache: c}).Stdout)
	}
	for _, compat := range []bool{true, false} {
		want := run(nil, compat)
		trusting := &countingCache{Cache: newCache()}
		if got := run(trusting, compat); got != want {
			t.Fatalf("compat=%v: cached answer differs", compat)
		}
		if trusting.patternHits.Load()+trusting.patternStores.Load() == 0 {
			t.Errorf("compat=%v: the pattern cache was not used for vouched rules", compat)
		}
		d := &distrusting{Cache: newCache()}
		if got := run(d, compat); got != want {
			t.Fatalf("compat=%v: answer differs", compat)
		}
		if n := d.patternCalls.Load(); n != 0 {
			t.Errorf("compat=%v: %d pattern cache calls for rules the cache does not vouch for", compat, n)
		}
	}
}
