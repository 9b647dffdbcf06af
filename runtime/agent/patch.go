package agent

import (
	"path"
	"strconv"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// A Codex edit reaches the hook as an apply_patch call (tool_input.command
// holds the patch) or as a shell command that Codex intercepts and applies
// itself (`apply_patch <<'EOF' … EOF`, `cd dir && apply_patch <<…`), or that
// runs Codex's apply_patch helper. Either way every file the patch creates,
// changes, moves (source and destination) or deletes becomes a Claude-shaped
// file event, so that `event: file` rules see Codex edits as they see
// Claude's:
//
//   - "*** Add File: p"    → Write {file_path, content: the added lines}
//   - "*** Update File: p" → Edit {file_path, old_string: removed lines, new_string: added lines},
//     once for p and once for its "*** Move to:" destination
//   - "*** Delete File: p" → Edit {file_path, old_string: "", new_string: ""}
//
// Relative paths are made absolute against the event's cwd (and a `cd dir`
// before the patch), as Claude Code's file_path always is. The grammar is
// Codex's own (patchgrammar.go). When the hook cannot tell exactly which
// files a call changes (a patch Codex may not parse as we do, a patch read
// from a pipe or a file, a script we cannot analyse), every path named in
// the text becomes an event and the call carries a problem (see
// [Input.PatchProblems]).

// patchCall is what the hook learns from a call that applies patches.
type patchCall struct {
	// events are the file events (without the call's own event).
	events []*pyval.Dict
	// problems say why events may miss a file.
	problems []string
	// replace: the file events replace the call's event (an apply_patch
	// call) instead of joining it (a shell command, which shell rules still
	// see).
	replace bool
}

// analyzePatchCall inspects a normalised event. ok is false when the event
// applies no patch.
func analyzePatchCall(ev *pyval.Dict, cwd string) (pc patchCall, ok bool) {
	tool := str(ev, "tool_name")
	if tool != "apply_patch" && tool != "Bash" {
		return pc, false
	}
	ti, _ := ev.Get("tool_input")
	tid, isDict := ti.(*pyval.Dict)
	if !isDict {
		return pc, false
	}
	if tool == "apply_patch" {
		text, found := patchInput(tid)
		if !found {
			pc.problems = append(pc.problems, "apply_patch: the call has no patch text in tool_input.command; the files it changes are unknown")
			return pc, true
		}
		pc.replace = true
		b := eventBuilder{ev: ev}
		p, err := parsePatch(text)
		if err != nil {
			pc.problems = append(pc.problems, "apply_patch: "+err.Error()+"; file rules were checked against every path the text names")
			b.lenient(text, cwd)
		} else {
			b.patch(p, cwd)
		}
		pc.events = b.out
		return pc, true
	}
	cmd, _ := tid.Get("command")
	var sp shellPatches
	switch c := cmd.(type) {
	case pyval.Str:
		sp = findShellPatches(string(c))
	default:
		argv, isList := stringList(c)
		if !isList {
			return pc, false
		}
		sp = findArgvPatches(argv)
	}
	if len(sp.patches) == 0 && len(sp.uncertain) == 0 {
		return pc, false
	}
	b := eventBuilder{ev: ev}
	for _, s := range sp.patches {
		dirs := s.dirs
		if len(dirs) == 0 {
			dirs = []string{""}
		}
		p, err := parsePatch(s.text)
		for _, d := range dirs {
			base := cwd
			if d != "" {
				base = joinPath(cwd, d)
			}
			if err != nil {
				b.lenient(s.text, base)
				continue
			}
			b.patch(p, base)
			if s.lenient {
				b.lenient(s.text, base)
			}
		}
		if err != nil {
			pc.problems = append(pc.problems, "apply_patch in a shell command: "+err.Error()+"; file rules were checked against every path the text names")
		}
	}
	for _, u := range sp.uncertain {
		pc.problems = append(pc.problems, "apply_patch in a shell command: "+u.reason+"; file rules were checked against every path the command names")
		b.lenient(u.text, cwd)
	}
	pc.events = b.out
	return pc, true
}

// patchInput finds the patch text of an apply_patch call: tool_input.command
// (Codex's hook payload and the legacy custom tool), or "input" / "patch"
// (function-style arguments).
func patchInput(ti *pyval.Dict) (string, bool) {
	for _, k := range []string{"command", "input", "patch"} {
		if v, ok := ti.Get(k); ok {
			if s, ok := v.(pyval.Str); ok {
				return string(s), true
			}
		}
	}
	return "", false
}

// joinPath resolves p against dir: absolute paths stay as written,
// relative ones are joined (and cleaned).
func joinPath(dir, p string) string {
	if path.IsAbs(p) || dir == "" {
		return p
	}
	return path.Join(dir, p)
}

// stripTabCR drops the tabs and carriage returns that Codex drops from a
// patch path when it writes the file ("*** Add File: .e\tnv" writes .env).
var stripTabCR = strings.NewReplacer("\t", "", "\r", "")

// resolvePatchPaths returns the file a patch path names, resolved against
// cwd as Codex 0.169.0 does: a path is absolute when it starts with "/"
// (as written), else joined to cwd; the result is normalised lexically
// (Codex updates nodir/../a.txt even when nodir does not exist), and only
// then are tabs and carriage returns removed: "x/\t/../.env" is x/.env,
// the tab component being what ".." cancels. What the removal leaves is
// normalised again, as the file system resolves it.
func resolvePatchPaths(cwd, p string) []string {
	raw := p
	if !path.IsAbs(p) && cwd != "" {
		raw = cwd + "/" + p
	}
	return []string{path.Clean(stripTabCR.Replace(path.Clean(raw)))}
}

// eventBuilder makes file events from the call's event.
type eventBuilder struct {
	ev    *pyval.Dict
	out   []*pyval.Dict
	added map[string]bool // events already made
	paths map[string]bool // their file paths
}

func (b *eventBuilder) add(tool, filePath string, fields ...string) {
	// The fields, length-prefixed, so that no two events share a key; the
	// fields of a parsed patch's events add up to the patch's length.
	key := tool + "\x00" + filePath
	for _, f := range fields {
		key += "\x00" + strconv.Itoa(len(f)) + ":" + f
	}
	if b.added[key] {
		return // the same file event from another reading of the text
	}
	if b.added == nil {
		b.added = map[string]bool{}
	}
	b.added[key] = true
	b.emit(tool, filePath, fields...)
}

// emit appends a file event: the call's event with tool_name tool and a
// tool_input of file_path and the fields (name, value pairs).
func (b *eventBuilder) emit(tool, filePath string, fields ...string) {
	if b.paths == nil {
		b.paths = map[string]bool{}
	}
	b.paths[filePath] = true
	d := pyval.NewDict()
	for _, k := range b.ev.Keys() {
		v, _ := b.ev.Get(k)
		d.Set(k, v)
	}
	d.Set("tool_name", pyval.Str(tool))
	ti := pyval.NewDict()
	ti.Set("file_path", pyval.Str(filePath))
	for i := 0; i+1 < len(fields); i += 2 {
		ti.Set(fields[i], pyval.Str(fields[i+1]))
	}
	d.Set("tool_input", ti)
	b.out = append(b.out, d)
}

// patch adds one event per file of a parsed patch, paths resolved against cwd.
func (b *eventBuilder) patch(p *parsedPatch, cwd string) {
	for _, h := range p.hunks {
		switch h.kind {
		case hunkAdd:
			for _, p := range resolvePatchPaths(cwd, h.path) {
				b.add("Write", p, "content", strings.Join(h.lines, "\n"))
			}
		case hunkDelete:
			for _, p := range resolvePatchPaths(cwd, h.path) {
				b.add("Edit", p, "old_string", "", "new_string", "")
			}
		case hunkUpdate:
			old, new := strings.Join(h.removed, "\n"), strings.Join(h.added, "\n")
			paths := resolvePatchPaths(cwd, h.path)
			if h.moveTo != "" {
				// The edit lands in the new path: both names are checked.
				paths = append(paths, resolvePatchPaths(cwd, h.moveTo)...)
			}
			for _, p := range paths {
				b.add("Edit", p, "old_string", old, "new_string", new)
			}
		}
	}
}

// lenient adds an event for every path that any reading of text could
// give to a file marker (see scanPatchPaths) and that has no event yet.
// What the text adds is not known file by file, so every event carries all
// of it that could be added: the "+" lines, without their "+", then the
// whole text (content rules see what a file may receive).
func (b *eventBuilder) lenient(text, cwd string) {
	var added []string
	for _, l := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(l, "+"); ok {
			added = append(added, rest)
		}
	}
	// Every event carries the same string (no copy); the engine searches
	// it once per pattern for all of them (engine.Event.Subjects), so that
	// thousands of marker lines do not make a call quadratic.
	content := strings.Join(added, "\n") + "\n" + text
	for _, f := range scanPatchPaths(text) {
		for _, p := range resolvePatchPaths(cwd, f.path) {
			if b.paths[p] {
				continue
			}
			// A path without an event yet: no key to check (keying the
			// shared content per path would copy it per path).
			if f.add {
				b.emit("Write", p, "content", content)
			} else {
				b.emit("Edit", p, "old_string", "", "new_string", content)
			}
		}
	}
}

