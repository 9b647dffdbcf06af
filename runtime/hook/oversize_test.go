package hook

import (
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/runtime/agent"
)

// TestOversizeInput: a payload cut at the input bound cannot be decoded;
// a blocked command inside it still blocks, and anything else is the fail
// mode's (issue: an agent cannot walk past the guard, unbounded input).
func TestOversizeInput(t *testing.T) {
	dir := project(t, map[string]string{"hookify.rm.local.md": rmRule})
	padded := bash("echo " + strings.Repeat("x", 2000) + " && rm -rf /")
	capped := []byte(padded[:len(padded)-3]) // the closing quotes and braces are cut
	for _, tc := range []struct {
		name  string
		stdin []byte
		fail  agent.FailMode
		want  string
		exit  int
	}{
		{"blocked command, fail open", capped, agent.FailOpen, `"permissionDecision": "deny"`, 0},
		{"blocked command, fail closed", capped, agent.FailClosed, `"permissionDecision": "deny"`, 0},
		{"harmless, fail open", []byte(bash("ls " + strings.Repeat("y", 3000))[:2000]), agent.FailOpen, "larger than 2000 bytes", 0},
		{"harmless, fail closed", []byte(bash("ls " + strings.Repeat("y", 3000))[:2000]), agent.FailClosed, "", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := Run(Options{Dir: dir, Stdin: tc.stdin, Truncated: true, Fail: tc.fail})
			if out.ExitCode != tc.exit || !strings.Contains(string(out.Stdout), tc.want) {
				t.Errorf("exit %d stdout %.300s stderr %q", out.ExitCode, out.Stdout, out.Stderr)
			}
		})
	}
}

// TestOversizeJSONEscapes: the cut payload is judged on what its strings
// hold, so a command spelled with JSON escapes (a tab, \u0020) still blocks.
func TestOversizeJSONEscapes(t *testing.T) {
	dir := project(t, map[string]string{"hookify.rm.local.md": rmRule})
	for _, cmd := range []string{`rm\t-rf /`, `rm\u0020-rf /`, `\u0072m -rf /`, `rm -\u0072f /`} {
		stdin := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` + cmd + ` # ` + strings.Repeat("x", 200)
		out := Run(Options{Dir: dir, Stdin: []byte(stdin), Truncated: true, Fail: agent.FailOpen})
		if !strings.Contains(string(out.Stdout), `"permissionDecision": "deny"`) {
			t.Errorf("%s: not blocked: stdout %.300s", cmd, out.Stdout)
		}
	}
	for in, want := range map[string]string{
		`a\"b\\c\/d\n`:          "a\"b\\c/d\n",
		`\ud83d\ude00 \ud83d x`: "\U0001F600 \uFFFD x",
		`\x \u12 end\`:          `\x \u12 end\`,
	} {
		if got := jsonUnescape(in); got != want {
			t.Errorf("jsonUnescape(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOversizeAnchored: the command's own string is judged from its first
// byte, so a rule anchored at the start of the command (^rm) blocks a cut
// payload as it blocks a whole one, whatever comes before the command in
// the payload; the JSON string ends at its closing quote, not at the cut.
func TestOversizeAnchored(t *testing.T) {
	rule := "---\nname: no-rm\nevent: bash\npattern: ^rm\\s+-rf\\b\naction: block\n---\nNo rm.\n"
	dir := project(t, map[string]string{"hookify.anchored.local.md": rule})
	for name, stdin := range map[string]string{
		"command last":  `{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf` + "\\n" + strings.Repeat("x", 3000),
		"command first": `{"tool_input":{"command":"rm -rf","description":"` + strings.Repeat("x", 3000),
		"escaped key":   `{"tool_input":{"description":"\"command\":\"ls","command":"rm -rf","x":"` + strings.Repeat("x", 3000),
	} {
		out := Run(Options{Dir: dir, Stdin: []byte(stdin), Truncated: true, Fail: agent.FailOpen})
		if !strings.Contains(string(out.Stdout), `"permissionDecision": "deny"`) {
			t.Errorf("%s: not blocked: stdout %.300s", name, out.Stdout)
		}
	}
	for in, want := range map[string]string{`abc"d`: "abc", `a\"b"c`: `a\"b`, `a\\"b`: `a\\`, `cut\`: `cut\`, `open`: "open"} {
		if got := string(jsonStringAt([]byte(in))); got != want {
			t.Errorf("jsonStringAt(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOversizeAnchoredFileValues: in a cut file event every string a rule
// on the content is about is judged from its first byte: each new_string
// of MultiEdit (not only the first), and apply_patch's patch, which Codex
// sends as command.
func TestOversizeAnchoredFileValues(t *testing.T) {
	rule := "---\nname: no-secret\nevent: file\npattern: ^SECRET\naction: block\n---\nNo secrets.\n"
	dir := project(t, map[string]string{"hookify.secret.local.md": rule})
	pad := strings.Repeat("x", 3000)
	for name, stdin := range map[string]string{
		"MultiEdit's second edit": `{"hook_event_name":"PreToolUse","tool_name":"MultiEdit","tool_input":{"file_path":"a","edits":[{"old_string":"a","new_string":"fine"},{"old_string":"b","new_string":"SECRET=1"}],"x":"` + pad,
		"apply_patch's command":   `{"hook_event_name":"PreToolUse","tool_name":"apply_patch","turn_id":"t","tool_input":{"command":"SECRET","x":"` + pad,
	} {
		out := Run(Options{Dir: dir, Stdin: []byte(stdin), Truncated: true, Fail: agent.FailOpen})
		if !strings.Contains(string(out.Stdout), "deny") && !strings.Contains(string(out.Stdout), "block") {
			t.Errorf("%s: not blocked: stdout %.300s", name, out.Stdout)
		}
	}
}
