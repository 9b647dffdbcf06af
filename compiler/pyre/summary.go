package pyre

import (
	"time"

	"github.com/dlclark/regexp2"
)

// Summary is what searching with a compiled pattern needs, without its
// syntax tree: the regexp2 translation and the prefilter. A process that
// keeps summaries (the hook's pattern cache) skips parsing and translating
// a pattern it has seen before, and a pattern whose prefilter rejects the
// subject then costs nothing at all.
type Summary struct {
	Pattern   string   // the Python pattern
	Emitted   string   // the regexp2 pattern (see Regexp.Emitted)
	Options   int32    // the regexp2 options
	FoldIS    bool     // subjects have U+0131 and U+017F replaced
	Always    bool     // the pattern matches the empty string unconditionally
	Prefilter []string // literals one of which every match contains, or nil
}

// Summary returns the summary of r.
func (r *Regexp) Summary() Summary {
	return Summary{
		Pattern: r.pattern, Emitted: r.emitted, Options: int32(r.opts), FoldIS: r.foldIS,
		Always: r.always, Prefilter: r.prefilter,
	}
}

// FromSummary returns the Regexp a summary describes, searching exactly as
// the Regexp it was taken from (timeout is as Options.Timeout). It has no
// syntax tree: AST returns nil. The summary must come from Regexp.Summary
// of the same build of this package.
func FromSummary(s Summary, timeout time.Duration) *Regexp {
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	return &Regexp{
		pattern: s.Pattern, emitted: s.Emitted, opts: regexp2.RegexOptions(s.Options), timeout: timeout,
		foldIS: s.FoldIS, always: s.Always, prefilter: s.Prefilter,
	}
}
