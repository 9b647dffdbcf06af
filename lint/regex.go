package lint

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
)

// regex checks a regex_match condition.
func (l *linter) regex(p string, r *ir.Rule, c *ir.Condition, pos ir.Pos, lines []string) {
	re, err := pyre.Compile(c.Pattern, pyre.Options{IgnoreCase: true})
	if err != nil {
		var perr *pyre.Error
		switch {
		case errors.As(err, &perr) && perr.Unsupported:
			l.report(p, pos, "regex-unsupported", Error,
				fmt.Sprintf("regex %s is valid Python that hookifyc cannot honour: %v", quoted(c.Pattern), err), "rewrite the regex without the construct", nil)
		case strings.Contains(err.Error(), "global flags not at the start"):
			l.report(p, pos, "regex-python-version", Error,
				fmt.Sprintf("regex %s: %v: Python 3.11 and later (and hookify on them) reject it, 3.7-3.10 only warned: the condition never holds on current Python", quoted(c.Pattern), err),
				"move the inline flag to the very start of the pattern, or use a scoped group (?i:...)", nil)
		default:
			l.report(p, pos, "invalid-regex", Error,
				fmt.Sprintf("invalid regex %s: %v: hookify prints \"Invalid regex pattern\" on every call and the condition never holds", quoted(c.Pattern), err), "", nil)
		}
		return
	}
	if versionOnly(c.Pattern) {
		l.report(p, pos, "regex-python-version", Warning,
			fmt.Sprintf("regex %s uses possessive repeats or atomic groups, which Python accepts only from 3.11 on: on older Pythons hookify rejects it", quoted(c.Pattern)),
			"use a plain group and repeat if the rule must run on Python 3.9/3.10", nil)
	}
	if shape := backtracking(re.AST().Root); shape != "" {
		cover := "the runtime's linear-time path covers it, so hookifyc never hangs on it; the hookify plugin (Python re) can run until the agent's hook timeout"
		if !re.Linear() {
			cover = "the runtime's linear-time path does NOT cover it (backreferences, look-arounds or similar): hookifyc bounds each search by a timeout, the hookify plugin can run until the agent's hook timeout"
		}
		l.report(p, pos, "regex-backtracking", Warning,
			fmt.Sprintf("regex %s has a catastrophic-backtracking shape (%s): %s", quoted(c.Pattern), shape, cover),
			"remove the nested repeat or make the alternatives disjoint", nil)
	}
	if c.Field == "command" && (r.Event == ir.EventBash || r.Event == ir.EventAll) {
		l.anchored(p, r, c, pos, lines)
	}
}

// versionOnly reports syntax new in Python 3.11: atomic groups and
// possessive repeats (a rough textual check, confirmed by the parse).
func versionOnly(pattern string) bool {
	if strings.Contains(pattern, "(?>") {
		return true
	}
	for _, q := range []string{"*+", "++", "?+", "}+"} {
		if i := strings.Index(pattern, q); i > 0 && pattern[i-1] != '\\' {
			return true
		}
	}
	return false
}

// backtracking names a shape that makes a backtracking matcher exponential,
// or "": an unbounded repeat of something that itself holds an unbounded
// repeat (nested quantifiers), or of an alternation whose branches can
// start with the same character (overlapping alternatives under a star).
func backtracking(n pyre.Node) string {
	found := ""
	var walk func(n pyre.Node, underStar bool)
	walk = func(n pyre.Node, underStar bool) {
		if found != "" || n == nil {
			return
		}
		switch n := n.(type) {
		case *pyre.Repeat:
			unbounded := n.Max == pyre.Unbounded || n.Max > 16
			if unbounded && n.Mode != pyre.Possessive {
				if ambiguousBody(n.Sub) {
					found = "a repeated group that itself repeats, e.g. (a+)+ or (\\w+\\s?)*"
					return
				}
				if alt := firstAlternate(n.Sub); alt != nil && overlapping(alt) {
					found = "a repeated alternation whose alternatives overlap, e.g. (a|ab)*"
					return
				}
			}
			walk(n.Sub, underStar || unbounded)
		case *pyre.Group:
			if n.Kind == pyre.GroupAtomic {
				return
			}
			walk(n.Sub, underStar)
		case *pyre.Concat:
			for _, s := range n.Subs {
				walk(s, underStar)
			}
		case *pyre.Alternate:
			for _, s := range n.Subs {
				walk(s, underStar)
			}
		case *pyre.Conditional:
			walk(n.Yes, underStar)
			walk(n.No, underStar)
		}
	}
	walk(n, false)
	return found
}

// ambiguousBody reports whether the body of an unbounded repeat can split
// one text into iterations in many ways: it is itself an unbounded repeat
// ((a+)+), or a sequence in which everything but one unbounded repeat can
// match the empty string ((\w+\s?)*). Bodies with a required literal or
// several required parts ((-\S+\s+)*) are left alone.
func ambiguousBody(n pyre.Node) bool {
	n = unwrap(n)
	switch m := n.(type) {
	case *pyre.Repeat:
		return unboundedText(m)
	case *pyre.Concat:
		required, repeat := 0, false
		for _, s := range m.Subs {
			s = unwrap(s)
			if r, ok := s.(*pyre.Repeat); ok && r.Min == 0 {
				continue
			}
			if _, ok := s.(*pyre.Anchor); ok {
				continue
			}
			required++
			if r, ok := s.(*pyre.Repeat); ok && unboundedText(r) {
				repeat = true
			}
		}
		return required == 1 && repeat
	}
	return false
}

func unwrap(n pyre.Node) pyre.Node {
	for {
		g, ok := n.(*pyre.Group)
		if !ok || g.Kind != pyre.GroupCapture && g.Kind != pyre.GroupNonCapture {
			return n
		}
		n = g.Sub
	}
}

