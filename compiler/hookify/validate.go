package hookify

import (
	"fmt"
	"sort"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
)

// Operators are the condition operators hookify knows; any other operator
// never matches.
var Operators = []string{ir.OpRegexMatch, ir.OpContains, ir.OpEquals, ir.OpNotContains, ir.OpStartsWith, ir.OpEndsWith}

// Fields are the condition fields hookify reads for its events (any key of
// a tool call's tool_input is a field too).
var Fields = []string{"command", "file_path", "new_text", "old_text", "content", "new_string", "old_string", "user_prompt", "prompt", "transcript", "reason"}

// Events are the rule events hookify knows.
var Events = []string{ir.EventBash, ir.EventFile, ir.EventStop, ir.EventPrompt, ir.EventAll}

// Validate reports why a rule about to be written would not work as
// written: an event hookify never fires, an action other than warn or
// block, no conditions, an operator hookify does not know, a field that
// looks like a misspelling of a known one, or a regex Python's re rejects.
// Each message names the value and, where one is close, what was meant.
func Validate(r *ir.Rule) []string {
	var out []string
	if !contains(Events, r.Event) {
		out = append(out, fmt.Sprintf("event %q is not one of %v%s", r.Event, Events, didYouMean(r.Event, Events)))
	}
	if r.ActionText != string(ir.ActionWarn) && r.ActionText != string(ir.ActionBlock) {
		out = append(out, fmt.Sprintf("action %q is not warn or block%s", r.ActionText, didYouMean(r.ActionText, []string{"warn", "block"})))
	}
	if len(r.Conditions) == 0 {
		out = append(out, "a rule without conditions never matches")
	}
	for i, c := range r.Conditions {
		at := fmt.Sprintf("condition %d", i+1)
		if !contains(Operators, c.Operator) {
			out = append(out, fmt.Sprintf("%s: operator %q is not one of %v%s", at, c.Operator, Operators, didYouMean(c.Operator, Operators)))
		}
		if !contains(Fields, c.Field) {
			if hint := didYouMean(c.Field, Fields); hint != "" {
				out = append(out, fmt.Sprintf("%s: field %q is not a field hookify reads%s", at, c.Field, hint))
			}
		}
		if c.Operator == ir.OpRegexMatch {
			if _, err := pyre.Compile(c.Pattern, pyre.Options{IgnoreCase: true}); err != nil {
				out = append(out, fmt.Sprintf("%s: invalid regex pattern '%s': %v", at, c.Pattern, err))
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// didYouMean is " (did you mean X?)" for the closest known value within an
// edit distance of 2 (or 1 for short words), else "".
func didYouMean(s string, known []string) string {
	best, bestD := "", 3
	cands := append([]string(nil), known...)
	sort.Strings(cands)
	for _, k := range cands {
		d := editDistance(s, k)
		limit := 2
		if len(k) <= 4 {
			limit = 1
		}
		if d <= limit && d < bestD {
			best, bestD = k, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the Damerau–Levenshtein (optimal string alignment)
// distance between a and b, in bytes.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
