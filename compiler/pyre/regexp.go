package pyre

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dlclark/regexp2"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// DefaultTimeout bounds a search when Options.Timeout is zero.
const DefaultTimeout = 100 * time.Millisecond

// timeoutCheckPeriod is how often regexp2's clock ticks; its default of
// 100 ms would let a 100 ms timeout fire after up to 200 ms.
const timeoutCheckPeriod = 5 * time.Millisecond

var setClockOnce sync.Once

// Options configure Compile.
type Options struct {
	// IgnoreCase is re.IGNORECASE (hookify always sets it).
	IgnoreCase bool
	// Timeout bounds each search on the regexp2 path (a pattern that is not
	// Linear): 0 means DefaultTimeout, a negative value no bound.
	Timeout time.Duration
}

// Regexp is a compiled Python pattern. It is safe for concurrent use.
//
// A pattern without backreferences, conditionals, look-arounds, atomic
// groups and possessive repeats (see Linear) is searched in linear time by an automaton, with no timeout;
// any other is searched by regexp2, bounded by the timeout.
//
// The search program is built on the first search, not by Compile: a hook
// process validates every rule's pattern but often searches with few of
// them, and building the program is two thirds of the cost.
type Regexp struct {
	pattern string
	ast     *AST
	emitted string
	opts    regexp2.RegexOptions
	timeout time.Duration
	foldIS  bool // replace ı and ſ by i and s in subjects (see foldsIS)
	// prefilter: literals one of which every match contains (prefilter.go).
	prefilter []string
	// always: the pattern matches the empty string unconditionally.
	always bool

	once  sync.Once
	re    *regexp2.Regexp
	reErr error

	// The linear path (linear.go): lin is the NFA, or nil when the pattern
	// has none; a Regexp from a summary has its encoding in linCode
	// instead, decoded on first use. linM searches with it.
	lin     *linProg
	linCode string
	linOnce sync.Once
	linM    *linMatcher
}

// Compile parses pattern as Python's re.compile(pattern, flags) does (flags
// being re.IGNORECASE when opts.IgnoreCase) and translates it for regexp2.
// Errors are *Error: a pattern Python rejects (with Python's message), or
// an Unsupported one.
func Compile(pattern string, opts Options) (*Regexp, error) {
	if len(pattern) > MaxPatternLen {
		return nil, &Error{Msg: fmt.Sprintf("pattern of %d bytes: hookifyc compiles patterns of up to %d bytes", len(pattern), MaxPatternLen),
			Pattern: pattern, Pos: -1, Unsupported: true}
	}
	var flags Flags
	if opts.IgnoreCase {
		flags = FlagIgnoreCase
	}
	ast, err := Parse(pattern, flags)
	if err != nil {
		return nil, err
	}
	return CompileAST(ast, opts.Timeout)
}

// MaxPatternLen bounds the patterns Compile takes. The guarded agent
// writes the project's rules: a 58 MB alternation took a hook 4.2 GB to
// build, and a hook the kernel kills for its memory makes no decision (the
// agent runs the call). A megabyte (a hundred thousand alternatives,
// TestLinearLongAlternation) builds in about a tenth of a gigabyte; no
// guard pattern comes near it.
const MaxPatternLen = 1 << 20

// CompileAST translates a parsed pattern (see Emit) for regexp2. timeout is
// as Options.Timeout.
func CompileAST(ast *AST, timeout time.Duration) (*Regexp, error) {
	fold := foldsIS(ast)
	expr, ropts, err := emit(ast, fold)
	if err != nil {
		return nil, err
	}
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	return &Regexp{pattern: ast.Pattern, ast: ast, emitted: expr, opts: ropts, timeout: timeout, foldIS: fold,
		prefilter: prefilterOf(ast), always: alwaysMatches(ast.Root), lin: compileLinear(ast)}, nil
}

// Linear reports whether searches take the linear path: an automaton that
// answers in time linear in the subject and never times out. It is true
// for every pattern without backreferences, conditionals, look-arounds
// ((?=…) (?!…) (?<=…) (?<!…)), atomic groups and possessive repeats, short
// of absurd sizes (repeats expanding past 20,000 instructions, more than
// 256 distinct character sets). Other patterns are searched by regexp2,
// bounded by the timeout.
func (r *Regexp) Linear() bool { return r.linMatcher() != nil }

