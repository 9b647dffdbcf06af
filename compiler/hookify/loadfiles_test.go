package hookify

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestLoadFiles: results come back in the order asked (also when loaded on
// several cores), named as given, with hookify's diagnostics.
func TestLoadFiles(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := 0; i < 40; i++ {
		p := filepath.Join(dir, fmt.Sprintf("r%02d.md", i))
		must(t, os.WriteFile(p, []byte(fmt.Sprintf("---\nname: r%02d\npattern: x\n---\nm\n", i)), 0o644))
		paths = append(paths, p)
	}
	paths = append(paths, filepath.Join(dir, "missing.md"))
	t.Chdir(dir)
	paths = append(paths, "r00.md") // relative
	got := LoadFiles(paths, nil)
	if len(got) != len(paths) {
		t.Fatalf("%d results for %d paths", len(got), len(paths))
	}
	for i := 0; i < 40; i++ {
		if got[i].Diag != nil || got[i].Rule.Name != fmt.Sprintf("r%02d", i) || got[i].Rule.Source.File != paths[i] {
			t.Errorf("%d: %+v %+v", i, got[i].Rule, got[i].Diag)
		}
	}
	if d := got[40].Diag; d == nil || d.Kind != DiagCannotRead || d.Hookify != "Error: Cannot read "+paths[40]+": [Errno 2] No such file or directory: '"+paths[40]+"'" {
		t.Errorf("missing: %+v", d)
	}
	if got[41].Rule == nil || got[41].Rule.Source.File != "r00.md" {
		t.Errorf("relative: %+v", got[41])
	}
}