func unboundedText(r *pyre.Repeat) bool {
	return (r.Max == pyre.Unbounded || r.Max > 16) && r.Mode != pyre.Possessive && canRepeatText(r.Sub)
}

// canRepeatText excludes repeats of zero-width nodes.
func canRepeatText(n pyre.Node) bool {
	switch n.(type) {
	case *pyre.Anchor, *pyre.Empty:
		return false
	}
	return true
}

func firstAlternate(n pyre.Node) *pyre.Alternate {
	for {
		switch m := n.(type) {
		case *pyre.Group:
			if m.Kind != pyre.GroupCapture && m.Kind != pyre.GroupNonCapture {
				return nil
			}
			n = m.Sub
		case *pyre.Alternate:
			return m
		default:
			return nil
		}
	}
}

// overlapping reports whether two alternatives can start with the same
// character (by their first literal, class or dot).
func overlapping(a *pyre.Alternate) bool {
	type first struct {
		any bool
		set func(rune) bool
	}
	var firsts []first
	for _, s := range a.Subs {
		f, ok := firstChar(s)
		if !ok {
			return false // an alternative that can be empty or starts with an assertion: leave it
		}
		firsts = append(firsts, f)
	}
	for i := range firsts {
		for j := i + 1; j < len(firsts); j++ {
			if firsts[i].any || firsts[j].any {
				return true
			}
			for r := rune(0); r < 128; r++ {
				if firsts[i].set(r) && firsts[j].set(r) {
					return true
				}
			}
		}
	}
	return false
}

func firstChar(n pyre.Node) (f struct {
	any bool
	set func(rune) bool
}, ok bool) {
	switch m := n.(type) {
	case *pyre.Literal:
		rs := m.Matches()
		if len(rs) == 0 {
			return f, false
		}
		lower := strings.ToLower(string(rs[0]))
		f.set = func(r rune) bool { return strings.ToLower(string(r)) == lower }
		return f, true
	case *pyre.Class:
		f.set = m.Contains
		return f, true
	case *pyre.Any:
		f.any = true
		return f, true
	case *pyre.Concat:
		return firstChar(m.Subs[0])
	case *pyre.Group:
		if m.Kind == pyre.GroupCapture || m.Kind == pyre.GroupNonCapture {
			return firstChar(m.Sub)
		}
	case *pyre.Repeat:
		if m.Min > 0 {
			return firstChar(m.Sub)
		}
	}
	return f, false
}

// anchored reports a command regex anchored at the start that the same
// command after "cd x && " no longer matches. Only under hookify's
// semantics: the default semantics test a bash rule against each command
// the line runs (the command model), where ^ is the command's start.
func (l *linter) anchored(p string, r *ir.Rule, c *ir.Condition, pos ir.Pos, lines []string) {
	if l.opts.Semantics != engine.Hookify {
		return
	}
	pat := c.Pattern
	for _, prefix := range []string{"(?i)", "(?s)", "(?m)"} {
		pat = strings.TrimPrefix(pat, prefix)
	}
	if !strings.HasPrefix(pat, "^") || strings.Contains(c.Pattern, "(?m)") {
		return
	}
	// Confirm with the engine: a command the rule matches that no longer
	// matches after a harmless "cd x && ".
	rule := *r
	rule.Conditions = []ir.Condition{*c}
	rule.Enabled = true
	eng := engine.New(engine.Options{Semantics: engine.Hookify})
	for _, cmd := range l.safe {
		if !fires(eng, &rule, cmd) {
			continue
		}
		if fires(eng, &rule, "cd x && "+cmd) {
			return
		}
		l.report(p, pos, "anchored-compound", Warning,
			fmt.Sprintf("regex %s is anchored with ^: it matches %q but not %q, and agents chain commands", quoted(c.Pattern), cmd, "cd x && "+cmd),
			`anchor at a command boundary instead: (^|[;&|(]\s*) in place of ^`, nil)
		return
	}
	// Nothing in the corpus matched: try the pattern's own literal start.
	l.report(p, pos, "anchored-compound", Warning,
		fmt.Sprintf("regex %s is anchored with ^: a command chained after another (cd x && ...) slips past it", quoted(c.Pattern)),
		`anchor at a command boundary instead: (^|[;&|(]\s*) in place of ^`, nil)
}

// broad reports a blocking or warning bash rule that matches a large share
// of the everyday command corpus.
func (l *linter) broad(p string, r *ir.Rule) {
	if !r.Enabled || len(r.Conditions) == 0 || r.ToolMatcher.TypeError != "" || len(l.safe) == 0 {
		return
	}
	if r.Event != ir.EventBash && r.Event != ir.EventAll {
		return
	}
	for _, c := range r.Conditions {
		if c.PatternTypeError != "" {
			return
		}
	}
	n := 0
	var example string
	for _, cmd := range l.safe {
		if fires(l.eng, r, cmd) {
			if n == 0 {
				example = cmd
			}
			n++
		}
	}
	share := float64(n) / float64(len(l.safe))
	if share < l.opts.BroadShare {
		return
	}
	verb := "warns on"
	if r.Blocks() {
		verb = "blocks"
	}
	l.report(p, r.Source.Pos, "broad-pattern", Warning,
		fmt.Sprintf("the rule %s %d of %d everyday commands (%.0f%%), e.g. %q", verb, n, len(l.safe), share*100, example),
		"narrow the pattern to the commands it is about", nil)
}

// fires reports whether rule r warns or blocks on a Bash call of cmd.
func fires(e *engine.Engine, r *ir.Rule, cmd string) bool {
	res := e.Evaluate([]*ir.Rule{r}, engine.BashEvent(cmd))
	return res.Decision() != engine.DecisionAllow
}
