package driver

import (
	"errors"
	"strconv"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/compiler/sources"
)

// Validate reports the rules that read but cannot work as written: an
// unknown frontmatter key (a warning, with the key it likely meant), a
// regex_match pattern Python's re rejects (hookify prints "Invalid regex
// pattern" on every call and the condition never holds) or that hookifyc
// cannot honour. Each problem is located at the condition (its list item,
// or the pattern: line).
func Validate(rules []*ir.Rule) []sources.Problem {
	var out []sources.Problem
	for _, r := range rules {
		if r.Origin != ir.OriginHookify {
			continue
		}
		for _, k := range hookify.UnknownKeys(r) {
			out = append(out, sources.Problem{Kind: sources.ProblemInvalidRule, Warning: true, Path: r.Source.File, Pos: k.Pos,
				Text: "rule " + r.Name + ": unknown key " + strconv.Quote(k.Key) + " ignored by hookify" + k.Hint})
		}
		for i := range r.Conditions {
			c := &r.Conditions[i]
			if c.Operator != ir.OpRegexMatch || c.PatternTypeError != "" {
				continue
			}
			_, err := pyre.Compile(c.Pattern, pyre.Options{IgnoreCase: true})
			if err == nil {
				continue
			}
			pos := c.Pos
			if !pos.IsValid() {
				pos = r.Source.Pos
			}
			text := "rule " + r.Name + ": invalid regex pattern '" + c.Pattern + "': " + err.Error()
			var perr *pyre.Error
			if errors.As(err, &perr) && perr.Unsupported {
				text = "rule " + r.Name + ": regex pattern '" + c.Pattern + "' is valid Python that hookifyc cannot honour: " + err.Error()
			}
			out = append(out, sources.Problem{Kind: sources.ProblemInvalidRule, Path: r.Source.File, Pos: pos, Text: text})
		}
	}
	return out
}
