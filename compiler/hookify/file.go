package hookify

import (
	"errors"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// DiagKind classifies a Diagnostic.
type DiagKind int

const (
	// DiagCannotRead: an OSError while opening or reading the file (a
	// directory, a broken symlink, no permission). hookify prints
	// "Error: Cannot read <path>: <e>" and skips the file.
	DiagCannotRead DiagKind = iota + 1
	// DiagMalformed: a ValueError (invalid UTF-8 included), KeyError,
	// AttributeError or TypeError. hookify prints
	// "Error: Malformed rule file <path>: <e>" and skips the file.
	DiagMalformed
	// DiagNoFrontmatter: the frontmatter dict is empty. hookify prints
	// "Warning: <path> missing YAML frontmatter (must start with ---)".
	DiagNoFrontmatter
	// DiagNotLocal: a .claude/hookify.*.md file without the ".local" segment,
	// which hookify silently ignores. hookifyc only.
	DiagNotLocal
	// DiagDeadline: the file (and the ones after it) was not read before
	// the call's deadline (LoadRulesBy). hookifyc only.
	DiagDeadline
)

func (k DiagKind) String() string {
	switch k {
	case DiagCannotRead:
		return "cannot-read"
	case DiagMalformed:
		return "malformed"
	case DiagNoFrontmatter:
		return "no-frontmatter"
	case DiagNotLocal:
		return "not-local"
	case DiagDeadline:
		return "deadline"
	}
	return "unknown"
}

// Diagnostic reports a rule file that is skipped or needs attention.
type Diagnostic struct {
	Kind DiagKind
	Path string // as discovered (for hookify: ".claude/<name>")
	Pos  ir.Pos // where the problem is, when known
	// Msg is the explanation without the location, e.g. the Python exception text.
	Msg string
	// Hookify is the exact line hookify prints to stderr for this file
	// (without the newline), or "" when hookify prints nothing.
	Hookify string
	Err     error // the underlying error, if any
}

// Error formats the diagnostic as path:line:col: msg.
func (d *Diagnostic) Error() string {
	return ir.Source{File: d.Path, Pos: d.Pos}.String() + ": " + d.Msg
}

func (d *Diagnostic) Unwrap() error { return d.Err }

// Translate applies Python's universal newlines to decoded text: "\r\n" and a
// lone "\r" become "\n".
func Translate(text string) string {
	if !strings.ContainsRune(text, '\r') {
		return text
	}
	return strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
}

// Decode is how hookify reads a rule file's bytes: strict UTF-8 (the locale
// encoding of the reference platform; a BOM is kept as U+FEFF) and universal
// newlines. The error is a *pyval.UnicodeDecodeError.
func Decode(data []byte) (string, error) {
	text, err := pyval.DecodeUTF8(data)
	if err != nil {
		return "", err
	}
	return Translate(text), nil
}

// ReadRule is hookify's load_rule_file on a file's content: path is the path
// to report (hookify's glob result, e.g. ".claude/hookify.x.local.md"). It
// returns the rule, or the diagnostic for a skipped file whose Hookify field
// is hookify's exact stderr line.
func ReadRule(path string, data []byte) (*ir.Rule, *Diagnostic) {
	text, err := Decode(data)
	if err != nil {
		d := malformed(path, err.Error(), err)
		var ude *pyval.UnicodeDecodeError
		if errors.As(err, &ude) {
			d.Pos = rawPos(data, ude.Start)
		}
		return nil, d
	}
	fm := ParseFrontmatter(text)
	if fm.Values.Len() == 0 {
		return nil, &Diagnostic{
			Kind:    DiagNoFrontmatter,
			Path:    path,
			Pos:     ir.Pos{Line: 1, Col: 1},
			Msg:     "missing frontmatter: the file must start with --- and the frontmatter must set at least one key",
			Hookify: "Warning: " + path + " missing YAML frontmatter (must start with ---)",
		}
	}
	r, err := FromFrontmatter(fm, path)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			return nil, malformed(path, err.Error(), err)
		}
		d := malformed(path, e.Msg, err)
		d.Pos = e.Pos
		return nil, d
	}
	return r, nil
}

func malformed(path, msg string, err error) *Diagnostic {
	return &Diagnostic{
		Kind:    DiagMalformed,
		Path:    path,
		Msg:     msg,
		Hookify: "Error: Malformed rule file " + path + ": " + msg,
		Err:     err,
	}
}

// cannotRead is the diagnostic for an OSError; msg is Python's str(e).
func cannotRead(path, msg string, err error) *Diagnostic {
	return &Diagnostic{
		Kind:    DiagCannotRead,
		Path:    path,
		Msg:     msg,
		Hookify: "Error: Cannot read " + path + ": " + msg,
		Err:     err,
	}
}

// rawPos is the line:column of byte offset off in undecoded data, counting
// lines as universal newlines do.
func rawPos(data []byte, off int) ir.Pos {
	line, start := 1, 0
	for i := 0; i < off && i < len(data); i++ {
		switch data[i] {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				continue // the "\n" ends this line
			}
			line, start = line+1, i+1
		}
	}
	return ir.Pos{Line: line, Col: off - start + 1}
}
