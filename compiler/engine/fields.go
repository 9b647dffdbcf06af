package engine

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// extractField is hookify's field lookup. found is false where hookify
// returns None (the condition is then false for every operator). The value
// is a pyval.Str except on the paths where hookify returns a raw
// tool_input.get(...) result, which may be any JSON value.
func (m *matcher) extractField(rule *ir.Rule, field string) (v pyval.Value, found bool, exc *PyError) {
	fixed := m.e.opts.Semantics == Fixed
	if m.view != nil && field == "command" {
		return pyval.Str(*m.view), true, nil // a view of a Bash command (views.go)
	}

	// 1. `field in tool_input`: the value itself, through str() if not a string.
	switch ti := m.toolInput.(type) {
	case *pyval.Dict:
		if v, ok := ti.Get(field); ok {
			if _, ok := v.(pyval.Str); ok {
				return v, true, nil // the dict's own interface value: no allocation
			}
			return pyval.Str(pyval.Str(pyval.ToStr(v))), true, nil
		}
	case pyval.Str:
		if strings.Contains(string(ti), field) {
			return nil, false, &PyError{Msg: "string indices must be integers, not 'str'"}
		}
	case *pyval.List:
		for _, item := range ti.Items {
			if s, ok := item.(pyval.Str); ok && string(s) == field {
				return nil, false, &PyError{Msg: "list indices must be integers or slices, not str"}
			}
		}
	default:
		return nil, false, typeError("argument of type '%T' is not iterable", m.toolInput)
	}

	// 2. Fields of the event itself (only when the input dict is non-empty).
	if m.input.Len() > 0 {
		switch field {
		case "reason":
			return getOr(m.input, "reason", pyval.Str("")), true, nil
		case "transcript":
			if path, ok := m.input.Get("transcript_path"); ok && pyval.Truthy(path) {
				return m.readTranscript(rule, path)
			}
		case "user_prompt":
			if fixed {
				if p, ok := m.input.Get("prompt"); ok {
					return p, true, nil
				}
			}
			return getOr(m.input, "user_prompt", pyval.Str("")), true, nil
		case "prompt":
			if fixed {
				return getOr(m.input, "prompt", pyval.Str("")), true, nil
			}
		}
	}

	// 3. Fields by tool.
	tool, _ := m.tool.(pyval.Str)
	switch {
	case tool == "Bash":
		if field == "command" {
			return m.toolGet("command", pyval.Str(""))
		}
	case tool == "Write" || tool == "Edit":
		switch field {
		case "content":
			return m.contentOrNewString()
		case "new_text", "new_string":
			if fixed && tool == "Write" && field == "new_text" {
				return m.contentOrNewString()
			}
			return m.toolGet("new_string", pyval.Str(""))
		case "old_text", "old_string":
			return m.toolGet("old_string", pyval.Str(""))
		case "file_path":
			return m.toolGet("file_path", pyval.Str(""))
		}
	case fixed && tool == "NotebookEdit":
		// Claude Code's notebook_path, and new_source: the cell's new
		// text ("" when a cell is deleted).
		switch field {
		case "file_path":
			return m.toolGet("notebook_path", pyval.Str(""))
		case "content", "new_text", "new_string":
			return m.toolGet("new_source", pyval.Str(""))
		case "old_text", "old_string":
			return pyval.Str(""), true, nil
		}
	case tool == "MultiEdit":
		switch field {
		case "file_path":
			return m.toolGet("file_path", pyval.Str(""))
		case "new_text", "content":
			return m.joinEdits("new_string")
		case "old_text":
			if fixed {
				return m.joinEdits("old_string")
			}
		}
	}
	return nil, false, nil
}

// toolGet is tool_input.get(key, def); hookify returns None as "not found".
func (m *matcher) toolGet(key string, def pyval.Value) (pyval.Value, bool, *PyError) {
	d, ok := m.toolInput.(*pyval.Dict)
	if !ok {
		return nil, false, typeError("'%T' object has no attribute 'get'", m.toolInput)
	}
	v := getOr(d, key, def)
	if _, isNone := v.(pyval.None); isNone {
		return nil, false, nil
	}
	return v, true, nil
}

// contentOrNewString is hookify's tool_input.get("content") or tool_input.get("new_string", "").
func (m *matcher) contentOrNewString() (pyval.Value, bool, *PyError) {
	d, ok := m.toolInput.(*pyval.Dict)
	if !ok {
		return nil, false, typeError("'%T' object has no attribute 'get'", m.toolInput)
	}
	if v, ok := d.Get("content"); ok && pyval.Truthy(v) {
		return v, true, nil
	}
	return m.toolGet("new_string", pyval.Str(""))
}

