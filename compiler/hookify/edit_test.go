package hookify

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSetEnabledBytes(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		enabled bool
		want    string
	}{
		{"replace", "---\nname: x\nenabled: true\n---\nm\n", false, "---\nname: x\nenabled: false\n---\nm\n"},
		{"replace keeps spacing", "---\nenabled:\t  True  \nname: x\n---\n", false, "---\nenabled:\t  false  \nname: x\n---\n"},
		{"replace quoted with comment", "---\nenabled: \"no\" # on\n---\n", false, "---\nenabled: false\n---\n"},
		{"enabled: no is enabled", "---\nenabled: no\n---\n", true, "---\nenabled: no\n---\n"},
		{"last duplicate wins", "---\nenabled: false\nname: x\nenabled: true\n---\n", false,
			"---\nenabled: false\nname: x\nenabled: false\n---\n"},
		{"last duplicate wins over list", "---\nenabled: false\nenabled:\n- x\n---\n", false,
			"---\nenabled: false\nenabled: false\n- x\n---\n"},
		{"empty value", "---\nenabled:\nname: x\n---\n", true, "---\nenabled: true\nname: x\n---\n"},
		{"empty value with spaces", "---\nenabled:  \r\n---\n", true, "---\nenabled: true  \r\n---\n"},
		{"insert", "---\nname: x\n---\nbody\n", false, "---\nenabled: false\nname: x\n---\nbody\n"},
		{"insert CRLF", "---\r\nname: x\r\n---\r\nbody\r\n", false, "---\r\nenabled: false\r\nname: x\r\n---\r\nbody\r\n"},
		{"insert CR", "---\rname: x\r---\r", false, "---\renabled: false\rname: x\r---\r"},
		{"insert after ----", "----\nname: x\n---\n", false, "----\nenabled: false\nname: x\n---\n"},
		{"insert after key on opening line", "---name: x\nevent: bash\n---\n", false, "---name: x\nenabled: false\nevent: bash\n---\n"},
		{"opening line starts a list", "---conditions:\n- field: x\nname: n\n---\n", false,
			"---conditions:\n- field: x\nenabled: false\nname: n\n---\n"},
		{"opening line starts a list, no other key", "---conditions:\n- field: x\n---\n", false,
			"---conditions:\n- field: x\nenabled: false\n---\n"},
		{"one-line file", "---name: x---body", false, "---name: x\nenabled: false\n---body"},
		{"value touching the closing ---", "---\nenabled: yes---\n", false, "---\nenabled: false---\n"},
		{"first-line enabled", "---enabled: no\n---\n", false, "---enabled: false\n---\n"},
		{"non-ASCII before", "---\n# é\nname: é\nenabled: true\n---\né\n", false, "---\n# é\nname: é\nenabled: false\n---\né\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SetEnabledBytes([]byte(tt.src), tt.enabled)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			r, d := ReadRule("x", got)
			if d != nil || r.Enabled != tt.enabled {
				t.Errorf("read back: %+v %v", r, d)
			}
		})
	}
}

