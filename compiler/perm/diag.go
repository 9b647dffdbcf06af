package perm

import "github.com/hookifyc/hookifyc/compiler/ir"

// Severity grades a Diagnostic.
type Severity uint8

const (
	// SeverityError: the pattern or entry is malformed and was skipped.
	SeverityError Severity = iota
	// SeverityWarning: the entry was read (or skipped, as Claude Code skips
	// it) but deserves attention.
	SeverityWarning
)

func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// Diagnostic is a problem found while loading permission rules.
type Diagnostic struct {
	File     string
	Pos      ir.Pos
	Severity Severity
	Msg      string
}

// Error formats the diagnostic as file:line:col: msg, with "warning: "
// before the message of a warning.
func (d *Diagnostic) Error() string {
	s := ir.Source{File: d.File, Pos: d.Pos}.String() + ": "
	if d.Severity == SeverityWarning {
		s += "warning: "
	}
	return s + d.Msg
}
