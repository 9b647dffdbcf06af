package engine

import (
	"errors"
	"strconv"
	"strings"
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
		return m.regexSearch(rule, c, value)
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

func (m *matcher) regexSearch(rule *ir.Rule, c *ir.Condition, value pyval.Value) (bool, *PyError) {
	if c.PatternTypeError != "" {
		return false, &PyError{Msg: c.PatternTypeError}
	}
	re, err := m.e.compile(c.Pattern)
	if err != nil {
		kind := ProblemInvalidRegex
		var perr *pyre.Error
		if errors.As(err, &perr) && perr.Unsupported {
			kind = ProblemUnsupportedRegex
		}
		m.problem(rule, kind, "Invalid regex pattern '"+c.Pattern+"': "+err.Error())
		return false, nil
	}
	s, ok := value.(pyval.Str)
	if !ok {
		return false, typeError("expected string or bytes-like object, got '%T'", value)
	}
	matched, err := re.SearchRunes(m.runesOf(string(s)))
	if err != nil {
		m.problem(rule, ProblemRegexTimeout, "Regex search timed out after "+m.e.opts.RegexTimeout.String()+": pattern '"+c.Pattern+"' on a "+strconv.Itoa(len(s))+"-byte value")
		return false, nil
	}
	return matched, nil
}

// runesOf converts s to code points once per distinct field value: most
// rules of an event test the same field, so a few entries compared by
// identity (not by content, which would cost a pass over a long value) suffice.
func (m *matcher) runesOf(s string) []rune {
	for _, c := range m.runes {
		if len(c.src) == len(s) && unsafe.StringData(c.src) == unsafe.StringData(s) {
			return c.r
		}
	}
	r := pyval.Runes(s)
	if len(m.runes) < 4 {
		m.runes = append(m.runes, runeCache{src: s, r: r})
	}
	return r
}

type runeCache struct {
	src string
	r   []rune
}

// compile returns the cached regex for pattern, compiled as hookify does
// (re.IGNORECASE).
func (e *Engine) compile(pattern string) (*pyre.Regexp, error) {
	if c, ok := e.regexes[pattern]; ok {
		return c.re, c.err
	}
	re, err := pyre.Compile(pattern, pyre.Options{IgnoreCase: true, Timeout: e.opts.RegexTimeout})
	e.regexes[pattern] = compiledRegex{re: re, err: err}
	return re, err
}
