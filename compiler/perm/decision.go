package perm

import "github.com/hookifyc/hookifyc/compiler/ir"

// Decision is the permission list a pattern is written in. It changes how the
// pattern matches (see the package documentation).
type Decision uint8

const (
	// Allow: run without asking. Every subcommand must match.
	Allow Decision = iota
	// Ask: require approval. Any subcommand matching is enough.
	Ask
	// Deny: refuse the call. Any subcommand matching is enough.
	Deny
)

func (d Decision) String() string {
	switch d {
	case Allow:
		return "allow"
	case Ask:
		return "ask"
	case Deny:
		return "deny"
	}
	return "unknown"
}

// Action is the IR action for the decision (deny is ir.ActionBlock).
func (d Decision) Action() ir.Action {
	switch d {
	case Allow:
		return ir.ActionAllow
	case Ask:
		return ir.ActionAsk
	}
	return ir.ActionBlock
}

// DecisionOf returns the decision of an IR permission action (ActionBlock is
// Deny) and false for actions that are not permission decisions.
func DecisionOf(a ir.Action) (Decision, bool) {
	switch a {
	case ir.ActionAllow:
		return Allow, true
	case ir.ActionAsk:
		return Ask, true
	case ir.ActionBlock:
		return Deny, true
	}
	return 0, false
}

// restrictive reports whether the decision takes the broad (deny/ask) reading.
func (d Decision) restrictive() bool { return d != Allow }

// Context is what path specifiers are resolved against.
type Context struct {
	// Cwd is the session's working directory (the hook event's cwd). Plain
	// and ./ specifiers and relative file paths are relative to it. Empty
	// means "/".
	Cwd string
	// Home is the user's home directory, for ~/ specifiers and paths.
	Home string
	// BaseDir anchors /path specifiers: the directory a settings file's
	// rules are relative to (ir.Permission.BaseDir). Empty means Cwd.
	BaseDir string
	// Realpath, when set, resolves symbolic links in an absolute path; ok
	// is false when the path cannot be resolved. Allow rules then need the
	// path and its target to match, deny and ask rules either. Nil skips
	// the check (the matchers stay pure).
	Realpath func(path string) (resolved string, ok bool)
}
