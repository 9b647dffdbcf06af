package lint

import (
	_ "embed"
	"strings"
)

// Code describes one diagnostic code. Codes are stable: tools and CI
// configurations may match on them.
type Code struct {
	ID       string
	Severity Severity // the usual severity (some depend on --semantics)
	Summary  string
}

// Codes lists every code lint reports, in the order of docs/lint.md.
var Codes = []Code{
	{"cannot-read", Error, "a rule file or source that exists but cannot be read"},
	{"missing", Error, "a named path that does not exist"},
	{"not-a-source", Error, "a named file that is no kind of rule file"},
	{"malformed", Error, "a rule file hookify or the settings reader cannot parse; it is skipped"},
	{"no-frontmatter", Error, "a hookify file without frontmatter (or with a byte order mark); hookify skips it"},
	{"not-local", Warning, "a .claude file not named hookify.*.local.md, which hookify never loads"},
	{"nested-frontmatter", Error, "keys nested under a map such as hookify:, which hookify ignores"},
	{"yaml-quoted-backslash", Warning, "a double-quoted value with \\\\: hookify keeps every backslash, YAML would unescape"},
	{"yaml-inline-comment", Warning, "a value with \" #\": hookify keeps the comment as part of the value"},
	{"yaml-condition-indent", Error, "a condition key indented by two spaces or less, which hookify ignores"},
	{"yaml-comma-item", Warning, "a list item with commas, which hookify splits and partly drops"},
	{"yaml-dashes-in-value", Error, "--- inside a value, where hookify ends the frontmatter"},
	{"enabled-string", Warning, "enabled: no (or another word): a non-empty string, so the rule stays enabled"},
	{"unknown-key", Warning, "a frontmatter key hookify ignores (evnet:)"},
	{"unknown-event", Error, "an event other than bash, file, stop, prompt, all"},
	{"unknown-action", Error, "an action other than warn or block (hookify only warns)"},
	{"unknown-operator", Error, "an operator hookify does not know (the condition never holds)"},
	{"unknown-field", Error, "a field hookify does not read"},
	{"disabled", Note, "a rule with enabled: false, which nothing enforces"},
	{"no-conditions", Error, "a rule without conditions, which hookify never matches"},
	{"type-error", Error, "a value that makes hookify raise on every call (pattern: true, tool_matcher: true)"},
	{"dead-field", Error, "a field the rule's event never carries"},
	{"write-new-text", Warning, "new_text in a file rule: empty on Write in hookify"},
	{"prompt-field", Warning, "a prompt rule on user_prompt or prompt, which hookify never fills"},
	{"legacy-pattern-field", Warning, "a top-level pattern: that hookify tests against a field the rule's calls lack (prompt, stop) or that is not the command (no event)"},
	{"event-leak", Note, "a stop, prompt, bash or file rule that hookify also runs on tools it does not map"},
	{"invalid-regex", Error, "a regex Python's re rejects"},
	{"regex-unsupported", Error, "a regex Python accepts that hookifyc cannot honour"},
	{"regex-python-version", Error, "a regex whose validity depends on the Python version"},
	{"regex-backtracking", Warning, "a regex with a catastrophic-backtracking shape, and whether the linear-time path covers it"},
	{"literal-metachar", Warning, "regex syntax under a literal operator (contains, not_contains, ...)"},
	{"anchored-compound", Warning, "a command regex anchored with ^ that chained commands slip past"},
	{"broad-pattern", Warning, "a rule that fires on a large share of everyday commands"},
	{"duplicate-name", Warning, "two rules with the same name"},
	{"collision", Warning, "a rule with the name of a rule of a more trusted layer (both apply)"},
	{"permission-source", Error, "a finding of the settings or genesis reader (unknown key, unusable pattern)"},
	{"genesis-actor-unknown", Warning, "a genesis actor no agent type is named after (explore for Explore; a note when no type is close)"},
	{"permission-glob-space", Warning, "Bash(git log*) where Bash(git log *) was likely meant (a note on deny and ask rules)"},
	{"rules-invalid", Error, "a .rules file Codex refuses to load (Codex's own error)"},
	{"rules-unbounded", Warning, "a .rules file whose load-time computation passes lint's bounds (200 million steps, 60 s, 512 MiB); Codex has none"},
	{"rules-broad-allow", Warning, "an allow rule on a program alone or on a runner: it runs unsandboxed"},
	{"rules-shell", Warning, "a rule on bash/sh itself, which decides every script Codex cannot split"},
	{"rules-forbidden-bypass", Note, "a forbidden rule that wrappers and paths run past: advise the hook"},
	{"rules-host-executable", Warning, "a host_executable() that narrows another file's rules"},
	{"rules-saved-approval", Warning, "an over-broad saved approval in default.rules"},
}

func codeSeverity(id string) Severity {
	for _, c := range Codes {
		if c.ID == id {
			return c.Severity
		}
	}
	return Error
}

//go:embed safe_commands.txt
var safeCommands string

// SafeCorpus is the everyday command corpus broad-pattern measures
// against: commands a guard must not block (hookifyc's own list, MIT).
func SafeCorpus() []string {
	var out []string
	for _, line := range strings.Split(safeCommands, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}
