package lint

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

// shells are the programs whose rules match every script Codex cannot
// split (see docs/lint.md, rules-shell).
var shells = []string{"bash", "sh", "zsh", "dash", "ksh", "fish"}

// runners run whatever their arguments say: an allow on them with at most
// one more token (python3 -c, bash -lc, env FOO=1) lets anything run
// unsandboxed.
var runners = []string{"bash", "sh", "zsh", "dash", "ksh", "fish", "env", "sudo", "doas", "xargs", "python", "python3", "node", "perl", "ruby", "php",
	"npx", "bunx", "deno", "timeout", "nice", "nohup", "command", "eval", "exec", "busybox"}

// codexRules lints Codex .rules files of one directory (or one named file).
func (l *linter) codexRules(files []execpolicy.File) {
	var policies []*execpolicy.Policy
	var names []string
	for _, f := range files {
		pol, err := execpolicy.LoadLimited([]execpolicy.File{f}, execpolicy.Bounded)
		if err != nil {
			var e *execpolicy.Error
			pos := ir.Pos{}
			msg := err.Error()
			if errors.As(err, &e) {
				pos, msg = ir.Pos{Line: e.Pos.Line, Col: e.Pos.Col}, e.Msg
				if e.Bound != "" {
					l.report(f.Name, pos, "rules-unbounded", Warning, msg+": lint cannot say whether Codex loads this file",
						"compute less at load time (codex runs the file before every command); check it without a bound with hookifyc execpolicy check --rules "+f.Name+" -- true", nil)
					continue
				}
			}
			l.report(f.Name, pos, "rules-invalid", Error,
				msg+" (Codex refuses this file: codex exec does not start, and the TUI drops every custom rule of every file)",
				"fix the file; check it with hookifyc execpolicy check --rules "+f.Name+" -- true", nil)
			continue
		}
		policies = append(policies, pol)
		names = append(names, f.Name)
		l.policy(f.Name, pol)
	}
	// host_executable() narrows the basename fallback of every file's rules.
	for i, pol := range policies {
		for _, h := range pol.HostExecutables {
			for j, other := range policies {
				if i == j {
					continue
				}
				for _, r := range other.Rules {
					if r.First == h.Name {
						l.report(names[i], posOf(h.Pos), "rules-host-executable", Warning,
							fmt.Sprintf("host_executable(%q) limits the absolute paths Codex resolves to %q for the rules of every file, including %s:%d (%s): /other/path/%s no longer matches them",
								h.Name, h.Name, filepath.Base(names[j]), r.Pos.Line, r.PatternString(), h.Name),
							"declare the paths in the file whose rules they concern, or list every path the other rules need", nil)
						break
					}
				}
			}
		}
	}
}

func posOf(p execpolicy.Position) ir.Pos { return ir.Pos{Line: p.Line, Col: p.Col} }

// policy lints the rules of one loaded file.
func (l *linter) policy(name string, pol *execpolicy.Policy) {
	saved := filepath.Base(name) == "default.rules"
	seen := map[execpolicy.Position]bool{}
	for _, r := range pol.Rules {
		if seen[r.Pos] && r.Pos.IsValid() {
			continue // alternatives of one call: report the call once
		}
		seen[r.Pos] = true
		pos := posOf(r.Pos)
		pat := r.PatternString()
		if contains(shells, r.First) {
			l.report(name, pos, "rules-shell", Warning,
				fmt.Sprintf("a rule on %s %s: Codex runs every script it cannot split (redirections, $VAR, $(...), subshells, heredocs) as [/bin/bash, -lc, script] and matches it by the shell, so this %s rule decides those scripts and the inner commands' rules do not apply", pat, r.Decision, r.Decision),
				"write rules on the programs themselves and let the hookifyc hook see inside scripts", nil)
		}
		switch r.Decision {
		case execpolicy.Allow:
			broad := r.Len() == 1 || contains(runners, r.First) && r.Len() <= 2
			if !broad {
				continue
			}
			what := fmt.Sprintf("every %s ... command", r.First)
			if r.Len() > 1 {
				what = "every command starting with " + strings.Join(prefixWords(r), " ")
			}
			if saved {
				l.report(name, pos, "rules-saved-approval", Warning,
					fmt.Sprintf("a saved \"don't ask again\" approval allows %s: Codex runs each of them outside the sandbox without asking", what),
					"delete the line, or narrow it to the exact command you approved", nil)
				continue
			}
			l.report(name, pos, "rules-broad-allow", Warning,
				fmt.Sprintf("allow %s lets %s run outside the sandbox without asking", pat, what),
				"allow only the subcommands you mean (e.g. [\"git\", \"status\"]), or use prompt", nil)
		case execpolicy.Forbidden:
			l.report(name, pos, "rules-forbidden-bypass", Note,
				fmt.Sprintf("forbidden %s is matched on the argv only: `command %s ...`, `\\%s ...`, `env %s ...`, `sudo %s ...`, `xargs %s`, and scripts Codex does not split run past it", pat, r.First, r.First, r.First, r.First, r.First),
				"also run the rule as a hookifyc hook (hookifyc compile --target hooks), which unwraps wrappers and scripts", nil)
		}
	}
}

func prefixWords(r *execpolicy.PrefixRule) []string {
	out := []string{r.First}
	for _, t := range r.Rest {
		out = append(out, strings.Join(t, "|"))
	}
	return out
}
