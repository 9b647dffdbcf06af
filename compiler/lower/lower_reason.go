package lower

import "strings"

// noteSet records why a lowering is only partial.
type noteSet uint16

const (
	noteUnanchored      noteSet = 1 << iota // the source matches anywhere in the command
	noteCase                                // hookify matches case-insensitively
	noteReduced                             // repeats, classes or wildcards reduced
	noteDropped                             // some alternatives not expressible
	noteFragment                            // the last token may continue
	noteTruncated                           // enumeration capped
	notePermRestrictive                     // deny/ask see through wrappers, quoting, compounds
	notePermWrapper                         // the pattern's program is a wrapper
	noteDemotable                           // help and dry-run forms only warn: prompt
)

func (n *noteSet) add(x noteSet)   { *n |= x }
func (n *noteSet) merge(x noteSet) { *n |= x }

var noteText = []struct {
	n    noteSet
	text string
}{
	{noteUnanchored, "unanchored (only matches at the start of the argv are lowered)"},
	{notePermRestrictive, "deny/ask also match behind wrappers (sudo, env …), in compound commands and across quoted words"},
	{notePermWrapper, "the program is a wrapper the runtime also sees through"},
	{noteCase, "case-insensitive (only the spelling as written and its lower case are lowered)"},
	{noteFragment, "the last word may continue (e.g. a longer option)"},
	{noteReduced, "repeats, classes and wildcards reduced to short spellings"},
	{noteDropped, "some alternatives are not expressible as token prefixes"},
	{noteTruncated, "alternatives capped"},
	{noteDemotable, "the hook only warns on the command's --help form, which a prefix cannot leave out: Codex asks (prompt) instead of refusing"},
}

func (n noteSet) reason() string {
	var parts []string
	for _, t := range noteText {
		if n&t.n != 0 {
			parts = append(parts, t.text)
		}
	}
	if len(parts) == 0 {
		return "sound under-approximation"
	}
	return "sound under-approximation, the runtime hook covers the rest: " + strings.Join(parts, "; ")
}

// failure records why candidates were rejected, for the runtime reason.
type failure uint16

const (
	failNeedsMore      failure = 1 << iota // the prefix alone does not match (needs an argument, \s, …)
	failTail                               // later arguments can make the source fail ($, lookahead, …)
	failNoLiteral                          // no literal command text
	failNotProgram                         // the literal starts with an option or a non-program
	failUnsafe                             // a token needs shell quoting
	failEquals                             // equals: the argv length cannot be bounded
	failEndsWith                           // ends_with: later arguments change the end
	failNotContains                        // not_contains: later arguments may contain it
	failEverything                         // the regex matches the empty string
	failOtherCondition                     // another condition is not implied
	failShell                              // the program is the shell Codex wraps scripts in
)

func (f *failure) add(x failure)   { *f |= x }
func (f *failure) merge(x failure) { *f |= x }

var failText = []struct {
	f    failure
	text string
}{
	{failEverything, "the pattern matches every command; prefix rules need a program name"},
	{failShell, "a prefix rule on bash/sh/zsh/dash would catch every script Codex does not split (it runs them as bash -lc SCRIPT), far more than the rule means"},
	{failEquals, "equals needs the whole command; prefix rules cannot forbid further arguments"},
	{failEndsWith, "ends_with depends on the last argument; prefix rules only fix the first ones"},
	{failNotContains, "not_contains can be broken by further arguments; prefix rules cannot forbid them"},
	{failNeedsMore, "the pattern needs more than its literal prefix (e.g. an argument after it); prefix rules cannot require that"},
	{failTail, "further arguments can make the pattern fail ($, lookarounds, …); prefix rules cannot forbid them"},
	{failOtherCondition, "the other conditions are not implied by any candidate prefix"},
	{failNotProgram, "the literal text does not start with a program name (e.g. it is an option)"},
	{failUnsafe, "the literal text needs shell quoting, so it never appears as is in a canonical command"},
	{failNoLiteral, "no literal command prefix in the pattern"},
}

func (f failure) reason() string {
	for _, t := range failText {
		if f&t.f != 0 {
			return t.text
		}
	}
	return "no literal command prefix in the pattern"
}
