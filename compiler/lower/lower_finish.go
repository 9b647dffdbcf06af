package lower

import (
	"path"
	"slices"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/shell"
)

// maxExpansions bounds the argvs one emitted pattern spells (each is proved).
const maxExpansions = 256

// exampleArg is the extra argument of the "prefix plus one more argument"
// match example.
const exampleArg = "arg"

// finish proves candidate token prefixes, merges the sound ones into
// prefix rules and derives their examples. exact is whether the source's
// shape makes the lowering exact once it succeeds (notes must be empty
// too).
func (l *lowerer) finish(r *ir.Rule, dec execpolicy.Decision, o oracle, cands [][]string, notes noteSet, why failure, exact bool) Lowered {
	res := Lowered{Bash: true, Decision: dec}
	multi := len(r.Conditions) > 1

	// Prove each candidate; keep the sound ones, deduplicated.
	var sound [][]string
	seen := map[string]bool{}
	for _, toks := range cands {
		key := strings.Join(toks, "\x00")
		if seen[key] {
			continue
		}
		seen[key] = true
		if wrapsScripts(toks[0]) {
			why.add(failShell)
			notes.add(noteDropped)
			continue
		}
		c := shell.Canonical(toks)
		okA, okB := o.matches(c), o.tail(c)
		switch {
		case okA && okB:
			sound = append(sound, toks)
			continue
		case !okA && multi:
			why.add(failOtherCondition)
		case !okA:
			why.add(failNeedsMore)
		default:
			why.add(failTail)
		}
		notes.add(noteDropped)
	}
	sound = dropSubsumed(sound)
	if len(sound) == 0 {
		res.Verdict, res.Reason, res.Decision = VerdictRuntime, why.reason(), 0
		return res
	}

	just := Justification(r)
	for _, p := range mergePatterns(sound) {
		// Defensive: prove every argv the merged pattern spells.
		exps, ok := expand(p, maxExpansions)
		if !ok {
			notes.add(noteTruncated)
			continue
		}
		proved := true
		for _, e := range exps {
			c := shell.Canonical(e)
			if !o.matches(c) || !o.tail(c) {
				proved = false
				break
			}
		}
		if !proved {
			notes.add(noteDropped)
			continue
		}
		pr := &execpolicy.PrefixRule{First: p[0][0], Rest: p[1:], Decision: dec, Justification: just}
		if dec == execpolicy.Forbidden && demotable(o, exps) {
			// The hook only warns on this command's help form (the
			// command model's data): Codex cannot carve it out of a
			// prefix, so it asks instead of refusing.
			pr.Decision = execpolicy.Prompt
			notes.add(noteDemotable)
		}
		if !l.examples(pr, o) {
			notes.add(noteDropped)
			continue
		}
		if hasFragment(pr, o) {
			notes.add(noteFragment)
		}
		res.Rules = append(res.Rules, pr)
	}
	switch {
	case len(res.Rules) == 0:
		res.Verdict, res.Reason, res.Decision = VerdictRuntime, why.reason(), 0
	case exact && notes == 0:
		res.Verdict = VerdictExact
	default:
		res.Verdict, res.Reason = VerdictPartial, notes.reason()
	}
	return res
}

// dropSubsumed removes the token lists that have another one as a proper
// prefix (the shorter prefix rule already matches them), keeping order.
func dropSubsumed(lists [][]string) [][]string {
	var out [][]string
	for i, a := range lists {
		subsumed := false
		for j, b := range lists {
			if i != j && len(b) < len(a) && slices.Equal(a[:len(b)], b) {
				subsumed = true
				break
			}
		}
		if !subsumed {
			out = append(out, a)
		}
	}
	return out
}

// mergePatterns turns token lists into patterns with alternatives: two
// patterns of the same length that differ in exactly one position after the
// first merge into one with the union of alternatives there. The merged
// pattern spells exactly the union of the argvs of the two, so merging
// never adds an argv. First tokens are never merged: Codex expands them
// into separate rules anyway.
func mergePatterns(lists [][]string) [][]execpolicy.Token {
	ps := make([][]execpolicy.Token, len(lists))
	for i, l := range lists {
		p := make([]execpolicy.Token, len(l))
		for j, t := range l {
			p[j] = execpolicy.Token{t}
		}
		ps[i] = p
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(ps) && !merged; i++ {
			for j := i + 1; j < len(ps) && !merged; j++ {
				if k, ok := differAt(ps[i], ps[j]); ok {
					ps[i][k] = unionToken(ps[i][k], ps[j][k])
					ps = append(ps[:j], ps[j+1:]...)
					merged = true
				}
			}
		}
	}
	return ps
}