func TestSetEnabledBytesErrors(t *testing.T) {
	for _, src := range []string{"\ufeff---\nname: x\n---\n", "no frontmatter", "---\n---\n", "---\nname: \xff\n---\n"} {
		if _, err := SetEnabledBytes([]byte(src), false); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}

func TestSetEnabledFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "hookify.x.local.md")
	src := "---\r\nname: x\r\nenabled: true\r\n---\r\nbody\r\n"
	must(t, os.WriteFile(p, []byte(src), 0o640))
	must(t, os.Chmod(p, 0o640))
	before, err := os.Stat(p)
	must(t, err)
	old, err := os.Open(p) // a reader that opened the file before the write
	must(t, err)
	defer old.Close()

	must(t, SetEnabled(p, false, EditOptions{}))

	got, err := os.ReadFile(p)
	must(t, err)
	if want := strings.Replace(src, "enabled: true", "enabled: false", 1); string(got) != want {
		t.Errorf("content %q", got)
	}
	after, err := os.Stat(p)
	must(t, err)
	if after.Mode() != before.Mode() {
		t.Errorf("mode %v, want %v", after.Mode(), before.Mode())
	}
	// Atomic replacement: a new inode was renamed into place; the old reader
	// still sees the complete old content.
	if os.SameFile(after, before) {
		t.Errorf("file rewritten in place, not replaced")
	}
	buf := make([]byte, len(src)+1)
	n, _ := old.Read(buf)
	if string(buf[:n]) != src {
		t.Errorf("old reader sees %q", buf[:n])
	}
	assertNoTemp(t, dir)

	// No change: no write at all.
	must(t, SetEnabled(p, false, EditOptions{}))
	same, _ := os.Stat(p)
	if !os.SameFile(same, after) {
		t.Errorf("unchanged file was rewritten")
	}

	// Through a symlink: the target is rewritten, the link stays.
	link := filepath.Join(dir, "link.md")
	must(t, os.Symlink("hookify.x.local.md", link))
	must(t, SetEnabled(link, true, EditOptions{}))
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("symlink replaced")
	}
	got, _ = os.ReadFile(p)
	if !bytes.Contains(got, []byte("enabled: true\r\n")) {
		t.Errorf("target not updated: %q", got)
	}

	// Errors carry the file and position.
	bad := filepath.Join(dir, "bad.md")
	must(t, os.WriteFile(bad, []byte("# no frontmatter\n"), 0o644))
	err = SetEnabled(bad, false, EditOptions{})
	if err == nil || !strings.HasPrefix(err.Error(), bad+":1:1: no frontmatter") {
		t.Errorf("error %v", err)
	}
	must(t, os.WriteFile(bad, []byte("---\nname: \xff\n---\n"), 0o644))
	err = SetEnabled(bad, false, EditOptions{})
	if err == nil || err.Error() != bad+":2:7: 'utf-8' codec can't decode byte 0xff in position 10: invalid start byte" {
		t.Errorf("error %v", err)
	}
	assertNoTemp(t, dir)
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

// TestSetEnabledKeepsTheFile: enable/disable keeps the inode's other hard
// links, its owner and group, and refuses a read-only file unless forced
// (issue: an agent cannot walk past the guard, in-place edits).
func TestSetEnabledKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	src := "---\nname: x\nenabled: true\nevent: bash\npattern: rm\n---\n"
	p := filepath.Join(dir, "hookify.x.local.md")
	must(t, os.WriteFile(p, []byte(src), 0o640))
	must(t, os.Chmod(p, 0o640))

	// A hard link: both names see the edit, and stay one file.
	link := filepath.Join(dir, "other-name.md")
	must(t, os.Link(p, link))
	must(t, SetEnabled(p, false, EditOptions{}))
	a, _ := os.Stat(p)
	b, _ := os.Stat(link)
	if !os.SameFile(a, b) {
		t.Fatal("the hard link was broken")
	}
	if got, _ := os.ReadFile(link); !strings.Contains(string(got), "enabled: false") {
		t.Errorf("the other link does not see the edit: %q", got)
	}
	if a.Mode().Perm() != 0o640 {
		t.Errorf("mode %v", a.Mode())
	}
	assertNoTemp(t, dir)
	if _, err := os.Stat(filepath.Join(dir, ".hookify.x.local.md.hookifyc-undo")); err == nil {
		t.Error("undo file left behind")
	}
	must(t, os.Remove(link))

	// A read-only file is refused, and left alone; --force rewrites it and
	// keeps it read-only.
	must(t, os.Chmod(p, 0o444))
	err := SetEnabled(p, true, EditOptions{})
	if !errors.Is(err, ErrReadOnly) {
		t.Fatalf("read-only: %v", err)
	}
	if got, _ := os.ReadFile(p); !strings.Contains(string(got), "enabled: false") {
		t.Errorf("a refused edit changed the file: %q", got)
	}
	must(t, SetEnabled(p, true, EditOptions{Force: true}))
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o444 {
		t.Errorf("forced edit changed the mode: %v", fi.Mode())
	}

	// An interrupted in-place rewrite (its undo file left behind) is
	// reported, never silently overwritten.
	must(t, os.Chmod(p, 0o644))
	must(t, os.WriteFile(filepath.Join(dir, ".hookify.x.local.md.hookifyc-undo"), []byte(src), 0o600))
	if err := SetEnabled(p, false, EditOptions{}); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("interrupted: %v", err)
	}
}
