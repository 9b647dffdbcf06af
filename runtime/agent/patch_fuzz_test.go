package agent

import (
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// fuzzPatchSeeds are patches that exercise every rule of the grammar; with
// handPatches (the cases put to codex) they run as ordinary tests under
// `go test`.
var fuzzPatchSeeds = []string{
	"",
	"*** Begin Patch\n*** End Patch",
	"*** Begin Patch\n*** Add File: a\n+x\n*** Delete File: b\n*** Update File: c\n*** Move to: d\n@@ ctx\n x\n-y\n+z\n*** End of File\n*** End Patch",
	"<<'EOF'\n*** Begin Patch\n*** Environment ID: e\n*** Update File: c\n-y\n+z\n@@\n-q\n*** End Patch\nEOF",
	"\u3000*** Begin Patch\r\n\t*** Add File:  sp .e\tnv \r\n+\r\n*** End Patch\r\n\n",
	"*** Begin Patch\n*** Update File: c\n*** End of File\n\n@@\n-y\n\n*** Add File: x\n*** End Patch\n\n*** End Patch",
	"*** Begin Patch\n*** Update File: a\n@@\n-a\n  *** Add File: .env\n*** End Patch",
}

// FuzzParsePatch checks the patch parser's invariants on any text: it does
// not panic, the conservative scan covers what it parses, a parsed patch
// gives one event per file (two for a move) with absolute paths, and CRLF
// line ends do not change the result.
func FuzzParsePatch(f *testing.F) {
	for _, s := range fuzzPatchSeeds {
		f.Add(s)
	}
	for _, s := range handPatches {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := parsePatch(text)
		if (p == nil) == (err == nil) {
			t.Fatalf("parsePatch(%q) = %v, %v", text, p, err)
		}
		checkScanCoversParse(t, text)
		if !strings.Contains(text, "\r") {
			p2, err2 := parsePatch(strings.ReplaceAll(text, "\n", "\r\n"))
			if (err == nil) != (err2 == nil) || (err == nil && len(p.hunks) != len(p2.hunks)) {
				t.Fatalf("CRLF changes the result for %q: %v / %v", text, err, err2)
			}
		}
		b := eventBuilder{ev: pyval.NewDict()}
		if p == nil {
			b.lenient(text, "/cwd")
			return
		}
		b.patch(p, "/cwd")
		want := map[string]bool{}
		for _, h := range p.hunks {
			if h.path == "" {
				t.Fatalf("empty path in %q", text)
			}
			for _, name := range []string{h.path, h.moveTo} {
				if name != "" {
					want[resolvePatchPaths("/cwd", name)[0]] = true
				}
			}
		}
		got := map[string]bool{}
		for _, ev := range b.out {
			ti, _ := ev.Get("tool_input")
			fp := str(ti.(*pyval.Dict), "file_path")
			if !strings.HasPrefix(fp, "/") || strings.ContainsAny(fp, "\t\r") {
				t.Fatalf("file_path %q for %q", fp, text)
			}
			got[fp] = true
		}
		if len(got) != len(want) {
			t.Fatalf("events for %v, want %v (%q)", got, want, text)
		}
		for p := range want {
			if !got[p] {
				t.Fatalf("no event for %s in %q", p, text)
			}
		}
	})
}

// FuzzShellPatches: the shell analysis does not panic and reports
// absolute paths.
func FuzzShellPatches(f *testing.F) {
	for _, s := range []string{
		"apply_patch <<'EOF'\n" + envPatch + "EOF\n",
		"cd d && applypatch <<EOF\n" + envPatch + "EOF",
		"bash -lc 'apply_patch <<X\n" + envPatch + "X'",
		"echo x | apply_patch",
		"apply_patch \"$(cat p)\"",
		"cd 'a b' ; apply_patch <<< '" + envPatch + "'",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		d := pyval.NewDict()
		d.Set("tool_name", pyval.Str("Bash"))
		ti := pyval.NewDict()
		ti.Set("command", pyval.Str(cmd))
		d.Set("tool_input", ti)
		pc, _ := analyzePatchCall(d, "/cwd")
		for _, ev := range pc.events {
			ti, _ := ev.Get("tool_input")
			if fp := str(ti.(*pyval.Dict), "file_path"); !strings.HasPrefix(fp, "/") {
				t.Fatalf("file_path %q for %q", fp, cmd)
			}
		}
	})
}
