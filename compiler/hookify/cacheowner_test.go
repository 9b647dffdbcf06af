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

// TestCacheOnlyOwnFiles: a file the process's user does not own (a managed
// rule) never goes through the cache, so a forged entry cannot replace it;
// the user's own files do.
func TestCacheOnlyOwnFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	rule := "---\nname: managed\nevent: bash\npattern: rm\naction: block\n---\nno\n"
	if err := os.WriteFile(filepath.Join(dir, ".claude", "hookify.m.local.md"), []byte(rule), 0o644); err != nil {
		t.Fatal(err)
	}
	owner := uint32(os.Getuid())
	for _, tc := range []struct {
		name   string
		euid   uint32
		cached bool
	}{
		{"owner", owner, true},
		{"another user", owner + 4242, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.euid == 0 && !tc.cached {
				t.Fatal("the test needs a non-root euid for the other user")
			}
			c := &recordingCache{}
			fsys := osFS{FS: os.DirFS(dir), root: dir, cache: c, policy: &cachePolicy{euid: tc.euid, dirs: map[string]bool{}}}
			res := DiscoverCompat(fsys)
			rules := res.Rules()
			if len(rules) != 1 {
				t.Fatalf("rules: %v", rules)
			}
			if tc.cached {
				if c.lookups != 1 || rules[0].Name != "forged" {
					t.Errorf("owner's file: %d lookups, rule %q; want the cache's answer", c.lookups, rules[0].Name)
				}
				return
			}
			if c.lookups != 0 || c.stores != 0 || rules[0].Name != "managed" {
				t.Errorf("another user's file: %d lookups, %d stores, rule %q; want the file, untouched by the cache", c.lookups, c.stores, rules[0].Name)
			}
		})
	}
}

// TestCachePolicy: which files may go through the rule cache. A file
// qualifies when the process could rewrite it itself: its own, owner-write
// bit set (any file for root), on a qualifying file system.
func TestCachePolicy(t *testing.T) {
	const local, remote = "/local", "/remote"
	reg := func(uid, perm uint32) FileID { return FileID{Mode: syscall.S_IFREG | perm, Uid: uid} }
	for _, tc := range []struct {
		name string
		euid uint32
		dir  string
		id   FileID
		want bool
	}{
		{"own writable file", 1000, local, reg(1000, 0o644), true},
		{"own read-only file", 1000, local, reg(1000, 0o444), false},
		{"another user's file", 1000, local, reg(0, 0o666), false},
		{"directory", 1000, local, FileID{Mode: syscall.S_IFDIR | 0o755, Uid: 1000}, false},
		{"fifo", 1000, local, FileID{Mode: syscall.S_IFIFO | 0o644, Uid: 1000}, false},
		{"own file, other file system", 1000, remote, reg(1000, 0o644), false},
		{"root, any file", 0, local, reg(1000, 0o444), true},
		{"root, other file system", 0, remote, reg(0, 0o644), false},
	} {
		p := &cachePolicy{euid: tc.euid, dirs: map[string]bool{local: true, remote: false}}
		if got := p.allows(tc.dir+"/hookify.x.local.md", tc.id); got != tc.want {
			t.Errorf("%s: allows = %v, want %v", tc.name, got, tc.want)
		}
	}
}
