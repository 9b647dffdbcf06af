package lower

import (
	"math/rand/v2"
	"path"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/internal/codextest"
)

// junkTokens are argv tokens that stress quoting, shell syntax and the
// regexes' assumptions about separators.
var junkTokens = []string{
	"", " ", "x y", "'", `"`, `\`, "$(rm -rf /)", "`id`", ";", "&&", "||", "|", "&", ">", "<", "(", ")", "{", "}",
	"\n", "\t", "a\nb", "a\rb", "\r\x01", "*", "?", "~", "~/x", "#", "!", "=", "X=1", "é", "日本", "\u2028", "\x7f",
	"-", "--", "-rf", "-fr", "-f", "--force", "--no-verify", "/", "..", ".", "origin", "main", "x",
	"RM", "Rm", "GIT", "Push", "sudo", "env", "timeout", "bash", "-c", "-lc", "rm -rf /", "git push",
	strings.Repeat("a", 300), strings.Repeat("-rf ", 40),
}

// pathPrefixes write a program as a path, as Codex's basename fallback
// sees it: standard directories, others, relative and home paths, and
// spellings that normalize to a standard path.
var pathPrefixes = []string{
	"/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/", "/sbin/", "/tmp/", "/usr/bin/x/", "./", "../", "bin/",
	"~/", "~/bin/", "/usr/bin/./", "//usr/bin/", "/usr/bin/../bin/", "/usr/bin/x y/../",
}

// vocabulary collects the tokens of the emitted patterns and examples.
func vocabulary(ls []Lowered) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, l := range ls {
		for _, pr := range l.Rules {
			for _, t := range pr.Pattern() {
				for _, alt := range t {
					add(alt)
				}
			}
			for _, ex := range append(append([][]string(nil), pr.Match...), pr.NotMatch...) {
				for _, tok := range ex {
					add(tok)
				}
			}
		}
	}
	return out
}

// mutate returns a token close to s: a case change, a suffix or prefix, a
// character dropped, or quoting characters around it.
func mutate(rng *rand.Rand, s string) string {
	switch rng.IntN(8) {
	case 0:
		return strings.ToUpper(s)
	case 1:
		return s + junkTokens[rng.IntN(len(junkTokens))]
	case 2:
		return junkTokens[rng.IntN(len(junkTokens))] + s
	case 3:
		if s != "" {
			i := rng.IntN(len(s))
			return s[:i] + s[i+1:]
		}
	case 4:
		return "'" + s + "'"
	case 5:
		return s + " " + s
	}
	return s
}

// randomArgvs builds n argvs from the rules' own tokens, mutations of them
// and junk. Half of them start with an emitted pattern (so that prefix
// rules do match them) followed by random arguments.
func randomArgvs(rng *rand.Rand, ls []Lowered, n int) [][]string {
	vocab := append(vocabulary(ls), junkTokens...)
	prs := PrefixRules(ls)
	tok := func() string {
		s := vocab[rng.IntN(len(vocab))]
		if rng.IntN(3) == 0 {
			s = mutate(rng, s)
		}
		return s
	}
	out := make([][]string, 0, n)
	for len(out) < n {
		var a []string
		if len(prs) > 0 && rng.IntN(2) == 0 {
			pr := prs[rng.IntN(len(prs))]
			prog := pr.First
			if rng.IntN(3) == 0 {
				prog = pathPrefixes[rng.IntN(len(pathPrefixes))] + prog
			}
			a = append(a, prog)
			for _, t := range pr.Rest {
				a = append(a, t[rng.IntN(len(t))])
			}
		} else {
			a = append(a, tok())
		}
		for k := rng.IntN(4); k > 0; k-- {
			a = append(a, tok())
		}
		out = append(out, a)
	}
	return out
}

// plainArgv reports whether argv is in the domain of exact verdicts: its
// program is not a command wrapper or an assignment, and its canonical form
// is short enough for an allow rule.
func plainArgv(argv []string) bool {
	return !commandWrapper(argv[0]) && !strings.ContainsRune(argv[0], '=') &&
		len(shell.Canonical(argv)) <= perm.MaxAllowCommandBytes
}

// allowDomain reports whether an allow rule's soundness covers cmd (see
// the package documentation): valid UTF-8 (Codex's argvs always are),
// accepted by compiler/shell (not both \r and \x01) and no longer than
// perm.MaxAllowCommandBytes. Outside it hookifyc's model of Claude Code
// never allows, while a prefix rule cannot look at the arguments.
func allowDomain(cmd string) bool {
	return utf8.ValidString(cmd) && !(strings.ContainsRune(cmd, '\r') && strings.ContainsRune(cmd, '\x01')) &&
		len(cmd) <= perm.MaxAllowCommandBytes
}

// soundRandomArgvs is how many random argvs TestLowerSoundness builds per
// rule set: 5,000 by default (about 24,000 proved matches, 0.45 s), 20,000
// with HOOKIFYC_LIVE=1 (about 91,000, 1.5 s).
func soundRandomArgvs() int {
	if codextest.Live() {
		return 20000
	}
	return 5000
}

// TestLowerSoundness is the soundness property of the lowering contract:
// for every rule set, every argv of the command corpus and random argvs
// built from the rules' own tokens (also with the program written as a
// path), every prefix rule of the compiled policy that matches argv the
// way Codex core does (with host-executable resolution: a program path
// reaches the rules of its basename) has a source rule that matches
// canonical(argv) with the program replaced by that basename. For rules whose verdict is exact it also checks the
// converse on plain argvs.
func TestLowerSoundness(t *testing.T) {
	corpus := corpusArgvs(t)
	if len(corpus) < 10000 {
		t.Fatalf("only %d corpus argvs", len(corpus))
	}
	o := newSourceOracle()
	rng := rand.New(rand.NewPCG(20261122, 1))
	opts := execpolicy.MatchOptions{ResolveHostExecutables: true, WorkDir: "/home/u/project", Home: "/home/u"}
	var checked, matched, fallback, outside, respelled int
	for _, set := range append(corpusRuleSets(t), trickySet()) {
		ls, err := Lower(set.rules, LowerOptions{Actor: "ci", Allow: true})
		if err != nil {
			t.Fatal(err)
		}
		data, err := EmitLowered(ls, set.name)
		if err != nil {
			t.Fatal(err)
		}
		pol, err := execpolicy.LoadFile(set.name+".rules", data)
		if err != nil {
			t.Fatal(err)
		}
		// pol.Rules[i] is the i-th emitted rule; owner[i] its source.
		var owner []*ir.Rule
		var exact []Lowered
		for _, l := range ls {
			for range l.Rules {
				owner = append(owner, l.Rule)
			}
			if l.Verdict == VerdictExact && len(l.Rules) > 0 {
				exact = append(exact, l)
			}
		}
		index := map[*execpolicy.PrefixRule]int{}
		for i, r := range pol.Rules {
			index[r] = i
		}
		argvs := append(append([][]string(nil), corpus...), randomArgvs(rng, ls, soundRandomArgvs())...)
		for _, argv := range argvs {
			checked++
			plain := shell.Canonical(argv)
			for _, m := range pol.CheckWith(argv, opts).Matches {
				r := owner[index[m.Rule]]
				// canonical(argv), where a program Codex reached through
				// its basename fallback counts as that basename
				// (lower_host.go, docs/compile.md).
				cmd := plain
				if m.ResolvedProgram != "" {
					fallback++
					if path.Clean(argv[0]) != argv[0] {
						respelled++
					}
					cmd = shell.Canonical(append([]string{m.Rule.First}, argv[1:]...))
				}
				if m.Rule.Decision == execpolicy.Allow && !allowDomain(cmd) {
					outside++
					continue
				}
				matched++
				if !o.matches(t, r, cmd) {
					t.Errorf("%s: UNSOUND: %s (%s) matches %q but the source rule does not match %q",
						set.name, m.Rule.PatternString(), r.Source, argv, cmd)
				}
			}
		}
		// Exactness: on plain argvs, the source matching implies a prefix
		// match. Checked on the argvs whose program is one of the rule's
		// and on every random argv.
		for _, l := range exact {
			for i, argv := range argvs {
				if !plainArgv(argv) || (i < len(corpus) && argv[0] != l.Rules[0].First) {
					continue
				}
				if !o.matches(t, l.Rule, shell.Canonical(argv)) {
					continue
				}
				hit := false
				for _, pr := range l.Rules {
					hit = hit || pr.MatchPrefix(argv)
				}
				if !hit {
					t.Errorf("%s: NOT EXACT: %s matches %q but none of its prefix rules matches %q", set.name, l.Rule.Name, shell.Canonical(argv), argv)
				}
			}
		}
	}
	t.Logf("%d argvs checked, %d prefix matches proved sound by the oracle (%d through the basename fallback); "+
		"%d allow matches outside the allow domain; %d fallbacks through respelled standard paths",
		checked, matched, fallback, outside, respelled)
	if matched < 5000 {
		t.Errorf("only %d prefix matches: the property is not exercised", matched)
	}
}
