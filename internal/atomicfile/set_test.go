package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteSet(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	must(t, os.WriteFile(a, []byte("old a"), 0o644))
	must(t, WriteSet([]Entry{{a, []byte("new a"), 0o644}, {b, []byte("new b"), 0o600}}))
	for p, want := range map[string]string{a: "new a", b: "new b"} {
		if got, _ := os.ReadFile(p); string(got) != want {
			t.Errorf("%s = %q", p, got)
		}
	}
	if fi, _ := os.Stat(b); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode())
	}
	assertClean(t, dir)
}

// TestWriteSetAllOrNothing: when one file of the set cannot be written
// (its directory is missing) or replaced (a directory stands in its way),
// every other file keeps its old content.
func TestWriteSetAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	a, c := filepath.Join(dir, "a"), filepath.Join(dir, "c")
	must(t, os.WriteFile(a, []byte("old a"), 0o644))
	must(t, os.WriteFile(c, []byte("old c"), 0o644))

	err := WriteSet([]Entry{{a, []byte("new a"), 0o644}, {filepath.Join(dir, "missing", "b"), []byte("b"), 0o644}})
	if err == nil {
		t.Fatal("no error for a missing directory")
	}
	blocker := filepath.Join(dir, "blocker")
	must(t, os.MkdirAll(filepath.Join(blocker, "x"), 0o755)) // rename over a non-empty directory fails
	err = WriteSet([]Entry{{a, []byte("new a"), 0o644}, {c, []byte("new c"), 0o644}, {blocker, []byte("b"), 0o644}})
	if err == nil || !strings.Contains(err.Error(), "restored") {
		t.Fatalf("err = %v", err)
	}
	for p, want := range map[string]string{a: "old a", c: "old c"} {
		if got, _ := os.ReadFile(p); string(got) != want {
			t.Errorf("%s = %q, want %q", p, got, want)
		}
	}
	assertClean(t, dir)
}

func assertClean(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	must(t, err)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") || strings.Contains(e.Name(), ".bak-") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
