package lower

// Lowering: IR rules → prefix rules (design.md, "Lowering to prefix rules").
//
// canonical(argv) is shell.Canonical(argv) (shlex.join). An emitted prefix
// rule P is sound for a source rule R when, for every argv that P matches,
// R matches canonical(argv): hookify rules have all their conditions hold on
// a Bash event whose command is canonical(argv); permission rules match it
// with Claude Code's semantics (compiler/perm).
//
// Every argv P matches is prefix+rest, where prefix is one expansion of P's
// alternatives, so canonical(argv) is C = canonical(prefix) when rest is
// empty and C + " " + X (X = canonical(rest), never empty) otherwise. The
// lowering proves both cases for every expansion before emitting P:
//
//   - rest empty: the source rule is evaluated on C itself by the oracle
//     (compiler/engine for hookify rules, perm.MatchRule for permission
//     rules);
//   - rest non-empty: given the first case, each condition must hold on
//     every C + " " + X. contains and starts_with do (what C contains or
//     starts with, so does every extension of C); equals, ends_with and
//     not_contains do not. A regex without $, \Z, lookarounds, atomic
//     groups, possessive repeats, backreferences and conditionals
//     ("monotone") does: its match inside C only depends on the text it
//     consumes and, for a \b or \B at the end of C, on the next character,
//     which is "end" in C and " " in C + " " + X, both non-word. Any other
//     regex holds when its tail-safe restriction (lower_tail.go) matches
//     C + " ": that restriction keeps only monotone branches and guards \b
//     and \B so that they are never evaluated at the end of C + " ", so its
//     match there is a match of the original regex inside any C + " " + X.
//     Permission specifiers are only lowered in the shapes whose glob
//     provably matches C + " " + X (see lower_perm.go).
//
// Soundness is thus proved for every argv, with two limits that a prefix
// rule cannot express: a regex search that runs past the runtime's time
// bound counts as "no match" there, and an allow permission rule never
// matches, in hookifyc's model of Claude Code, a command longer than
// perm.MaxAllowCommandBytes or one compiler/shell rejects (invalid UTF-8,
// or \r together with \x01); Codex's argvs are always valid UTF-8.
//
// The regex analysis (lower_regex.go) only proposes candidates; the proof
// above decides, so a weakness in the analysis can cost precision but never
// soundness.

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/compiler/perm"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

// Verdict says how much of a source rule its prefix rules enforce.
type Verdict string

const (
	// VerdictExact: the emitted prefix rules match exactly the argvs the
	// source rule matches (for permission rules: on plain argvs whose
	// program is not a command wrapper such as timeout or sudo, which only
	// the runtime sees through).
	VerdictExact Verdict = "exact"
	// VerdictPartial: the prefix rules are a sound under-approximation;
	// the runtime hook covers the rest.
	VerdictPartial Verdict = "partial"
	// VerdictRuntime: nothing was lowered; only the runtime hook enforces
	// the rule.
	VerdictRuntime Verdict = "runtime"
	// VerdictDisabled: the rule is disabled; nothing enforces it.
	VerdictDisabled Verdict = "disabled"
	// VerdictNotCompiled: the rule takes no part in this compilation (an
	// allow rule without LowerOptions.Allow, a genesis actor other than
	// LowerOptions.Actor; the reason names the flag that would compile it),
	// or a rule that can never match (no conditions). Nothing enforces it,
	// neither the .rules nor the hook.
	VerdictNotCompiled Verdict = "not-compiled"
)

// WarnMode says what hookify warn rules become.
type WarnMode string

const (
	// WarnSkip (the default): not lowered; the runtime hook shows the
	// warning and the command runs.
	WarnSkip WarnMode = "skip"
	// WarnPrompt: prefix rules with decision "prompt", so Codex asks.
	// Where nobody can approve (approval policy "never", the default of
	// codex exec, CI) Codex then refuses the command: a warning becomes a
	// block.
	WarnPrompt WarnMode = "prompt"
)

// LowerOptions tune Lower.
type LowerOptions struct {
	// Warn is what hookify warn rules become; "" means WarnSkip.
	Warn WarnMode
	// Actor selects the genesis.key actor whose permission patterns are
	// lowered besides the actor-independent ones; "" lowers only the
	// latter.
	Actor string
	// Allow lowers permission allow rules too. Off by default: a Codex
	// allow runs the command outside the sandbox without asking, while
	// Claude Code still asks when an ask or deny rule, a wrapper or an
	// always-prompt program (find -exec, watch, setsid, ...) is involved,
	// and a Codex hook cannot ask. Opting in accepts that difference.
	Allow bool
}

// Lowered is the outcome of lowering one source rule.
type Lowered struct {
	Rule *ir.Rule
	// Bash reports whether the rule can apply to Bash tool calls (and so
	// was considered for lowering).
	Bash bool
	// Inactive reports that the rule takes no part in this compilation
	// (disabled, or a genesis actor other than LowerOptions.Actor): no
	// prefix rule and no runtime hook is needed for it.
	Inactive bool
	Verdict  Verdict
	// Reason is one line explaining the verdict.
	Reason string
	// Decision is the decision of the emitted rules (zero when the rule is
	// not lowered).
	Decision execpolicy.Decision
	// Rules are the emitted prefix rules, with justification and verified
	// match/not_match examples.
	Rules []*execpolicy.PrefixRule
}

