package execpolicy

import (
	"fmt"
	"slices"
	"sync"
)

// Decision is what a matching rule asks for. The order is Codex's:
// Allow < Prompt < Forbidden, and the strictest decision of all matches wins.
// The zero Decision means "no rule matched".
type Decision uint8

const (
	Allow     Decision = iota + 1 // run without asking (outside the sandbox)
	Prompt                        // ask the user for approval
	Forbidden                     // refuse the command
)

// String returns the decision as written in `.rules` files and in
// `codex execpolicy check` output ("allow", "prompt", "forbidden"); "" for
// the zero Decision.
func (d Decision) String() string {
	switch d {
	case Allow:
		return "allow"
	case Prompt:
		return "prompt"
	case Forbidden:
		return "forbidden"
	}
	return ""
}

// rustName is the decision as Codex's Rust Debug output prints it.
func (d Decision) rustName() string {
	switch d {
	case Allow:
		return "Allow"
	case Prompt:
		return "Prompt"
	case Forbidden:
		return "Forbidden"
	}
	return "None"
}

// ParseDecision parses a prefix_rule decision exactly as Codex does: only
// "allow", "prompt" and "forbidden" (case-sensitive) are valid.
func ParseDecision(s string) (Decision, error) {
	switch s {
	case "allow":
		return Allow, nil
	case "prompt":
		return Prompt, nil
	case "forbidden":
		return Forbidden, nil
	}
	return 0, fmt.Errorf("invalid decision: %s", s)
}

// Token is one position of a prefix pattern after the first: the argv token
// there must equal one of the alternatives. A Token of length 1 is a single
// literal token; Codex collapses a one-item alternative list to that.
type Token []string

// Matches reports whether an argv token satisfies this pattern position.
func (t Token) Matches(arg string) bool {
	for _, alt := range t {
		if alt == arg {
			return true
		}
	}
	return false
}

// Position locates a call in a rule file. Line and Col are 1-based; Col
// counts runes, like go.starlark.net. The zero Position means "unknown".
type Position struct {
	File      string
	Line, Col int
}

// IsValid reports whether the position is known.
func (p Position) IsValid() bool { return p.Line > 0 }

func (p Position) String() string {
	switch {
	case p.Line > 0 && p.Col > 0:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	case p.Line > 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return p.File
}

// PrefixRule is one Codex prefix rule. A prefix_rule() call whose first
// pattern element lists alternatives becomes one PrefixRule per alternative,
// as in Codex (rules are keyed by their literal first token).
type PrefixRule struct {
	First         string   // the literal program token argv[0] must equal
	Rest          []Token  // the following pattern positions
	Decision      Decision // never zero in a loaded policy
	Justification string   // "" when the call had none (Codex rejects empty ones)
	// CanonicalMatching is prefix_rule's sixth parameter in codex 0.169.0.
	// It is recorded and emitted but, as in `codex execpolicy check`, it does
	// not change matching.
	CanonicalMatching bool
	// Match and NotMatch are the call's load-time examples, tokenized
	// (string examples are split with [SplitExample] when loading). Rules
	// expanded from one call share these slices: treat them as read-only.
	Match, NotMatch [][]string
	// Pos is the prefix_rule() call that produced the rule (zero for rules
	// built in Go).
	Pos Position
}

// Len is the number of argv tokens the pattern consumes.
func (r *PrefixRule) Len() int { return 1 + len(r.Rest) }

// Pattern returns the whole pattern with the first token as a one-item Token.
func (r *PrefixRule) Pattern() []Token {
	out := make([]Token, 0, r.Len())
	out = append(out, Token{r.First})
	return append(out, r.Rest...)
}

// MatchPrefix reports whether argv starts with the rule's pattern, comparing
// argv[0] with First literally.
func (r *PrefixRule) MatchPrefix(argv []string) bool {
	if len(argv) < r.Len() || argv[0] != r.First {
		return false
	}
	for i, t := range r.Rest {
		if !t.Matches(argv[i+1]) {
			return false
		}
	}
	return true
}

// Equal reports whether two rules say the same thing, ignoring Pos.
func (r *PrefixRule) Equal(o *PrefixRule) bool {
	return r.First == o.First && r.Decision == o.Decision &&
		r.Justification == o.Justification && r.CanonicalMatching == o.CanonicalMatching &&
		slices.EqualFunc(r.Rest, o.Rest, func(a, b Token) bool { return slices.Equal(a, b) }) &&
		equalExamples(r.Match, o.Match) && equalExamples(r.NotMatch, o.NotMatch)
}

func equalExamples(a, b [][]string) bool {
	return slices.EqualFunc(a, b, func(x, y []string) bool { return slices.Equal(x, y) })
}

// HostExecutable is a host_executable(name, paths) declaration: with
// host-executable resolution, an absolute program path falls back to the
// rules of its basename Name only if it is one of Paths. Paths are
// normalized absolute paths without duplicates.
type HostExecutable struct {
	Name  string
	Paths []string
	Pos   Position
}

// NetworkRule is a network_rule(host, protocol, decision, justification)
// declaration. It never takes part in command evaluation.
type NetworkRule struct {
	Host          string // normalized: lower-case, no port, no trailing dot
	Protocol      string // canonical: http, https, socks5_tcp or socks5_udp
	Decision      Decision
	Justification string
	Pos           Position
}

// Policy is a set of loaded rules. Treat it as read-only once Check has been
// called: the first-token index is built on first use.
type Policy struct {
	Rules []*PrefixRule // insertion order: files in load order, then call order
	// HostExecutables in first-declaration order; a later declaration of the
	// same name replaces the earlier one's paths, as in Codex.
	HostExecutables []HostExecutable
	NetworkRules    []NetworkRule

	once sync.Once
	idx  *index
}

// NewPolicy builds a policy from rules built in Go.
func NewPolicy(rules []*PrefixRule, hosts []HostExecutable) *Policy {
	return &Policy{Rules: rules, HostExecutables: hosts}
}

// HostExecutable returns the declaration for a basename, if any.
func (p *Policy) HostExecutable(name string) (HostExecutable, bool) {
	for _, h := range p.HostExecutables {
		if h.Name == name {
			return h, true
		}
	}
	return HostExecutable{}, false
}

func (p *Policy) index() *index {
	p.once.Do(func() { p.idx = newIndex(p.Rules, p.HostExecutables) })
	return p.idx
}
