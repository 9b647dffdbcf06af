package agent

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The apply_patch grammar exactly as Codex 0.169.0 parses it (its
// `apply_patch` tool, the patches it intercepts from shell commands, and its
// `apply_patch`/`applypatch` helper executables all use one parser). Learned
// by running `codex --codex-run-as-apply-patch` on a few hundred patches; the
// recording in testdata/apply_patch_codex.jsonl keeps the answers, and
// TestApplyPatchAgainstCodex replays them (HOOKIFYC_LIVE=1: against the real
// binary). In short:
//
//   - The text is trimmed (Unicode White_Space, as Rust's str::trim) and split
//     at "\n"; one "\r" before each "\n" is dropped. A lone "\r" is no line
//     break.
//   - The first line, trimmed, must be "*** Begin Patch" and the last line,
//     trimmed, "*** End Patch". Otherwise, when the first line is exactly
//     <<EOF, <<'EOF' or <<"EOF", the last line ends with "EOF" and there are
//     at least 4 lines, the lines between them must satisfy the same rule (a
//     heredoc passed as a literal argument).
//   - Between the markers, at a hunk position, lines are trimmed:
//     "*** Add File: P", "*** Delete File: P" and "*** Update File: P" start
//     hunks (P is the rest of the trimmed line: leading blanks after the
//     marker's single space belong to the path); before the first hunk,
//     "*** Environment ID:" with a non-blank value may appear once;
//     "*** End Patch" ends the patch early, and only blank lines may follow
//     it. Anything else, blank lines included, is an error.
//   - An Add hunk takes the following lines that start with "+" (untrimmed).
//     A Delete hunk is its header line.
//   - An Update hunk may be followed directly by "*** Move to: P" (not
//     indented; trailing blanks trimmed; P keeps leading blanks) and needs at
//     least one chunk. Inside Update hunks marker lines count only when not
//     indented (trailing blanks are trimmed): an indented "*** Add File:" is
//     a context line (leading space) or an error, never a new hunk. A chunk
//     starts with "@@" or "@@ context" (the first chunk may omit it) and
//     holds lines starting with " ", "+", "-" or empty lines, optionally
//     ended by "*** End of File" (blank lines after it are skipped; before
//     the first chunk the marker is skipped). After a chunk, the next line
//     must be a hunk header, "*** End Patch" or "@@".
//
// Paths are used as written: relative to the working directory (Codex joins
// them; ".." escapes it) or absolute.
const (
	patchBegin   = "*** Begin Patch"
	patchEnd     = "*** End Patch"
	patchAdd     = "*** Add File: "
	patchDelete  = "*** Delete File: "
	patchUpdate  = "*** Update File: "
	patchMove    = "*** Move to: "
	patchEOF     = "*** End of File"
	patchEnvID   = "*** Environment ID:"
	patchContext = "@@"
)

// hunkKind is what a hunk does to its file.
type hunkKind uint8

const (
	hunkAdd hunkKind = iota + 1
	hunkDelete
	hunkUpdate
)

// patchHunk is one file operation of a patch.
type patchHunk struct {
	kind hunkKind
	path string
	// moveTo is the destination of an Update hunk that renames its file.
	moveTo string
	// lines are the new file's lines (Add).
	lines []string
	// removed and added are the chunks' "-" and "+" lines (Update).
	removed, added []string
}

// parsedPatch is a patch Codex accepts.
type parsedPatch struct {
	envID string
	hunks []patchHunk
}

// patchError is a patch Codex rejects (it then changes no file).
type patchError struct {
	line int // 1-based line of the trimmed text, 0 for the markers
	msg  string
}

func (e *patchError) Error() string {
	if e.line == 0 {
		return "invalid patch: " + e.msg
	}
	return fmt.Sprintf("invalid patch hunk on line %d: %s", e.line, e.msg)
}

// isRustSpace is Rust's char::is_whitespace (the White_Space property).
func isRustSpace(r rune) bool {
	return unicode.Is(unicode.White_Space, r)
}

func rustTrim(s string) string      { return strings.TrimFunc(s, isRustSpace) }
func rustTrimEnd(s string) string   { return strings.TrimRightFunc(s, isRustSpace) }
func rustTrimStart(s string) string { return strings.TrimLeftFunc(s, isRustSpace) }

// indented reports whether s starts with white space.
func indented(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	return n > 0 && isRustSpace(r)
}

// rustLines is Rust's str::lines: split at "\n", dropping one "\r" before it.
func rustLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.Split(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// parsePatch parses a patch as Codex 0.169.0 does.
func parsePatch(text string) (*parsedPatch, error) {
	lines := rustLines(rustTrim(text))
	body, err := patchBody(lines)
	if err != nil {
		return nil, err
	}
	p := &bodyParser{lines: body}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return &p.out, nil
}

// patchBody checks the Begin/End markers (or the heredoc wrapping around
// them) and returns the lines between the markers.
func patchBody(lines []string) ([]string, error) {
	err := checkMarkers(lines)
	if err == nil {
		return lines[1 : len(lines)-1], nil
	}
	if n := len(lines); n >= 4 {
		switch lines[0] {
		case "<<EOF", "<<'EOF'", `<<"EOF"`:
			if strings.HasSuffix(lines[n-1], "EOF") {
				inner := lines[1 : n-1]
				if err := checkMarkers(inner); err != nil {
					return nil, err
				}
				return inner[1 : len(inner)-1], nil
			}
		}
	}
	return nil, err
}

func checkMarkers(lines []string) error {
	if len(lines) == 0 || rustTrim(lines[0]) != patchBegin {
		return &patchError{msg: "The first line of the patch must be '*** Begin Patch'"}
	}
	if rustTrim(lines[len(lines)-1]) != patchEnd || len(lines) < 2 {
		return &patchError{msg: "The last line of the patch must be '*** End Patch'"}
	}
	return nil
}

type bodyParser struct {
	lines []string
	i     int
	out   parsedPatch
}

// errorf reports an error at body line i (line i+2 of the patch).
func (p *bodyParser) errorf(i int, format string, args ...any) error {
	return &patchError{line: i + 2, msg: fmt.Sprintf(format, args...)}
}

func (p *bodyParser) parse() error {
	sawEnvID := false
	for p.i < len(p.lines) {
		t := rustTrim(p.lines[p.i])
		if t == patchEnd {
			for _, l := range p.lines[p.i+1:] {
				if rustTrim(l) != "" {
					return &patchError{msg: "The last line of the patch must be '*** End Patch'"}
				}
			}
			return nil
		}
		if len(p.out.hunks) == 0 && strings.HasPrefix(t, patchEnvID) {
			if sawEnvID {
				return &patchError{msg: "apply_patch environment_id cannot be specified more than once"}
			}
			id := rustTrim(t[len(patchEnvID):])
			if id == "" {
				return &patchError{msg: "apply_patch environment_id cannot be empty"}
			}
			sawEnvID, p.out.envID = true, id
			p.i++
			continue
		}
		start := p.i
		p.i++
		switch {
		case strings.HasPrefix(t, patchAdd):
			h := patchHunk{kind: hunkAdd, path: t[len(patchAdd):]}
			for p.i < len(p.lines) && strings.HasPrefix(p.lines[p.i], "+") {
				h.lines = append(h.lines, p.lines[p.i][1:])
				p.i++
			}
			p.out.hunks = append(p.out.hunks, h)
		case strings.HasPrefix(t, patchDelete):
			p.out.hunks = append(p.out.hunks, patchHunk{kind: hunkDelete, path: t[len(patchDelete):]})
		case strings.HasPrefix(t, patchUpdate):
			h := patchHunk{kind: hunkUpdate, path: t[len(patchUpdate):]}
			if err := p.update(&h, start); err != nil {
				return err
			}
			p.out.hunks = append(p.out.hunks, h)
		default:
			return p.errorf(start, "'%s' is not a valid hunk header. Valid hunk headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'", t)
		}
	}
	return nil
}

// updateMarker returns a line of an Update hunk as a marker line: trailing
// blanks trimmed, and "" when the line is indented (then it is no marker).
func updateMarker(line string) string {
	if indented(line) {
		return ""
	}
	return rustTrimEnd(line)
}

// endsUpdate reports whether a line ends an Update hunk: a hunk header or
// the end marker, not indented.
func endsUpdate(line string) bool {
	m := updateMarker(line)
	return m == patchEnd || strings.HasPrefix(m, patchAdd) || strings.HasPrefix(m, patchDelete) || strings.HasPrefix(m, patchUpdate)
}

func isContextMarker(m string) bool {
	return m == patchContext || strings.HasPrefix(m, patchContext+" ")
}

// update parses the lines of an Update hunk after its header (body line start).
func (p *bodyParser) update(h *patchHunk, start int) error {
	if p.i < len(p.lines) {
		if m := updateMarker(p.lines[p.i]); strings.HasPrefix(m, patchMove) {
			h.moveTo = m[len(patchMove):]
			p.i++
		}
	}
	chunks := 0
	afterEOF := false
	for p.i < len(p.lines) {
		line := p.lines[p.i]
		if afterEOF && rustTrim(line) == "" {
			p.i++
			continue
		}
		if endsUpdate(line) {
			break
		}
		if chunks == 0 && updateMarker(line) == patchEOF {
			// Before the first chunk an end-of-file marker is skipped.
			p.i++
			continue
		}
		if isContextMarker(updateMarker(line)) {
			p.i++
		} else if chunks > 0 {
			return p.errorf(p.i, "Expected update hunk to start with a @@ context marker, got: '%s'", line)
		}
		if p.i >= len(p.lines) {
			return p.errorf(p.i, "Update hunk does not contain any lines")
		}
		n := 0
		afterEOF = false
	chunk:
		for ; p.i < len(p.lines); p.i++ {
			line := p.lines[p.i]
			if updateMarker(line) == patchEOF {
				if n == 0 {
					return p.errorf(p.i, "Update hunk does not contain any lines")
				}
				afterEOF = true
				p.i++
				break
			}
			switch {
			case line == "" || line[0] == ' ':
				// A context line (an empty line is an empty context line).
			case line[0] == '+':
				h.added = append(h.added, line[1:])
			case line[0] == '-':
				h.removed = append(h.removed, line[1:])
			default:
				if n == 0 {
					return p.errorf(p.i, "Unexpected line found in update hunk: '%s'. Every line should start with ' ' (context line), '+' (added line), or '-' (removed line)", line)
				}
				break chunk
			}
			n++
		}
		chunks++
	}
	if chunks == 0 {
		return p.errorf(start, "Update file hunk for path '%s' is empty", h.path)
	}
	return nil
}
