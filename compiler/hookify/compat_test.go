package hookify

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"testing/fstest"
)

func TestLocalRuleNames(t *testing.T) {
	tests := []struct {
		name            string
		local, notLocal bool
	}{
		{"hookify.x.local.md", true, false},
		{"hookify..local.md", true, false},
		{"hookify.a.b.local.md", true, false},
		{"hookify.local.md", false, true},
		{"Hookify.x.local.md", false, false},
		{"hookify.x.LOCAL.md", false, true},
		{"hookify.x.md", false, true},
		{"hookify.x.local.md.bak", false, false},
		{"hookify.x.local.MD", false, false},
		{".hookify.x.local.md", false, false},
		{"x.local.md", false, false},
		{"hookify..md", false, true},
		{"hookify.md", false, false},
	}
	for _, tt := range tests {
		if got := IsLocalRuleName(tt.name); got != tt.local {
			t.Errorf("IsLocalRuleName(%q) = %v", tt.name, got)
		}
		if got := isNotLocalName(tt.name); got != tt.notLocal {
			t.Errorf("isNotLocalName(%q) = %v", tt.name, got)
		}
	}
}

func writeFile(t testing.TB, path, data string) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Dir(path), 0o755))
	must(t, os.WriteFile(path, []byte(data), 0o644))
}

func TestDiscoverCompat(t *testing.T) {
	dir := t.TempDir()
	cl := filepath.Join(dir, ".claude")
	rule := func(name string) string {
		return "---\nname: " + name + "\nevent: bash\npattern: rm\n---\nmsg " + name + "\n"
	}
	// Created in non-sorted order.
	writeFile(t, filepath.Join(cl, "hookify.zeta.local.md"), rule("zeta"))
	writeFile(t, filepath.Join(cl, "hookify.alpha.local.md"), rule("alpha"))
	writeFile(t, filepath.Join(cl, "hookify..local.md"), rule("empty-star"))
	writeFile(t, filepath.Join(cl, "hookify.mid.local.md"), "no frontmatter")
	writeFile(t, filepath.Join(cl, "Hookify.caps.local.md"), rule("caps"))
	writeFile(t, filepath.Join(cl, "hookify.nolocal.md"), rule("nolocal"))
	writeFile(t, filepath.Join(cl, "other.md"), rule("other"))
	writeFile(t, filepath.Join(cl, "sub", "hookify.deep.local.md"), rule("deep"))
	must(t, os.Mkdir(filepath.Join(cl, "hookify.dir.local.md"), 0o755))
	must(t, os.Symlink("missing", filepath.Join(cl, "hookify.broken.local.md")))
	must(t, os.Symlink("hookify.alpha.local.md", filepath.Join(cl, "hookify.link.local.md")))

	res := DiscoverCompat(os.DirFS(dir))

	// The order is the raw directory order, exactly.
	f, err := os.Open(cl)
	must(t, err)
	raw, err := f.Readdirnames(-1)
	f.Close()
	must(t, err)
	var want []string
	for _, n := range raw {
		if IsLocalRuleName(n) {
			want = append(want, ".claude/"+n)
		}
	}
	var got []string
	for _, e := range res.Entries {
		got = append(got, e.Path)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("paths %q, want raw order %q", got, want)
	}
	byPath := map[string]CompatEntry{}
	for _, e := range res.Entries {
		byPath[e.Path] = e
	}
	for name, rname := range map[string]string{"zeta": "zeta", "alpha": "alpha", "": "empty-star", "link": "alpha"} {
		e := byPath[".claude/hookify."+name+".local.md"]
		if e.Rule == nil || e.Rule.Name != rname || e.Diag != nil {
			t.Errorf("%s: %+v", name, e)
		}
	}
	diags := map[string]string{
		"mid":    "Warning: .claude/hookify.mid.local.md missing YAML frontmatter (must start with ---)",
		"dir":    "Error: Cannot read .claude/hookify.dir.local.md: [Errno 21] Is a directory: '.claude/hookify.dir.local.md'",
		"broken": "Error: Cannot read .claude/hookify.broken.local.md: [Errno 2] No such file or directory: '.claude/hookify.broken.local.md'",
	}
	for name, hk := range diags {
		e := byPath[".claude/hookify."+name+".local.md"]
		if e.Rule != nil || e.Diag == nil || e.Diag.Hookify != hk {
			t.Errorf("%s: %+v", name, e.Diag)
		}
	}
	if len(res.Rules()) != 4 {
		t.Errorf("rules %d", len(res.Rules()))
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Kind != DiagNotLocal || res.Warnings[0].Path != ".claude/hookify.nolocal.md" ||
		res.Warnings[0].Hookify != "" {
		t.Errorf("warnings %+v", res.Warnings)
	}
}

// rawFS serves a directory listing in a fixed, unsorted order through
// Readdirnames, as an *os.File does.
type rawFS struct {
	fstest.MapFS
	order []string
}

type rawDir struct {
	fs.File
	names []string
}

func (d rawDir) Readdirnames(int) ([]string, error) { return d.names, nil }

func (r rawFS) Open(name string) (fs.File, error) {
	f, err := r.MapFS.Open(name)
	if err == nil && name == ".claude" {
		return rawDir{f, r.order}, nil
	}
	return f, err
}

func TestDiscoverCompatNeverSorts(t *testing.T) {
	order := []string{"hookify.c.local.md", "hookify.a.local.md", "hookify.b.local.md"}
	m := fstest.MapFS{}
	for _, n := range order {
		m[".claude/"+n] = &fstest.MapFile{Data: []byte("---\nname: " + n + "\n---\n")}
	}
	res := DiscoverCompat(rawFS{m, order})
	for i, e := range res.Entries {
		if e.Path != ".claude/"+order[i] || e.Rule.Name != order[i] {
			t.Errorf("entry %d: %s", i, e.Path)
		}
	}
}

func TestDiscoverCompatNoDir(t *testing.T) {
	if res := DiscoverCompat(fstest.MapFS{}); len(res.Entries) != 0 {
		t.Errorf("no .claude: %+v", res)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".claude"), "a file")
	if res := DiscoverCompat(os.DirFS(dir)); len(res.Entries) != 0 {
		t.Errorf(".claude is a file: %+v", res)
	}
}
