package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/runtime/agent"
)

const rmRule = "---\nname: no-rm\nevent: bash\naction: block\npattern: rm\\s+-rf\n---\nNo.\n"

// project makes a directory whose .claude holds the given rule files.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, ".claude", name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func bash(cmd string) string {
	return `{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "` + cmd + `"}}`
}

// TestBadInput: every hostile input gives its documented result (docs/compat.md
// "Fail modes"), never a crash or a hang: under --compat hookify what hookify
// prints; by default the fail mode's answer.
func TestBadInput(t *testing.T) {
	big := strings.Repeat("a", 10<<20)
	redos := "---\nname: redos\nevent: bash\naction: block\npattern: (a+)+\\1$\n---\nx\n"
	tests := []struct {
		name   string
		files  map[string]string
		stdin  string
		compat string // exact compat stdout (without the newline); "" = skip
		open   string // substring of the fail-open stdout
		closed bool   // fail-closed exits 2
		// timeout overrides the regex time bound (the 10 MB case checks that
		// matching works at that size; time bounds have their own cases).
		timeout time.Duration
	}{
		{
			name:   "invalid UTF-8 on stdin",
			files:  map[string]string{"hookify.rm.local.md": rmRule},
			stdin:  "{\"a\": \"\xff\"}",
			compat: `{"systemMessage": "Hookify error: 'utf-8' codec can't decode byte 0xff in position 7: invalid start byte"}`,
			open:   "hook input is not valid JSON", closed: true,
		},
		{
			name:   "truncated JSON",
			files:  map[string]string{"hookify.rm.local.md": rmRule},
			stdin:  `{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_in`,
			compat: `{"systemMessage": "Hookify error: Unterminated string starting at: line 1 column 56 (char 55)"}`,
			open:   "Unterminated string", closed: true,
		},
		{
			name:   "empty stdin",
			stdin:  "",
			compat: `{"systemMessage": "Hookify error: Expecting value: line 1 column 1 (char 0)"}`,
			open:   "Expecting value", closed: true,
		},
		{
			name:   "binary rule file",
			files:  map[string]string{"hookify.bin.local.md": "---\nname: \x00\xfe\xff\n---\n", "hookify.rm.local.md": rmRule},
			stdin:  bash("rm -rf x"),
			compat: `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}, "systemMessage": "**[no-rm]**\nNo."}`,
			open:   `"permissionDecision": "deny"`, closed: true,
		},
		{
			name:    "10 MB command",
			files:   map[string]string{"hookify.rm.local.md": rmRule},
			stdin:   bash(big + " && rm -rf /"),
			compat:  `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}, "systemMessage": "**[no-rm]**\nNo."}`,
			open:    `"permissionDecision": "deny"`,
			timeout: time.Minute,
		},
		{
			name:  "1 MB rule file",
			files: map[string]string{"hookify.big.local.md": "---\nname: big\nevent: bash\npattern: needle\n---\n" + strings.Repeat("message line\n", 80_000)},
			stdin: bash("find needle"),
			open:  `"additionalContext": "**[big]**\nmessage line`,
		},
		{
			name:   "catastrophic regex on 50 KB",
			files:  map[string]string{"hookify.redos.local.md": redos},
			stdin:  bash(strings.Repeat("a", 50_000) + "!"),
			compat: `{}`,
			open:   "could not be evaluated", closed: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := project(t, tc.files)
			base := Options{Dir: dir, Stdin: []byte(tc.stdin), Agent: agent.Claude, ReadFile: readFileIn(dir), RegexTimeout: tc.timeout}
			if tc.compat != "" {
				o := base
				o.Compat = true
				out := Run(o)
				if got := strings.TrimSuffix(string(out.Stdout), "\n"); got != tc.compat || out.ExitCode != 0 {
					t.Errorf("compat: %.300s (exit %d), want %s", got, out.ExitCode, tc.compat)
				}
			}
			o := base
			o.Fail = agent.FailOpen
			out := Run(o)
			if out.ExitCode != 0 || !strings.Contains(string(out.Stdout), tc.open) {
				t.Errorf("fail-open: %.300s (exit %d), want it to contain %s", out.Stdout, out.ExitCode, tc.open)
			}
			o.Fail = agent.FailClosed
			out = Run(o)
			// Fail closed refuses with exit 2, or, when a rule blocks
			// anyway, with the rule's own deny.
			if got := out.ExitCode == 2; got != tc.closed && !(tc.closed && strings.Contains(string(out.Stdout), `"permissionDecision": "deny"`)) {
				t.Errorf("fail-closed: exit %d stdout %.200s", out.ExitCode, out.Stdout)
			}
		})
	}
}

