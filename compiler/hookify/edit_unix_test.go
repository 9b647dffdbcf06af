//go:build !windows

package hookify

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestSetEnabledKeepsOwner: run as root, an edit of a file another user
// owns leaves it theirs (a root-owned file does not become the caller's
// either way).
func TestSetEnabledKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Log("needs root on Unix to own a file as someone else; checked by CI, which runs as root")
		return
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "hookify.x.local.md")
	must(t, os.WriteFile(p, []byte("---\nname: x\nenabled: true\n---\n"), 0o644))
	must(t, os.Chown(p, 65534, 65534))
	must(t, SetEnabled(p, false, EditOptions{}))
	fi, err := os.Stat(p)
	must(t, err)
	if st := fi.Sys().(*syscall.Stat_t); st.Uid != 65534 || st.Gid != 65534 {
		t.Errorf("owner %d:%d, want 65534:65534", st.Uid, st.Gid)
	}
}
