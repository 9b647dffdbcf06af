package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// apply is hookify's _check_condition on an extracted value: Python's `in`,
// ==, startswith, endswith and re.search, with their type errors.
func (m *matcher) apply(rule *ir.Rule, c *ir.Condition, value pyval.Value) (bool, *PyError) {
	switch c.Operator {
	case ir.OpRegexMatch:
		matched, unfinished, exc := m.regexSearch(rule, c, value)
		if unfinished {
			// The search could not finish (see failSafe): the condition
			// holds under fixed semantics. An operator that negated a regex
			// search would have to hold here too, never !matched.
			return m.failSafe(), nil
		}
		return matched, exc
	case ir.OpContains:
		return contains(value, c.Pattern)
	case ir.OpNotContains:
		in, exc := contains(value, c.Pattern)
		return !in && exc == nil, exc
	case ir.OpEquals:
		s, ok := value.(pyval.Str)
		return ok && string(s) == c.Pattern, nil
	case ir.OpStartsWith:
		s, ok := value.(pyval.Str)
		if !ok {
			return false, typeError("'%T' object has no attribute 'startswith'", value)
		}
		return strings.HasPrefix(string(s), c.Pattern), nil
	case ir.OpEndsWith:
		s, ok := value.(pyval.Str)
		if !ok {
			return false, typeError("'%T' object has no attribute 'endswith'", value)
		}
		return strings.HasSuffix(string(s), c.Pattern), nil
	}
	return false, nil
}

// contains is Python's `pattern in value`. Byte-wise substring search on
// WTF-8 agrees with code-point search because the encoding is self-synchronising.
func contains(value pyval.Value, pattern string) (bool, *PyError) {
	switch v := value.(type) {
	case pyval.Str:
		return strings.Contains(string(v), pattern), nil
	case *pyval.List:
		for _, item := range v.Items {
			if s, ok := item.(pyval.Str); ok && string(s) == pattern {
				return true, nil
			}
		}
		return false, nil
	case *pyval.Dict:
		_, ok := v.Get(pattern)
		return ok, nil
	}
	return false, typeError("argument of type '%T' is not iterable", value)
}

// regexSearch is re.search(pattern, value) as a yes/no test. unfinished
// reports a search that did not finish in its time bound (only patterns off
// pyre's linear path can take that long: see pyre.Regexp.Linear), or that
// was not run because the call's budget for such searches was spent; the
// problem is reported, and apply resolves the condition with failSafe.
func (m *matcher) regexSearch(rule *ir.Rule, c *ir.Condition, value pyval.Value) (matched, unfinished bool, exc *PyError) {
	if c.PatternTypeError != "" {
		return false, false, &PyError{Msg: c.PatternTypeError}
	}
	cr := m.e.compile(c, m.untrusted)
	re, err := cr.re, cr.err
	if err != nil {
		kind := ProblemInvalidRegex
		var perr *pyre.Error
		if errors.As(err, &perr) && perr.Unsupported {
			kind = ProblemUnsupportedRegex
		}
		m.problemAt(rule, c.Pos, kind, "Invalid regex pattern '"+shownPattern(c.Pattern)+"': "+err.Error())
		return false, false, nil
	}
	s, ok := value.(pyval.Str)
	if !ok {
		return false, false, typeError("expected string or bytes-like object, got '%T'", value)
	}
	entry := m.subjectOf(string(s))
	if cr.id < len(entry.memo) && entry.memo[cr.id] != 0 {
		// Searched already.
		if entry.memo[cr.id] == memoTimeout {
			if m.e.opts.Semantics == Fixed {
				// Reported for the rule that ran the search; say why this
				// rule's condition holds too.
				m.problem(rule, ProblemRegexTimeout, "Regex search of pattern '"+shownPattern(c.Pattern)+"' did not finish earlier in this call"+m.failSafeNote(rule))
			}
			return false, true, nil
		}
		return entry.memo[cr.id] == memoTrue, false, nil
	}
	if m.timedOut >= m.e.opts.SearchBudget {
		entry.remember(cr.id, memoTimeout, len(m.e.regexes))
		m.problem(rule, ProblemRegexTimeout, "Regex search skipped: this call already spent "+m.timedOut.String()+" on searches that timed out; pattern '"+shownPattern(c.Pattern)+"'"+m.failSafeNote(rule))
		return false, true, nil
	}
	matched, err = re.SearchSubject(entry.subject)
	if err != nil {
		entry.remember(cr.id, memoTimeout, len(m.e.regexes))
		if !pyre.IsTimeout(err) { // never expected (see pyre.Regexp.Prepare); unfinished all the same
			m.problem(rule, ProblemRegexTimeout, "Regex search of pattern '"+shownPattern(c.Pattern)+"' failed: "+err.Error()+m.failSafeNote(rule))
			return false, true, nil
		}
		m.timedOut += m.e.opts.RegexTimeout
		m.problem(rule, ProblemRegexTimeout, "Regex search timed out after "+m.e.opts.RegexTimeout.String()+": pattern '"+shownPattern(c.Pattern)+"' on a "+strconv.Itoa(len(s))+"-byte value"+m.failSafeNote(rule))
		return false, true, nil
	}
	result := uint8(memoFalse)
	if matched {
		result = memoTrue
	}
	entry.remember(cr.id, result, len(m.e.regexes))
	return matched, false, nil
}

