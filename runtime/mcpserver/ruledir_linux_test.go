package mcpserver

import (
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestRuleChangesRaceLinkSwaps: a process that keeps swapping a project
// rule file with a link to the user's rule (renameat2 RENAME_EXCHANGE:
// the name is always one of the two) while the server enables and
// disables that rule never gets the user's file changed; nor when it
// swaps the whole project rule directory with a link to the user layer
// while the server deletes the rule. (Path checks alone lost this race
// within a few dozen calls.)
func TestRuleChangesRaceLinkSwaps(t *testing.T) {
	e := newTestEnv(t, nil)
	userRules := filepath.Join(e.home, ".codex", "hookify")
	user := filepath.Join(userRules, "protect.md")
	writeFile(t, user, "---\nname: protect\nenabled: true\nevent: bash\naction: block\npattern: rm\n---\nNo.\n")
	want, _ := os.ReadFile(user)
	cs := e.connect(t, nil)

	swap := func(a, b string) (stop func()) {
		var done atomic.Bool
		finished := make(chan struct{})
		go func() {
			defer close(finished)
			for !done.Load() {
				unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
			}
		}()
		return func() { done.Store(true); <-finished }
	}

	// The file.
	project := filepath.Join(e.rules, "protect.md")
	writeFile(t, project, string(want))
	alt := filepath.Join(e.rules, ".alt")
	if err := os.Symlink(user, alt); err != nil {
		t.Fatal(err)
	}
	stop := swap(project, alt)
	deadline := time.Now().Add(700 * time.Millisecond)
	for i := 0; time.Now().Before(deadline); i++ {
		call(t, cs, "hookify_set_rule_enabled", map[string]any{"name": "protect", "enabled": i%2 == 1})
	}
	stop()
	if got, _ := os.ReadFile(user); string(got) != string(want) {
		t.Fatalf("the user's rule was rewritten through a swapped link:\n%s", got)
	}

	// The directory.
	os.Remove(alt)
	altDir := filepath.Join(e.project, ".codex", ".alt")
	if err := os.Symlink(userRules, altDir); err != nil {
		t.Fatal(err)
	}
	// The project's own directory, wherever the swaps put it: the rule
	// is put back there after each delete.
	real, err := os.OpenRoot(e.rules)
	if err != nil {
		t.Fatal(err)
	}
	defer real.Close()
	stop = swap(e.rules, altDir)
	deadline = time.Now().Add(700 * time.Millisecond)
	for time.Now().Before(deadline) {
		call(t, cs, "hookify_delete_rule", map[string]any{"name": "protect"})
		if _, err := real.Lstat("protect.md"); err != nil {
			if err := real.WriteFile("protect.md", want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	stop()
	if got, err := os.ReadFile(user); err != nil || string(got) != string(want) {
		t.Fatalf("the user's rule was deleted or changed through a swapped directory: %v\n%s", err, got)
	}
}
