package hookify

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestWindowsPath: the names of an OSFS on Windows, as the discovery makes
// them (filepath.ToSlash of the event's cwd, path.Join, and the FS path
// without its leading slash, joined back to the root "/" by osFS), map to
// the Windows paths they stand for. A pure function: it runs everywhere.
func TestWindowsPath(t *testing.T) {
	for _, tc := range []struct {
		root, name string
		want       string
		err        error
	}{
		// The volumes: the FS rooted at "/".
		{"/", "C:/Users/x/proj/.git", `C:\Users\x\proj\.git`, nil},
		{"/", "c:/users/x/.codex/hookify/a.md", `c:\users\x\.codex\hookify\a.md`, nil},
		{"/", "C:", `C:\`, nil},
		{"/", "C:/.git", `C:\.git`, nil},
		{"/", "D:/work/proj/.claude", `D:\work\proj\.claude`, nil},
		{"/", "UNC/server/share/proj/.git", `\\server\share\proj\.git`, nil},
		{"/", "UNC/server/share", `\\server\share\`, nil},
		// HOME=C:\Users\x joined with ".codex/hookify" keeps its backslashes.
		{"/", `C:\Users\x/.codex/hookify`, `C:\Users\x\.codex\hookify`, nil},
		// Not a volume: the managed directory /etc/codex/hookify, and the
		// walk up from C:/Users/x past C: (path.Dir("C:") is ".").
		{"/", "etc/codex/hookify", "", fs.ErrNotExist},
		{"/", ".git", "", fs.ErrNotExist},
		{"/", ".codex/hookify", "", fs.ErrNotExist},
		{"/", ".", "", fs.ErrNotExist},
		{"/", "UNC", "", fs.ErrNotExist},
		{"/", "UNC/server", "", fs.ErrNotExist},
		{"/", "Users/x/proj", "", fs.ErrNotExist},
		{"/", "CC:/x", "", fs.ErrInvalid},
		// Never a device, a stream, another drive or a way up.
		{"/", "C:/x/NUL", "", fs.ErrInvalid},
		{"/", "C:/x/con.md", "", fs.ErrInvalid},
		{"/", "C:/x/a.md:stream", "", fs.ErrInvalid},
		{"/", "C:/x/D:", "", fs.ErrInvalid},
		{"/", `C:/x/..\..\y`, "", fs.ErrInvalid},
		{"/", `C:\..\y`, "", fs.ErrInvalid},
		{"/", "C:/x/a?.md", "", fs.ErrInvalid},
		{"/", "UNC/server/pipe/x", "", fs.ErrInvalid},
		{"/", `UNC\.\pipe\x`, "", fs.ErrNotExist},
		{"/", "UNC/pipe/x", `\\pipe\x\`, nil}, // a server named pipe
		{"/", "UNC/server/.codex/hookify", "", fs.ErrNotExist},
		{"/", "UNC/.codex/hookify", "", fs.ErrNotExist},
		{"/", "UNC/server/../x", "", fs.ErrNotExist},
		{"/", `\\.\pipe\x`, "", fs.ErrInvalid},
		{"/", `..\x`, "", fs.ErrInvalid},
		// A Windows root (hookify's compat discovery runs in the process
		// directory).
		{`C:\Users\x\proj`, ".claude/hookify.a.local.md", `C:\Users\x\proj\.claude\hookify.a.local.md`, nil},
		{`C:\Users\x\proj`, ".", `C:\Users\x\proj`, nil},
		{`C:\`, ".claude", `C:\.claude`, nil},
		{`c:/users/x/proj`, ".claude", `c:\users\x\proj\.claude`, nil},
		{`\\server\share\proj`, ".claude", `\\server\share\proj\.claude`, nil},
		{`proj`, ".claude", `proj\.claude`, nil},
		{`.`, ".", `.`, nil},
		{`C:\Users\x\proj`, `..\secret`, "", fs.ErrInvalid},
		{`C:\Users\x\proj`, ".claude/aux", "", fs.ErrInvalid},
		{`\\.\pipe`, "x", "", fs.ErrInvalid},
		{`\\?\C:\x`, "y", "", fs.ErrInvalid},
		{`\\server\pipe`, "x", "", fs.ErrInvalid},
		{`\\server`, ".", "", fs.ErrInvalid},
		{`\\server`, "share", `\\server\share\`, nil},
		{`\x`, "y", "", fs.ErrInvalid},
	} {
		got, err := windowsPath(path.Join(tc.root, tc.name))
		if got != tc.want || !errors.Is(err, tc.err) || (err == nil) != (tc.err == nil) {
			t.Errorf("windowsPath(%q + %q) = %q, %v; want %q, %v", tc.root, tc.name, got, err, tc.want, tc.err)
		}
	}
}

// TestWindowsDiscoveryWalk: the directories the discovery visits from a
// Windows cwd given as SlashPath makes it (every ancestor up to "/", each
// with its .codex/hookify and .claude; the managed and user layers) map to
// Windows paths or do not exist: none escapes to the current drive's root,
// and no walk above a UNC share asks the network for a server or share
// named .codex or .claude.
func TestWindowsDiscoveryWalk(t *testing.T) {
	// The discovery's own steps: path.Dir up to "/", and the FS path
	// without the leading slash.
	fsPath := func(p string) string {
		p = strings.TrimPrefix(path.Clean(p), "/")
		if p == "" {
			return "."
		}
		return p
	}
	walk := func(cwd string) []string {
		var got []string
		for dir := path.Clean(windowsSlashPath(cwd)); ; dir = path.Dir(dir) {
			for _, sub := range []string{".codex/hookify", ".claude"} {
				p, err := windowsPath(path.Join("/", fsPath(path.Join(dir, sub))))
				if err != nil {
					p = err.Error()
				}
				got = append(got, p)
			}
			if dir == "/" || dir == "." {
				return got
			}
		}
	}
	none := fs.ErrNotExist.Error()
	for _, tc := range []struct {
		cwd  string
		want []string
	}{
		{`C:\Users\x\proj`, []string{
			`C:\Users\x\proj\.codex\hookify`, `C:\Users\x\proj\.claude`,
			`C:\Users\x\.codex\hookify`, `C:\Users\x\.claude`,
			`C:\Users\.codex\hookify`, `C:\Users\.claude`,
			`C:\.codex\hookify`, `C:\.claude`,
			none, none,
		}},
		{`\\server\share\proj`, []string{
			`\\server\share\proj\.codex\hookify`, `\\server\share\proj\.claude`,
			`\\server\share\.codex\hookify`, `\\server\share\.claude`,
			none, none, // UNC/server/.codex: no share .codex
			none, none, // UNC/.codex/hookify: no server .codex
			none, none,
		}},
	} {
		if got := walk(tc.cwd); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("walk up from %s:\n got %q\nwant %q", tc.cwd, got, tc.want)
		}
	}
	for _, tc := range []struct{ dir, want string }{
		{"/etc/codex/hookify", ""}, // the managed layer: absent on Windows
		{path.Join(windowsSlashPath(`C:\Users\x`), ".codex", "hookify"), `C:\Users\x\.codex\hookify`},
		// A HOME joined as it is, and a cwd in the ToSlash form.
		{path.Join(`C:\Users\x`, ".codex", "hookify"), `C:\Users\x\.codex\hookify`},
		{path.Join(`C:/Users/x/proj`, ".claude"), `C:\Users\x\proj\.claude`},
		{windowsSlashPath(`D:\rules`), `D:\rules`}, // HOOKIFY_RULE_DIR
	} {
		p, err := windowsPath(path.Join("/", fsPath(tc.dir)))
		if p != tc.want || (tc.want == "") != errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %q, %v; want %q", tc.dir, p, err, tc.want)
		}
	}
}

// TestWindowsFSName: LoadFiles's names of absolute Windows paths in the FS
// rooted at "/", and back; and SlashPath's paths.
func TestWindowsFSName(t *testing.T) {
	for _, tc := range []struct{ path, name, back, slash string }{
		{`C:\Users\x\r.md`, "C:/Users/x/r.md", `C:\Users\x\r.md`, "/C:/Users/x/r.md"},
		{`C:/Users/x/r.md`, "C:/Users/x/r.md", `C:\Users\x\r.md`, "/C:/Users/x/r.md"},
		{`c:\r.md`, "c:/r.md", `c:\r.md`, "/c:/r.md"},
		{`C:\`, "C:", `C:\`, "/C:"},
		{`\\server\share\r.md`, "UNC/server/share/r.md", `\\server\share\r.md`, "/UNC/server/share/r.md"},
		{`//server/share/r.md`, "UNC/server/share/r.md", `\\server\share\r.md`, "/UNC/server/share/r.md"},
		{`\\?\C:\x\r.md`, "C:/x/r.md", `C:\x\r.md`, "/C:/x/r.md"},
		{`\\?\UNC\server\share\r.md`, "UNC/server/share/r.md", `\\server\share\r.md`, "/UNC/server/share/r.md"},
		{`\\server\pipe\x`, "UNC/server/pipe/x", "", "/UNC/server/pipe/x"},
		{`\\.\pipe\x`, "", "", "//./pipe/x"},
		{`\\?\pipe\x`, "", "", "//?/pipe/x"},
		{`rules\a.md`, "", "", "rules/a.md"},
		{`UNC\x`, "", "", "UNC/x"},
		{`\x\a.md`, "", "", "/x/a.md"},
		{`C:x`, "", "", "C:x"},
	} {
		name, ok := windowsFSName(tc.path)
		if name != tc.name || ok != (tc.name != "") {
			t.Errorf("windowsFSName(%q) = %q, %v; want %q", tc.path, name, ok, tc.name)
		}
		if got := windowsSlashPath(tc.path); got != tc.slash {
			t.Errorf("windowsSlashPath(%q) = %q, want %q", tc.path, got, tc.slash)
		}
		if !ok {
			continue
		}
		back, err := windowsPath(path.Join("/", name))
		if back != tc.back || (err == nil) != (tc.back != "") {
			t.Errorf("windowsPath(%q) = %q, %v; want %q", name, back, err, tc.back)
		}
	}
}

// TestSlashPathHere: SlashPath of this system's absolute paths is a clean
// absolute slash path that OSFS("/") finds, and filepath.ToSlash on Unix.
func TestSlashPathHere(t *testing.T) {
	dir := t.TempDir()
	p := SlashPath(dir)
	if !strings.HasPrefix(p, "/") || path.Clean(p) != p {
		t.Errorf("SlashPath(%q) = %q, not a clean absolute slash path", dir, p)
	}
	if filepath.Separator == '/' && p != filepath.ToSlash(dir) {
		t.Errorf("SlashPath(%q) = %q, want %q", dir, p, filepath.ToSlash(dir))
	}
	if st, err := fs.Stat(OSFS("/"), strings.TrimPrefix(p, "/")); err != nil || !st.IsDir() {
		t.Errorf("Stat(OSFS(\"/\"), %q) = %v, %v", strings.TrimPrefix(p, "/"), st, err)
	}
}

// TestFSNameHere: LoadFiles's name of an absolute path of this system maps
// back to it, through OSFS("/").
func TestFSNameHere(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "r.md")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	name := fsName(file)
	if !fs.ValidPath(name) {
		t.Fatalf("fsName(%q) = %q, not a valid fs.FS path", file, name)
	}
	if data, err := fs.ReadFile(OSFS("/"), name); err != nil || string(data) != "x" {
		t.Errorf("ReadFile(OSFS(\"/\"), %q) = %q, %v", name, data, err)
	}
	if st, err := fs.Stat(OSFS("/"), path.Dir(name)); err != nil || !st.IsDir() {
		t.Errorf("Stat(OSFS(\"/\"), %q) = %v, %v", path.Dir(name), st, err)
	}
	names, err := listDirRaw(OSFS("/"), path.Dir(name))
	if err != nil || !reflect.DeepEqual(names, []string{"r.md"}) {
		t.Errorf("listDirRaw(OSFS(\"/\"), %q) = %q, %v", path.Dir(name), names, err)
	}
}

