package agent

import (
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

func result(block bool, msg string) *engine.Result {
	r := &ir.Rule{Name: "r", Message: msg, Action: ir.ActionWarn}
	res := &engine.Result{}
	if block {
		r.Action = ir.ActionBlock
		res.Blocking = []*ir.Rule{r}
	} else {
		res.Warning = []*ir.Rule{r}
	}
	return res
}

func TestRenderClaude(t *testing.T) {
	tests := []struct {
		event string
		block bool
		want  string
	}{
		{"PreToolUse", true, `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "**[r]**\nno"}, "systemMessage": "**[r]**\nno"}`},
		{"PreToolUse", false, `{"systemMessage": "**[r]**\nno", "hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": "**[r]**\nno"}}`},
		{"PostToolUse", true, `{"decision": "block", "reason": "**[r]**\nno", "systemMessage": "**[r]**\nno"}`},
		{"UserPromptSubmit", true, `{"decision": "block", "reason": "**[r]**\nno", "systemMessage": "**[r]**\nno"}`},
		{"UserPromptSubmit", false, `{"systemMessage": "**[r]**\nno", "hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "**[r]**\nno"}}`},
		{"Stop", true, `{"decision": "block", "reason": "**[r]**\nno", "systemMessage": "**[r]**\nno"}`},
		{"Stop", false, `{"systemMessage": "**[r]**\nno"}`},
	}
	for _, tc := range tests {
		out := Render(Claude, tc.event, result(tc.block, "no"), FailOpen)
		if got := strings.TrimSuffix(string(out.Stdout), "\n"); got != tc.want || out.ExitCode != 0 {
			t.Errorf("%s block=%v:\n got %s (exit %d)\nwant %s", tc.event, tc.block, got, out.ExitCode, tc.want)
		}
	}
}

func TestRenderCodex(t *testing.T) {
	out := Render(Codex, "PreToolUse", result(true, "no"), FailOpen)
	want := `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "**[r]**\nno"}, "systemMessage": "**[r]**\nno"}` + "\n"
	if string(out.Stdout) != want {
		t.Errorf("PreToolUse block: %s", out.Stdout)
	}
	out = Render(Codex, "PostToolUse", result(true, "no"), FailOpen)
	if string(out.Stdout) != `{"decision": "block", "reason": "**[r]**\nno"}`+"\n" {
		t.Errorf("PostToolUse block: %s", out.Stdout)
	}
	// Allow is an empty object: Codex has no grant, and a bare allow fails.
	out = Render(Codex, "PreToolUse", &engine.Result{}, FailOpen)
	if string(out.Stdout) != "{}\n" || out.ExitCode != 0 {
		t.Errorf("allow: %q exit %d", out.Stdout, out.ExitCode)
	}
}

func TestRenderFailModes(t *testing.T) {
	res := &engine.Result{Problems: []engine.Problem{{Kind: engine.ProblemInvalidRegex, Text: "Invalid regex pattern '(': missing )"}}}
	out := Render(Claude, "PreToolUse", res, FailOpen)
	if out.ExitCode != 0 || !strings.Contains(string(out.Stdout), `"systemMessage": "hookifyc: some rules could not be evaluated (fail-open):\nInvalid regex pattern '(': missing )"`) {
		t.Errorf("open: %s exit %d", out.Stdout, out.ExitCode)
	}
	out = Render(Claude, "PreToolUse", res, FailClosed)
	if out.ExitCode != 2 || len(out.Stdout) != 0 || !strings.Contains(strings.Join(out.Stderr, "\n"), "Invalid regex pattern") {
		t.Errorf("closed: %q exit %d stderr %q", out.Stdout, out.ExitCode, out.Stderr)
	}
	// A warning plus a problem, fail-open: the warning stands, the note is added for the user only.
	res.Warning = result(false, "careful").Warning
	out = Render(Claude, "PreToolUse", res, FailOpen)
	if !strings.Contains(string(out.Stdout), `"additionalContext": "**[r]**\ncareful"`) || !strings.Contains(string(out.Stdout), "fail-open") {
		t.Errorf("warn+problem: %s", out.Stdout)
	}
}

func TestRenderCompat(t *testing.T) {
	tests := []struct {
		event string
		block bool
		want  string
	}{
		{"PreToolUse", true, `{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}, "systemMessage": "**[r]**\n\u00e9"}`},
		{"Stop", true, `{"decision": "block", "reason": "**[r]**\n\u00e9", "systemMessage": "**[r]**\n\u00e9"}`},
		{"UserPromptSubmit", true, `{"systemMessage": "**[r]**\n\u00e9"}`},
		{"", false, `{"systemMessage": "**[r]**\n\u00e9"}`},
	}
	for _, tc := range tests {
		res := result(tc.block, "é")
		res.HookEvent = tc.event
		if got := strings.TrimSuffix(string(RenderCompat(res)), "\n"); got != tc.want {
			t.Errorf("%s: got %s want %s", tc.event, got, tc.want)
		}
	}
}
