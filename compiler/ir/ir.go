// Package ir defines the policy intermediate representation shared by every
// hookifyc stage: hookify rule files and permission patterns are read into
// [Rule] values once, with their source positions, and the engine, lowering,
// the runtime hook and the rules commands all work on those values.
//
// The IR keeps hookify's own view of a rule exactly (the Python str() of each
// frontmatter value, the raw action and event text, type errors that hookify
// would raise when it reaches a value) so that the engine can replay hookify's
// behaviour byte for byte, and it also carries the normalised meaning used by
// the fixed semantics and by the compiler.
//
// The IR is data only: it neither reads rule files (packages hookify and
// perm do) nor evaluates rules (package engine does). [AppendBinary] and
// [DecodeBinary] store a parsed rule for the rule cache.
package ir

import (
	"fmt"
	"slices"
	"strings"
)

// Pos is a 1-based line and column in a source file. Columns count bytes.
// The zero Pos means "unknown".
type Pos struct {
	Line, Col int
}

// IsValid reports whether the position is known.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// Source locates a rule, or a part of a rule, in the file it was read from.
type Source struct {
	File string // the path as given to the reader (e.g. ".claude/hookify.x.local.md")
	Pos  Pos
}

func (s Source) String() string {
	if !s.Pos.IsValid() {
		return s.File
	}
	return s.File + ":" + s.Pos.String()
}

// Origin says which frontend produced a rule.
type Origin string

const (
	OriginHookify    Origin = "hookify"    // a hookify markdown rule file
	OriginPermission Origin = "permission" // a Tool(specifier) permission pattern
)

// Action is what a matching rule asks for.
type Action string

const (
	ActionAllow Action = "allow" // permission allow: run without asking
	ActionWarn  Action = "warn"  // hookify warn: show the message, let the call run
	ActionAsk   Action = "ask"   // permission ask: require approval
	ActionBlock Action = "block" // hookify block, permission deny: refuse the call
)

// Event names a hookify rule event. Any other text may appear in a rule file;
// hookify compares it literally (see the engine).
const (
	EventBash   = "bash"
	EventFile   = "file"
	EventStop   = "stop"
	EventPrompt = "prompt"
	EventAll    = "all"
)

// Operators hookify knows. Any other operator text never matches.
const (
	OpRegexMatch  = "regex_match"
	OpContains    = "contains"
	OpEquals      = "equals"
	OpNotContains = "not_contains"
	OpStartsWith  = "starts_with"
	OpEndsWith    = "ends_with"

	// Permission operators (Origin == OriginPermission); hookify never uses
	// them. Pattern is the specifier inside Tool(...).
	//
	// OpPermCommand matches a Bash command against a Claude Code Bash
	// specifier ("git push *", "npm run test:*") with Claude Code's
	// semantics (compound commands split, wrappers stripped).
	OpPermCommand = "permission_command"
	// OpPermPath matches a file path against a gitignore-style path
	// specifier ("src/**", "//etc/passwd", "~/.ssh/*", ".env").
	OpPermPath = "permission_path"
	// OpPermDomain matches a WebFetch URL's host ("domain:example.com").
	OpPermDomain = "permission_domain"
	// OpPermParam matches one input field of a Tool(param:value) rule (and
	// of single-field specifiers such as Agent(Explore)).
	OpPermParam = "permission_param"
)

// Rule is one policy rule.
type Rule struct {
	Origin Origin
	Source Source // the file, and the position of the rule in it (1:1 for a whole file)

	// Name is the Python str() of the frontmatter `name` value ("unnamed" by default).
	Name string
	// Enabled is the Python truthiness of the `enabled` value (true by default).
	Enabled bool
	// Event is the Python str() of the `event` value ("all" by default).
	Event string
	// ActionText is the Python str() of the `action` value ("warn" by default).
	// hookify blocks only when it is exactly "block".
	ActionText string
	// Action is the normalised action: ActionBlock when ActionText == "block",
	// ActionWarn otherwise (hookify); the permission decision for permission rules.
	Action Action

	ToolMatcher ToolMatcher

	// Conditions must all hold (in order, short-circuit) for the rule to match.
	// A rule without conditions never matches. When the rule uses the legacy
	// top-level `pattern:` key, Conditions holds the one condition derived from
	// it, with Legacy set.
	Conditions []Condition

	// Message is the markdown body after the frontmatter, stripped as Python's str.strip().
	Message string

	// KeyPos records where each top-level frontmatter key was written (the last
	// occurrence wins, as in hookify); nil for rules of other sources.
	KeyPos KeyPositions

	// Permission holds what a permission pattern needs beyond the fields above
	// (nil for hookify rules).
	Permission *Permission
}