// TestCRLFRuleFiles: a rule file written with CRLF (or CR) line ends, read
// from disk by LoadFiles and by the FS rooted at its directory, is the rule
// of the same file with LF.
func TestCRLFRuleFiles(t *testing.T) {
	lf := "---\nname: crlf\nenabled: true\nevent: bash\nconditions:\n  - field: command\n    operator: regex_match\n    pattern: rm\\s+-rf\naction: block\n---\n\nNo **rm -rf**.\nSecond line.\n"
	dir := t.TempDir()
	var files []string
	for i, nl := range []string{"\n", "\r\n", "\r"} {
		f := filepath.Join(dir, []string{"lf.md", "crlf.md", "cr.md"}[i])
		if err := os.WriteFile(f, []byte(strings.ReplaceAll(lf, "\n", nl)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	loaded := LoadFiles(files, nil)
	for i, l := range loaded {
		if l.Diag != nil {
			t.Fatalf("%s: %v", files[i], l.Diag)
		}
		r, diag := LoadRule(OSFS(dir), filepath.Base(files[i]), files[i])
		if diag != nil {
			t.Fatalf("%s: %v", files[i], diag)
		}
		if !reflect.DeepEqual(r, l.Rule) {
			t.Errorf("%s: LoadRule and LoadFiles differ:\n%+v\n%+v", files[i], r, l.Rule)
		}
		l.Rule.Source = loaded[0].Rule.Source
		for _, kp := range l.Rule.KeyPos {
			if lf, _ := loaded[0].Rule.KeyPos.Get(kp.Key); lf != kp.Pos {
				t.Errorf("%s: key %s at %v, LF at %v", files[i], kp.Key, kp.Pos, lf)
			}
		}
		if !reflect.DeepEqual(l.Rule, loaded[0].Rule) {
			t.Errorf("%s differs from the LF file:\n got %+v\nwant %+v", files[i], l.Rule, loaded[0].Rule)
		}
	}
	if r := loaded[1].Rule; r.Name != "crlf" || r.Message != "No **rm -rf**.\nSecond line." || len(r.Conditions) != 1 || r.Conditions[0].Pattern != `rm\s+-rf` {
		t.Errorf("CRLF rule: %+v", r)
	}
}
