package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteModes(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []os.FileMode{0o600, 0o644, 0o755, 0o444} {
		p := filepath.Join(dir, "f")
		must(t, Write(p, []byte("x"), mode))
		fi, err := os.Stat(p)
		must(t, err)
		if fi.Mode().Perm() != mode {
			t.Errorf("mode %v, want %v", fi.Mode().Perm(), mode)
		}
	}
	if err := Create(filepath.Join(dir, "f"), []byte("y"), 0o644); err == nil {
		t.Errorf("Create replaced an existing file")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "f")); string(b) != "x" {
		t.Errorf("content %q", b)
	}
	assertNoTemp(t, dir)
	if err := Write(filepath.Join(dir, "missing", "f"), nil, 0o644); err == nil {
		t.Errorf("no error for a missing directory")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	must(t, err)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}
