package lower

import (
	"strings"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/shell"
)

// lowerPermission lowers a Claude Code permission rule. Only Bash(command)
// specifiers of the shapes "t1 … tn *" (or the legacy "t1 … tn:*") and
// "t1 … tn*" are lowered, every ti shell-safe and free of wildcards:
//
//   - "t1 … tn *" matches a command that is exactly "t1 … tn" or starts
//     with "t1 … tn " (perm's trailing " *" word boundary); "t1 … tn*" one
//     that starts with "t1 … tn".
//   - canonical(argv) for an argv starting with t1 … tn is
//     "t1 … tn" + ("" | " " + X), and bash parses it into one simple
//     command whose words, joined by single spaces as written, are that
//     text again (t1 is no keyword and no assignment; every later word is
//     safe or single-quoted). perm matches that text as written, for
//     allow as well as for deny and ask, so the glob matches.
//
// Allow rules additionally need the command to parse and to be at most
// perm.MaxAllowCommandBytes long: Claude Code prompts for longer ones,
// which a prefix rule cannot express (see the package documentation).
//
// For allow rules of the first shape whose program is not a command
// wrapper the lowering is exact on plain argvs: perm sees no other text
// for them. Deny and ask rules also match behind wrappers, inside compound
// commands and with quotes removed, so they are partial.
func (l *lowerer) lowerPermission(r *ir.Rule) Lowered {
	p := r.Permission
	if p == nil {
		return runtimeOnly(false, "permission rule without its pattern")
	}
	consultsBash := r.ToolMatcher.TypeError == "" && r.ToolMatcher.Matches("Bash")
	if !r.Enabled {
		return inactive(consultsBash, VerdictDisabled, "disabled; nothing enforces it")
	}
	if p.Actor != "" && p.Actor != l.opts.Actor {
		return inactive(consultsBash, VerdictNotCompiled, "applies to the genesis actor %q only: not compiled (compile with --actor %s)", p.Actor, p.Actor)
	}
	if !consultsBash {
		return runtimeOnly(false, "%s: not a shell-command rule", p.Tool)
	}
	dec, ok := permissionDecision(r.Action)
	if !ok {
		return runtimeOnly(true, "unknown permission decision %q", r.Action)
	}
	if len(r.Conditions) == 0 {
		return runtimeOnly(true, "%s matches every command; prefix rules need a program name", p.Pattern)
	}
	if len(r.Conditions) != 1 || r.Conditions[0].Operator != ir.OpPermCommand {
		return runtimeOnly(true, "%s: file-path rules on shell commands are checked by the runtime hook", p.Pattern)
	}
	pat, err := perm.RulePattern(r)
	if err != nil {
		return runtimeOnly(true, "%v", err)
	}
	if pat.Kind != perm.SpecCommand || pat.Ignored != "" {
		return runtimeOnly(true, "%s is not a command specifier hookifyc evaluates", p.Pattern)
	}

	if dec == execpolicy.Allow && !l.opts.Allow {
		return inactive(true, VerdictNotCompiled, "allow rules are not compiled by default: a Codex allow runs outside the sandbox without asking, where Claude Code may still ask (overlapping ask/deny rules, wrappers, find -exec); compile with --lower-allow to accept that")
	}
	toks, word, reason := commandSpecPrefix(pat.Specifier)
	if reason != "" {
		return runtimeOnly(true, "%s: %s", p.Pattern, reason)
	}
	if dec == execpolicy.Allow && alwaysAsks(toks[0]) {
		return runtimeOnly(true, "%s: Claude Code always asks before %s under an allow rule (or it runs other commands), so no Codex allow may stand for it", p.Pattern, toks[0])
	}
	var notes noteSet
	if !word {
		notes.add(noteFragment)
	}
	if dec != execpolicy.Allow {
		notes.add(notePermRestrictive)
	}
	if commandWrapper(toks[0]) {
		notes.add(notePermWrapper)
	}
	o := &permOracle{rule: r, allow: dec == execpolicy.Allow}
	res := l.finish(r, dec, o, [][]string{toks}, notes, 0, true)
	if res.Verdict == VerdictExact {
		res.Reason = "exact: the token prefix " + strings.Join(toks, " ") +
			" (on plain argvs: Claude Code also matches commands behind wrappers such as timeout, which a prefix rule does not)"
	}
	return res
}

