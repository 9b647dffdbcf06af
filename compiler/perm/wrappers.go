package perm

import (
	"strings"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

// allowLayers returns a command and each command found by stripping, one at
// a time, the wrappers allow rules see through.
func allowLayers(words []shell.Word) [][]shell.Word {
	out := [][]shell.Word{words}
	inners := shell.UnwrapCommand(shell.SimpleCommand{Words: words})
	if len(inners) == 0 {
		return out
	}
	off := 0
	for _, w := range inners[0].Wrappers {
		if !allowWrapper(w) || !aligned(words, off, w.Args) {
			break
		}
		off += len(w.Args)
		if off >= len(words) {
			break
		}
		out = append(out, words[off:])
	}
	return out
}

// allowWrapper reports whether allow rules see through a wrapper layer:
// Claude Code's fixed list, with xargs only when it has no options.
func allowWrapper(w shell.Wrapper) bool {
	switch w.Name {
	case "timeout", "time", "nice", "nohup", "stdbuf", "command", "builtin", "noglob":
		return true
	case "xargs":
		return len(w.Args) == 1
	}
	return false
}

// safeAssigns reports whether every assignment sets a known-safe variable
// to a literal value, so that allow rules may skip them.
func safeAssigns(as []shell.Assign) bool {
	for _, a := range as {
		if !a.Value.Literal || !safeEnvVar(a.Name) {
			return false
		}
	}
	return true
}

// safeEnvVar lists variables that change neither which program runs nor
// what code it loads. PATH, LD_*, NODE_OPTIONS, PYTHONPATH, GIT_*, GOFLAGS,
// PAGER, EDITOR and the like are deliberately absent.
func safeEnvVar(name string) bool {
	if strings.HasPrefix(name, "LC_") {
		return true
	}
	switch name {
	case "CI", "DEBUG", "VERBOSE", "LOG_LEVEL", "NODE_ENV", "RAILS_ENV", "RACK_ENV", "APP_ENV", "FLASK_ENV",
		"RUST_LOG", "RUST_BACKTRACE", "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLORTERM",
		"TERM", "COLUMNS", "LINES", "LANG", "LANGUAGE", "TZ", "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE",
		"PYTHONIOENCODING", "GOOS", "GOARCH", "CGO_ENABLED":
		return true
	}
	return false
}

// extraWrapper describes a wrapper that compiler/shell does not strip but
// deny and ask rules see through.
type extraWrapper struct {
	// withArg are short options that take a value; longWithArg long ones.
	withArg     string
	longWithArg []string
	// script: the operands form a shell command line (watch without -x).
	script bool
}

func extraWrapperFor(name string) (extraWrapper, bool) {
	switch name {
	case "watch":
		return extraWrapper{withArg: "nqs", longWithArg: []string{"interval", "equexit", "shotsdir"}, script: true}, true
	case "ionice":
		return extraWrapper{withArg: "cnpPu", longWithArg: []string{"class", "classdata", "pid", "pgid", "uid"}}, true
	case "setsid":
		return extraWrapper{}, true
	}
	return extraWrapper{}, false
}

// stripExtraWrapper strips one watch, ionice or setsid layer, liberally
// (unknown options are skipped), and returns the command(s) it runs.
func stripExtraWrapper(words []shell.Word) [][]shell.Word {
	if len(words) < 2 || !words[0].Literal {
		return nil
	}
	name := words[0].Value
	if i := strings.LastIndexByte(name, '/'); i >= 0 && strings.HasPrefix(name, "/") {
		name = name[i+1:]
	}
	spec, ok := extraWrapperFor(name)
	if !ok {
		return nil
	}
	i := 1
	for i < len(words) {
		a := words[i].String()
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		if long, ok := strings.CutPrefix(a, "--"); ok {
			if long == "exec" {
				spec.script = false
			}
			if !strings.Contains(long, "=") && contains(spec.longWithArg, long) {
				i++ // --interval N
			}
		} else {
			if name == "watch" && strings.IndexByte(a, 'x') > 0 {
				spec.script = false
			}
			if len(a) == 2 && strings.IndexByte(spec.withArg, a[1]) >= 0 {
				i++ // -n N (an attached -n5 needs no skip)
			}
		}
		i++
	}
	if i >= len(words) {
		return nil
	}
	rest := words[i:]
	if !spec.script {
		return [][]shell.Word{rest}
	}
	// watch runs its operands joined by spaces through sh -c.
	parts := make([]string, len(rest))
	for j, w := range rest {
		if !w.Literal {
			return [][]shell.Word{rest}
		}
		parts[j] = w.Value
	}
	cmds, err := shell.Parse(strings.Join(parts, " "))
	if err != nil {
		return [][]shell.Word{rest}
	}
	out := [][]shell.Word{rest}
	for _, c := range cmds {
		if len(c.Words) > 0 {
			out = append(out, c.Words)
		}
	}
	return out
}

// operandSuffixes returns, for a wrapper whose options were not understood
// (sudo -X rm …), every tail of the command that starts at a literal word
// that is not an option: one of them is the wrapped command.
func operandSuffixes(words []shell.Word) [][]shell.Word {
	const maxSuffixes = 8
	var out [][]shell.Word
	for i := 1; i < len(words) && len(out) < maxSuffixes; i++ {
		w := words[i]
		if w.Literal && w.Value != "" && w.Value[0] != '-' {
			out = append(out, words[i:])
		}
	}
	return out
}

// fallbackSuffixes returns the tails of a command that a deny rule should
// see when unwrapping gave up: the one that starts at the first literal
// operand that is not a wrapper name (watch watch … rm -rf / gives
// rm -rf /), and the first operand tails of operandSuffixes.
func fallbackSuffixes(words []shell.Word) [][]shell.Word {
	out := operandSuffixes(words)
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w.Literal && w.Value != "" && w.Value[0] != '-' && !isWrapperName(w.Value) && !isAssignWord(w.Value) {
			return append(out, words[i:])
		}
	}
	return out
}

// isWrapperName reports whether a command name is a wrapper that compiler/shell
// or stripExtraWrapper unwraps.
func isWrapperName(name string) bool {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	switch name {
	case "sudo", "env", "command", "builtin", "exec", "nohup", "nice", "timeout", "time", "stdbuf", "doas",
		"xargs", "noglob", "nocorrect", "eval", "bash", "sh", "zsh", "dash", "watch", "ionice", "setsid":
		return true
	}
	return false
}
