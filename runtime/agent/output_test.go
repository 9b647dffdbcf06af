package agent

import (
	"fmt"
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

// TestRenderNoLoneSurrogates: a problem naming a file whose name is not
// UTF-8 (Python reads the byte as a lone surrogate) never reaches an
// answer as a \udcXX escape, which Codex's JSON parser refuses: the hook
// would have failed and its deny been lost. hookify's own answers keep
// Python's escape.
func TestRenderNoLoneSurrogates(t *testing.T) {
	bad := "/p/.codex/hookify/x\xff\xed\xa0\x80.md: open: invalid argument"
	res := result(true, "no")
	res.Problems = []engine.Problem{{Kind: engine.ProblemRuleFile, Text: bad}}
	for _, kind := range []Kind{Codex, Claude} {
		for _, fail := range []FailMode{FailOpen, FailClosed} {
			for _, event := range []string{"PreToolUse", "PostToolUse", "Stop", "PermissionRequest"} {
				out := Render(kind, event, res, fail)
				if loneSurrogateEscape(out.Stdout) {
					t.Errorf("%s %s %s: %s", kind, fail, event, out.Stdout)
				}
				if event == "PreToolUse" && !strings.Contains(string(out.Stdout), `"permissionDecision": "deny"`) {
					t.Errorf("%s %s: the deny is gone: %s", kind, fail, out.Stdout)
				}
				if event == "PreToolUse" && fail == FailOpen && !strings.Contains(string(out.Stdout), `x\ufffd.md: open`) {
					t.Errorf("%s: the file is not named with U+FFFD: %s", kind, out.Stdout)
				}
			}
		}
	}
	// A character outside the BMP is still a valid escaped pair.
	res.Problems[0].Text = "x\U0001F600.md"
	if out := Render(Codex, "PreToolUse", res, FailOpen); !strings.Contains(string(out.Stdout), `x\ud83d\ude00.md`) {
		t.Errorf("astral character: %s", out.Stdout)
	}
	if out := RenderCompat(&engine.Result{Exception: &engine.PyError{Msg: "x\xff"}}); !strings.Contains(string(out), `x\udcff`) {
		t.Errorf("compat lost Python's escape: %s", out)
	}
}

// loneSurrogateEscape reports whether the JSON text b holds a \uXXXX
// escape of a surrogate that is not half of a high-low pair.
func loneSurrogateEscape(b []byte) bool {
	s := string(b)
	hex4 := func(i int) (int, bool) {
		if i+6 > len(s) || s[i] != '\\' || s[i+1] != 'u' {
			return 0, false
		}
		v := 0
		for _, c := range s[i+2 : i+6] {
			switch {
			case c >= '0' && c <= '9':
				v = v*16 + int(c-'0')
			case c >= 'a' && c <= 'f':
				v = v*16 + int(c-'a'+10)
			case c >= 'A' && c <= 'F':
				v = v*16 + int(c-'A'+10)
			default:
				return 0, false
			}
		}
		return v, true
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		v, ok := hex4(i)
		if !ok {
			i++ // skip the escaped character (\\ included)
			continue
		}
		switch {
		case v >= 0xD800 && v <= 0xDBFF:
			if lo, ok := hex4(i + 6); !ok || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 11
		case v >= 0xDC00 && v <= 0xDFFF:
			return true
		default:
			i += 5
		}
	}
	return false
}

// TestRenderCapsProblems: an answer lists at most MaxProblemLines
// problems and says how many more there are (the agent can plant
// thousands of broken rule files), under both fail modes.
func TestRenderCapsProblems(t *testing.T) {
	res := result(true, "no")
	for i := range 5000 {
		res.Problems = append(res.Problems, engine.Problem{Kind: engine.ProblemRuleFile, Text: fmt.Sprintf("/p/.claude/hookify.x%d.local.md: broken", i)})
	}
	for _, fail := range []FailMode{FailOpen, FailClosed} {
		out := Render(Codex, "PreToolUse", res, fail)
		if n := strings.Count(string(out.Stdout), "broken"); n != MaxProblemLines {
			t.Errorf("%s: %d problems listed on stdout", fail, n)
		}
		if !strings.Contains(string(out.Stdout), "and 4980 more problems") || len(out.Stdout) > 4096 {
			t.Errorf("%s: %d bytes: %.300s", fail, len(out.Stdout), out.Stdout)
		}
		if len(out.Stderr) != MaxProblemLines+1 {
			t.Errorf("%s: %d stderr lines", fail, len(out.Stderr))
		}
	}
	// Fail closed with no rule blocking: the refusal lists them the same way.
	res.Blocking = nil
	if out := Render(Codex, "PreToolUse", res, FailClosed); out.ExitCode != 2 || len(out.Stderr) != MaxProblemLines+2 {
		t.Errorf("fail closed: exit %d, %d stderr lines", out.ExitCode, len(out.Stderr))
	}
}
