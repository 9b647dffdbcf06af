package perm

import (
	"strings"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

// MaxAllowCommandBytes is the longest command an allow rule can match:
// Claude Code always prompts for longer commands.
const MaxAllowCommandBytes = 10000

// MatchCommand reports whether a Bash command matches a Bash specifier
// (the text inside Bash(…)) under decision d.
//
// The command is parsed as bash (package compiler/shell) and split into its
// simple commands: the parts of &&, ||, ;, |, |&, & and newline lists, the
// bodies of subshells, groups and control structures, and the commands in
// substitutions. Each simple command is matched as its words joined by single
// spaces (redirections left out), both as written and in canonical
// (shlex.join) form.
//
// Allow: every simple command must match, after stripping the wrappers
// timeout, time, nice, nohup, stdbuf, command (not command -v/-V), builtin,
// noglob and bare xargs, and leading assignments of known-safe variables;
// commands over [MaxAllowCommandBytes] and commands that do not parse never
// match.
//
// Deny and ask: one matching simple command is enough. Leading assignments
// are skipped whatever they set, quoting is also removed (`rm "-rf" /` is
// `rm -rf /`), and the command is also matched at every layer of the
// wrappers compiler/shell strips (sudo, env, exec, doas, eval, bash -c …,
// xargs with options) and of watch, ionice and setsid. A command that does not
// parse is matched piecewise on its operator-separated text.
func MatchCommand(spec, command string, d Decision) bool {
	return PrepareCommand(command).Match(spec, d)
}

// Command is a Bash command prepared for matching against many specifiers:
// it is parsed and unwrapped once per reading (allow, deny/ask), on first use.
// A Command is not safe for concurrent use.
type Command struct {
	text        string
	allowDone   bool
	allowOK     bool
	allow       [][]string
	restrictive []string
	restrDone   bool
}

// PrepareCommand prepares a command for Match.
func PrepareCommand(command string) *Command { return &Command{text: command} }

// Match is MatchCommand(spec, command, d).
func (c *Command) Match(spec string, d Decision) bool {
	s := compileCommandSpec(spec)
	if d.restrictive() {
		if !c.restrDone {
			c.restrictive, c.restrDone = restrictiveTexts(c.text), true
		}
		for _, t := range c.restrictive {
			if s.match(t) {
				return true
			}
		}
		return false
	}
	if !c.allowDone {
		c.allow, c.allowOK = allowGroups(c.text)
		c.allowDone = true
	}
	if !c.allowOK {
		return false
	}
	for _, g := range c.allow {
		matched := false
		for _, t := range g {
			if s.match(t) {
				matched = true
				break
			}
		}
		if !matched {
			return false
		}
	}
	return true
}

// allowGroups returns, for each simple command that an allow rule must
// cover, the texts it may be matched as. ok is false when no allow rule can
// match the command.
func allowGroups(command string) (groups [][]string, ok bool) {
	if len(command) > MaxAllowCommandBytes {
		return nil, false
	}
	cmds, err := shell.Parse(command)
	if err != nil || len(cmds) == 0 {
		return nil, false
	}
	for _, c := range cmds {
		texts, neutral := allowTexts(c)
		if neutral {
			continue
		}
		groups = append(groups, texts)
	}
	if len(groups) == 0 {
		return nil, false // only assignments: nothing an allow rule covers
	}
	return groups, true
}

// allowTexts returns the texts a simple command may be matched as by an
// allow rule; neutral is true for a command that only assigns known-safe
// variables.
func allowTexts(c shell.SimpleCommand) (texts []string, neutral bool) {
	prefix := assignText(c.Assigns)
	safe := safeAssigns(c.Assigns)
	if len(c.Words) == 0 {
		if safe {
			return nil, true
		}
		return []string{prefix}, false
	}
	var set textSet
	for _, layer := range allowLayers(c.Words) {
		for _, r := range renders(layer, false) {
			if prefix != "" {
				set.add(prefix + " " + r)
			}
			if prefix == "" || safe {
				set.add(r)
			}
		}
	}
	return set.list, false
}

// restrictiveTexts returns every text a deny or ask rule is matched against.
func restrictiveTexts(command string) []string {
	cmds, err := shell.Parse(command)
	if err != nil {
		return crudeTexts(command)
	}
	var set textSet
	for _, c := range cmds {
		set.visits = 0 // the budget is per simple command
		if len(c.Assigns) == 0 {
			visitRestrictive(&set, c.Words, c.Redirs)
			continue
		}
		// Match past the assignments, and with them in front of every
		// layer (as allow rules see them).
		prefix := assignText(c.Assigns)
		if len(c.Words) == 0 {
			set.add(prefix)
			continue
		}
		var inner textSet
		visitRestrictive(&inner, c.Words, c.Redirs)
		for _, t := range inner.list {
			set.add(t)
			set.add(prefix + " " + t)
		}
	}
	// What bash runs (the command model): git's global options taken
	// apart (git -C . push is git push), variables assigned literally
	// earlier in the line, brace expansions, scripts handed to a shell.
	// Commands run in a container or on another host are not the
	// machine's, as for Claude Code.
	for _, e := range shell.Analyze(command, shell.ModelOptions{}).Commands {
		if len(e.Argv) > 0 && !remote(e.Via) && !e.OnlyData() {
			set.add(shell.Canonical(e.Argv))
		}
	}
	return set.list
}

// remote reports a command found through a wrapper that Claude Code's
// permission patterns do not look through: one that runs it in a
// container or on another host, or a runner (npx, uv run, direnv exec …)
// whose argument Bash(devbox run *) style patterns treat as the runner's.
func remote(via []string) bool {
	for _, v := range via {
		name, _, _ := strings.Cut(v, " ")
		switch name {
		case "ssh", "docker", "podman", "nerdctl", "kubectl", "oc", "lxc-attach", "machinectl",
			"npx", "npm", "pnpm", "yarn", "bunx", "uv", "uvx", "poetry", "pipenv", "bundle", "direnv", "devbox",
			"mise", "asdf", "rbenv", "pyenv", "conda", "dotenv", "cross-env", "nix-shell":
			return true
		}
	}
	return false
}

// maxVisits bounds the commands visitRestrictive visits for one simple
// command (uncertain wrappers branch into several candidates).
const maxVisits = 64

// visitRestrictive adds the texts of words and of every command found by
// unwrapping them. Past the visit budget it falls back to the tails of the
// command that start at an operand (see fallbackSuffixes), without further
// unwrapping.
func visitRestrictive(set *textSet, words []shell.Word, redirs []shell.Redirect) {
	if len(words) == 0 {
		return
	}
	if set.visits >= maxVisits {
		for _, suffix := range fallbackSuffixes(words) {
			for _, r := range renders(suffix, true) {
				set.add(r)
			}
		}
		return
	}
	set.visits++
	for _, r := range renders(words, true) {
		set.add(r)
	}
	inners := shell.UnwrapCommand(shell.SimpleCommand{Words: words, Redirs: redirs})
	for _, in := range inners {
		off := 0
		for _, w := range in.Wrappers {
			if !aligned(words, off, w.Args) {
				break
			}
			off += len(w.Args)
			if off < len(words) {
				for _, r := range renders(words[off:], true) {
					set.add(r)
				}
			}
		}
		switch {
		case in.Uncertain:
			for _, r := range renders(in.Words, true) {
				set.add(r)
			}
			for _, suffix := range operandSuffixes(in.Words) {
				visitRestrictive(set, suffix, nil)
			}
		case !sameWords(in.Words, words):
			visitRestrictive(set, in.Words, nil)
		default:
			for _, inner := range stripExtraWrapper(in.Words) {
				visitRestrictive(set, inner, nil)
			}
		}
	}
}

// renders returns the texts of one command: its words as written, joined by
// single spaces; its canonical (shlex.join) form when every word is literal;
// and, for deny and ask, the words' values joined by spaces.
func renders(words []shell.Word, restrictive bool) []string {
	if len(words) == 0 {
		return nil
	}
	var raw, plain strings.Builder
	literal := true
	for i, w := range words {
		if i > 0 {
			raw.WriteByte(' ')
			plain.WriteByte(' ')
		}
		raw.WriteString(w.Raw)
		plain.WriteString(w.String())
		literal = literal && w.Literal
	}
	out := []string{raw.String()}
	if literal {
		argv := make([]string, len(words))
		for i, w := range words {
			argv[i] = w.Value
		}
		if c := shell.Canonical(argv); c != out[0] {
			out = append(out, c)
		}
	}
	if restrictive {
		if p := plain.String(); p != out[0] {
			out = append(out, p)
		}
	}
	return out
}

// textSet is an ordered set of strings.
type textSet struct {
	list []string
	seen map[string]struct{}
	// visits counts visitRestrictive calls (see maxVisitsTotal).
	visits int
}

func (s *textSet) add(t string) {
	if s.seen == nil {
		s.seen = make(map[string]struct{})
	}
	if _, ok := s.seen[t]; ok {
		return
	}
	s.seen[t] = struct{}{}
	s.list = append(s.list, t)
}

// aligned reports whether args are the words at words[off:] (a wrapper layer
// that is a plain prefix of the command; env -S splices and is not).
func aligned(words []shell.Word, off int, args []string) bool {
	if off+len(args) > len(words) {
		return false
	}
	for i, a := range args {
		if words[off+i].String() != a {
			return false
		}
	}
	return true
}

func sameWords(a, b []shell.Word) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Raw != b[i].Raw || a[i].Span != b[i].Span {
			return false
		}
	}
	return true
}

// assignText renders leading assignments as written.
func assignText(as []shell.Assign) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = a.Raw
	}
	return strings.Join(parts, " ")
}

// crudeTexts splits a command that does not parse on its operator characters
// and returns each piece, with and without leading NAME=value words.
func crudeTexts(command string) []string {
	var set textSet
	set.add(strings.TrimSpace(command))
	pieces := strings.FieldsFunc(command, func(r rune) bool {
		return strings.ContainsRune("&|;\n()`", r)
	})
	for _, p := range pieces {
		p = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(p), "$"))
		if p == "" {
			continue
		}
		set.add(p)
		fields := strings.Fields(p)
		i := 0
		for i < len(fields) && isAssignWord(fields[i]) {
			i++
		}
		if i > 0 && i < len(fields) {
			set.add(strings.Join(fields[i:], " "))
		}
		if argv, err := shell.SplitShlex(p); err == nil && len(argv) > 0 {
			set.add(strings.Join(argv, " "))
		}
	}
	return set.list
}

// isAssignWord matches NAME=value.
func isAssignWord(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && c >= '0' && c <= '9')) {
			return false
		}
	}
	return true
}
