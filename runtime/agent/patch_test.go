package agent

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

func TestPatchEvents(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: .env\n+KEY=1\n*** Update File: src/a.js\n@@ function f\n-old()\n+console.log(x)\n*** Delete File: /abs/gone.txt\n*** End Patch\n"
	raw, err := pyval.LoadJSON(`{"hook_event_name":"PreToolUse","turn_id":"t","cwd":"/p","tool_name":"apply_patch","tool_input":{"command":` + string(pyval.AppendJSONString(nil, patch)) + `}}`)
	if err != nil {
		t.Fatal(err)
	}
	in, ok := Normalize(raw)
	if !ok || in.Agent != Codex {
		t.Fatalf("normalize: %v %v", ok, in.Agent)
	}
	want := []string{
		`{"hook_event_name": "PreToolUse", "turn_id": "t", "cwd": "/p", "tool_name": "Write", "tool_input": {"file_path": "/p/.env", "content": "KEY=1"}}`,
		`{"hook_event_name": "PreToolUse", "turn_id": "t", "cwd": "/p", "tool_name": "Edit", "tool_input": {"file_path": "/p/src/a.js", "old_string": "old()", "new_string": "console.log(x)"}}`,
		`{"hook_event_name": "PreToolUse", "turn_id": "t", "cwd": "/p", "tool_name": "Edit", "tool_input": {"file_path": "/abs/gone.txt", "old_string": "", "new_string": ""}}`,
	}
	if len(in.Events) != len(want) {
		t.Fatalf("%d events, want %d", len(in.Events), len(want))
	}
	for i, ev := range in.Events {
		if got := string(pyval.Dumps(ev)); got != want[i] {
			t.Errorf("event %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
	if p := in.PatchProblems(); len(p) != 0 {
		t.Errorf("problems for a valid patch: %v", p)
	}
	// Not a patch: the event stays as it is, and the call is a problem.
	raw, _ = pyval.LoadJSON(`{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"nonsense"}}`)
	in, _ = Normalize(raw)
	if len(in.Events) != 1 || in.Events[0] != in.Event {
		t.Errorf("non-patch apply_patch rewritten: %d events", len(in.Events))
	}
	if p := in.PatchProblems(); len(p) != 1 || p[0].Kind != ProblemApplyPatch {
		t.Errorf("problems for a non-patch: %v", p)
	}
}

// eventPaths normalises a payload and returns "Tool path" for every event
// and the problems' texts.
func eventPaths(t *testing.T, payload string) ([]string, []string) {
	t.Helper()
	raw, err := pyval.LoadJSON(payload)
	if err != nil {
		t.Fatal(err)
	}
	in, ok := Normalize(raw)
	if !ok {
		t.Fatal("not a dict")
	}
	var out []string
	for _, ev := range in.Events {
		tool := str(ev, "tool_name")
		ti, _ := ev.Get("tool_input")
		if d, ok := ti.(*pyval.Dict); ok && str(d, "file_path") != "" {
			out = append(out, tool+" "+str(d, "file_path"))
			continue
		}
		out = append(out, tool)
	}
	var probs []string
	for _, p := range in.PatchProblems() {
		probs = append(probs, p.Text)
	}
	return out, probs
}

func jsonStr(s string) string { return string(pyval.AppendJSONString(nil, s)) }

const envPatch = "*** Begin Patch\n*** Add File: .env\n+K=1\n*** End Patch\n"

// TestApplyPatchToolGrammar: what Codex accepts in the apply_patch tool
// (the first payload is what Codex 0.169.0 sent for the bypass).
func TestApplyPatchToolGrammar(t *testing.T) {
	for _, c := range []struct {
		name, patch string
		want        []string
		problem     bool
	}{
		{"indented header", "*** Begin Patch\n  *** Add File: .env\n+K=1\n*** End Patch\n", []string{"Write /r/.env"}, false},
		{"indented markers", "  *** Begin Patch\n\t*** Add File: .env\n+K=1\n\u00a0*** End Patch", []string{"Write /r/.env"}, false},
		{"crlf", "*** Begin Patch\r\n*** Add File: .env\r\n+K=1\r\n*** End Patch\r\n", []string{"Write /r/.env"}, false},
		{"heredoc wrapped", "<<'EOF'\n" + envPatch + "EOF\n", []string{"Write /r/.env"}, false},
		{"tab in path", "*** Begin Patch\n*** Add File: .e\tnv\n+K=1\n*** End Patch", []string{"Write /r/.env"}, false},
		{"leading blanks kept", "*** Begin Patch\n*** Add File:   x\n*** End Patch", []string{"Write /r/  x"}, false},
		{"dot dot", "*** Begin Patch\n*** Delete File: ../.env\n*** End Patch", []string{"Edit /.env"}, false},
		{"move source and destination", "*** Begin Patch\n*** Update File: a.txt\n*** Move to: conf/.env \n@@\n-a\n+b\n*** End Patch",
			[]string{"Edit /r/a.txt", "Edit /r/conf/.env"}, false},
		{"early end", "*** Begin Patch\n*** Add File: .env\n*** End Patch\n\n*** End Patch", []string{"Write /r/.env"}, false},
		{"environment id", "*** Begin Patch\n*** Environment ID: local\n*** Add File: .env\n*** End Patch", []string{"Write /r/.env"}, false},
		// Rejected by Codex: a problem, and every named path is checked.
		{"no end marker", "*** Begin Patch\n*** Add File: .env\n+K=1\n", []string{"Write /r/.env"}, true},
		{"garbage after end", envPatch + "garbage", []string{"Write /r/.env"}, true},
		{"indented header inside an update is a context line", "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+b\n  *** Add File: .env\n*** End Patch",
			[]string{"Edit /r/a.txt"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, probs := eventPaths(t, `{"hook_event_name":"PreToolUse","turn_id":"t","cwd":"/r","tool_name":"apply_patch","tool_input":{"command":`+jsonStr(c.patch)+`}}`)
			if !slices.Equal(got, c.want) {
				t.Errorf("events %q, want %q", got, c.want)
			}
			if (len(probs) > 0) != c.problem {
				t.Errorf("problems %q, want problem: %v", probs, c.problem)
			}
		})
	}
}

// TestShellPatchEvents: shell commands that apply patches (Codex
// intercepts some, its apply_patch helper runs the others) keep their Bash
// event and add one file event per file.
func TestShellPatchEvents(t *testing.T) {
	heredoc := "apply_patch <<'EOF'\n" + envPatch + "EOF\n"
	// Expanded by a shell (U unset: .env), taken as written by Codex.
	expandPatch := "*** Begin Patch\n*** Add File: .e${U}nv\n+K=AKIA${U}IOSFODNN7EXAMPLE\n*** End Patch\n"
	for _, c := range []struct {
		name, command string
		want          []string
		problem       bool
	}{
		{"heredoc (as Codex sent it)", heredoc, []string{"Bash", "Write /r/.env"}, false},
		{"applypatch", "applypatch <<'PATCH'\n" + envPatch + "PATCH", []string{"Bash", "Write /r/.env"}, false},
		// The shell drops quotes and backslashes: the helper runs (issue: a quoted name walked past the cheap test).
		{"quoted name", "apply_pat''ch <<'EOF'\n" + envPatch + "EOF\n", []string{"Bash", "Write /r/.env"}, false},
		{"double-quoted name", `"apply"_patch <<'EOF'` + "\n" + envPatch + "EOF\n", []string{"Bash", "Write /r/.env"}, false},
		{"escaped name", `a\pply_patch <<'EOF'` + "\n" + envPatch + "EOF\n", []string{"Bash", "Write /r/.env"}, false},
		{"name built by the shell", "x=apply; ${x}_patch <<'EOF'\n" + envPatch + "EOF\n", []string{"Bash", "Write /r/.env"}, true},
		{"unquoted delimiter", "apply_patch <<EOF\n*** Begin Patch\n*** Add File: .env\n+K=$HOME\n*** End Patch\nEOF", []string{"Bash", "Write /r/.env"}, false},
		{"cd &&", "cd sub && " + heredoc, []string{"Bash", "Write /r/sub/.env"}, false},
		{"cd quoted", "cd 'my dir' && " + heredoc, []string{"Bash", "Write /r/my dir/.env"}, false},
		{"cd ;", "cd sub; " + heredoc, []string{"Bash", "Write /r/sub/.env", "Write /r/.env"}, false},
		{"bash -lc", "bash -lc " + shellQuote(heredoc), []string{"Bash", "Write /r/.env"}, false},
		{"argument", "apply_patch " + shellQuote(envPatch), []string{"Bash", "Write /r/.env"}, false},
		{"here-string", "apply_patch <<< " + shellQuote(envPatch), []string{"Bash", "Write /r/.env"}, false},
		{"wrapped", "sudo -n " + heredoc, []string{"Bash", "Write /r/.env"}, false},
		{"codex helper", "codex --codex-run-as-apply-patch " + shellQuote(envPatch), []string{"Bash", "Write /r/.env"}, false},
		{"helper path", "/tmp/x/apply_patch " + shellQuote(envPatch), []string{"Bash", "Write /r/.env"}, false},
		{"followed by a command", heredoc + "git status\n", []string{"Bash", "Write /r/.env"}, false},
		{"line continuation", "apply_patch <<EOF\n*** Begin Patch\n*** Add File: a\n+x \\\n*** Add File: .env\n*** End Patch\nEOF",
			// Codex reads the body as written (two files); the shell would
			// join the lines (one file, other content): both are checked,
			// and the command model reads the joined line (the engine).
			[]string{"Bash", "Write /r/a", "Write /r/a", "Write /r/.env"}, false},
		// What we cannot follow is a problem; the paths named are checked.
		{"pipe", "echo " + shellQuote(envPatch) + " | apply_patch", []string{"Bash", "Write /r/.env"}, true},
		{"file", "apply_patch < p.diff", []string{"Bash"}, true},
		{"variable", "p=apply_patch; $p " + shellQuote(envPatch), []string{"Bash", "Write /r/.env"}, true},
		{"mkdir then cd", "mkdir -p d && cd d && " + heredoc, []string{"Bash", "Write /r/d/.env"}, false},
		{"two cds", "cd a && cd b && " + heredoc, []string{"Bash", "Write /r/.env", "Write /r/a/.env", "Write /r/b/.env"}, true},
		{"cd tilde", "cd ~ && " + heredoc, []string{"Bash", "Write /r/.env", "Write /r/~/.env"}, true},
		{"nested", "sudo bash -c " + shellQuote(heredoc), []string{"Bash", "Write /r/.env"}, true},
		{"invalid patch", "apply_patch <<'EOF'\n*** Add File: .env\nEOF", []string{"Bash", "Write /r/.env"}, true},
		// Wrappers that change directory (a reviewer's evasions: the .env
		// was written in sub while only /r/.env was checked).
		{"env -C", "env -C sub " + heredoc, []string{"Bash", "Write /r/sub/.env"}, false},
		{"env --chdir=", "env --chdir=sub " + heredoc, []string{"Bash", "Write /r/sub/.env"}, false},
		{"env --chdir", "env --chdir /abs " + heredoc, []string{"Bash", "Write /abs/.env"}, false},
		{"sudo -D", "sudo -D sub " + heredoc, []string{"Bash", "Write /r/sub/.env"}, false},
		{"cd && env -C", "cd a && env -C b " + heredoc, []string{"Bash", "Write /r/a/b/.env"}, false},
		{"env -C not literal", `env -C "$D" ` + heredoc, []string{"Bash", "Write /r/.env"}, true},
		// Directory changes hidden from the cd scan: a problem, the paths
		// checked as written.
		{"cd by a variable", "X=cd; $X sub; " + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"eval", `eval "$(echo Y2Qgc3Vi | base64 -d)"; ` + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"eval literal", "eval 'cd sub'; " + heredoc, []string{"Bash", "Write /r/.env", "Write /r/sub/.env"}, true},
		{"source", ". ./go.sh; " + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"alias", "shopt -s expand_aliases\nalias c='cd sub'\nc\n" + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"an ordinary command first", "mkdir -p d; " + heredoc, []string{"Bash", "Write /r/.env"}, false},
		// A second reviewer's evasions.
		{"env -u --", "env -u -- -C sub " + heredoc, []string{"Bash", "Write /r/sub/.env"}, false},
		{"env -S", "env -S '-C sub' " + heredoc, []string{"Bash", "Write /r/sub/.env"}, false},
		{"env -C twice", "env -C a -C sub " + heredoc, []string{"Bash", "Write /r/sub/.env"}, false},
		{"sudo --chroot", "sudo -R /jail " + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"trap", "trap 'cd sub' DEBUG; " + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"mapfile", "mapfile -c1 -C 'cd sub;:' x <<< a; " + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"cd && in a loop", "for i in 1 2; do cd sub && " + heredoc + "done", []string{"Bash", "Write /r/sub/.env", "Write /r/.env"}, true},
		// Codex applies only the bare shape itself; around it (a brace
		// group, a loop, time, !, a comment) the shell runs it and expands
		// an unquoted heredoc: a problem.
		{"braces", "{ apply_patch <<EOF\n" + expandPatch + "EOF\n}", []string{"Bash", "Write /r/.e${U}nv"}, true},
		{"loop", "for i in 1; do apply_patch <<EOF\n" + expandPatch + "EOF\ndone", []string{"Bash", "Write /r/.e${U}nv"}, true},
		{"time", "time apply_patch <<EOF\n" + expandPatch + "EOF\n", []string{"Bash", "Write /r/.e${U}nv"}, true},
		{"negated", "! apply_patch <<EOF\n" + expandPatch + "EOF\n", []string{"Bash", "Write /r/.e${U}nv"}, true},
		{"comment", "apply_patch <<EOF # c\n" + expandPatch + "EOF\n", []string{"Bash", "Write /r/.e${U}nv"}, true},
		{"bare, unquoted", "apply_patch <<EOF\n" + expandPatch + "EOF\n", []string{"Bash", "Write /r/.e${U}nv"}, false},
		// A third review's: what makes a followed cd go elsewhere, and
		// hidden changes before a later apply_patch.
		{"CDPATH", "CDPATH=/; cd etc && " + heredoc, []string{"Bash", "Write /r/etc/.env", "Write /r/.env"}, true},
		{"read CDPATH", "read CDPATH <<< /; cd etc && " + heredoc, []string{"Bash", "Write /r/etc/.env", "Write /r/.env"}, true},
		{"printf -v before cd", "printf -v C%s / PATH; cd etc && " + heredoc, []string{"Bash", "Write /r/etc/.env", "Write /r/.env"}, true},
		{"hidden before the second", heredoc + "eval \"$X\"; " + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"sudo -i", "sudo -i " + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"newline between", "mkdir -p d\ncd d && " + heredoc, []string{"Bash", "Write /r/d/.env"}, false},
		{"a plain redirection first", "mkdir -p d 2>/dev/null && cd d && " + heredoc, []string{"Bash", "Write /r/d/.env"}, false},
		{"CDPATH by a redirection", "true {CD\\\nPATH}>/dev/null; cd etc && " + heredoc, []string{"Bash", "Write /r/etc/.env", "Write /r/.env"}, true},
		{"hidden after, in a loop", "for i in 1 2; do " + heredoc + "eval \"$X\"; done", []string{"Bash", "Write /r/.env"}, true},
		// A fourth review's: a wrapper after a followed cd is not Codex's
		// shape (the shell runs it and expands the heredoc), and zsh's chdir.
		{"cd && nice, unquoted", "cd d && nice apply_patch <<EOF\n" + expandPatch + "EOF\n", []string{"Bash", "Write /r/d/.e${U}nv", "Write /r/.e${U}nv"}, true},
		{"env -C through ..", "env -C link/.. " + heredoc, []string{"Bash", "Write /r/.env"}, true},
		{"chdir", "chdir /etc && " + heredoc, []string{"Bash", "Write /r/.env", "Write /etc/.env"}, true},
		// Commands that only mention it.
		{"grep", "grep -rn apply_patch src", []string{"Bash"}, false},
		{"plain", "ls -la", []string{"Bash"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, probs := eventPaths(t, `{"hook_event_name":"PreToolUse","turn_id":"t","cwd":"/r","tool_name":"Bash","tool_input":{"command":`+jsonStr(c.command)+`}}`)
			if !slices.Equal(got, c.want) {
				t.Errorf("events %q, want %q", got, c.want)
			}
			if (len(probs) > 0) != c.problem {
				t.Errorf("problems %q, want problem: %v", probs, c.problem)
			}
		})
	}
}

// TestArgvPatchEvents: shell calls whose command is an argv (Codex's
// ["apply_patch", PATCH] and ["bash", "-lc", SCRIPT] forms), in the hook,
// flat and legacy payloads.
func TestArgvPatchEvents(t *testing.T) {
	heredoc := "apply_patch <<'EOF'\n" + envPatch + "EOF\n"
	for _, c := range []struct{ name, payload string }{
		{"hook argv", `{"hook_event_name":"PreToolUse","cwd":"/r","tool_name":"Bash","tool_input":{"command":["apply_patch",` + jsonStr(envPatch) + `]}}`},
		{"hook bash -lc", `{"hook_event_name":"PreToolUse","cwd":"/r","tool_name":"Bash","tool_input":{"command":["bash","-lc",` + jsonStr(heredoc) + `]}}`},
		{"hook heredoc argument", `{"hook_event_name":"PreToolUse","cwd":"/r","tool_name":"Bash","tool_input":{"command":["applypatch",` + jsonStr("<<'EOF'\n"+envPatch+"EOF\n") + `]}}`},
		{"flat", `{"cwd":"/r","tool_name":"shell","tool_input":{"command":["apply_patch",` + jsonStr(envPatch) + `]}}`},
		{"flat bash -lc", `{"cwd":"/r","tool_name":"local_shell","tool_input":{"command":["/bin/bash","-lc",` + jsonStr(heredoc) + `]}}`},
		{"legacy local_shell", `{"cwd":"/r","hook_event":{"event_type":"before_tool_use","tool_name":"local_shell","tool_input":{"input_type":"local_shell","params":{"command":["apply_patch",` + jsonStr(envPatch) + `]}}}}`},
		{"legacy workdir", `{"cwd":"/x","hook_event":{"event_type":"before_tool_use","tool_name":"local_shell","tool_input":{"input_type":"local_shell","params":{"command":["bash","-lc",` + jsonStr(heredoc) + `],"workdir":"/r"}}}}`},
		{"legacy custom apply_patch", `{"cwd":"/r","hook_event":{"event_type":"before_tool_use","tool_name":"apply_patch","tool_input":{"input_type":"custom","input":` + jsonStr(envPatch) + `}}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, probs := eventPaths(t, c.payload)
			if !slices.Contains(got, "Write /r/.env") || len(probs) > 0 {
				t.Errorf("events %q, problems %q", got, probs)
			}
		})
	}
}

// shellQuote quotes s for bash.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TestScanCoversParse: the conservative scan, used when a patch cannot be
// parsed, finds every path that the exact parser finds.
func TestScanCoversParse(t *testing.T) {
	for _, p := range append(slices.Clone(handPatches), fuzzPatchSeeds...) {
		checkScanCoversParse(t, p)
	}
}

func checkScanCoversParse(t *testing.T, text string) {
	t.Helper()
	p, err := parsePatch(text)
	if err != nil {
		return
	}
	scanned := map[string]bool{}
	for _, f := range scanPatchPaths(text) {
		scanned[f.path] = true
	}
	for _, h := range p.hunks {
		for _, name := range []string{h.path, h.moveTo} {
			if name != "" && !scanned[name] {
				t.Errorf("scan of %q misses %q (found %v)", text, name, scanned)
			}
		}
	}
}

// TestResolvePatchPathsTabBeforeDotDot: Codex normalises a patch path
// with its tabs and carriage returns still in it, then drops them, so a
// tab component is what ".." cancels: home/.ssh/\t/../authorized_keys is
// written as home/.ssh/authorized_keys (a reviewer's evasion: hookifyc
// dropped the tab first and checked home/authorized_keys).
func TestResolvePatchPathsTabBeforeDotDot(t *testing.T) {
	for in, want := range map[string]string{
		"home/.ssh/\t/../authorized_keys": "/w/home/.ssh/authorized_keys",
		"home/.aws/\r/../credentials":     "/w/home/.aws/credentials",
		"x/y/\t/\r/../../z":               "/w/x/y/z",
		"d/\t./../a.txt":                  "/w/d/a.txt",
		"d/.\t/../a.txt":                  "/w/d/a.txt",
		"sub/.e\tnv":                      "/w/sub/.env",
		"nodir/../a.txt":                  "/w/a.txt",
		"/abs/\t/../.env":                 "/abs/.env",
	} {
		if got := resolvePatchPaths("/w", in); len(got) != 1 || got[0] != want {
			t.Errorf("resolvePatchPaths(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLenientEventsCarryContent: a patch hookifyc cannot parse (here a
// heredoc whose end line is "EOF;", which Codex's parser accepts) still
// gives content rules what the files may receive: every "+" line, then
// the text, on every path named (before, the events had empty content
// and a secret got through under fail open).
func TestLenientEventsCarryContent(t *testing.T) {
	cmd := "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: k.txt\n+AKIAABCDEFGHIJKLMNOP\n*** End Patch\nEOF;"
	raw, err := pyval.LoadJSON(`{"hook_event_name":"PreToolUse","turn_id":"t","cwd":"/r","tool_name":"Bash","tool_input":{"command":` + jsonStr(cmd) + `}}`)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := Normalize(raw)
	found := false
	for _, ev := range in.Events {
		ti, _ := ev.Get("tool_input")
		if d, ok := ti.(*pyval.Dict); ok && str(d, "file_path") == "/r/k.txt" {
			found = true
			if c := str(d, "content"); !strings.HasPrefix(c, "AKIAABCDEFGHIJKLMNOP\n") {
				t.Errorf("content %q", c)
			}
		}
	}
	if !found || len(in.PatchProblems()) == 0 {
		t.Errorf("events %d, problems %v", len(in.Events), in.PatchProblems())
	}
}

// TestNoJoinedEvent: a Bash command with line continuations is one event:
// the engine's command model reads it as bash does (compiler/engine's
// views), so Normalize adds no joined copy.
func TestNoJoinedEvent(t *testing.T) {
	raw, _ := pyval.LoadJSON(`{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"git push \\\n --force","description":"d"}}`)
	if in, _ := Normalize(raw); len(in.Events) != 1 {
		t.Fatalf("%d events", len(in.Events))
	}
}

// TestLenientEventsBounded: a command naming thousands of file markers in
// a patch hookifyc cannot read costs memory and time in proportion to its
// size (a reviewer's 10,000 comment lines after `apply_patch < p.patch`
// took 17 s and 10 GB when each lenient event's key copied the whole
// text), and every path still carries the content (a rule on a path and
// a content must see both in one event: giving only the first 8 paths the
// content let a ninth file through).
func TestLenientEventsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("apply_patch < p.patch\n")
	for i := range 10_000 {
		fmt.Fprintf(&b, "# *** Add File: f%d\n+AKIA%016d\n", i, i)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	raw, err := pyval.LoadJSON(`{"hook_event_name":"PreToolUse","turn_id":"t","cwd":"/r","tool_name":"Bash","tool_input":{"command":` + jsonStr(b.String()) + `}}`)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := Normalize(raw)
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 200<<20 {
		t.Errorf("%d MB allocated", alloc>>20)
	}
	withContent := 0
	for _, ev := range in.Events {
		ti, _ := ev.Get("tool_input")
		if d, ok := ti.(*pyval.Dict); ok && str(d, "content") != "" {
			withContent++
		}
	}
	if len(in.Events) < 10_000 || withContent < 10_000 || len(in.PatchProblems()) == 0 {
		t.Errorf("%d events, %d with content, problems %v", len(in.Events), withContent, in.PatchProblems())
	}
}
