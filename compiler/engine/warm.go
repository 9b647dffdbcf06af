package engine

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// minWarm is the number of regexes to compile below which warming up on
// several cores costs more than it saves.
const minWarm = 4

// warm compiles, on all cores, the regexes of the rules Evaluate is about to
// consider that are not compiled yet, and builds the programs of those
// whose prefilter admits one of the call's top-level string values (the
// values rules usually test). Evaluation itself stays sequential and in
// rule order; compiling is pure, so compiling a pattern that the evaluation
// then never reaches changes nothing but the time spent (an invalid
// pattern is still reported only when its condition is reached).
func (e *Engine) warm(rules []*ir.Rule, consider func(*ir.Rule) bool, m *matcher) {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(rules) == 0 || sameRules(rules, e.warmed) {
		return
	}
	e.warmed = rules
	var pending []string
	// seen: the pattern's index in pending (-1: compiled already).
	seen := map[string]int{}
	// untrusted[i]: only untrusted rules use pending[i] (see compile).
	var untrusted []bool
	for r, rule := range rules {
		if rule.Permission != nil || !consider(rule) {
			continue
		}
		u := e.untrusted(r)
		for i := range rule.Conditions {
			c := &rule.Conditions[i]
			if c.Operator != ir.OpRegexMatch || c.PatternTypeError != "" {
				continue
			}
			if k, ok := seen[c.Pattern]; ok {
				if k >= 0 && !u {
					untrusted[k] = false
				}
				continue
			}
			if _, ok := e.regexes[c.Pattern]; ok {
				seen[c.Pattern] = -1
				continue
			}
			seen[c.Pattern] = len(pending)
			pending = append(pending, c.Pattern)
			untrusted = append(untrusted, u)
		}
	}
	if len(pending) < minWarm {
		return
	}
	subjects := warmSubjects(m)
	compiled := make([]*compiledRegex, len(pending))
	// Patterns from the pattern cache need no parsing; only those whose
	// prefilter admits a subject need a program. The rest is the work.
	var work []int
	for i, p := range pending {
		if re := e.cachedPattern(p); re != nil {
			if untrusted[i] && !e.reserve(int64(len(re.Emitted()))) {
				continue // compile refuses it, for each condition
			}
			compiled[i] = &compiledRegex{re: re}
			if !needsProgram(re, subjects) {
				continue
			}
		}
		work = append(work, i)
	}
	// Longest first: a pattern's translation length is a fair guess of its
	// cost (Python's \b and \w become long Unicode classes), and a long one
	// last would leave the other cores idle.
	sort.SliceStable(work, func(a, b int) bool {
		return workCost(compiled[work[a]], pending[work[a]]) > workCost(compiled[work[b]], pending[work[b]])
	})
	if workers > len(work) {
		workers = len(work)
	}
	fresh := make([]bool, len(pending))
	var next atomic.Int64
	deadline := e.opts.Deadline
	do := func() {
		for {
			k := int(next.Add(1)) - 1
			if k >= len(work) || !deadline.IsZero() && time.Now().After(deadline) {
				return // what is left compiles when (if) a search needs it
			}
			i := work[k]
			if compiled[i] == nil {
				var held int64
				if untrusted[i] {
					// Not compiled here when the budget is spent, or
					// held by the other workers' patterns: compile
					// decides, one pattern at a time.
					if held = reservation(pending[i]); !e.reserve(held) {
						continue
					}
				}
				re, err := e.parsePattern(pending[i])
				if untrusted[i] {
					e.settle(held, re, err)
				}
				compiled[i] = &compiledRegex{re: re, err: err}
				fresh[i] = true
				if err != nil {
					continue
				}
			}
			if re := compiled[i].re; needsProgram(re, subjects) {
				re.Prepare() // its error, if any, is the search's
			}
		}
	}
	// The caller is one of the workers.
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			do()
		}()
	}
	do()
	wg.Wait()
	// Ids in pattern order: the same on every run.
	for i, p := range pending {
		cr := compiled[i]
		if cr == nil || cr.re == nil && cr.err == nil {
			continue // not reached before the deadline
		}
		cr.id = len(e.regexes)
		e.regexes[p] = cr
		if fresh[i] && cr.err == nil && e.opts.Patterns != nil {
			e.opts.Patterns.StorePattern(cr.re.Summary())
		}
	}
}

func needsProgram(re *pyre.Regexp, subjects []*pyre.Subject) bool {
	for _, s := range subjects {
		if re.NeedsProgram(s) {
			return true
		}
	}
	return false
}

// maxWarmSubjects bounds the values a warm-up prepares to decide which
// programs to build (a tool call's first few string inputs).
const maxWarmSubjects = 4

// warmSubjects returns the prepared string values of tool_input and the
// prompt, through the matcher's subject memo (so the searches reuse them),
// the first maxWarmSubjects of them.
func warmSubjects(m *matcher) []*pyre.Subject {
	var values []string
	if ti, ok := m.toolInput.(*pyval.Dict); ok {
		for i := 0; i < ti.Len(); i++ {
			// StrAt: only string values are warmed, and reading them never
			// builds a large undecoded container (pyval's two-pass decoding).
			if s, ok := ti.StrAt(i); ok && s != "" {
				values = append(values, string(s))
			}
		}
	}
	for _, k := range []string{"user_prompt", "prompt"} {
		if v, ok := m.input.Get(k); ok {
			if s, ok := v.(pyval.Str); ok && s != "" {
				values = append(values, string(s))
			}
		}
	}
	if len(values) > maxWarmSubjects {
		values = values[:maxWarmSubjects]
	}
	subjects := make([]*pyre.Subject, len(values))
	for i, v := range values {
		subjects[i] = m.subjectOf(v).subject
	}
	return subjects
}

// workCost estimates the work of compiling a pattern: the length of its
// translation when known, else of the pattern.
func workCost(cr *compiledRegex, pattern string) int {
	if cr != nil && cr.re != nil {
		return len(cr.re.Emitted())
	}
	return len(pattern)
}

// sameRules reports whether a and b are the same slice (not merely equal).
func sameRules(a, b []*ir.Rule) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}
