// Package engine evaluates IR rules (hookify rules and permission patterns)
// against one hook event and says which rules block or warn, and why. It is
// the meaning of the IR: lowering proves its prefix rules with it and the
// runtime hook answers with it.
//
// It implements two semantics over the same rule language:
//
//   - Hookify replays the hookify plugin exactly: its event filter (which
//     lets every rule see tools it does not know), its field extraction with
//     Python's str() of non-string values, its operators, its lazily raised
//     Python exceptions (which replace the whole result with an error), and
//     its aggregation of messages.
//   - Fixed keeps the rule language and the regex semantics (Python re,
//     IGNORECASE, search) but repairs the defects users report; each one is
//     listed in docs/compat.md and covered by a test.
//
// The engine does not find or read rules (package sources does), nor decode
// an agent's payload or render its answer (package agent). It reads no files
// and no environment: the one piece of I/O hookify performs while matching
// (reading the transcript named by the event) goes through Options.ReadFile.
package engine

import (
	"strings"
	"sync/atomic"
	"time"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Semantics selects how rules are evaluated.
type Semantics uint8

const (
	// Fixed is hookifyc's default: hookify's rule language with its defects fixed.
	Fixed Semantics = iota
	// Hookify is a byte-exact replica of the hookify plugin.
	Hookify
)

func (s Semantics) String() string {
	if s == Hookify {
		return "hookify"
	}
	return "fixed"
}

// DefaultRegexTimeout bounds one regex search.
const DefaultRegexTimeout = 100 * time.Millisecond

// DefaultSearchBudget bounds the time one evaluation may lose to regex
// searches that time out: past it, the remaining searches are not run (and
// count as timed out), so a hook always answers well before the agent's hook
// timeout (10 s in the hooks hookifyc writes).
const DefaultSearchBudget = 2 * time.Second

// Options configure an Engine.
type Options struct {
	Semantics Semantics
	// RegexTimeout bounds each regex search; zero means DefaultRegexTimeout.
	RegexTimeout time.Duration
	// SearchBudget bounds the total time of timed-out searches in one
	// evaluation; zero means DefaultSearchBudget.
	SearchBudget time.Duration
	// ReadFile reads the transcript file named by an event's transcript_path
	// (relative paths are relative to the process working directory, as in
	// hookify). Nil means every read fails with os.ErrNotExist.
	ReadFile func(path string) ([]byte, error)
	// Home is the user's home directory, for ~/ in permission patterns.
	Home string
	// Actor is the genesis.key actor the call is made for: permission rules
	// scoped to another actor do not apply ("" applies only unscoped ones).
	Actor string
	// Explain records, for every matching rule, which value each condition
	// tested (Result.Explanations). Off on the hook's hot path.
	Explain bool
	// Patterns, when not nil, keeps compiled patterns between processes
	// (see PatternCache).
	Patterns PatternCache
	// Deadline, when not zero, is when evaluation stops: the rules not yet
	// evaluated are a ProblemDeadline, and those before them decide (a
	// hook answers before its agent gives up on it).
	Deadline time.Time
	// FailSafeAtDeadline, for rules the guarded agent cannot write (the
	// managed and user layers, a hook's SOURCES): past the Deadline, every
	// rule not yet evaluated that the call considers and that blocks
	// counts as matching, as a search the budget left unrun does. The
	// agent controls the call's size, so a slow call must not switch such
	// a rule off.
	FailSafeAtDeadline bool
	// UntrustedPatternBytes, when not zero, is the budget of the rules the
	// guarded agent can write (a hook's project layers): those at index
	// TrustedRules and after in each Evaluate's list. The patterns only
	// such rules use share UntrustedPatternBytes bytes of translation
	// (pyre's regexp2 form, which Python's \b, \w and \d make hundreds
	// of times longer than the pattern): past it, their patterns are not
	// compiled and are reported unsupported. A planted rule set cannot
	// then make the hook hold gigabytes (a process the kernel kills for
	// its memory decides nothing), and the trusted rules' patterns never
	// wait on the budget.
	UntrustedPatternBytes int
	// ReadScript, when not nil, reads a script file a Bash command runs
	// (source FILE, bash FILE, ./FILE) for the command model; relative
	// paths are relative to the command's directory. Nil: such scripts
	// are not read.
	ReadScript func(path string) (string, bool)
	// TrustedRules is how many rules, the first of each Evaluate's list,
	// are exempt from UntrustedPatternBytes (a hook's managed and user
	// layers, which discovery lists first).
	TrustedRules int
}

// DefaultUntrustedPatternBytes is a hook's budget of translated pattern
// bytes for the project layers' rules. The corpus's real rules translate
// to 1.8 KB at most, a thousand of them to about 1 MB; planted rule sets
// that held a gigabyte now peak at about 50 MB (docs/compat.md).
const DefaultUntrustedPatternBytes = 4 << 20

// PatternCache keeps the summaries of compiled patterns (all compiled with
// IGNORECASE, as hookify does) between processes: a pattern seen before is
// neither parsed nor translated again, and one whose prefilter rejects the
// subject costs nothing (see runtime/rulecache). Only patterns that compile
// are kept; an invalid pattern is compiled, and reported, every time.
type PatternCache interface {
	Pattern(pattern string) (pyre.Summary, bool)
	StorePattern(s pyre.Summary)
}

// Engine evaluates rules. It caches compiled regular expressions, so reuse
// one Engine for many evaluations; it is not safe for concurrent use.
type Engine struct {
	opts Options
	// regexes holds one compiled regex per distinct pattern; byCond finds a
	// condition's entry without hashing its pattern on every search.
	regexes map[string]*compiledRegex
	byCond  map[*ir.Condition]*compiledRegex
	// warmed is the rule list warm last compiled: a long-lived engine
	// evaluating the same rules again skips the walk.
	warmed []*ir.Rule
	// untrustedBytes is what the patterns of untrusted rules alone
	// (Options.TrustedRules) cost in translation, with the reservations
	// of those being compiled (reserve); warm's goroutines share it.
	untrustedBytes atomic.Int64
}

type compiledRegex struct {
	re  *pyre.Regexp
	err error
	id  int // index into a subject's memo of search results
}

// New returns an Engine.
func New(opts Options) *Engine {
	if opts.RegexTimeout <= 0 {
		opts.RegexTimeout = DefaultRegexTimeout
	}
	if opts.SearchBudget <= 0 {
		opts.SearchBudget = DefaultSearchBudget
	}
	return &Engine{opts: opts, regexes: make(map[string]*compiledRegex), byCond: make(map[*ir.Condition]*compiledRegex)}
}

// Semantics returns the engine's semantics.
func (e *Engine) Semantics() Semantics { return e.opts.Semantics }

// PyError is a Python exception that hookify does not catch while matching;
// in hookify semantics it replaces the whole result with
// {"systemMessage": "Hookify error: <Msg>"}.
type PyError struct {
	Msg string
}

func (e *PyError) Error() string { return e.Msg }

func typeError(format string, v pyval.Value) *PyError {
	return &PyError{Msg: strings.Replace(format, "%T", v.TypeName(), 1)}
}

// ProblemKind classifies a non-fatal problem met while evaluating a rule.
type ProblemKind string

const (
	// ProblemInvalidRegex: the pattern does not compile (Python rejects it);
	// the condition is false.
	ProblemInvalidRegex ProblemKind = "invalid-regex"
	// ProblemUnsupportedRegex: valid Python that hookifyc cannot honour; the
	// condition is false.
	ProblemUnsupportedRegex ProblemKind = "unsupported-regex"
	// ProblemRegexTimeout: a backtracking search hit the time bound: under the
	// fixed semantics the condition holds (fail safe: a block rule blocks), under
	// hookify's it is false.
	ProblemRegexTimeout ProblemKind = "regex-timeout"
	// ProblemTranscript: the transcript could not be read; its value is "".
	ProblemTranscript ProblemKind = "transcript"
	// ProblemException: (fixed semantics) the rule met a value hookify would
	// have crashed on; the rule does not match.
	ProblemException ProblemKind = "exception"
	// ProblemRuleFile: a rule file could not be read or parsed; it is skipped.
	ProblemRuleFile ProblemKind = "rule-file"
	// ProblemInput: (fixed semantics) the hook input is malformed (a
	// non-object tool_input, a non-string command, a patch that is not a
	// string) or larger than the input bound: rules may not have seen what
	// the agent will run.
	ProblemInput ProblemKind = "input"
	// ProblemDeadline: the call's deadline passed before these rules (or
	// rule files) were evaluated; the rules before them decide.
	ProblemDeadline ProblemKind = "deadline"
	// ProblemDynamic: (fixed semantics) a Bash command runs something
	// known only at run time (a command name built from a variable set
	// outside the line, a download piped to a shell): rules could not see
	// it, and the fail mode decides.
	ProblemDynamic ProblemKind = "dynamic"
)

// Problem is something the user should hear about: hookify prints these to
// stderr; hookifyc also reports them through the fail mode of the caller.
type Problem struct {
	Rule *ir.Rule
	Kind ProblemKind
	// Text is the diagnostic line, in hookify's words where hookify has one
	// (e.g. "Invalid regex pattern '(': missing ), unterminated subpattern at position 0").
	Text string
	// Pos is where in the rule's file the problem is (the condition whose
	// pattern is at fault), when known.
	Pos ir.Pos
}

// Where is the problem's location: the rule's file with the position of
// the condition at fault, or the rule's own source.
func (p Problem) Where() string {
	if p.Rule == nil {
		return ""
	}
	if p.Pos.IsValid() {
		return ir.Source{File: p.Rule.Source.File, Pos: p.Pos}.String()
	}
	return p.Rule.Source.String()
}
