package agent

import (
	"strconv"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// InputProblems reports a tool call whose input does not have the shape the
// rules read (issue: malformed tool input is a problem, not an allow): a
// tool_input that is not an object, a shell command that is not a string,
// a patch that is not a string, file fields that are not strings. Such a
// call may run something the rules never saw; the fail mode decides (fail
// closed refuses it). A shell command given as a list of strings is also
// joined as a shell would need it quoted (shlex.join) into the event, so
// that the rules still see it.
func (in Input) InputProblems() []engine.Problem {
	var out []engine.Problem
	for _, ev := range in.Events {
		out = append(out, checkToolInput(ev)...)
	}
	return out
}

// stringFields are the tool_input fields that must be strings, per tool.
var stringFields = map[string][]string{
	"Bash":        {"command"},
	"Write":       {"file_path", "content"},
	"Edit":        {"file_path", "old_string", "new_string"},
	"MultiEdit":   {"file_path"},
	"Read":        {"file_path"},
	"apply_patch": {"command", "patch", "input"},
}

func checkToolInput(ev *pyval.Dict) []engine.Problem {
	switch str(ev, "hook_event_name") {
	case ir.PreToolUse, ir.PostToolUse, ir.PermissionRequest:
	default:
		return nil
	}
	tool := str(ev, "tool_name")
	ti, ok := ev.Get("tool_input")
	if !ok {
		return nil // a tool without input: nothing the rules could miss
	}
	d, ok := ti.(*pyval.Dict)
	if !ok {
		return []engine.Problem{{Kind: engine.ProblemInput, Text: "malformed tool input: tool_input of " + strconv.Quote(tool) + " is a " + ti.TypeName() + ", not an object; the rules could not read it"}}
	}
	var out []engine.Problem
	for _, f := range stringFields[tool] {
		v, ok := d.Get(f)
		if !ok {
			continue
		}
		if _, isStr := v.(pyval.Str); isStr {
			continue
		}
		if _, isNone := v.(pyval.None); isNone {
			continue
		}
		msg := "malformed tool input: " + tool + " " + f + " is a " + v.TypeName() + ", not a string"
		if argv, ok := stringList(v); ok && f == "command" {
			// Judge what would run: the argv as one command line.
			cmd := commandString(argv) // as normalize renders an argv command
			d.Set(f, pyval.Str(cmd))
			msg += "; judged as the command " + strconv.Quote(cmd)
		}
		out = append(out, engine.Problem{Kind: engine.ProblemInput, Text: msg})
	}
	if tool == "MultiEdit" {
		if edits, ok := d.Get("edits"); ok {
			if _, isList := edits.(*pyval.List); !isList {
				out = append(out, engine.Problem{Kind: engine.ProblemInput, Text: "malformed tool input: MultiEdit edits is a " + edits.TypeName() + ", not a list"})
			}
		}
	}
	return out
}
