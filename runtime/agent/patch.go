package agent

import (
	"path"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// patchEvents turns a Codex apply_patch call (the patch text in
// tool_input.command) into one Claude-shaped file event per file it touches,
// so that `event: file` rules see Codex edits as they see Claude's:
//
//   - "*** Add File: p"    → Write {file_path, content: the added lines}
//   - "*** Update File: p" → Edit {file_path, old_string: removed lines, new_string: added lines}
//   - "*** Delete File: p" → Edit {file_path, old_string: "", new_string: ""}
//
// Relative paths are made absolute against cwd, as Claude Code's file_path
// always is. It returns nil when the text is not a patch.
func patchEvents(ev *pyval.Dict, patch, cwd string) []*pyval.Dict {
	type file struct {
		tool, path string
		added      []string
		removed    []string
	}
	var files []*file
	var cur *file
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimSuffix(line, "\r")
		switch {
		case strings.HasPrefix(line, "*** Add File: "):
			cur = &file{tool: "Write", path: strings.TrimPrefix(line, "*** Add File: ")}
			files = append(files, cur)
		case strings.HasPrefix(line, "*** Update File: "):
			cur = &file{tool: "Edit", path: strings.TrimPrefix(line, "*** Update File: ")}
			files = append(files, cur)
		case strings.HasPrefix(line, "*** Delete File: "):
			cur = &file{tool: "Edit", path: strings.TrimPrefix(line, "*** Delete File: ")}
			files = append(files, cur)
		case strings.HasPrefix(line, "*** Move to: ") && cur != nil:
			// The edit lands in the new path: both names are checked.
			moved := *cur
			moved.path = strings.TrimPrefix(line, "*** Move to: ")
			files = append(files, &moved)
			cur = &moved
		case strings.HasPrefix(line, "***") || strings.HasPrefix(line, "@@"):
		case cur != nil && strings.HasPrefix(line, "+"):
			cur.added = append(cur.added, line[1:])
		case cur != nil && strings.HasPrefix(line, "-"):
			cur.removed = append(cur.removed, line[1:])
		}
	}
	var out []*pyval.Dict
	for _, f := range files {
		p := strings.TrimSpace(f.path)
		if !path.IsAbs(p) && cwd != "" {
			p = path.Join(cwd, p)
		}
		d := pyval.NewDict()
		for _, k := range ev.Keys() {
			v, _ := ev.Get(k)
			d.Set(k, v)
		}
		d.Set("tool_name", pyval.Str(f.tool))
		ti := pyval.NewDict()
		ti.Set("file_path", pyval.Str(p))
		if f.tool == "Write" {
			ti.Set("content", pyval.Str(strings.Join(f.added, "\n")))
		} else {
			ti.Set("old_string", pyval.Str(strings.Join(f.removed, "\n")))
			ti.Set("new_string", pyval.Str(strings.Join(f.added, "\n")))
		}
		d.Set("tool_input", ti)
		out = append(out, d)
	}
	return out
}
