package agent

import (
	"path"

	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/shell"
)

// Normalize recognises the payload shape of a decoded input and returns the
// Claude-shaped event the fixed engine evaluates. It returns ok=false when
// the value is not a JSON object.
func Normalize(raw pyval.Value) (Input, bool) {
	d, ok := raw.(*pyval.Dict)
	if !ok {
		return Input{Raw: raw}, false
	}
	in := Input{Raw: raw, Event: d, Shape: ShapeHook, Agent: Claude}
	if he, ok := d.Get("hook_event"); ok {
		if nested, ok := he.(*pyval.Dict); ok {
			in.Shape, in.Agent = ShapeCodexLegacy, Codex
			in.Event = normalizeLegacy(d, nested)
		}
	} else if _, ok := d.Get("hook_event_name"); !ok {
		if _, ok := d.Get("tool_name"); ok {
			in.Shape = ShapeFlat
			in.Event = normalizeFlat(d)
		}
	}
	if _, ok := d.Get("turn_id"); ok {
		in.Agent = Codex
	}
	in.HookEvent = str(in.Event, "hook_event_name")
	in.Cwd = str(in.Event, "cwd")
	in.Events = []*pyval.Dict{in.Event}
	// Codex edits: an apply_patch call, or a shell command that applies a
	// patch (patch.go), also become one file event per file.
	pc, ok := analyzePatchCall(in.Event, in.Cwd)
	in.patchProblems = pc.problems
	if ok && len(pc.events) > 0 {
		if pc.replace {
			in.Events = pc.events
		} else {
			in.Events = append(in.Events, pc.events...)
		}
	}
	// (A shell command with line continuations is judged as bash reads
	// it by the engine's command model: compiler/engine's views.)
	return in, true
}

// copyEvent is a shallow copy of d, its keys in order.
func copyEvent(d *pyval.Dict) *pyval.Dict {
	out := pyval.NewDict()
	for i := 0; i < d.Len(); i++ {
		k, v := d.At(i)
		out.Set(k, v)
	}
	return out
}

func str(d *pyval.Dict, key string) string {
	if v, ok := d.Get(key); ok {
		if s, ok := v.(pyval.Str); ok {
			return string(s)
		}
	}
	return ""
}

// normalizeFlat turns {tool_name, tool_input} into a PreToolUse event, and a
// shell tool whose command is an argv list into Bash with a command string.
func normalizeFlat(d *pyval.Dict) *pyval.Dict {
	out := pyval.NewDict()
	out.Set("hook_event_name", pyval.Str("PreToolUse"))
	for _, k := range d.Keys() {
		v, _ := d.Get(k)
		out.Set(k, v)
	}
	tool := str(d, "tool_name")
	if ti, ok := d.Get("tool_input"); ok {
		if tid, ok := ti.(*pyval.Dict); ok {
			if cmd, ok := tid.Get("command"); ok {
				if argv, ok := stringList(cmd); ok && isShellTool(tool) {
					out.Set("tool_name", pyval.Str("Bash"))
					nti := pyval.NewDict()
					nti.Set("command", pyval.Str(commandString(argv)))
					out.Set("tool_input", nti)
				}
			}
		}
	}
	if isShellTool(tool) && tool != "Bash" {
		out.Set("tool_name", pyval.Str("Bash"))
	}
	return out
}

func isShellTool(name string) bool {
	switch name {
	case "Bash", "shell", "local_shell", "exec_command", "container.exec", "run_shell_command":
		return true
	}
	return false
}

// legacyEvents maps the nested payload's event_type to hook event names.
var legacyEvents = map[string]string{
	"before_tool_use": "PreToolUse",
	"after_tool_use":  "PostToolUse",
	"after_agent":     "Stop",
}

// normalizeLegacy converts the legacy nested Codex payload.
func normalizeLegacy(top, he *pyval.Dict) *pyval.Dict {
	out := pyval.NewDict()
	for _, k := range []string{"session_id", "transcript_path", "cwd"} {
		if v, ok := top.Get(k); ok {
			out.Set(k, v)
		}
	}
	out.Set("hook_event_name", pyval.Str(legacyEvents[str(he, "event_type")]))
	for _, k := range []string{"turn_id", "last_assistant_message"} {
		if v, ok := he.Get(k); ok {
			out.Set(k, v)
		}
	}
	tool := str(he, "tool_name")
	toolInput := pyval.NewDict()
	if ti, ok := he.Get("tool_input"); ok {
		if tid, ok := ti.(*pyval.Dict); ok {
			switch str(tid, "input_type") {
			case "local_shell":
				if p, ok := tid.Get("params"); ok {
					if params, ok := p.(*pyval.Dict); ok {
						if cmd, ok := params.Get("command"); ok {
							if argv, ok := stringList(cmd); ok {
								toolInput.Set("command", pyval.Str(commandString(argv)))
							}
						}
						if wd := str(params, "workdir"); wd != "" {
							toolInput.Set("workdir", pyval.Str(wd))
							if !path.IsAbs(wd) && str(out, "cwd") != "" {
								wd = path.Join(str(out, "cwd"), wd)
							}
							out.Set("cwd", pyval.Str(wd))
						}
					}
				}
				tool = "Bash"
			case "custom":
				if v, ok := tid.Get("input"); ok {
					toolInput.Set("command", v)
				}
			case "mcp":
				tool = "mcp__" + str(tid, "server") + "__" + str(tid, "tool")
				toolInput = argumentsDict(tid)
			case "function":
				toolInput = argumentsDict(tid)
				if cmd, ok := toolInput.Get("command"); ok && isShellTool(tool) {
					if argv, ok := stringList(cmd); ok {
						toolInput.Set("command", pyval.Str(commandString(argv)))
					}
					tool = "Bash"
				}
			}
		}
	}
	if tool != "" {
		out.Set("tool_name", pyval.Str(tool))
		out.Set("tool_input", toolInput)
	}
	return out
}

// argumentsDict parses a tool call's JSON-encoded "arguments" string; when
// it is not a JSON object the raw text is kept under "arguments".
func argumentsDict(tid *pyval.Dict) *pyval.Dict {
	raw := str(tid, "arguments")
	if v, err := pyval.LoadJSON(raw); err == nil {
		if d, ok := v.(*pyval.Dict); ok {
			return d
		}
	}
	d := pyval.NewDict()
	d.Set("arguments", pyval.Str(raw))
	return d
}

func stringList(v pyval.Value) ([]string, bool) {
	l, ok := v.(*pyval.List)
	if !ok {
		return nil, false
	}
	out := make([]string, len(l.Items))
	for i, it := range l.Items {
		s, ok := it.(pyval.Str)
		if !ok {
			return nil, false
		}
		out[i] = string(s)
	}
	return out, true
}

// commandString renders an argv as the shell command a rule sees: the script
// itself for `bash|sh|zsh -c|-lc SCRIPT` (as Codex's own policy check
// unwraps it), else the argv quoted as a POSIX shell command.
func commandString(argv []string) string {
	if len(argv) == 3 && (argv[1] == "-c" || argv[1] == "-lc") {
		switch path.Base(argv[0]) {
		case "bash", "sh", "zsh":
			return argv[2]
		}
	}
	return shell.Canonical(argv)
}