// Lower lowers rules (in order) to prefix rules. It is pure: it reads no
// files and no environment. The error reports invalid options only; a rule
// that cannot be lowered gets VerdictRuntime and a reason.
func Lower(rules []*ir.Rule, opts LowerOptions) ([]Lowered, error) {
	switch opts.Warn {
	case "":
		opts.Warn = WarnSkip
	case WarnPrompt, WarnSkip:
	default:
		return nil, fmt.Errorf("invalid warn mode %q (want prompt or skip)", opts.Warn)
	}
	out := make([]Lowered, len(rules))
	// Rules lower independently: large sets are split into contiguous
	// chunks, one lowerer (engine and caches) per worker. The result does
	// not depend on the split.
	workers := min(runtime.GOMAXPROCS(0), len(rules)/parallelChunk)
	if workers <= 1 {
		l := newLowerer(opts)
		for i, r := range rules {
			out[i] = l.lower(r)
		}
		return out, nil
	}
	var wg sync.WaitGroup
	size := (len(rules) + workers - 1) / workers
	for lo := 0; lo < len(rules); lo += size {
		hi := min(lo+size, len(rules))
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := newLowerer(opts)
			for i := lo; i < hi; i++ {
				out[i] = l.lower(rules[i])
			}
		}()
	}
	wg.Wait()
	return out, nil
}

// parallelChunk is the smallest number of rules worth a worker of its own.
const parallelChunk = 500

// PrefixRules returns every emitted prefix rule, in source order.
func PrefixRules(ls []Lowered) []*execpolicy.PrefixRule {
	var out []*execpolicy.PrefixRule
	for _, l := range ls {
		out = append(out, l.Rules...)
	}
	return out
}

// lowerer holds the per-call state of Lower: the oracle engine and caches.
// Nothing outlives a call.
type lowerer struct {
	opts LowerOptions
	// engines holds one oracle engine per distinct set of conditions: an
	// engine remembers results per regex and subject, which costs little
	// while it knows few regexes.
	engines map[string]*engine.Engine
	re      map[string]*regexInfo // hookify pattern → its analysis
	// proofs caches oracle results of hookify rules: conditions + command.
	proofs map[string]bool
}

func newLowerer(opts LowerOptions) *lowerer {
	return &lowerer{
		opts:    opts,
		engines: make(map[string]*engine.Engine),
		re:      make(map[string]*regexInfo),
		proofs:  make(map[string]bool),
	}
}

func (l *lowerer) lower(r *ir.Rule) Lowered {
	var res Lowered
	if r.Origin == ir.OriginPermission {
		res = l.lowerPermission(r)
	} else {
		res = l.lowerHookify(r)
	}
	res.Rule = r
	res.Reason = oneLine(res.Reason)
	if len(res.Rules) == 0 && (res.Verdict == VerdictPartial || res.Verdict == "") {
		res.Verdict = VerdictRuntime
		res.Decision = 0
	}
	return res
}

// inactive is the outcome of a rule that takes no part in the
// compilation: disabled, or not compiled for the reason given.
func inactive(bash bool, v Verdict, format string, args ...any) Lowered {
	return Lowered{Bash: bash, Inactive: true, Verdict: v, Reason: fmt.Sprintf(format, args...)}
}

func runtimeOnly(bash bool, format string, args ...any) Lowered {
	return Lowered{Bash: bash, Verdict: VerdictRuntime, Reason: fmt.Sprintf(format, args...)}
}

// hookifyDecision maps a hookify action.
func (l *lowerer) hookifyDecision(r *ir.Rule) (execpolicy.Decision, bool) {
	if r.Blocks() {
		return execpolicy.Forbidden, true
	}
	return execpolicy.Prompt, l.opts.Warn == WarnPrompt
}

// permissionDecision maps a permission action.
func permissionDecision(a ir.Action) (execpolicy.Decision, bool) {
	switch a {
	case ir.ActionAllow:
		return execpolicy.Allow, true
	case ir.ActionAsk:
		return execpolicy.Prompt, true
	case ir.ActionBlock:
		return execpolicy.Forbidden, true
	}
	return 0, false
}

// maxJustification bounds a justification, in runes.
const maxJustification = 200

// Justification is the justification of the prefix rules lowered from r:
// its name and the first line of its message, sanitised so that Codex
// accepts it (non-empty, printable, one line).
func Justification(r *ir.Rule) string {
	name := sanitizeLine(r.Name)
	if name == "" {
		name = "hookifyc rule"
	}
	msg := r.Message
	if r.Origin == ir.OriginPermission {
		msg = perm.Reason(r) // the message also names the pattern and its file
	}
	first, _, _ := strings.Cut(strings.TrimSpace(msg), "\n")
	first = sanitizeLine(first)
	s := name
	switch {
	case first != "":
		s = name + ": " + first
	case r.Origin == ir.OriginPermission:
		s = name + " (" + permWord(r.Action) + ")"
	}
	if utf8.RuneCountInString(s) > maxJustification {
		rs := []rune(s)
		s = strings.TrimRight(string(rs[:maxJustification-1]), " ") + "…"
	}
	return s
}

// sanitizeLine replaces invalid UTF-8 and non-printable characters with
// spaces, collapses runs of spaces and trims the result.
func sanitizeLine(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s { // invalid bytes decode as utf8.RuneError
		if r == utf8.RuneError || !strconv.IsPrint(r) || r == ' ' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// oneLine makes a reason safe to print on one line.
func oneLine(s string) string { return sanitizeLine(s) }

// permWord names a permission action as Claude Code settings do.
func permWord(a ir.Action) string {
	if a == ir.ActionBlock {
		return "deny"
	}
	return string(a)
}
