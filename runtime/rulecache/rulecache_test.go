package rulecache

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/bincode"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

const ruleA = `---
name: block-rm
enabled: true
event: bash
pattern: rm\s+-rf
action: block
---
No rm -rf.
`

// later is a process start far enough after any file the test writes that
// every file is past the racy window.
func later() time.Time { return time.Now().Add(time.Hour) }

// counting wraps a Cache and counts hits and stores (files are loaded on
// several goroutines).
type counting struct {
	*Cache
	mu           sync.Mutex
	hits, stores int
}

func (c *counting) Lookup(p string, id hookify.FileID) *ir.Rule {
	r := c.Cache.Lookup(p, id)
	if r != nil {
		c.mu.Lock()
		c.hits++
		c.mu.Unlock()
	}
	return r
}

func (c *counting) Store(p string, id hookify.FileID, r *ir.Rule) {
	c.mu.Lock()
	c.stores++
	c.mu.Unlock()
	c.Cache.Store(p, id, r)
}

// discover is hookify's compat discovery of dir through a new cache (nil
// cacheDir: no cache); it flushes the cache.
func discover(t *testing.T, dir, cacheDir string, start time.Time) (*hookify.CompatResult, *counting) {
	t.Helper()
	if cacheDir == "" {
		return hookify.DiscoverCompat(hookify.OSFS(dir)), nil
	}
	c := &counting{Cache: New(Options{Dir: cacheDir, Program: "test", Start: start})}
	res := hookify.DiscoverCompat(hookify.CachedOSFS(dir, c))
	if err := c.Flush(); err != nil {
		t.Fatalf("Flush: %v", err)
	}
	return res, c
}

func writeRules(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, ".claude", name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func cacheFiles(t *testing.T, cacheDir string) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(cacheDir, "*.rules"))
	return m
}

// TestCorpusRulesRoundTrip: every rule of the shared corpus comes back from
// the cache equal, field for field, to the rule read from its file.
func TestCorpusRulesRoundTrip(t *testing.T) {
	src := filepath.Join(testenv.Shared(t), "corpus", "hookify", "rules")
	paths, err := filepath.Glob(filepath.Join(src, "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus rules: %v", err)
	}
	files := map[string]string{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files["hookify."+strings.TrimSuffix(filepath.Base(p), ".md")+".local.md"] = string(data)
	}
	dir := writeRules(t, files)
	cacheDir := t.TempDir()
	want, _ := discover(t, dir, "", time.Time{})
	if _, c := discover(t, dir, cacheDir, later()); c.stores == 0 {
		t.Fatal("nothing stored")
	}
	got, c := discover(t, dir, cacheDir, later())
	rules := len(want.Rules())
	if c.hits != rules || c.stores != 0 {
		t.Errorf("second pass: %d hits, %d stores; want %d hits and no store", c.hits, c.stores, rules)
	}
	if !reflect.DeepEqual(got, want) {
		for i := range want.Entries {
			if !reflect.DeepEqual(got.Entries[i], want.Entries[i]) {
				t.Errorf("%s: from the cache\n%#v\nfrom the file\n%#v", want.Entries[i].Path, got.Entries[i].Rule, want.Entries[i].Rule)
			}
		}
		t.Fatal("cached discovery differs")
	}
	t.Logf("%d files, %d rules from the cache", len(want.Entries), rules)
}

// TestChangedFileIsReadAgain: a rewrite that keeps the size and puts back
// the modification time still changes the change time, so the file is read
// again.
func TestChangedFileIsReadAgain(t *testing.T) {
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA})
	cacheDir := t.TempDir()
	discover(t, dir, cacheDir, later())
	if _, c := discover(t, dir, cacheDir, later()); c.hits != 1 {
		t.Fatalf("hits = %d, want 1", c.hits)
	}
	p := filepath.Join(dir, ".claude", "hookify.a.local.md")
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond) // past a coarse timestamp tick
	edited := strings.Replace(ruleA, "action: block", "action: warns", 1)
	if len(edited) != len(ruleA) {
		t.Fatal("the edit must keep the size")
	}
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	res, c := discover(t, dir, cacheDir, later())
	if c.hits != 0 || c.stores != 1 {
		t.Errorf("after the edit: %d hits, %d stores; want 0 and 1", c.hits, c.stores)
	}
	if got := res.Rules()[0].ActionText; got != "warns" {
		t.Errorf("action = %q, want the edited %q", got, "warns")
	}
}

