package hookify

import (
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// recordingCache answers every lookup with a forged rule and records what
// it was asked.
type recordingCache struct {
	mu              sync.Mutex
	lookups, stores int
}

func (c *recordingCache) Lookup(string, FileID) *ir.Rule {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lookups++
	return &ir.Rule{Name: "forged", Enabled: false}
}

func (c *recordingCache) Store(string, FileID, *ir.Rule) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stores++
}

// TestCacheOnlyWritableFiles: a file the process cannot rewrite (a managed
// rule, a read-only bind mount, an immutable file) never goes through the
// cache, so a forged entry cannot replace it; a file it can rewrite does.
func TestCacheOnlyWritableFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	rule := "---\nname: managed\nevent: bash\npattern: rm\naction: block\n---\nno\n"
	if err := os.WriteFile(filepath.Join(dir, ".claude", "hookify.m.local.md"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, writable := range []bool{true, false} {
		c := &recordingCache{}
		policy := &cachePolicy{devs: map[uint64]bool{}, writable: func(fileRef) bool { return writable }}
		rules := DiscoverCompat(osFS{FS: os.DirFS(dir), root: dir, cache: c, policy: policy}).Rules()
		if len(rules) != 1 {
			t.Fatalf("rules: %v", rules)
		}
		if writable {
			if c.lookups != 1 || rules[0].Name != "forged" {
				t.Errorf("writable file: %d lookups, rule %q; want the cache's answer", c.lookups, rules[0].Name)
			}
			continue
		}
		if c.lookups != 0 || c.stores != 0 || rules[0].Name != "managed" {
			t.Errorf("unwritable file: %d lookups, %d stores, rule %q; want the file, untouched by the cache", c.lookups, c.stores, rules[0].Name)
		}
	}
}

// TestCachePolicy: which files may go through the rule cache.
func TestCachePolicy(t *testing.T) {
	const local, remote = 1, 2
	writable := map[string]bool{"/w": true}
	for _, tc := range []struct {
		name string
		path string
		id   FileID
		want bool
	}{
		{"writable regular file", "/w", FileID{Mode: syscall.S_IFREG | 0o644, Dev: local}, true},
		{"unwritable regular file", "/r", FileID{Mode: syscall.S_IFREG | 0o644, Dev: local}, false},
		{"directory", "/w", FileID{Mode: syscall.S_IFDIR | 0o755, Dev: local}, false},
		{"fifo", "/w", FileID{Mode: syscall.S_IFIFO | 0o644, Dev: local}, false},
		{"other file system", "/w", FileID{Mode: syscall.S_IFREG | 0o644, Dev: remote}, false},
	} {
		p := &cachePolicy{devs: map[uint64]bool{local: true, remote: false}, writable: func(f fileRef) bool { return writable[f.full] }}
		if got := p.allows(fileRef{full: tc.path, dirFD: -1}, tc.id); got != tc.want {
			t.Errorf("%s: allows = %v, want %v", tc.name, got, tc.want)
		}
	}
}
