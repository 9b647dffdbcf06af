package hookify

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

const rulePath = ".claude/hookify.x.local.md"

func TestReadRuleNewlines(t *testing.T) {
	lf := "---\nname: n\nconditions:\n  - field: command\n    pattern: rm\n---\n\nline1\nline2\n"
	want, d := ReadRule(rulePath, []byte(lf))
	if d != nil {
		t.Fatal(d)
	}
	for _, nl := range []string{"\r\n", "\r"} {
		text := ""
		for _, c := range lf {
			if c == '\n' {
				text += nl
			} else {
				text += string(c)
			}
		}
		got, d := ReadRule(rulePath, []byte(text))
		if d != nil {
			t.Fatal(d)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("newline %q: got %+v, want %+v", nl, got, want)
		}
	}
	if want.Message != "line1\nline2" {
		t.Errorf("message %q", want.Message)
	}
	// A "\r" inside a line splits it: the continuation is then at indent 0.
	r, _ := ReadRule(rulePath, []byte("---\nname: a\rb: c\n---\n"))
	if r.Name != "a" {
		t.Errorf("lone CR: name %q", r.Name)
	}
}

func TestReadRuleDiagnostics(t *testing.T) {
	tests := []struct {
		name, data string
		kind       DiagKind
		hookify    string
		pos        ir.Pos
	}{
		{"BOM", "\ufeff---\nname: x\n---\n", DiagNoFrontmatter,
			"Warning: .claude/hookify.x.local.md missing YAML frontmatter (must start with ---)", ir.Pos{Line: 1, Col: 1}},
		{"no frontmatter", "# title\n", DiagNoFrontmatter,
			"Warning: .claude/hookify.x.local.md missing YAML frontmatter (must start with ---)", ir.Pos{Line: 1, Col: 1}},
		{"empty frontmatter", "---\n# only a comment\n---\nbody", DiagNoFrontmatter,
			"Warning: .claude/hookify.x.local.md missing YAML frontmatter (must start with ---)", ir.Pos{Line: 1, Col: 1}},
		{"unclosed", "---\nname: x\n", DiagNoFrontmatter,
			"Warning: .claude/hookify.x.local.md missing YAML frontmatter (must start with ---)", ir.Pos{Line: 1, Col: 1}},
		{"string condition", "---\nconditions:\n  - foo\n---\n", DiagMalformed,
			"Error: Malformed rule file .claude/hookify.x.local.md: 'str' object has no attribute 'get'", ir.Pos{Line: 3, Col: 3}},
		{"invalid start byte", "---\nname: \xff\n---\n", DiagMalformed,
			"Error: Malformed rule file .claude/hookify.x.local.md: 'utf-8' codec can't decode byte 0xff in position 10: invalid start byte",
			ir.Pos{Line: 2, Col: 7}},
		{"invalid continuation", "---\r\nname: \xc3(\r\n---\r\n", DiagMalformed,
			"Error: Malformed rule file .claude/hookify.x.local.md: 'utf-8' codec can't decode byte 0xc3 in position 11: invalid continuation byte",
			ir.Pos{Line: 2, Col: 7}},
		{"latin-1", "---\nname: caf\xe9\n---\n", DiagMalformed,
			"Error: Malformed rule file .claude/hookify.x.local.md: 'utf-8' codec can't decode byte 0xe9 in position 13: invalid continuation byte",
			ir.Pos{Line: 2, Col: 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, d := ReadRule(rulePath, []byte(tt.data))
			if r != nil || d == nil {
				t.Fatalf("got rule %v, diag %v", r, d)
			}
			if d.Kind != tt.kind || d.Hookify != tt.hookify || d.Pos != tt.pos || d.Path != rulePath {
				t.Errorf("got %v %q at %v\nwant %v %q at %v", d.Kind, d.Hookify, d.Pos, tt.kind, tt.hookify, tt.pos)
			}
		})
	}
}

func TestLoadRuleOSErrors(t *testing.T) {
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, ".claude", "hookify.d.local.md"), 0o755))
	must(t, os.Symlink("nowhere", filepath.Join(dir, ".claude", "hookify.broken.local.md")))
	must(t, os.Symlink("hookify.loop.local.md", filepath.Join(dir, ".claude", "hookify.loop.local.md")))
	fsys := os.DirFS(dir)
	tests := []struct{ name, want string }{
		{".claude/hookify.d.local.md", "Error: Cannot read .claude/hookify.d.local.md: [Errno 21] Is a directory: '.claude/hookify.d.local.md'"},
		{".claude/hookify.broken.local.md", "Error: Cannot read .claude/hookify.broken.local.md: [Errno 2] No such file or directory: '.claude/hookify.broken.local.md'"},
		{".claude/hookify.loop.local.md", "Error: Cannot read .claude/hookify.loop.local.md: [Errno 40] Too many levels of symbolic links: '.claude/hookify.loop.local.md'"},
	}
	for _, tt := range tests {
		r, d := LoadRule(fsys, tt.name, tt.name)
		if r != nil || d == nil || d.Kind != DiagCannotRead || d.Hookify != tt.want {
			t.Errorf("%s: got %v %+v\nwant %q", tt.name, r, d, tt.want)
		}
	}
	if os.Geteuid() != 0 {
		p := filepath.Join(dir, ".claude", "hookify.secret.local.md")
		must(t, os.WriteFile(p, []byte("---\nname: x\n---\n"), 0o000))
		_, d := LoadRule(fsys, ".claude/hookify.secret.local.md", ".claude/hookify.secret.local.md")
		want := "Error: Cannot read .claude/hookify.secret.local.md: [Errno 13] Permission denied: '.claude/hookify.secret.local.md'"
		if d == nil || d.Hookify != want {
			t.Errorf("permission: got %+v", d)
		}
	}
}

func TestPyOSErrorRepr(t *testing.T) {
	tests := []struct{ name, want string }{
		{"it's", `[Errno 2] No such file or directory: "it's"`},
		{"a\xffb", `[Errno 2] No such file or directory: 'a\udcffb'`},
		{"tab\there", `[Errno 2] No such file or directory: 'tab\there'`},
		{"é", `[Errno 2] No such file or directory: 'é'`},
	}
	for _, tt := range tests {
		if got := PyOSError(os.ErrNotExist, tt.name); got != tt.want {
			t.Errorf("%q: got %s, want %s", tt.name, got, tt.want)
		}
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