// TestRacyFileNotStored: a file changed within RacyWindow before the
// process started is read, never stored.
func TestRacyFileNotStored(t *testing.T) {
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA})
	cacheDir := t.TempDir()
	res, c := discover(t, dir, cacheDir, time.Now())
	if len(res.Rules()) != 1 || c.stores != 1 || c.hits != 0 {
		t.Fatalf("%d rules, %d stores offered, %d hits", len(res.Rules()), c.stores, c.hits)
	}
	if files := cacheFiles(t, cacheDir); len(files) != 0 {
		t.Errorf("a racy rule was written to %v", files)
	}
	if _, c := discover(t, dir, cacheDir, time.Now()); c.hits != 0 {
		t.Errorf("hits = %d, want 0", c.hits)
	}
}

// TestProblemsNotCached: a file that hookify skips is read on every call,
// so its diagnostic is reported every time.
func TestProblemsNotCached(t *testing.T) {
	dir := writeRules(t, map[string]string{
		"hookify.bad.local.md":  "no frontmatter\n",
		"hookify.utf8.local.md": "---\nname: \xff\n---\n",
		"hookify.a.local.md":    ruleA,
	})
	cacheDir := t.TempDir()
	for pass := 0; pass < 2; pass++ {
		res, c := discover(t, dir, cacheDir, later())
		diags := 0
		for _, e := range res.Entries {
			if e.Diag != nil {
				diags++
			}
		}
		if diags != 2 || len(res.Rules()) != 1 {
			t.Errorf("pass %d: %d diagnostics, %d rules; want 2 and 1", pass, diags, len(res.Rules()))
		}
		if pass == 1 && c.hits != 1 {
			t.Errorf("pass 1: hits = %d, want 1 (the good rule)", c.hits)
		}
	}
}

// TestBadCacheFilesIgnored: a corrupt, truncated or foreign cache file is
// ignored (the rules are read) and replaced.
func TestBadCacheFilesIgnored(t *testing.T) {
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA})
	want, _ := discover(t, dir, "", time.Time{})
	for _, tc := range []struct {
		name  string
		spoil func(data []byte) []byte
	}{
		{"empty", func([]byte) []byte { return nil }},
		{"truncated", func(d []byte) []byte { return d[:len(d)/2] }},
		{"bit flip", func(d []byte) []byte { d[len(d)/2] ^= 1; return d }},
		{"garbage", func([]byte) []byte { return []byte(magic + "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cacheDir := t.TempDir()
			discover(t, dir, cacheDir, later())
			files := cacheFiles(t, cacheDir)
			if len(files) != 1 {
				t.Fatalf("cache files: %v", files)
			}
			data, err := os.ReadFile(files[0])
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(files[0], tc.spoil(data), 0o600); err != nil {
				t.Fatal(err)
			}
			got, c := discover(t, dir, cacheDir, later())
			if c.hits != 0 || !reflect.DeepEqual(got, want) {
				t.Errorf("%d hits; rules %#v", c.hits, got.Rules())
			}
			if _, c := discover(t, dir, cacheDir, later()); c.hits != 1 {
				t.Errorf("the spoilt file was not replaced: %d hits", c.hits)
			}
		})
	}
	t.Run("another program", func(t *testing.T) {
		cacheDir := t.TempDir()
		discover(t, dir, cacheDir, later())
		other := &counting{Cache: New(Options{Dir: cacheDir, Program: "another build", Start: later()})}
		got := hookify.DiscoverCompat(hookify.CachedOSFS(dir, other))
		if other.hits != 0 || !reflect.DeepEqual(got, want) {
			t.Errorf("another program's entries were used: %d hits", other.hits)
		}
	})
}

// TestUnwritableCacheDir: a cache that cannot be written only reports the
// error from Flush; the rules are right.
func TestUnwritableCacheDir(t *testing.T) {
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA})
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	c := New(Options{Dir: filepath.Join(blocker, "cache"), Program: "test", Start: later()})
	res := hookify.DiscoverCompat(hookify.CachedOSFS(dir, c))
	if len(res.Rules()) != 1 {
		t.Fatalf("rules: %v", res.Rules())
	}
	if err := c.Flush(); err == nil {
		t.Error("Flush into a path under a regular file succeeded")
	}
}

