package codextest

import (
	"os"
	"path/filepath"
	"testing"
)

// WorkDir makes a fresh directory for one live test under the user cache
// directory (<cache>/hookifyc/<prefix>*) and removes it when the test ends,
// unless $KEEP is set (to look at what the test left). Codex refuses to put
// its apply_patch helper on PATH when CODEX_HOME is in the temporary
// directory, so live tests work here instead of t.TempDir.
func WorkDir(t testing.TB, prefix string) string {
	t.Helper()
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("no cache directory for a live test: %v", err)
	}
	parent := filepath.Join(cache, "hookifyc")
	if err := os.MkdirAll(parent, 0o755); err != nil {
		t.Fatal(err)
	}
	root, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if os.Getenv("KEEP") == "" {
			os.RemoveAll(root)
		}
	})
	return root
}