// failSafe is the value of a condition whose regex search did not finish.
//
// Under fixed semantics the condition holds: a blocking rule blocks and a
// warning rule warns (when its other conditions hold), whatever the fail
// mode. The search's subject is written by the agent the rules guard, so a
// search that cannot finish must not let the call through: padding a
// command until a rule's search times out would switch the rule off.
// (Patterns on pyre's linear path never time out; this is for patterns
// with backreferences, look-arounds, atomic groups or possessive repeats,
// which include 5 of the starter pack's 22 rules. Those can time out on a
// benign command of ~100 kB holding the rule's keyword, which then blocks;
// see docs/compat.md.)
//
// Under hookify semantics the condition is false, as it was before: hookify
// itself keeps searching until the agent kills the hook (10 s), and the call
// then proceeds.
func (m *matcher) failSafe() bool {
	return m.e.opts.Semantics == Fixed
}

// failSafeNote ends a timeout problem's text under fixed semantics, naming
// the rule whose condition holds because of it.
func (m *matcher) failSafeNote(rule *ir.Rule) string {
	if m.e.opts.Semantics != Fixed {
		return ""
	}
	return "; fail safe: rule '" + rule.Name + "' treats the condition as matched"
}

// subjectOf prepares s for regex searches once per distinct field value,
// found by identity (not by content, which would cost a pass over a long
// value): in this evaluation, or in every evaluation of the call that
// shares Event.Subjects.
func (m *matcher) subjectOf(s string) *subjectEntry {
	if m.shared == nil {
		m.shared = NewSubjects() // this evaluation's alone
	}
	id := subjectID{unsafe.StringData(s), len(s)}
	if c, ok := m.shared.byID[id]; ok {
		return c
	}
	entry := &subjectEntry{src: s, subject: pyre.NewSubject(s)}
	if m.shared.byID == nil {
		m.shared.byID = map[subjectID]*subjectEntry{}
	}
	m.shared.byID[id] = entry
	return entry
}

// subjectID is a value's identity: where its bytes are, and how many (the
// entry holds the string, so the memory is not reused meanwhile).
type subjectID struct {
	p *byte
	n int
}

// subjectEntry is a prepared value and the results of the searches run on
// it: identical patterns share one compiled regex, so a pattern repeated
// across rules is searched once per value.
type subjectEntry struct {
	src     string
	subject *pyre.Subject
	memo    []uint8 // by compiledRegex.id: 0 unknown, memoFalse, memoTrue, memoTimeout
}

const (
	memoFalse   = 1
	memoTrue    = 2
	memoTimeout = 3 // the search did not finish (see failSafe); the problem was reported
)

// remember records a result; known is the number of compiled regexes, so
// the memo grows once per value, not once per regex.
func (e *subjectEntry) remember(id int, result uint8, known int) {
	if id >= len(e.memo) {
		e.memo = append(e.memo, make([]uint8, known-len(e.memo))...)
	}
	e.memo[id] = result
}

// compile returns the compiled regex of a condition's pattern, compiled as
// hookify does (re.IGNORECASE) and shared by every condition with the same
// pattern.
//
// untrusted says the condition is an untrusted rule's (Options.TrustedRules):
// a pattern not compiled yet is then compiled only while the budget for
// such patterns lasts, and counted against it. A pattern refused for the
// budget is refused for that condition only: a trusted rule with the same
// pattern still compiles it.
func (e *Engine) compile(c *ir.Condition, untrusted bool) *compiledRegex {
	if cr, ok := e.byCond[c]; ok {
		return cr
	}
	cr, ok := e.regexes[c.Pattern]
	if !ok {
		var held int64
		if untrusted {
			if held = reservation(c.Pattern); !e.reserve(held) {
				cr = &compiledRegex{err: e.budgetError(), id: -1}
				e.byCond[c] = cr
				return cr
			}
		}
		re, err := e.compilePattern(c.Pattern)
		if untrusted {
			e.settle(held, re, err)
		}
		cr = &compiledRegex{re: re, err: err, id: len(e.regexes)}
		e.regexes[c.Pattern] = cr
	}
	e.byCond[c] = cr
	return cr
}