// TestLayeredAndSources: the fixed semantics' discovery and explicit
// sources go through the cache too, and a hit names the file as the caller
// does.
func TestLayeredAndSources(t *testing.T) {
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA})
	cacheDir := t.TempDir()
	layout := sources.Layout{RuleDir: filepath.ToSlash(filepath.Join(dir, ".claude"))}
	for pass := 0; pass < 2; pass++ {
		c := &counting{Cache: New(Options{Dir: cacheDir, Program: "test", Start: later()})}
		layout.FS = hookify.CachedOSFS("/", c)
		d := sources.Discover(layout, filepath.ToSlash(dir))
		if len(d.Rules) != 1 || d.Rules[0].Rule.Source.File != d.Rules[0].Path {
			t.Fatalf("pass %d: %+v", pass, d.Rules)
		}
		rel := filepath.Join(dir, ".claude", "hookify.a.local.md")
		loaded := hookify.LoadFiles([]string{rel}, c)
		if loaded[0].Rule == nil || loaded[0].Rule.Source.File != rel {
			t.Fatalf("pass %d: LoadFiles: %+v", pass, loaded[0])
		}
		if err := c.Flush(); err != nil {
			t.Fatal(err)
		}
		if pass == 1 && c.hits != 2 {
			t.Errorf("pass 1: hits = %d, want 2", c.hits)
		}
	}
}

// TestProgramKey changes with the executable.
func TestProgramKey(t *testing.T) {
	k, err := ProgramKey()
	if err != nil || !strings.HasPrefix(k, magic) {
		t.Fatalf("ProgramKey() = %q, %v", k, err)
	}
	if k2, _ := ProgramKey(); k2 != k {
		t.Errorf("ProgramKey is not stable: %q, %q", k, k2)
	}
}

// FuzzDecodeFile: arbitrary cache file bytes never panic and decode only
// when the checksum and the header hold.
func FuzzDecodeFile(f *testing.F) {
	r := &ir.Rule{Name: "x", Conditions: []ir.Condition{{Field: "command", Operator: ir.OpRegexMatch, Pattern: "rm"}}}
	good := encodeFile("p", "/d/", []named{
		{"b.md", entry{id: hookify.FileID{Ino: 8, Size: 4}, rule: ir.AppendBinary(nil, r)}},
		{"a.md", entry{id: hookify.FileID{Ino: 7, Size: 3}, rule: ir.AppendBinary(nil, r)}},
	})
	f.Add(good)
	f.Add([]byte(magic))
	f.Add(good[:len(good)-1])
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := decodeFile(data, "p", "/d/")
		if err != nil {
			return
		}
		again, err := decodeFile(encodeFile("p", "/d/", entries), "p", "/d/")
		if err != nil || !reflect.DeepEqual(again, entries) {
			t.Fatalf("re-encoding differs: %v", err)
		}
	})
}

// TestPatternCache: summaries of every corpus pattern survive a Flush and a
// new process; a spoilt or foreign patterns file is ignored.
func TestPatternCache(t *testing.T) {
	src := filepath.Join(testenv.Shared(t), "corpus", "hookify", "rules")
	paths, _ := filepath.Glob(filepath.Join(src, "*.md"))
	var want []pyre.Summary
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, diag := hookify.ReadRule(p, data)
		if diag != nil {
			continue
		}
		for _, c := range r.Conditions {
			if re, err := pyre.Compile(c.Pattern, pyre.Options{IgnoreCase: true}); err == nil {
				want = append(want, re.Summary())
			}
		}
	}
	if len(want) < 50 {
		t.Fatalf("only %d patterns", len(want))
	}
	dir := t.TempDir()
	c := New(Options{Dir: dir, Program: "test", Start: later()})
	for _, s := range want {
		c.StorePattern(s)
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	c = New(Options{Dir: dir, Program: "test", Start: later()})
	for _, s := range want {
		got, ok := c.Pattern(s.Pattern)
		if !ok || !reflect.DeepEqual(got, s) {
			t.Fatalf("%q: got %#v, %v; want %#v", s.Pattern, got, ok, s)
		}
	}
	if _, ok := New(Options{Dir: dir, Program: "other", Start: later()}).Pattern(want[0].Pattern); ok {
		t.Error("another program's pattern was used")
	}
	file := New(Options{Dir: dir, Program: "test"}).patternsFile()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x40
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok := New(Options{Dir: dir, Program: "test", Start: later()}).Pattern(want[0].Pattern); ok {
		t.Error("a spoilt patterns file was used")
	}
	t.Logf("%d patterns", len(want))
}

// FuzzDecodePatterns: arbitrary patterns files never panic, and what
// decodes re-encodes to the same entries.
func FuzzDecodePatterns(f *testing.F) {
	s := pyre.MustCompile(`\bgit\s+push\b`, pyre.Options{IgnoreCase: true}).Summary()
	f.Add(encodePatterns("p", map[string]pyre.Summary{s.Pattern: s}))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := decodePatterns(data, "p")
		if err != nil {
			return
		}
		again, err := decodePatterns(encodePatterns("p", entries), "p")
		if err != nil || !reflect.DeepEqual(again, entries) {
			t.Fatalf("re-encoding differs: %v", err)
		}
	})
}