// differAt returns the one position (after the first) where a and b differ.
func differAt(a, b []execpolicy.Token) (int, bool) {
	if len(a) != len(b) {
		return 0, false
	}
	k := -1
	for i := range a {
		if slices.Equal(a[i], b[i]) {
			continue
		}
		if k >= 0 || i == 0 {
			return 0, false
		}
		k = i
	}
	return k, k > 0
}

func unionToken(a, b execpolicy.Token) execpolicy.Token {
	out := append(execpolicy.Token(nil), a...)
	for _, x := range b {
		if !out.Matches(x) {
			out = append(out, x)
		}
	}
	return out
}

// examples derives a rule's match and not_match examples and checks each
// against the prefix rule and the source rule (through the oracle). It
// reports false if a match example fails, which the proof rules out.
func (l *lowerer) examples(pr *execpolicy.PrefixRule, o oracle) bool {
	first := make([]string, pr.Len())
	last := make([]string, pr.Len())
	first[0], last[0] = pr.First, pr.First
	for i, t := range pr.Rest {
		first[i+1], last[i+1] = t[0], t[len(t)-1]
	}
	for _, ex := range [][]string{first, append(last, exampleArg)} {
		if !pr.MatchPrefix(ex) || !o.matches(shell.Canonical(ex)) {
			return false
		}
		pr.Match = append(pr.Match, ex)
	}
	for _, ex := range notMatchCandidates(first) {
		if len(pr.NotMatch) == 2 {
			break
		}
		if pr.MatchPrefix(ex) || o.matches(shell.Canonical(ex)) {
			continue
		}
		// Codex checks examples with host-executable resolution: a program
		// path whose basename is the rule's program would match.
		if strings.Contains(ex[0], "/") && path.Base(ex[0]) == pr.First {
			continue
		}
		pr.NotMatch = append(pr.NotMatch, ex)
	}
	return true
}

// notMatchCandidates proposes argvs close to a prefix that it does not
// match: the prefix without its last token, and the prefix with its last
// token altered.
func notMatchCandidates(p []string) [][]string {
	n := len(p)
	with := func(last string) []string {
		out := append([]string(nil), p[:n-1]...)
		return append(out, last)
	}
	var out [][]string
	if n >= 2 {
		out = append(out, append([]string(nil), p[:n-1]...))
	}
	tok := p[n-1]
	out = append(out, with(tok+"x"), with("x"+tok), with("x"), with("hookifyc-example"))
	return out
}

// hasFragment reports whether the source also matches the first spelling
// of the pattern with its last token lengthened, i.e. the rule does not pin
// the end of its last word.
func hasFragment(pr *execpolicy.PrefixRule, o oracle) bool {
	ex := append([]string(nil), pr.Match[0]...)
	ex[len(ex)-1] += "x"
	return o.matches(shell.Canonical(ex))
}

// wrapsScripts reports the shells Codex runs model commands in
// (codex-execpolicy.md §6): a script it does not split is matched as
// [bash, -lc, SCRIPT], so a prefix rule on the shell would apply to it.
func wrapsScripts(program string) bool {
	switch path.Base(program) {
	case "bash", "sh", "zsh", "dash":
		return true
	}
	return false
}

// demotionProbes are tails that make a bare subcommand (kubectl delete,
// helm uninstall) a help invocation, which the engine demotes from a
// block to a warning. A prefix with options (rm -rf, git push --force)
// is not demoted by them; that its dry-run form (git push --force
// --dry-run) is refused by Codex while the hook only warns is a limit of
// prefix rules (docs/compile.md).
var demotionProbes = []string{" --help"}

// demotable reports whether the hook would only warn on a help or dry-run
// form of one of the argvs (hookify rules; permission rules never demote).
func demotable(o oracle, exps [][]string) bool {
	h, ok := o.(*hookifyOracle)
	if !ok {
		return false
	}
	for _, e := range exps {
		if slices.ContainsFunc(e[1:], func(w string) bool { return strings.HasPrefix(w, "-") }) {
			continue // the engine demotes help only beside subcommand words
		}
		c := shell.Canonical(e)
		for _, probe := range demotionProbes {
			if h.demoted(c + probe) {
				return true
			}
		}
	}
	return false
}
