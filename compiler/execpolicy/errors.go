package execpolicy

import (
	"fmt"
	"strings"
	"unicode"
)

// Error is a load or validation error in a rule file. Msg uses Codex's
// wording (the text after "error:" in `codex execpolicy check` output) where
// hookifyc reproduces the check; Pos is where Codex would point (the start of
// the offending call for errors raised by prefix_rule and friends).
type Error struct {
	Pos Position
	Msg string
	// Bound is set when the file was not refused but its computation
	// passed a bound of LoadLimited ("200000000 steps", "512 MiB of
	// memory", "1m0s"): whether Codex loads it is not known.
	Bound string
}

func (e *Error) Error() string {
	if e.Pos.File == "" && !e.Pos.IsValid() {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// ruleError is an error raised by one of the builtins; kind is Codex's error
// category prefix ("invalid rule", "invalid pattern element", ...) or "".
type ruleError struct {
	kind, msg string
}

func (e *ruleError) Error() string {
	if e.kind == "" {
		return e.msg
	}
	return e.kind + ": " + e.msg
}

func invalidRule(format string, args ...any) error {
	return &ruleError{"invalid rule", fmt.Sprintf(format, args...)}
}

func invalidPattern(format string, args ...any) error {
	return &ruleError{"invalid pattern element", fmt.Sprintf(format, args...)}
}

func invalidExample(format string, args ...any) error {
	return &ruleError{"invalid example", fmt.Sprintf(format, args...)}
}

func plainError(format string, args ...any) error {
	return &ruleError{"", fmt.Sprintf(format, args...)}
}

// rustDebugString renders s as Rust's `{:?}` does for a str (close enough
// for messages: Codex's own texts are unstable across versions).
func rustDebugString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case 0:
			b.WriteString(`\0`)
		default:
			if rustPrintable(r) {
				b.WriteRune(r)
			} else {
				fmt.Fprintf(&b, `\u{%x}`, r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

func rustDebugChar(r rune) string {
	s := rustDebugString(string(r))
	return "'" + s[1:len(s)-1] + "'"
}

func rustPrintable(r rune) bool {
	if r < 0x7f {
		return r >= 0x20
	}
	return unicode.IsGraphic(r) && !unicode.In(r, unicode.Mn, unicode.Me) && !unicode.Is(unicode.Zs, r) || r == 0xa0
}

// rustDebugList renders a []String as Rust's `{:?}` does.
func rustDebugList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = rustDebugString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// debugRule renders a rule as Codex 0.169.0's `{:?}` of PrefixRule.
func debugRule(r *PrefixRule) string {
	rest := make([]string, len(r.Rest))
	for i, t := range r.Rest {
		if len(t) == 1 {
			rest[i] = "Single(" + rustDebugString(t[0]) + ")"
		} else {
			rest[i] = "Alts(" + rustDebugList(t) + ")"
		}
	}
	return fmt.Sprintf("PrefixRule { pattern: PrefixPattern { canonical_matching: %t, first: %s, rest: [%s] }, decision: %s, justification: %s }",
		r.CanonicalMatching, rustDebugString(r.First), strings.Join(rest, ", "), r.Decision.rustName(), debugOption(r.Justification))
}

// debugMatch renders a match as Codex 0.169.0's `{:?}` of RuleMatch.
func debugMatch(m Match) string {
	resolved := "None"
	if m.ResolvedProgram != "" {
		resolved = "Some(AbsolutePathBuf(" + rustDebugString(m.ResolvedProgram) + "))"
	}
	return fmt.Sprintf("PrefixRuleMatch { matched_prefix: %s, decision: %s, resolved_program: %s, justification: %s }",
		rustDebugList(m.MatchedPrefix), m.Rule.Decision.rustName(), resolved, debugOption(m.Rule.Justification))
}

func debugOption(s string) string {
	if s == "" {
		return "None"
	}
	return "Some(" + rustDebugString(s) + ")"
}
