package agent

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Output is what a hook process writes and how it exits.
type Output struct {
	Stdout   []byte // one JSON line (empty only when nothing may be printed)
	Stderr   []string
	ExitCode int
}

// FailMode says what a hook does when rules cannot be evaluated correctly
// (unreadable or malformed rule files, invalid regexes, regex timeouts,
// unreadable transcripts, an input that is not a JSON object).
type FailMode string

const (
	// FailOpen lets the call proceed as the working rules decide and tells
	// the user what went wrong (systemMessage).
	FailOpen FailMode = "open"
	// FailClosed refuses the call: exit code 2 with the problem on stderr,
	// which both Claude Code and Codex enforce as a block.
	FailClosed FailMode = "closed"
)

// obj builds a Python dict from alternating keys and values.
func obj(kv ...any) *pyval.Dict {
	d := pyval.NewDict()
	for i := 0; i < len(kv); i += 2 {
		var v pyval.Value
		switch x := kv[i+1].(type) {
		case string:
			v = pyval.Str(x)
		case pyval.Value:
			v = x
		}
		d.Set(kv[i].(string), v)
	}
	return d
}

func line(d *pyval.Dict) []byte {
	return append(pyval.Dumps(d), '\n')
}

// answer is line for an answer of the fixed semantics, with every string
// made valid Unicode first (validStrings). hookify's own answers
// (RenderCompat) keep Python's escapes byte for byte.
func answer(d *pyval.Dict) []byte {
	return line(validStrings(d))
}

// validStrings returns d with each lone surrogate or undecodable byte in
// its keys and strings (nested dicts included) replaced by U+FFFD. A rule
// file's name with a byte that is not UTF-8 reaches an answer's
// systemMessage as Python would decode it, a lone surrogate, which JSON
// can only write as an escape such as \udcff. Codex's JSON parser
// (serde_json) refuses that escape, and a hook whose output it cannot
// parse has failed: Codex then runs the call, the deny in the same line
// lost. So one oddly named file planted in a project would switch off
// every rule for Codex.
func validStrings(d *pyval.Dict) *pyval.Dict {
	out := pyval.NewDict()
	for i := 0; i < d.Len(); i++ {
		k, v := d.At(i)
		switch x := v.(type) {
		case pyval.Str:
			v = pyval.Str(validUnicode(string(x)))
		case *pyval.Dict:
			v = validStrings(x)
		}
		out.Set(validUnicode(k), v)
	}
	return out
}

