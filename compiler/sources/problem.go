package sources

import (
	"errors"
	"syscall"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
)

// ProblemKind classifies a Problem.
type ProblemKind string

const (
	// ProblemCannotRead: a source, rule file or layer directory that exists
	// (or was named) but cannot be read; its rules are missing.
	ProblemCannotRead ProblemKind = "cannot-read"
	// ProblemMissing: a named source that does not exist.
	ProblemMissing ProblemKind = "missing"
	// ProblemNotASource: a named file that is no kind of rule source.
	ProblemNotASource ProblemKind = "not-a-source"
	// ProblemMalformed: a rule file, settings or genesis file that does not
	// parse (or a rule in it); the rule, or the file, is skipped.
	ProblemMalformed ProblemKind = "malformed"
	// ProblemNoFrontmatter: a hookify file without frontmatter; skipped.
	ProblemNoFrontmatter ProblemKind = "no-frontmatter"
	// ProblemNotLocal: a .claude/hookify.*.md file without ".local", which
	// hookify ignores (a warning).
	ProblemNotLocal ProblemKind = "not-local"
	// ProblemCollision: a rule with the name of a rule of a more trusted
	// layer; both apply (a warning).
	ProblemCollision ProblemKind = "collision"
	// ProblemInvalidRule: a rule that reads but can never work as written
	// (e.g. a regex Python rejects): hookify reports it on every call and
	// the condition never holds.
	ProblemInvalidRule ProblemKind = "invalid-rule"
	// ProblemSource: a finding of a settings or genesis reader (unknown key,
	// unusable pattern), with its severity.
	ProblemSource ProblemKind = "source"
	// ProblemDeadline: rule directories or files not read before the
	// call's deadline (Layout.Deadline); the rules read before decide.
	ProblemDeadline ProblemKind = "deadline"
	// ProblemPatternBudget: a project rule left out because the project
	// layers' patterns would pass Layout.ProjectPatternBytes.
	ProblemPatternBudget ProblemKind = "pattern-budget"
)

// Problem is a source, or part of one, that could not be used as it is.
// Rules that fail to load are skipped and reported, never silently
// dropped. Warning marks a problem that did not cost a rule.
type Problem struct {
	Kind    ProblemKind
	Path    string // the file or directory, as named or discovered
	Pos     ir.Pos // where in the file, when known
	Text    string // the message, without the location
	Warning bool
}

// Error formats the problem as path[:line:col]: [warning: ]text.
func (p Problem) Error() string {
	s := ir.Source{File: p.Path, Pos: p.Pos}.String() + ": "
	if p.Warning {
		s += "warning: "
	}
	return s + p.Text
}

// String is Error.
func (p Problem) String() string { return p.Error() }

// Costly reports whether the problem cost rules: a file or rule that is
// not applied (the runtime's fail mode decides what happens then).
func (p Problem) Costly() bool { return !p.Warning }

// fromDiagnostic converts a hookify reader diagnostic.
func fromDiagnostic(d *hookify.Diagnostic) Problem {
	p := Problem{Path: d.Path, Pos: d.Pos, Text: d.Msg}
	switch d.Kind {
	case hookify.DiagCannotRead:
		p.Kind = ProblemCannotRead
	case hookify.DiagMalformed:
		p.Kind = ProblemMalformed
	case hookify.DiagNoFrontmatter:
		p.Kind = ProblemNoFrontmatter
	case hookify.DiagNotLocal:
		p.Kind, p.Warning = ProblemNotLocal, true
	case hookify.DiagDeadline:
		p.Kind = ProblemDeadline
	default:
		p.Kind = ProblemMalformed
	}
	return p
}

// fromPermDiag converts a settings or genesis reader finding.
func fromPermDiag(path string, d *perm.Diagnostic) Problem {
	file := d.File
	if file == "" {
		file = path
	}
	return Problem{Kind: ProblemSource, Path: file, Pos: d.Pos, Text: d.Msg, Warning: d.Severity == perm.SeverityWarning}
}

// isNotDir reports an error of listing a path whose parent is a regular
// file (ENOTDIR), or a path that is not a directory.
func isNotDir(err error) bool {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno == syscall.ENOTDIR
	}
	return false
}