// TestPrefetch: lookups after a Prefetch (still running or done) hit.
func TestPrefetch(t *testing.T) {
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA, "hookify.b.local.md": ruleA})
	cacheDir := t.TempDir()
	discover(t, dir, cacheDir, later())
	for _, wait := range []bool{false, true} {
		c := &counting{Cache: New(Options{Dir: cacheDir, Program: "test", Start: later()})}
		c.Prefetch(filepath.Join(dir, ".claude"))
		if wait {
			time.Sleep(10 * time.Millisecond)
		}
		res := hookify.DiscoverCompat(hookify.CachedOSFS(dir, c))
		if len(res.Rules()) != 2 || c.hits != 2 {
			t.Errorf("wait=%v: %d rules, %d hits", wait, len(res.Rules()), c.hits)
		}
		if _, ok := c.Pattern("never stored"); ok {
			t.Error("unknown pattern found")
		}
	}
}

// TestVouches: the cache vouches for the rules it returned or was offered,
// and for no other.
func TestVouches(t *testing.T) {
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA})
	cacheDir := t.TempDir()
	for pass := 0; pass < 2; pass++ { // store, then hit
		c := New(Options{Dir: cacheDir, Program: "test", Start: later()})
		res := hookify.DiscoverCompat(hookify.CachedOSFS(dir, c))
		if !c.Vouches(res.Rules()[0]) {
			t.Errorf("pass %d: the cache does not vouch for the rule it read", pass)
		}
		if c.Vouches(&ir.Rule{Name: "other"}) {
			t.Errorf("pass %d: the cache vouches for a rule it never saw", pass)
		}
		if err := c.Flush(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPruneAfterWrite: a write removes cache files not written for
// staleAfter and temporary files older than staleTempFile; it keeps fresh
// cache files, the patterns file and files that are not the cache's.
func TestPruneAfterWrite(t *testing.T) {
	cacheDir := t.TempDir()
	now := time.Now()
	files := map[string]time.Duration{
		"0000000000000001.rules":    staleAfter + time.Hour, // stale: removed
		"0000000000000002.rules":    staleAfter - time.Hour, // kept
		".hookifyc-tmp-123":         2 * staleTempFile,      // stale: removed
		".hookifyc-tmp-456":         time.Minute,            // a write in progress: kept
		"0000000000000003.patterns": staleAfter + time.Hour, // stale patterns: removed
		"0000000000000004.patterns": time.Hour,              // kept
		"patterns":                  staleAfter + time.Hour, // not a name we write: kept
		"notes.txt":                 staleAfter + time.Hour, // not ours: kept
		"default.rules":             staleAfter + time.Hour, // not ours (Codex's name): kept
		"00000000000000AB.rules":    staleAfter + time.Hour, // not a name we write: kept
		".tmp-789":                  2 * staleTempFile,      // not ours: kept
	}
	for name, age := range files {
		p := filepath.Join(cacheDir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	// The rule file was just written: a cache started past the racy window
	// stores it, and its clock for pruning is now.
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA})
	c := New(Options{Dir: cacheDir, Program: "test", Start: now.Add(RacyWindow + time.Second)})
	c.now = now
	hookify.DiscoverCompat(hookify.CachedOSFS(dir, c))
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	for name := range files {
		_, err := os.Stat(filepath.Join(cacheDir, name))
		removed := os.IsNotExist(err)
		want := name == "0000000000000001.rules" || name == "0000000000000003.patterns" || name == ".hookifyc-tmp-123"
		if removed != want {
			t.Errorf("%s: removed = %v, want %v", name, removed, want)
		}
	}
}

// TestPruneIsBounded: one prune looks at no more than pruneLimit names,
// however many the directory holds (the agent can fill it, and a hook
// that lists millions of names after its answer outlives the agent's
// hook timeout), and a FIFO in the cache directory's place is not opened.
func TestPruneIsBounded(t *testing.T) {
	cacheDir := t.TempDir()
	old := time.Now().Add(-2 * staleAfter)
	const n = pruneLimit + 300
	for i := 0; i < n; i++ {
		p := filepath.Join(cacheDir, fmt.Sprintf("%016x.rules", i))
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	prune(cacheDir, time.Now())
	left, err := os.ReadDir(cacheDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != n-pruneLimit {
		t.Errorf("%d of %d stale files left, want %d: prune looked at %d names", len(left), n, n-pruneLimit, n-len(left))
	}
	prune(filepath.Join(t.TempDir(), "missing"), time.Now()) // no panic, nothing to do
}

// TestFileIDRoundTrip: every field of hookify.FileID survives the cache
// file, whatever its value (a field left out would make every lookup miss
// or, worse, match a changed file).
func TestFileIDRoundTrip(t *testing.T) {
	var id hookify.FileID
	v := reflect.ValueOf(&id).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Uint32, reflect.Uint64:
			f.SetUint(uint64(1000 + i))
		case reflect.Int64:
			f.SetInt(int64(-1000 - i))
		default:
			t.Fatalf("FileID field %s has kind %s: teach appendFileID and this test", v.Type().Field(i).Name, f.Kind())
		}
	}
	r := &ir.Rule{Name: "x"}
	data := encodeFile("p", "/d/", []named{{"a.md", entry{id: id, rule: ir.AppendBinary(nil, r)}}})
	got, err := decodeFile(data, "p", "/d/")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].id != id {
		t.Errorf("FileID round trip:\n got %+v\nwant %+v", got, id)
	}
}

// TestUntrustedCacheFiles: a FIFO in place of a cache file does not hang
// the hook, and a symbolic link or a file of another owner is not read.
func TestUntrustedCacheFiles(t *testing.T) {
	dir := writeRules(t, map[string]string{"hookify.a.local.md": ruleA})
	want, _ := discover(t, dir, "", time.Time{})
	for _, tc := range []struct {
		name  string
		plant func(t *testing.T, file, good string)
	}{
		{"fifo", func(t *testing.T, file, _ string) {
			if err := mkfifo(file, 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"symlink", func(t *testing.T, file, good string) {
			if err := os.Symlink(good, file); err != nil {
				t.Fatal(err)
			}
		}},
		{"another owner", func(t *testing.T, file, good string) {
			// The good file itself, read by a process of another user.
			if err := os.Rename(good, file); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A good cache file, moved aside; the planted one takes its name.
			cacheDir := t.TempDir()
			discover(t, dir, cacheDir, later())
			files := cacheFiles(t, cacheDir)
			if len(files) != 1 {
				t.Fatalf("cache files: %v", files)
			}
			good := filepath.Join(t.TempDir(), "good")
			if err := os.Rename(files[0], good); err != nil {
				t.Fatal(err)
			}
			tc.plant(t, files[0], good)
			done := make(chan *counting, 1)
			go func() {
				c := &counting{Cache: New(Options{Dir: cacheDir, Program: "test", Start: later()})}
				if tc.name == "another owner" {
					c.euid += 4242
				}
				hookify.DiscoverCompat(hookify.CachedOSFS(dir, c))
				done <- c
			}()
			select {
			case c := <-done:
				if c.hits != 0 {
					t.Errorf("%d hits from a planted cache file", c.hits)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("discovery hangs on the planted cache file")
			}
			if got, _ := discover(t, dir, "", time.Time{}); !reflect.DeepEqual(got, want) {
				t.Error("rules differ")
			}
		})
	}
}

// TestDecodeFileNeedsSortedNames: entries are found by binary search, so a
// file whose names are out of order or repeated is corrupt (ignored, the
// rule files read), never half-searched.
func TestDecodeFileNeedsSortedNames(t *testing.T) {
	r := ir.AppendBinary(nil, &ir.Rule{Name: "x"})
	for _, names := range [][]string{{"b.md", "a.md"}, {"a.md", "a.md"}} {
		b := startFile("p", "/d/", len(names))
		for i, n := range names {
			b = bincode.AppendString(b, n)
			b = appendFileID(b, hookify.FileID{Ino: uint64(i + 1)})
			b = bincode.AppendString(b, string(r))
		}
		if _, err := decodeFile(sealFile(b), "p", "/d/"); err == nil {
			t.Errorf("%v: decoded", names)
		}
	}
	good, err := decodeFile(encodeFile("p", "/d/", []named{{"b.md", entry{rule: r}}, {"a.md", entry{rule: r}}, {"c.md", entry{rule: r}}}), "p", "/d/")
	if err != nil || len(good) != 3 || good[0].name != "a.md" || good[2].name != "c.md" {
		t.Fatalf("sorted on encoding: %v %+v", err, good)
	}
	d := &dirState{old: good}
	for i, n := range []string{"a.md", "b.md", "c.md"} {
		if j, ok := d.find(n); !ok || j != i {
			t.Errorf("find(%s) = %d, %v", n, j, ok)
		}
	}
	for _, n := range []string{"", "0.md", "aa.md", "d.md"} {
		if _, ok := d.find(n); ok {
			t.Errorf("find(%s) found", n)
		}
	}
}