// joinEdits is hookify's " ".join(e.get(key, "") for e in tool_input.get("edits", [])).
func (m *matcher) joinEdits(key string) (pyval.Value, bool, *PyError) {
	edits, _, exc := m.toolGet("edits", &pyval.List{})
	if exc != nil {
		return nil, false, exc
	}
	var items []pyval.Value // what iterating `edits` yields
	switch ed := edits.(type) {
	case *pyval.List:
		items = ed.Items
	case pyval.Str:
		for _, r := range pyval.Runes(string(ed)) {
			items = append(items, pyval.Str(pyval.FromRunes([]rune{r})))
		}
	case *pyval.Dict:
		for _, k := range ed.Keys() {
			items = append(items, pyval.Str(k))
		}
	case nil:
		// tool_input.get returned None: iterating None.
		return nil, false, &PyError{Msg: "'NoneType' object is not iterable"}
	default:
		return nil, false, typeError("'%T' object is not iterable", edits)
	}
	// str.join first materialises the generator (raising the first
	// AttributeError), then type-checks the items in order.
	parts := make([]pyval.Value, len(items))
	for i, item := range items {
		d, ok := item.(*pyval.Dict)
		if !ok {
			return nil, false, typeError("'%T' object has no attribute 'get'", item)
		}
		parts[i] = getOr(d, key, pyval.Str(""))
	}
	var b strings.Builder
	for i, p := range parts {
		s, ok := p.(pyval.Str)
		if !ok {
			return nil, false, &PyError{Msg: "sequence item " + strconv.Itoa(i) + ": expected str instance, " + p.TypeName() + " found"}
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(string(s))
	}
	return pyval.Str(b.String()), true, nil
}

// readTranscript is hookify's transcript read: the whole file as text, or ""
// with a warning when it cannot be read.
func (m *matcher) readTranscript(rule *ir.Rule, path pyval.Value) (pyval.Value, bool, *PyError) {
	var p string
	switch pv := path.(type) {
	case pyval.Str:
		p = string(pv)
	case pyval.Int, pyval.Bool:
		// open(<int>) opens a file descriptor; hookify's stdin/stdout are pipes
		// it cannot read from, which ends in the OSError branch.
		m.problem(rule, ProblemTranscript, "Warning: Error reading transcript "+pyval.ToStr(path)+": [Errno 9] Bad file descriptor")
		return pyval.Str(""), true, nil
	default:
		return nil, false, typeError("expected str, bytes or os.PathLike object, not %T", path)
	}
	var data []byte
	err := os.ErrNotExist
	if m.e.opts.ReadFile != nil {
		data, err = m.e.opts.ReadFile(p)
	}
	if err != nil {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			m.problem(rule, ProblemTranscript, "Warning: Transcript file not found: "+p)
		case errors.Is(err, fs.ErrPermission):
			m.problem(rule, ProblemTranscript, "Warning: Permission denied reading transcript: "+p)
		default:
			m.problem(rule, ProblemTranscript, "Warning: Error reading transcript "+p+": "+PyOSErrorText(err, p))
		}
		return pyval.Str(""), true, nil
	}
	text, err := pyval.DecodeUTF8(data)
	if err != nil {
		m.problem(rule, ProblemTranscript, "Warning: Encoding error in transcript "+p+": "+err.Error())
		return pyval.Str(""), true, nil
	}
	return pyval.Str(UniversalNewlines(text)), true, nil
}

func (m *matcher) problem(rule *ir.Rule, kind ProblemKind, text string) {
	m.res.Problems = append(m.res.Problems, Problem{Rule: rule, Kind: kind, Text: text})
}

// problemAt is problem located at a condition of the rule.
func (m *matcher) problemAt(rule *ir.Rule, pos ir.Pos, kind ProblemKind, text string) {
	m.res.Problems = append(m.res.Problems, Problem{Rule: rule, Kind: kind, Text: text, Pos: pos})
}

// UniversalNewlines turns "\r\n" and lone "\r" into "\n", as Python's text
// mode does when reading files.
func UniversalNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// PyOSErrorText renders err the way str(OSError) does for a path:
// "[Errno 21] Is a directory: 'x'".
func PyOSErrorText(err error, path string) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err.Error()
	}
	msg := errno.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return "[Errno " + strconv.Itoa(int(errno)) + "] " + msg + ": " + pyval.Repr(pyval.Str(path))
}