func validUnicode(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// CompatError renders hookify's output for an exception: the JSON decode
// error, or any other uncaught Python exception.
func CompatError(msg string) []byte {
	return line(obj("systemMessage", "Hookify error: "+msg))
}

// RenderCompat renders a result exactly as hookify prints it (spec §9).
func RenderCompat(res *engine.Result) []byte {
	if res.Exception != nil {
		return CompatError(res.Exception.Msg)
	}
	switch res.Decision() {
	case engine.DecisionAllow:
		return []byte("{}\n")
	case engine.DecisionWarn:
		return line(obj("systemMessage", res.Message()))
	}
	m := res.Message()
	switch res.HookEvent {
	case ir.Stop:
		return line(obj("decision", "block", "reason", m, "systemMessage", m))
	case ir.PreToolUse, ir.PostToolUse:
		return line(obj(
			"hookSpecificOutput", obj("hookEventName", res.HookEvent, "permissionDecision", "deny"),
			"systemMessage", m))
	}
	return line(obj("systemMessage", m))
}

// Render renders a fixed-semantics result in the shape that agent enforces
// for the event (agent-hooks.md Part D): blocks always carry their reason to
// the model, warnings reach both the user (systemMessage) and the model
// (additionalContext) where the event supports it.
func Render(agent Kind, hookEvent string, res *engine.Result, fail FailMode) Output {
	var out Output
	problems := problemLines(res)
	out.Stderr = problems
	// Fail closed refuses the call, except on a Stop the agent is already
	// continuing because of a Stop hook: refusing again would loop forever.
	// A rule that blocks is answered as such, with its own reason.
	if len(problems) > 0 && fail == FailClosed && !res.StopHookActive && res.Decision() != engine.DecisionBlock {
		msg := "hookifyc: refusing the call because the rules could not be evaluated (fail-closed):\n" + strings.Join(problems, "\n")
		if hookEvent == ir.PermissionRequest {
			// Claude Code ignores exit 2 here; a deny decision works on both agents.
			out.Stdout = answer(permissionDeny(msg))
			return out
		}
		out.ExitCode = 2
		out.Stderr = strings.Split(msg, "\n")
		return out
	}
	note := ""
	if len(problems) > 0 {
		note = "hookifyc: some rules could not be evaluated (fail-open):\n" + strings.Join(problems, "\n")
	}

	switch res.Decision() {
	case engine.DecisionAllow:
		if note != "" {
			out.Stdout = answer(obj("systemMessage", note))
		} else {
			out.Stdout = []byte("{}\n")
		}
		return out
	case engine.DecisionWarn:
		m := res.Message()
		user := joinNote(m, note)
		switch hookEvent {
		case ir.PreToolUse, ir.PostToolUse, ir.UserPromptSubmit:
			out.Stdout = answer(obj("systemMessage", user,
				"hookSpecificOutput", obj("hookEventName", hookEvent, "additionalContext", m)))
		default:
			out.Stdout = answer(obj("systemMessage", user))
		}
		return out
	}

	m := res.Message()
	user := joinNote(m, note)
	switch hookEvent {
	case ir.PreToolUse:
		out.Stdout = answer(obj(
			"hookSpecificOutput", obj("hookEventName", hookEvent, "permissionDecision", "deny", "permissionDecisionReason", m),
			"systemMessage", user))
	case ir.PermissionRequest:
		out.Stdout = answer(permissionDeny(m))
	case ir.PostToolUse, ir.UserPromptSubmit, ir.Stop, ir.SubagentStop:
		if agent == Codex && hookEvent == ir.PostToolUse {
			// Codex replaces the tool output with the reason; keep it to the
			// point and tell the user the rest.
			if note != "" {
				out.Stdout = answer(obj("decision", "block", "reason", m, "systemMessage", user))
				break
			}
			out.Stdout = answer(obj("decision", "block", "reason", m))
			break
		}
		out.Stdout = answer(obj("decision", "block", "reason", m, "systemMessage", user))
	default:
		// No event-specific block exists (e.g. a flat payload without an
		// event): exit 2 with the reason on stderr blocks on both agents.
		out.ExitCode = 2
		out.Stderr = append(out.Stderr, m)
	}
	return out
}

func permissionDeny(msg string) *pyval.Dict {
	return obj("hookSpecificOutput", obj("hookEventName", ir.PermissionRequest,
		"decision", obj("behavior", "deny", "message", msg)))
}

func joinNote(m, note string) string {
	if note == "" {
		return m
	}
	return m + "\n\n" + note
}

// At most MaxProblemLines are listed, then one line saying how many more
// there are: the guarded agent can plant thousands of broken rule files,
// and each problem line would go to the user and into the agent's context.
func problemLines(res *engine.Result) []string {
	var lines []string
	if res.Exception != nil {
		lines = append(lines, "error: "+res.Exception.Msg)
	}
	for i, p := range res.Problems {
		if len(lines) == MaxProblemLines {
			lines = append(lines, fmt.Sprintf("… and %d more problems (hookifyc lint and hookifyc rules list show them all)", len(res.Problems)-i))
			break
		}
		where := ""
		if p.Rule != nil {
			where = p.Where() + ": "
		}
		lines = append(lines, where+p.Text)
	}
	return lines
}

// MaxProblemLines bounds the problems an answer lists.
const MaxProblemLines = 20