// untrusted reports whether the rule at index i of an Evaluate's list is
// one the guarded agent can write (Options.TrustedRules).
func (e *Engine) untrusted(i int) bool {
	return e.opts.UntrustedPatternBytes > 0 && i >= e.opts.TrustedRules
}

// maxExpansion bounds how many bytes of translation a pattern byte
// becomes (\B, the most, makes 376): what compiling an untrusted pattern
// holds of the budget until its translation is known.
const maxExpansion = 512

// reservation is what compiling pattern holds of the budget (reserve):
// the most its translation can be.
func reservation(pattern string) int64 {
	return min(int64(pyre.MaxEmittedLen), maxExpansion*int64(len(pattern))+64)
}

// reserve takes n bytes of the untrusted rules' budget for a pattern
// about to be compiled, unless the budget is spent. Taking the most a
// translation can be before building it keeps the budget whatever the
// number of cores compiling at once: past it by one reservation at most.
func (e *Engine) reserve(n int64) bool {
	limit := int64(e.opts.UntrustedPatternBytes)
	for {
		used := e.untrustedBytes.Load()
		if used >= limit {
			return false
		}
		if e.untrustedBytes.CompareAndSwap(used, used+n) {
			return true
		}
	}
}

// settle replaces a reservation of held bytes by what compiling the
// pattern cost: its translation; MaxEmittedLen for one refused for its
// size (that much was built, then dropped); nothing for one refused before
// it was translated.
func (e *Engine) settle(held int64, re *pyre.Regexp, err error) {
	var cost int64
	switch {
	case re != nil:
		cost = int64(len(re.Emitted()))
	case pyre.IsTranslationTooLarge(err):
		cost = pyre.MaxEmittedLen
	}
	e.untrustedBytes.Add(cost - held)
}

// budgetError is the error of a pattern refused for the budget.
func (e *Engine) budgetError() error {
	return &pyre.Error{Msg: fmt.Sprintf("not compiled: the project's rules have used up their %d bytes of translated patterns", e.opts.UntrustedPatternBytes), Pos: -1, Unsupported: true}
}

// compilePattern compiles a pattern as hookify does (re.IGNORECASE), from
// the pattern cache when it has it; a pattern compiled here is offered to
// the cache.
func (e *Engine) compilePattern(pattern string) (*pyre.Regexp, error) {
	if re := e.cachedPattern(pattern); re != nil {
		return re, nil
	}
	re, err := e.parsePattern(pattern)
	if err == nil && e.opts.Patterns != nil {
		e.opts.Patterns.StorePattern(re.Summary())
	}
	return re, err
}

// cachedPattern returns the pattern rebuilt from the pattern cache, or nil.
func (e *Engine) cachedPattern(pattern string) *pyre.Regexp {
	if e.opts.Patterns == nil {
		return nil
	}
	if s, ok := e.opts.Patterns.Pattern(pattern); ok && s.Pattern == pattern {
		return pyre.FromSummary(s, e.opts.RegexTimeout)
	}
	return nil
}

// parsePattern parses and translates a pattern (pure, safe on any goroutine).
func (e *Engine) parsePattern(pattern string) (*pyre.Regexp, error) {
	return pyre.Compile(pattern, pyre.Options{IgnoreCase: true, Timeout: e.opts.RegexTimeout})
}

// maxShownPattern is how much of a pattern a problem quotes.
const maxShownPattern = 256

// shownPattern is a pattern as problems quote it: whole, or its first
// maxShownPattern bytes (at a character boundary) and its length. A rule
// the guarded agent writes can hold a pattern of megabytes, which must not
// become megabytes of stderr and of the agent's context.
func shownPattern(p string) string {
	if len(p) <= maxShownPattern {
		return p
	}
	cut := maxShownPattern
	for cut > 0 && !utf8.RuneStart(p[cut]) {
		cut--
	}
	return p[:cut] + "… (" + strconv.Itoa(len(p)) + " bytes)"
}
