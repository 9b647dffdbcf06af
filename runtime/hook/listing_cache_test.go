//go:build !windows

package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/runtime/agent"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

// listingHits counts the listings a rule cache answered.
type listingHits struct {
	*rulecache.Cache
	hits *int
}

func (c listingHits) LookupListing(dir string, id hookify.FileID) []string {
	names := c.Cache.LookupListing(dir, id)
	if names != nil {
		*c.hits++
	}
	return names
}

// TestListingCacheFollowsChanges: in a rule directory large enough for its
// listing to be cached, a rule file added or removed changes the answer on
// the very next call, in both semantics, exactly as without a cache.
func TestListingCacheFollowsChanges(t *testing.T) {
	dir := t.TempDir()
	claude := filepath.Join(dir, ".claude")
	files := benchrules.Files(t, 600)
	// Keep the rules that let `terraform destroy` through: the file added
	// below is then the only one to block it.
	for name, data := range files {
		if strings.Contains(string(data), "terraform") || strings.Contains(string(data), "destroy") {
			delete(files, name)
		}
	}
	benchrules.Write(t, claude, files)
	// The files above are old for the cache (Start is an hour ahead); the
	// directory itself changes below.
	cacheDir := t.TempDir()
	stdin := []byte(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"terraform destroy -auto-approve"},"cwd":"` + dir + `"}`)
	hits := 0
	run := func(cached bool, compat bool) string {
		opts := Options{Dir: dir, Stdin: stdin, Agent: agent.Claude, Compat: compat, ReadFile: readFileIn(dir), Home: dir}
		if cached {
			c := rulecache.New(rulecache.Options{Dir: cacheDir, Program: "test", Start: time.Now().Add(time.Hour)})
			opts.Cache = listingHits{c, &hits}
			defer c.Flush()
		}
		return string(Run(opts).Stdout)
	}
	check := func(stage string, wantBlock bool) {
		t.Helper()
		before := hits
		for _, compat := range []bool{false, true} {
			want := run(false, compat)
			if blocks := strings.Contains(want, `"deny"`); blocks != wantBlock {
				t.Fatalf("%s, compat=%v: uncached answer %s", stage, compat, want)
			}
			for i := 0; i < 2; i++ { // the first call stores, the second reads
				if got := run(true, compat); got != want {
					t.Fatalf("%s, compat=%v, call %d: cached answer\n%s\nwant\n%s", stage, compat, i, got, want)
				}
			}
		}
		if hits == before {
			t.Fatalf("%s: no listing came from the cache", stage)
		}
	}
	check("before", false)
	added := filepath.Join(claude, "hookify.zz-no-destroy.local.md")
	rule := "---\nname: zz-no-destroy\nenabled: true\nevent: bash\npattern: terraform\\s+destroy\naction: block\n---\nNo destroy.\n"
	if err := os.WriteFile(added, []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	check("added", true)
	if err := os.Remove(added); err != nil {
		t.Fatal(err)
	}
	check("removed", false)
}