// commandSpecPrefix reads a Bash specifier as a token prefix. word is true
// for "… *" (the last token is a whole word), false for "…*" (it may
// continue). reason explains a specifier that is not a token prefix.
func commandSpecPrefix(spec string) (toks []string, word bool, reason string) {
	s := strings.TrimSpace(spec)
	// As perm does: a trailing ":*" is the legacy spelling of " *".
	if strings.HasSuffix(s, ":*") && !escapedStar(s) {
		s = s[:len(s)-2] + " *"
	}
	var body string
	switch {
	case !strings.HasSuffix(s, "*") || escapedStar(s):
		return nil, false, "no trailing *: the command must end there, which prefix rules cannot require"
	case strings.HasSuffix(s, " *"):
		body, word = s[:len(s)-2], true
	default:
		body = s[:len(s)-1]
	}
	if strings.ContainsAny(body, "*\\") {
		return nil, false, "wildcards or escapes inside the pattern are not expressible as token prefixes"
	}
	if body == "" || strings.HasSuffix(body, " ") || strings.HasPrefix(body, " ") {
		return nil, false, "repeated spaces never occur in a canonical command"
	}
	toks = strings.Split(body, " ")
	for _, t := range toks {
		if t == "" {
			return nil, false, "repeated spaces never occur in a canonical command"
		}
		if shell.Quote(t) != t {
			return nil, false, "the word " + shell.Quote(t) + " needs shell quoting, so it never appears as is in a canonical command"
		}
	}
	if bashReserved(toks[0]) || strings.ContainsRune(toks[0], '=') {
		return nil, false, "bash reads " + toks[0] + " as syntax, not as a program"
	}
	if !programLike(toks[0]) {
		return nil, false, "the pattern does not start with a program name"
	}
	return toks, word, ""
}

// escapedStar reports whether the final '*' of s is escaped by an odd run
// of backslashes (perm's escapedAt).
func escapedStar(s string) bool {
	n := 0
	for i := len(s) - 2; i >= 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// permOracle evaluates a permission rule with compiler/perm.
type permOracle struct {
	rule  *ir.Rule
	allow bool
}

func (o *permOracle) matches(cmd string) bool {
	if o.allow && len(cmd) > perm.MaxAllowCommandBytes {
		return false
	}
	ok, err := perm.MatchRule(o.rule, "Bash", map[string]any{"command": cmd}, perm.Context{})
	return err == nil && ok
}

// tail relies on the specifier shape (see lowerPermission) and checks one
// instance as a sanity check.
func (o *permOracle) tail(c string) bool {
	return o.matches(c + " " + exampleArg)
}

// alwaysAsks reports programs that an allow prefix must never cover: those
// Claude Code always prompts for under prefix allow rules (agent-hooks.md
// Part C: watch, setsid, ionice, flock, find with -exec/-delete), and
// shells, interpreters and wrappers, which run arbitrary other commands.
func alwaysAsks(program string) bool {
	switch program {
	case "watch", "setsid", "ionice", "flock", "find",
		"bash", "sh", "zsh", "dash", "fish", "ksh", "csh", "tcsh",
		"env", "sudo", "doas", "su", "xargs", "nohup", "nice", "timeout", "time", "stdbuf",
		"command", "builtin", "exec", "eval", "nocorrect", "noglob",
		"python", "python3", "node", "perl", "ruby", "php", "deno", "bun",
		"npx", "bunx", "pnpx", "docker", "kubectl", "ssh":
		return true
	}
	return false
}
