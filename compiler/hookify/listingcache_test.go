//go:build !windows

package hookify

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// listingCache keeps one listing and records what it was asked; rule
// files never go through it.
type listingCache struct {
	lookups, stores int
	dir             string
	id              FileID
	names           []string
}

func (c *listingCache) Lookup(string, FileID) *ir.Rule { return nil }
func (c *listingCache) Store(string, FileID, *ir.Rule) {}

func (c *listingCache) LookupListing(dir string, id FileID) []string {
	c.lookups++
	if dir == c.dir && id == c.id && c.names != nil {
		return slices.Clone(c.names)
	}
	return nil
}

func (c *listingCache) StoreListing(dir string, id FileID, names []string) {
	c.stores++
	c.dir, c.id, c.names = dir, id, slices.Clone(names)
}

// TestListingCache: a large directory the process could rewrite is listed
// once, then answered from the cache while its identity holds; a new name
// changes the identity and the directory is listed again. A directory the
// process cannot rewrite, or a small one, never goes through the cache.
func TestListingCache(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, ".claude")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// Enough long names for any file system to report a size above
	// minCachedListing (ext4: several blocks; tmpfs: 20 bytes a name).
	for i := 0; i < 600; i++ {
		name := fmt.Sprintf("hookify.a-rule-with-a-rather-long-name-%03d.local.md", i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte("---\nname: x\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := readDirNames(dir, ".claude")
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(dir); err != nil || st.Size() < minCachedListing {
		t.Fatalf("the test directory is too small for the cache: %v %v", st.Size(), err)
	}
	fsFor := func(c *listingCache, writable bool) osFS {
		return osFS{FS: os.DirFS(root), root: root, cache: c,
			policy: &cachePolicy{devs: map[uint64]bool{}, writable: func(fileRef) bool { return writable }}}
	}

	c := &listingCache{}
	got, err := ListDir(fsFor(c, true), ".claude")
	if err != nil || !slices.Equal(got, want) || c.lookups != 1 || c.stores != 1 {
		t.Fatalf("first listing: %d names, %v, %d lookups, %d stores", len(got), err, c.lookups, c.stores)
	}
	if c.dir != dir+"/" || !slices.Equal(c.names, want) {
		t.Fatalf("stored %q with %d names", c.dir, len(c.names))
	}
	// The cache's answer is used (kernel order kept): a marker proves it.
	c.names = append(slices.Clone(want), "from-the-cache")
	got, _ = ListDir(fsFor(c, true), ".claude")
	if !slices.Equal(got, c.names) || c.stores != 1 {
		t.Fatalf("second listing did not come from the cache: %d names, %d stores", len(got), c.stores)
	}
	// A new name: the directory's identity changes, the cache misses.
	if err := os.WriteFile(filepath.Join(dir, "hookify.new.local.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	got, _ = ListDir(fsFor(c, true), ".claude")
	if !slices.Contains(got, "hookify.new.local.md") || slices.Contains(got, "from-the-cache") || c.stores != 2 {
		t.Fatalf("after a new file: %d names, %d stores", len(got), c.stores)
	}
	// A directory the process could not rewrite: the cache is not asked,
	// even holding a listing for it.
	c.names = append(slices.Clone(c.names), "forged")
	lookups := c.lookups
	got, _ = ListDir(fsFor(c, false), ".claude")
	if slices.Contains(got, "forged") || c.lookups != lookups || c.stores != 2 {
		t.Fatalf("unwritable directory went through the cache: %d lookups", c.lookups-lookups)
	}
	// A small directory is listed directly.
	small := filepath.Join(root, "small")
	if err := os.Mkdir(small, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(small, "a.md"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	c2 := &listingCache{}
	if got, err := ListDir(fsFor(c2, true), "small"); err != nil || !slices.Equal(got, []string{"a.md"}) || c2.lookups != 0 || c2.stores != 0 {
		t.Fatalf("small directory: %v %v, %d lookups, %d stores", got, err, c2.lookups, c2.stores)
	}
	// A missing directory is the listing's error, as without a cache.
	if _, err := ListDir(fsFor(c2, true), "missing"); !os.IsNotExist(err) {
		t.Fatalf("missing directory: %v", err)
	}
}
