package lower

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/internal/textsafe"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// Report is the compile report (report.json): one entry per source rule.
type Report struct {
	Counts Counts        `json:"counts"`
	Notes  []string      `json:"notes,omitempty"`
	Rules  []ReportEntry `json:"rules"`
}

// Counts are the verdicts of the rules that can apply to Bash calls, and
// the number of other rules (file, prompt and stop rules, which only the
// runtime hook enforces).
type Counts struct {
	Exact   int `json:"exact"`
	Partial int `json:"partial"`
	Runtime int `json:"runtime"`
	// NotBash counts the active rules that never see a Bash call (their
	// verdict is runtime).
	NotBash int `json:"not_bash"`
	// Disabled and NotCompiled count the rules nothing enforces: disabled
	// ones, and those this compilation leaves out (see VerdictNotCompiled).
	Disabled    int `json:"disabled"`
	NotCompiled int `json:"not_compiled"`
	// Emitted is the number of prefix rules written.
	Emitted int `json:"emitted"`
}

// ReportEntry describes the lowering of one source rule.
type ReportEntry struct {
	File     string  `json:"file"`
	Line     int     `json:"line"`
	Col      int     `json:"col"`
	Name     string  `json:"name"`
	Origin   string  `json:"origin"`
	Event    string  `json:"event"`
	Action   string  `json:"action"`
	Bash     bool    `json:"bash"`
	Verdict  Verdict `json:"verdict"`
	Reason   string  `json:"reason"`
	Decision string  `json:"decision,omitempty"`
	Emitted  int     `json:"emitted"`
	// Patterns are the emitted patterns as in .rules: each element a token
	// or a list of alternatives.
	Patterns [][]any  `json:"patterns,omitempty"`
	Examples Examples `json:"examples"`
}

// Examples are the match/not_match examples of a rule's prefix rules.
type Examples struct {
	Match    [][]string `json:"match"`
	NotMatch [][]string `json:"not_match"`
}

// NewReport builds the report of a lowering. notes are extra lines (e.g.
// rules a target had to skip).
func NewReport(ls []Lowered, notes []string) *Report {
	rep := &Report{Notes: notes, Rules: make([]ReportEntry, 0, len(ls))}
	for _, l := range ls {
		r := l.Rule
		pos := rulePos(r)
		e := ReportEntry{
			File:     r.Source.File,
			Line:     pos.Line,
			Col:      pos.Col,
			Name:     r.Name,
			Origin:   string(r.Origin),
			Event:    r.Event,
			Action:   string(r.Action),
			Bash:     l.Bash,
			Verdict:  l.Verdict,
			Reason:   l.Reason,
			Decision: l.Decision.String(),
			Emitted:  len(l.Rules),
			Examples: Examples{Match: [][]string{}, NotMatch: [][]string{}},
		}
		if r.Origin == ir.OriginPermission && r.Permission != nil && r.Permission.Actor != "" {
			e.Name = r.Name + " [" + r.Permission.Actor + "]"
		}
		for _, pr := range l.Rules {
			e.Patterns = append(e.Patterns, patternJSON(pr))
			e.Examples.Match = append(e.Examples.Match, pr.Match...)
			e.Examples.NotMatch = append(e.Examples.NotMatch, pr.NotMatch...)
		}
		rep.Rules = append(rep.Rules, e)
		rep.Counts.Emitted += len(l.Rules)
		switch l.Verdict {
		case VerdictDisabled:
			rep.Counts.Disabled++
			continue
		case VerdictNotCompiled:
			rep.Counts.NotCompiled++
			continue
		}
		if !l.Bash {
			rep.Counts.NotBash++
			continue
		}
		switch l.Verdict {
		case VerdictExact:
			rep.Counts.Exact++
		case VerdictPartial:
			rep.Counts.Partial++
		default:
			rep.Counts.Runtime++
		}
	}
	return rep
}

// rulePos is where a report entry points: for a hookify rule (a whole
// file), its first condition (the pattern: line or the conditions item) or
// else its name: key; for a permission rule, the pattern itself.
func rulePos(r *ir.Rule) ir.Pos {
	if r.Origin == ir.OriginHookify {
		if len(r.Conditions) > 0 && r.Conditions[0].Pos.IsValid() {
			return r.Conditions[0].Pos
		}
		if p, ok := r.KeyPos.Get("name"); ok {
			return p
		}
	}
	return r.Source.Pos
}

// JSON renders the report with a final newline: objects indented, arrays
// without objects (patterns, examples) on one line; deceptive characters
// (internal/textsafe) escaped.
func (rep *Report) JSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(rep); err != nil {
		return nil, err
	}
	out := indentObjects(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return textsafe.EscapeJSON(append(out, '\n')), nil
}

// indentObjects pretty-prints compact JSON, keeping every array that holds
// no object on one line.
func indentObjects(src []byte) []byte {
	var out bytes.Buffer
	depth, inline := 0, 0
	newline := func() {
		out.WriteByte('\n')
		for i := 0; i < depth; i++ {
			out.WriteString("  ")
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			end := stringEnd(src, i)
			out.Write(src[i:end])
			i = end - 1
		case '{', '[':
			if c == '[' && (inline > 0 || !holdsObject(src, i)) {
				inline++
				out.WriteByte(c)
				continue
			}
			out.WriteByte(c)
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				continue
			}
			depth++
			newline()
		case '}', ']':
			if c == ']' && inline > 0 {
				inline--
				out.WriteByte(c)
				continue
			}
			if src[i-1] != '{' && src[i-1] != '[' {
				depth--
				newline()
			}
			out.WriteByte(c)
		case ',':
			out.WriteByte(',')
			if inline > 0 {
				out.WriteByte(' ')
			} else {
				newline()
			}
		case ':':
			out.WriteString(": ")
		default:
			out.WriteByte(c)
		}
	}
	return out.Bytes()
}

// stringEnd returns the index just after the JSON string starting at i.
func stringEnd(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(src)
}

// holdsObject reports whether the array starting at i contains an object.
func holdsObject(src []byte, i int) bool {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '"':
			j = stringEnd(src, j) - 1
		case '{':
			return true
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return false
			}
		}
	}
	return false
}

// Summary is a one-line human summary of the counts.
func (rep *Report) Summary() string {
	c := rep.Counts
	s := fmt.Sprintf("%d bash rules: %d exact, %d partial, %d runtime; %d other rules run in the hook; %d prefix rules",
		c.Exact+c.Partial+c.Runtime, c.Exact, c.Partial, c.Runtime, c.NotBash, c.Emitted)
	if c.Disabled > 0 {
		s += fmt.Sprintf("; %d disabled", c.Disabled)
	}
	if c.NotCompiled > 0 {
		s += fmt.Sprintf("; %d not compiled (see report.json)", c.NotCompiled)
	}
	return s
}

func patternJSON(pr *execpolicy.PrefixRule) []any {
	var out []any
	for _, t := range pr.Pattern() {
		if len(t) == 1 {
			out = append(out, t[0])
		} else {
			out = append(out, []string(t))
		}
	}
	return out
}
