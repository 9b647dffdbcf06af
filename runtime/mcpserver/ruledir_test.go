package mcpserver

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuleDirRefusesLinks: whatever a link planted in the project at the
// time of the change leads to, a rule directory opened for a change is
// never another layer's, and a rule file is never written through a link.
func TestRuleDirRefusesLinks(t *testing.T) {
	e := newTestEnv(t, nil)
	userRules := filepath.Join(e.home, ".codex", "hookify")
	writeFile(t, filepath.Join(userRules, "protect.md"), blockRm)

	// The rule directory swapped for a link to the user layer: an
	// absolute link, and a relative one that stays under a root that
	// holds the user layer.
	os.RemoveAll(e.rules)
	if err := os.Symlink(userRules, e.rules); err != nil {
		t.Fatal(err)
	}
	if _, err := e.srv.openRuleDir(e.rules, e.project, false); err == nil {
		t.Fatal("opened a rule directory that is a link to the user layer")
	}
	rel, _ := filepath.Rel(filepath.Dir(e.rules), userRules)
	os.Remove(e.rules)
	if err := os.Symlink(rel, e.rules); err != nil {
		t.Fatal(err)
	}
	_, err := e.srv.openRuleDir(e.rules, e.root, false)
	if err == nil || !strings.Contains(err.Error(), "a layer this server may not write") {
		t.Fatalf("a relative link to the user layer, under a root holding it: %v", err)
	}

	// A rule file swapped for a link to a user rule: read refuses it,
	// set_enabled writes nothing through it, delete removes the link.
	os.Remove(e.rules)
	writeFile(t, filepath.Join(e.rules, "keep.md"), blockRm)
	if err := os.Symlink(filepath.Join(userRules, "protect.md"), filepath.Join(e.rules, "protect.md")); err != nil {
		t.Fatal(err)
	}
	d, err := e.srv.openRuleDir(e.rules, e.project, false)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.setEnabled("protect.md", false); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("set_enabled through a link: %v", err)
	}
	if err := d.write("protect.md", []byte("x"), 0o644, true); !errors.Is(err, fs.ErrExist) {
		t.Errorf("create over a link: %v", err)
	}
	if err := d.write("protect.md", []byte("replaced\n"), 0o644, false); err != nil {
		t.Fatal(err)
	}
	if err := d.remove("protect.md"); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(userRules, "protect.md")); string(got) != blockRm {
		t.Errorf("the user rule changed: %q", got)
	}
	// The change itself works on a plain file.
	if changed, err := d.setEnabled("keep.md", false); err != nil || !changed {
		t.Fatalf("set_enabled: %v, %v", changed, err)
	}
	if got, _ := os.ReadFile(filepath.Join(e.rules, "keep.md")); !strings.Contains(string(got), "enabled: false") {
		t.Errorf("keep.md: %q", got)
	}
	entries, _ := os.ReadDir(e.rules)
	for _, en := range entries {
		if strings.Contains(en.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", en.Name())
		}
	}
}