// TestToolInputTypes: tool_input of every JSON type, in both semantics.
func TestToolInputTypes(t *testing.T) {
	dir := project(t, map[string]string{"hookify.all.local.md": "---\nname: any\nevent: all\nconditions:\n  - field: command\n    operator: contains\n    pattern: x\n---\nm\n"})
	tests := []struct {
		toolInput, compat string
	}{
		{`null`, `{"systemMessage": "Hookify error: argument of type 'NoneType' is not iterable"}`},
		{`true`, `{"systemMessage": "Hookify error: argument of type 'bool' is not iterable"}`},
		{`12`, `{"systemMessage": "Hookify error: argument of type 'int' is not iterable"}`},
		{`1.5`, `{"systemMessage": "Hookify error: argument of type 'float' is not iterable"}`},
		{`"has command x"`, `{"systemMessage": "Hookify error: string indices must be integers, not 'str'"}`},
		{`"other"`, `{"systemMessage": "Hookify error: 'str' object has no attribute 'get'"}`},
		{`["command"]`, `{"systemMessage": "Hookify error: list indices must be integers or slices, not str"}`},
		{`[1, 2]`, `{"systemMessage": "Hookify error: 'list' object has no attribute 'get'"}`},
		{`{}`, `{}`},
		{`{"command": "x"}`, `{"systemMessage": "**[any]**\nm"}`},
		{`{"command": ["x"]}`, `{"systemMessage": "**[any]**\nm"}`}, // str(['x']) contains x
	}
	for _, tc := range tests {
		stdin := `{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": ` + tc.toolInput + `}`
		out := Run(Options{Dir: dir, Stdin: []byte(stdin), Compat: true, ReadFile: readFileIn(dir)})
		if got := strings.TrimSuffix(string(out.Stdout), "\n"); got != tc.compat {
			t.Errorf("compat %s: %s, want %s", tc.toolInput, got, tc.compat)
		}
		out = Run(Options{Dir: dir, Stdin: []byte(stdin), Fail: agent.FailOpen, ReadFile: readFileIn(dir)})
		if out.ExitCode != 0 || len(out.Stdout) == 0 {
			t.Errorf("fixed %s: %s exit %d", tc.toolInput, out.Stdout, out.ExitCode)
		}
	}
}

// TestSpecialRuleFiles: a rule file that is a FIFO (with or without a
// writer) or a link to a device that never ends gives a documented result
// at once, never a hang; the other rules still apply. hookify itself would
// wait for ever on the FIFO and read /dev/zero until memory runs out.
func TestSpecialRuleFiles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plant func(t *testing.T, path string)
		text  string // in the fail-open answer
	}{
		{"fifo without a writer", func(t *testing.T, p string) {
			if err := mkfifo(p, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "missing frontmatter"},
		{"fifo held open by a writer", func(t *testing.T, p string) {
			if err := mkfifo(p, 0o644); err != nil {
				t.Fatal(err)
			}
			w, err := os.OpenFile(p, os.O_RDWR, 0) // a writer that never writes
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { w.Close() })
		}, "Resource temporarily unavailable"},
		{"link to /dev/zero", func(t *testing.T, p string) {
			if err := os.Symlink("/dev/zero", p); err != nil {
				t.Fatal(err)
			}
		}, "File too large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := project(t, map[string]string{"hookify.rm.local.md": rmRule})
			tc.plant(t, filepath.Join(dir, ".claude", "hookify.special.local.md"))
			done := make(chan [2]agent.Output, 1)
			go func() {
				base := Options{Dir: dir, Stdin: []byte(bash("rm -rf x")), Agent: agent.Claude, ReadFile: readFileIn(dir)}
				compat := base
				compat.Compat = true
				done <- [2]agent.Output{Run(compat), Run(base)}
			}()
			select {
			case out := <-done:
				if !strings.Contains(string(out[0].Stdout), `"permissionDecision": "deny"`) {
					t.Errorf("compat: %s", out[0].Stdout)
				}
				if !strings.Contains(string(out[1].Stdout), `"permissionDecision": "deny"`) || !strings.Contains(string(out[1].Stdout), tc.text) {
					t.Errorf("fail-open: %.400s; want a deny and %q", out[1].Stdout, tc.text)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("the hook hangs on the rule file")
			}
		})
	}
}