// scannedPath is a path found by scanPatchPaths.
type scannedPath struct {
	path string
	add  bool
}

// scanMarkers are the file markers without their final space, so that the
// scan also sees them when a shell or an escape changes what follows.
var scanMarkers = []struct {
	marker string
	add    bool
}{
	{"*** Add File:", true},
	{"*** Delete File:", false},
	{"*** Update File:", false},
	{"*** Move to:", false},
}

// scanPatchPaths finds every file marker anywhere in text, on any line
// (also reading "\r" and the two-character escapes \n and \r as line
// ends, as printf and $'…' would), and returns the rest of its line,
// trimmed, as a path; also cut at the first quote, backquote or backslash
// when that differs. It is the conservative reading of text that we cannot
// parse exactly: a superset of the paths Codex's parser could find.
func scanPatchPaths(text string) []scannedPath {
	var out []scannedPath
	seen := map[scannedPath]bool{}
	addPathRaw := func(p string, add bool) {
		sp := scannedPath{p, add}
		if rustTrim(p) == "" || seen[sp] {
			return
		}
		seen[sp] = true
		out = append(out, sp)
	}
	addPath := func(p string, add bool) { addPathRaw(rustTrim(p), add) }
	for _, line := range strings.Split(text, "\n") {
		segs := []string{line}
		if strings.Contains(line, "\r") {
			segs = append(segs, strings.Split(line, "\r")...)
		}
		if strings.Contains(line, `\`) {
			segs = append(segs, splitEscapes(line)...)
		}
		for _, seg := range segs {
			for _, m := range scanMarkers {
				rest := seg
				for {
					i := strings.Index(rest, m.marker)
					if i < 0 {
						break
					}
					rest = rest[i+len(m.marker):]
					addPath(rest, m.add)
					if r, ok := strings.CutPrefix(rest, " "); ok {
						// As Codex reads it: blanks after the marker's
						// space belong to the path.
						addPathRaw(rustTrimEnd(r), m.add)
					}
					if j := strings.IndexAny(rest, "'\"`\\"); j >= 0 {
						addPath(rest[:j], m.add)
					}
				}
			}
		}
	}
	return out
}

// splitEscapes splits s at the escapes \n and \r.
func splitEscapes(s string) []string {
	return strings.Split(strings.NewReplacer(`\n`, "\n", `\r`, "\n").Replace(s), "\n")
}
