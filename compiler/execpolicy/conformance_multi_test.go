package execpolicy

import (
	"bytes"
	"testing"
)

// TestConformanceMultiFile checks several -r files against codex: rule
// order across files, host_executable declarations carried into later files
// (and replaced by later declarations), and which file's examples fail
// (codex's answers recorded in testdata/codex/multi.jsonl; live with
// HOOKIFYC_LIVE=1).
func TestConformanceMultiFile(t *testing.T) {
	cx := openCodex(t, "multi")
	files := map[string]string{
		"a.rules": `host_executable("git", ["/a/git"])
prefix_rule(["git"], "prompt", justification = "from a")
prefix_rule(["git", "status"], "allow")`,
		"b.rules": `prefix_rule(["git", "status"], "forbidden", justification = "from b", match = ["/b/git status"])
host_executable("git", ["/b/git"])
prefix_rule(["rm"], "prompt")`,
		"c.rules": `prefix_rule(["git"], not_match = ["/a/git"])`,
		"d.rules": `prefix_rule(["git"], match = ["/a/git"])`,
	}
	path := map[string]string{}
	for _, name := range []string{"a.rules", "b.rules", "c.rules", "d.rules"} {
		path[name] = cx.File(name, []byte(files[name]))
	}
	for _, tc := range []struct {
		files []string
		ok    bool
	}{
		{[]string{"a.rules", "b.rules"}, true},
		{[]string{"b.rules", "a.rules"}, true},            // b's own later host_executable counts for b's examples
		{[]string{"a.rules", "b.rules", "c.rules"}, true}, // b replaced /a/git by /b/git
		{[]string{"a.rules", "c.rules"}, false},           // /a/git resolves, so not_match fails
		{[]string{"c.rules", "a.rules"}, false},           // no declaration yet: unrestricted fallback
		{[]string{"a.rules", "b.rules", "d.rules"}, false},
		{[]string{"a.rules", "d.rules", "b.rules"}, true},
		{[]string{"d.rules"}, true},
		{[]string{"b.rules", "d.rules"}, false},
	} {
		var fs []File
		var paths []string
		for _, n := range tc.files {
			fs = append(fs, File{Name: path[n], Data: []byte(files[n])})
			paths = append(paths, path[n])
		}
		pol, err := Load(fs)
		if (err == nil) != tc.ok {
			t.Errorf("%v: hookifyc error %v, want ok=%v", tc.files, err, tc.ok)
		}
		for _, argv := range [][]string{{"git", "status"}, {"/a/git", "status"}, {"/b/git", "status", "x"}, {"/bin/rm", "x"}} {
			for _, resolve := range []bool{false, true} {
				res, rerr := cx.Check(paths, resolve, argv)
				if rerr != nil {
					t.Fatal(rerr)
				}
				if (res.ExitCode == 0) != tc.ok {
					t.Fatalf("%v: codex exit %d, want ok=%v\n%s", tc.files, res.ExitCode, tc.ok, res.Stderr)
				}
				if !tc.ok {
					break
				}
				opts := MatchOptions{ResolveHostExecutables: resolve, WorkDir: cx.Dir, Home: cx.Home}
				if want := append(pol.CheckWith(argv, opts).CodexJSON(false), '\n'); !bytes.Equal(res.Stdout, want) {
					t.Errorf("%v %q resolve=%v:\n codex:    %s hookifyc: %s", tc.files, argv, resolve, res.Stdout, want)
				}
			}
			if !tc.ok {
				break
			}
		}
	}
}