// Permission describes a rule read from a Tool(specifier) permission pattern.
// Name holds the pattern text (e.g. "Bash(git push *)"), Action its decision
// (allow, ask or block for deny), ToolMatcher the tool (or tool glob), and
// Conditions one permission condition on the specifier (none for a bare Tool).
type Permission struct {
	// Pattern is the pattern text as written.
	Pattern string
	// Tool is the tool part ("Bash", "Read", "mcp__github__*").
	Tool string
	// Specifier is the text inside the parentheses ("" for a bare tool).
	Specifier string
	// BaseDir anchors relative path specifiers: the directory of the settings
	// file for "/path" patterns (Claude Code semantics).
	BaseDir string
	// Actor is the genesis.key actor the pattern applies to ("" for all).
	Actor string
}

// Blocks reports whether the rule refuses the call when it matches.
func (r *Rule) Blocks() bool { return r.Action == ActionBlock }

// ToolMatcher is hookify's undocumented `tool_matcher` key.
type ToolMatcher struct {
	// Set is the Python truthiness of the value; an unset or falsy matcher matches every tool.
	Set bool
	// Any is true for the exact string "*".
	Any bool
	// Names are the exact, case-sensitive tool names (the value split on "|").
	Names []string
	// TypeError, when non-empty, is the text of the Python exception hookify raises
	// when it reaches this matcher (e.g. "'bool' object has no attribute 'split'").
	TypeError string
}

// Matches reports whether a tool name passes the matcher, hookify's way. It must
// not be called when TypeError is set.
func (m ToolMatcher) Matches(tool string) bool {
	if !m.Set || m.Any {
		return true
	}
	for _, n := range m.Names {
		if n == tool {
			return true
		}
	}
	return false
}

// Condition is one test on one field of the event.
type Condition struct {
	Field    string
	Operator string
	Pattern  string
	// PatternTypeError, when non-empty, is the text of the Python exception that
	// hookify raises when it compiles this pattern (a legacy `pattern:` whose
	// value is not a string, e.g. "first argument must be string or compiled pattern").
	PatternTypeError string
	// Legacy marks the condition derived from a top-level `pattern:` key; its
	// Field is the one hookify chooses from the event (command, new_text or content).
	Legacy bool
	// Pos is where the condition (its list item, or the `pattern:` line) starts.
	Pos Pos
}

// KeyPositions are where the top-level keys of a rule's frontmatter were
// written, sorted by key, each key once. A slice rather than a map: a hook
// decodes every rule on every call, and a map per rule was a fifth of it.
type KeyPositions []KeyPosition

// KeyPosition is where one key was written.
type KeyPosition struct {
	Key string
	Pos Pos
}

// KeyPositionsOf returns the positions of m's keys. An empty m gives an
// empty, non-nil KeyPositions.
func KeyPositionsOf(m map[string]Pos) KeyPositions {
	out := make(KeyPositions, 0, len(m))
	for k, p := range m {
		out = append(out, KeyPosition{k, p})
	}
	slices.SortFunc(out, func(a, b KeyPosition) int { return strings.Compare(a.Key, b.Key) })
	return out
}

// Get returns the position of key.
func (k KeyPositions) Get(key string) (Pos, bool) {
	i, ok := slices.BinarySearchFunc(k, key, func(e KeyPosition, key string) int { return strings.Compare(e.Key, key) })
	if !ok {
		return Pos{}, false
	}
	return k[i].Pos, true
}