// linMatcher returns the linear path's matcher, or nil.
func (r *Regexp) linMatcher() *linMatcher {
	r.linOnce.Do(func() {
		p := r.lin
		if p == nil && r.linCode != "" {
			p = decodeLinProg(r.linCode)
		}
		if p != nil {
			r.linM = newLinMatcher(p)
		}
	})
	return r.linM
}

// Prepare builds the search program now instead of on the first search:
// the automaton's tables for a linear pattern, else the regexp2 program.
// Its error, never expected (the fuzz tests check that regexp2 accepts
// every translation), is an Unsupported *Error.
func (r *Regexp) Prepare() error {
	if m := r.linMatcher(); m != nil {
		m.mu.Lock()
		m.dfa()
		m.mu.Unlock()
		return nil
	}
	return r.prepareBacktrack()
}

// prepareBacktrack builds the regexp2 program.
func (r *Regexp) prepareBacktrack() error {
	r.once.Do(r.build)
	return r.reErr
}

func (r *Regexp) build() {
	re, err := regexp2.Compile(r.emitted, r.opts)
	if err != nil {
		r.reErr = &Error{Msg: "internal error: regexp2 rejects the translation " + r.emitted + ": " + err.Error(),
			Pattern: r.pattern, Pos: -1, Unsupported: true}
		return
	}
	if r.timeout > 0 {
		re.MatchTimeout = r.timeout
	}
	setClockOnce.Do(func() { regexp2.SetTimeoutCheckPeriod(timeoutCheckPeriod) })
	r.re = re
}

// MustCompile is Compile for patterns known to be valid; it panics on error.
func MustCompile(pattern string, opts Options) *Regexp {
	re, err := Compile(pattern, opts)
	if err != nil {
		panic(fmt.Sprintf("pyre: Compile(%q): %v", pattern, err))
	}
	return re
}

// Search reports whether the pattern matches anywhere in subject (Python's
// bool(re.search(pattern, subject))). subject is WTF-8 (see package pyval).
// It returns ErrTimeout when a search on the regexp2 path exceeds the
// timeout; a linear pattern (see Linear) never times out.
func (r *Regexp) Search(subject string) (bool, error) {
	if m := r.linMatcher(); m != nil {
		return m.searchString(subject), nil
	}
	return r.searchBacktrack(pyval.Runes(subject))
}

// SearchRunes is Search on a subject already split into code points.
func (r *Regexp) SearchRunes(subject []rune) (bool, error) {
	if m := r.linMatcher(); m != nil {
		return m.searchRunes(subject), nil
	}
	return r.searchBacktrack(subject)
}

// searchBacktrack searches with the regexp2 program, whatever the pattern.
func (r *Regexp) searchBacktrack(subject []rune) (bool, error) {
	if err := r.prepareBacktrack(); err != nil {
		return false, err
	}
	if r.foldIS {
		subject = foldSubjectIS(subject)
	}
	ok, err := r.re.MatchRunes(subject)
	if err != nil {
		if strings.HasPrefix(err.Error(), "match timeout") {
			return false, ErrTimeout
		}
		return false, fmt.Errorf("pyre: search %q: %w", r.pattern, err)
	}
	return ok, nil
}

// foldSubjectIS returns s with U+0131 and U+017F replaced by 'i' and 's',
// copying it only if it has any.
func foldSubjectIS(s []rune) []rune {
	for i, r := range s {
		if r == 0x131 || r == 0x17F {
			out := slices.Clone(s)
			for j := i; j < len(out); j++ {
				switch out[j] {
				case 0x131:
					out[j] = 'i'
				case 0x17F:
					out[j] = 's'
				}
			}
			return out
		}
	}
	return s
}

// String returns the Python pattern.
func (r *Regexp) String() string { return r.pattern }

// AST returns the parsed pattern. The caller must not modify it.
func (r *Regexp) AST() *AST { return r.ast }

// Emitted returns the regexp2 pattern that implements r. It can differ from
// Emit's: when the pattern cannot tell U+0131 from 'i' nor U+017F from 's'
// (see foldsIS), searches replace those in the subject and the pattern
// keeps "i" and "s" as plain literals.
func (r *Regexp) Emitted() string { return r.emitted }

// IsTimeout reports whether err is or wraps ErrTimeout.
func IsTimeout(err error) bool { return errors.Is(err, ErrTimeout) }
