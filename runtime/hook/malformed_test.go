package hook

import (
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/runtime/agent"
)

// TestMalformedToolInput: a tool input of the wrong shape is a problem,
// refused under --fail closed, and a list-valued command is judged as the
// command it stands for (issue: an agent cannot walk past the guard).
func TestMalformedToolInput(t *testing.T) {
	dir := project(t, map[string]string{"hookify.rm.local.md": rmRule})
	for _, tc := range []struct {
		name, stdin string
		open        string // in the fail-open answer
		closedDeny  bool   // fail closed answers with the rule's deny (else exit 2)
	}{
		{"list command", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":["rm","-rf","/"]}}`, `"permissionDecision": "deny"`, true},
		{"number command", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":42}}`, "command is a int, not a string", false},
		{"string tool_input", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":"rm -rf /"}`, "tool_input of \\\"Bash\\\" is a str", false},
		{"list tool_input", `{"hook_event_name":"PreToolUse","tool_name":"Write","tool_input":["a"]}`, "is a list, not an object", false},
		{"patch not a string", `{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":{"x":1}}}`, "apply_patch command is a dict", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := Run(Options{Dir: dir, Stdin: []byte(tc.stdin), Fail: agent.FailOpen})
			if out.ExitCode != 0 || !strings.Contains(string(out.Stdout), tc.open) {
				t.Errorf("fail open: exit %d %s", out.ExitCode, out.Stdout)
			}
			out = Run(Options{Dir: dir, Stdin: []byte(tc.stdin), Fail: agent.FailClosed})
			blocked := out.ExitCode == 2 || tc.closedDeny && strings.Contains(string(out.Stdout), `"permissionDecision": "deny"`)
			if !blocked {
				t.Errorf("fail closed: exit %d %s %q", out.ExitCode, out.Stdout, out.Stderr)
			}
		})
	}
}
