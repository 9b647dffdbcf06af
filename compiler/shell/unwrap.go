package shell

import (
	"slices"
	"strconv"
)

// MaxUnwrapDepth is the number of wrapper layers [Unwrap] removes before it
// gives up and marks the result uncertain.
const MaxUnwrapDepth = 16

// Wrapper is one wrapper layer removed by [Unwrap].
type Wrapper struct {
	// Name is the wrapper's base name ("sudo", "env", "eval"); shells are
	// "bash -c" or, for a script read from a here-document or here-string,
	// "bash <<".
	Name string
	// Args are the words of this layer as strings, the wrapper itself
	// first (for example ["sudo", "-u", "root"] or ["bash", "-lc", "ls"]).
	Args []string
	// Dir is the directory this layer runs its command in, as given
	// (env -C DIR, env --chdir=DIR, sudo -D DIR: the last one given),
	// relative to where the layer runs; "" when it does not change it.
	Dir string
}

// Inner is one command found by unwrapping.
type Inner struct {
	// Words is the inner command. When Uncertain, it is the command at the
	// layer where unwrapping stopped (starting with that wrapper).
	Words []Word
	// Wrappers are the layers removed, outermost first.
	Wrappers []Wrapper
	// Env holds the NAME=value assignments that apply to the inner command:
	// those of the original command line, of env and sudo, and those
	// prefixed to the command inside a -c script.
	Env []string
	// Uncertain is true when a wrapper's arguments were not understood
	// (unknown options, non-literal words, a script that does not parse, a
	// mode that runs no command such as sudo -l, or too many layers).
	Uncertain bool
	// Reason explains Uncertain.
	Reason string
}

// Argv returns the inner command's words as strings (see [Word.String]).
func (in Inner) Argv() []string {
	out := make([]string, len(in.Words))
	for i, w := range in.Words {
		out[i] = w.String()
	}
	return out
}

// Literal reports whether every word of the inner command is literal.
func (in Inner) Literal() bool {
	for _, w := range in.Words {
		if !w.Literal {
			return false
		}
	}
	return true
}

// Unwrap strips command wrappers from a literal argv, recursively, and returns
// the commands they run. Most wrappers give one inner command; a shell -c
// script or an eval gives one per simple command of the script (none for an
// empty script). A command that is not a wrapper is returned unchanged.
//
// Recognised: sudo (options, NAME=value), env (options, -S with plain
// words, NAME=value), command (-p; not -v/-V), builtin, exec (-c -l -a NAME),
// nohup, nice (-n N, --adjustment, legacy -N), timeout (options, DURATION),
// time (GNU time options), stdbuf (-i -o -e), doas (-n -s -u USER), xargs
// (GNU options; the command receives more arguments from stdin), zsh's
// noglob and nocorrect, eval, and bash/sh/zsh/dash with -c SCRIPT (any known
// option cluster containing c, such as -lc, -ic, -xc, -o pipefail -c).
// Wrappers are recognised by bare name or absolute path. A shell without -c
// and without a literal here-document script (bash script.sh, curl … | sh)
// is returned as itself: what it runs is not visible.
//
// Conservative by design: an unknown option, a non-literal word where an
// option or the command is expected, a mode that does not run the command
// (sudo -l, sudo -e, doas -C, --help), an env -S string with quoting, a
// script that does not parse, or more than [MaxUnwrapDepth] layers stops the
// unwrapping and marks the result Uncertain, with Words at the layer that
// was not understood.
func Unwrap(argv []string) []Inner {
	return unwrap(LiteralWords(argv), nil, nil, nil, 0)
}

// UnwrapCommand is [Unwrap] for a parsed simple command. It also sees the
// command's redirections, so a shell that reads its script from a literal
// here-document or here-string (bash <<'EOF' … EOF, sh <<< 'rm x') is
// unwrapped, and its assignments are reported in [Inner.Env].
func UnwrapCommand(cmd SimpleCommand) []Inner {
	var env []string
	for _, a := range cmd.Assigns {
		env = append(env, a.Name+"="+a.Value.String())
	}
	return unwrap(cmd.Words, cmd.Redirs, nil, env, 0)
}

func unwrap(words []Word, redirs []Redirect, layers []Wrapper, env []string, depth int) []Inner {
	inner := func() []Inner {
		return []Inner{{Words: words, Wrappers: slices.Clip(layers), Env: slices.Clip(env)}}
	}
	uncertain := func(reason string) []Inner {
		in := inner()
		in[0].Uncertain, in[0].Reason = true, reason
		return in
	}
	for {
		if len(words) == 0 || !words[0].Literal {
			return inner()
		}
		name, strip := wrapperFor(words[0].Value)
		if strip == nil {
			return inner()
		}
		if depth >= MaxUnwrapDepth {
			return uncertain("more than " + strconv.Itoa(MaxUnwrapDepth) + " wrapper layers")
		}
		st, err := strip(words)
		if err != nil {
			return uncertain(err.reason)
		}
		switch st.kind {
		case stepNone:
			return inner()
		case stepStrip:
			layers = append(slices.Clip(layers), Wrapper{Name: name, Args: wordStrings(st.layer), Dir: st.dir})
			env = append(slices.Clip(env), st.env...)
			words = st.rest
			depth++
			// Redirections apply to the outer command, and the inner one
			// inherits its standard input: keep them for a shell inside.
		case stepScript:
			wname := name + " -c"
			if name == "eval" {
				wname = name
			}
			layer := Wrapper{Name: wname, Args: wordStrings(st.layer)}
			return unwrapScript(st.script, words, layers, layer, env, depth)
		case stepStdin:
			script, found, ok := stdinScript(redirs)
			if !found {
				return inner()
			}
			if !ok {
				return uncertain(name + ": the script on standard input has expansions")
			}
			layer := Wrapper{Name: name + " <<", Args: wordStrings(st.layer)}
			return unwrapScript(script, words, layers, layer, env, depth)
		}
	}
}

// unwrapScript parses a script run by a wrapper and unwraps each of its
// commands.
func unwrapScript(script string, words []Word, layers []Wrapper, layer Wrapper, env []string, depth int) []Inner {
	cmds, err := Parse(script)
	if err != nil {
		return []Inner{{
			Words: words, Wrappers: slices.Clip(layers), Env: slices.Clip(env),
			Uncertain: true, Reason: layer.Name + " script: " + err.Error(),
		}}
	}
	layers = append(slices.Clip(layers), layer)
	var out []Inner
	for _, c := range cmds {
		if len(c.Words) == 0 {
			continue
		}
		cenv := slices.Clip(env)
		for _, a := range c.Assigns {
			cenv = append(cenv, a.Name+"="+a.Value.String())
		}
		out = append(out, unwrap(c.Words, c.Redirs, layers, cenv, depth+1)...)
	}
	return out
}

// stdinScript finds the script a shell reads from standard input: the last
// here-document or here-string on descriptor 0. ok is false when it is not
// literal.
func stdinScript(redirs []Redirect) (script string, found, ok bool) {
	for _, r := range redirs {
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		switch r.Op {
		case "<<", "<<-":
			if r.Heredoc != nil {
				script, found, ok = r.Heredoc.Value, true, r.Heredoc.Literal
			}
		case "<<<":
			script, found, ok = r.Target.Value, true, r.Target.Literal
		case "<", "<>", "<&":
			script, found, ok = "", false, false
		}
	}
	return script, found, ok
}

func wordStrings(words []Word) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w.String()
	}
	return out
}
