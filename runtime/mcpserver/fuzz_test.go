package mcpserver

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// FuzzFileStem: whatever the name, an accepted stem is one plain file name
// element inside the rule directory, never a device.
func FuzzFileStem(f *testing.F) {
	for _, s := range []string{"warn sudo", "../x", "a/b", `a\b`, ".hidden", "NUL", "con.txt", "a\x00b", "ünï ¢ode", "...", "a..b", "COM¹"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		stem, err := FileStem(name)
		if err != nil {
			return
		}
		dir := filepath.Join("/rules", "dir")
		p := filepath.Join(dir, stem+".md")
		if filepath.Dir(p) != dir || strings.ContainsAny(stem, `/\:`) || strings.HasPrefix(stem, ".") ||
			strings.Contains(stem, "..") || sysfile.WindowsReservedName(stem) || sysfile.WindowsReservedName(stem+".md") || stem == "" {
			t.Fatalf("FileStem(%q) = %q", name, stem)
		}
		for _, r := range stem {
			if r < 0x20 || r >= 0x7f {
				t.Fatalf("FileStem(%q) = %q holds %U", name, stem, r)
			}
		}
	})
}

// FuzzCheckRelDir: an accepted out_dir stays below the base.
func FuzzCheckRelDir(f *testing.F) {
	for _, s := range []string{"", "a/b", "../x", "/abs", `C:\x`, "a/./b", "out/NUL", "a:b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rel string) {
		if CheckRelDir(rel) != nil {
			return
		}
		base := "/base/out"
		p := filepath.Join(base, filepath.FromSlash(rel))
		if p != base && !strings.HasPrefix(p, base+string(filepath.Separator)) {
			t.Fatalf("CheckRelDir accepted %q, which leads to %s", rel, p)
		}
	})
}
