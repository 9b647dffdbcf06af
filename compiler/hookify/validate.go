package hookify

import (
	"fmt"
	"slices"
	"sort"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/internal/suggest"
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
	if !slices.Contains(Events, r.Event) {
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
		if !slices.Contains(Operators, c.Operator) {
			out = append(out, fmt.Sprintf("%s: operator %q is not one of %v%s", at, c.Operator, Operators, didYouMean(c.Operator, Operators)))
		}
		if !slices.Contains(Fields, c.Field) {
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

// didYouMean is " (did you mean X?)" for the closest known value, or "".
func didYouMean(s string, known []string) string { return suggest.Hint(s, known) }

// Keys are the frontmatter keys hookify reads.
var Keys = []string{"name", "enabled", "event", "action", "pattern", "conditions", "tool_matcher"}

// UnknownKey is a frontmatter key hookify ignores, with where it is.
type UnknownKey struct {
	Key  string
	Pos  ir.Pos
	Hint string // ` (did you mean "event"?)` or ""
}

// UnknownKeys lists the top-level frontmatter keys of r that hookify
// ignores (a misspelt `evnet:` leaves the rule with event "all"), in file
// order.
func UnknownKeys(r *ir.Rule) []UnknownKey {
	var out []UnknownKey
	for _, kp := range r.KeyPos {
		if !slices.Contains(Keys, kp.Key) {
			out = append(out, UnknownKey{Key: kp.Key, Pos: kp.Pos, Hint: didYouMean(kp.Key, Keys)})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return out
}
