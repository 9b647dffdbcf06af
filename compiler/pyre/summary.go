package pyre

import (
	"time"

	"github.com/dlclark/regexp2"
)

// Summary is what searching with a compiled pattern needs, without its
// syntax tree: the translations and the prefilter. A process that keeps
// summaries (the hook's pattern cache) skips parsing and translating a
// pattern it has seen before, and a pattern whose prefilter rejects the
// subject then costs nothing at all.
//
// Emitted carries both search programs: the regexp2 pattern and, for a
// linear pattern (see Regexp.Linear), a NUL byte and the encoded automaton
// of the linear path. (One string, so that a cache that stores the fields
// of Summary keeps the linear path without knowing about it.)
type Summary struct {
	Pattern   string   // the Python pattern
	Emitted   string   // the regexp2 pattern (see Regexp.Emitted), then NUL and the linear path's NFA, if any
	Options   int32    // the regexp2 options
	FoldIS    bool     // subjects have U+0131 and U+017F replaced
	Always    bool     // the pattern matches the empty string unconditionally
	Prefilter []string // literals one of which every match contains, or nil
}

// Summary returns the summary of r.
func (r *Regexp) Summary() Summary {
	emitted := r.emitted
	switch {
	case r.lin != nil:
		emitted += linSep + r.lin.encode()
	case r.linCode != "":
		emitted += linSep + r.linCode
	}
	return Summary{
		Pattern: r.pattern, Emitted: emitted, Options: int32(r.opts), FoldIS: r.foldIS,
		Always: r.always, Prefilter: r.prefilter,
	}
}

// Linear reports whether the summary carries a linear path (see
// Regexp.Linear).
func (s Summary) Linear() bool {
	_, lin := splitEmitted(s.Emitted)
	return lin != ""
}

// FromSummary returns the Regexp a summary describes, searching exactly as
// the Regexp it was taken from (timeout is as Options.Timeout). It has no
// syntax tree: AST returns nil. The summary must come from Regexp.Summary
// of the same build of this package. A linear path whose encoding is
// damaged is dropped (the regexp2 path answers instead, as exactly).
func FromSummary(s Summary, timeout time.Duration) *Regexp {
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	emitted, lin := splitEmitted(s.Emitted)
	return &Regexp{
		pattern: s.Pattern, emitted: emitted, opts: regexp2.RegexOptions(s.Options), timeout: timeout,
		foldIS: s.FoldIS, always: s.Always, prefilter: s.Prefilter, linCode: lin,
	}
}
