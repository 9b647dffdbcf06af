package shell

import (
	"strings"
)

// stepKind says what a wrapper's argument parser found.
type stepKind uint8

const (
	// stepNone: the command is not used as a wrapper here (command -v,
	// env without a command, bash FILE): the words are the command.
	stepNone stepKind = iota
	// stepStrip: the wrapper and its options were removed; rest is the
	// inner command.
	stepStrip
	// stepScript: the wrapper runs script (bash -c, eval).
	stepScript
	// stepStdin: a shell with no -c and no file reads its script from
	// standard input.
	stepStdin
)

// step is the result of stripping one wrapper layer.
type step struct {
	kind   stepKind
	layer  []Word   // the words of this layer, the wrapper included
	rest   []Word   // stepStrip: the inner command
	env    []string // NAME=value set by the wrapper
	script string   // stepScript
	dir    string   // the directory the wrapper runs rest in (Wrapper.Dir)
	// more are further commands the wrapper runs besides rest (find with
	// several -exec actions).
	more [][]Word
	// label names a stepScript layer when "NAME -c" does not fit
	// ("watch", "ssh HOST").
	label string
}

// stripFunc parses the arguments of one wrapper. words[0] is the wrapper.
type stripFunc func(words []Word) (step, *errUncertain)

// wrapperFor returns the parser for a wrapper command name (a bare name or
// an absolute path, compared by base name). Relative paths such as ./sudo
// are the user's own programs and are never wrappers.
func wrapperFor(name string) (string, stripFunc) {
	if strings.Contains(name, "/") {
		if !strings.HasPrefix(name, "/") {
			return "", nil
		}
		name = name[strings.LastIndexByte(name, '/')+1:]
	}
	switch name {
	case "sudo":
		return name, stripSudo
	case "env":
		return name, stripEnv
	case "command":
		return name, stripCommand
	case "builtin":
		return name, stripBuiltin
	case "exec":
		return name, stripOpts(optSpec{tool: "exec", flags: "cl", withArg: "a"})
	case "nohup":
		return name, stripOpts(optSpec{tool: "nohup", long: []string{"help", "version"}, modes: []string{"help", "version"}})
	case "nice":
		return name, stripNice
	case "timeout":
		return name, stripTimeout
	case "time":
		return name, stripOpts(optSpec{
			tool: "time", flags: "pvaqV", withArg: "fo",
			long:  []string{"portability", "verbose", "append", "quiet", "format=", "output=", "help", "version"},
			modes: []string{"V", "help", "version"},
		})
	case "stdbuf":
		return name, stripOpts(optSpec{
			tool: "stdbuf", withArg: "ioe",
			long:  []string{"input=", "output=", "error=", "help", "version"},
			modes: []string{"help", "version"},
		})
	case "doas":
		return name, stripOpts(optSpec{tool: "doas", flags: "Lns", withArg: "Cu", modes: []string{"L", "C"}})
	case "xargs":
		return name, stripOpts(optSpec{
			// GNU findutils options plus BSD's -J, -R and -S (each with an
			// argument; GNU xargs rejects them, so accepting them only
			// unwraps more).
			tool: "xargs", flags: "0oprtx", withArg: "adEILnPsJRS", optArg: "eil",
			long: []string{
				"null", "open-tty", "interactive", "no-run-if-empty", "verbose", "exit", "show-limits",
				"help", "version", "arg-file=", "delimiter=", "max-args=", "max-procs=", "max-chars=",
				"process-slot-var=", "eof?", "replace?", "max-lines?",
			},
			modes: []string{"help", "version", "show-limits"},
		})
	case "noglob", "nocorrect":
		return name, stripPrecommand
	case "eval":
		return name, stripEval
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash":
		return name, stripShell(name)
	}
	return "", nil
}

// modelWrapperFor is wrapperFor with the wrappers only the command model
// unwraps (moreWrapper): programs that run a command in a container, on
// another host or later, which Claude Code's permission patterns (and so
// package perm) do not look into.
func modelWrapperFor(name string) (string, stripFunc) {
	if n, f := wrapperFor(name); f != nil {
		return n, f
	}
	if strings.Contains(name, "/") {
		if !strings.HasPrefix(name, "/") {
			return "", nil
		}
		name = name[strings.LastIndexByte(name, '/')+1:]
	}
	if w := moreWrapper(name); w != nil {
		return name, w
	}
	return "", nil
}

// stripOpts returns a parser for a wrapper that is options followed by the
// command.
func stripOpts(spec optSpec) stripFunc {
	return func(words []Word) (step, *errUncertain) {
		res, err := parseOpts(words, 1, spec)
		if err != nil {
			return step{}, err
		}
		return finish(words, res.next, res.mode, spec.tool, nil)
	}
}

// finish builds the step for a wrapper whose command starts at words[next].
func finish(words []Word, next int, mode, tool string, env []string) (step, *errUncertain) {
	if next >= len(words) {
		// No command: the wrapper is the command (it prints, errors or
		// starts a shell).
		return step{kind: stepNone}, nil
	}
	if mode != "" {
		return step{}, uncertainf("%s: option %s does not run %s as a command", tool, optionText(mode), words[next].String())
	}
	return step{kind: stepStrip, layer: words[:next], rest: words[next:], env: env}, nil
}

func optionText(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

func stripSudo(words []Word) (step, *errUncertain) {
	spec := optSpec{
		tool: "sudo", flags: "ABbEHiKklNnPSsVve", withArg: "aCcDgpRrTtUu", optArg: "h",
		long: []string{
			"askpass", "background", "bell", "edit", "help", "login", "preserve-groups",
			"remove-timestamp", "reset-timestamp", "list", "non-interactive", "set-home", "stdin",
			"shell", "version", "validate", "close-from=", "chdir=", "group=", "host=", "prompt=",
			"chroot=", "role=", "type=", "command-timeout=", "other-user=", "user=", "auth-type=",
			"login-class=", "preserve-env?",
		},
		modes: []string{"e", "l", "V", "v", "K", "edit", "help", "list", "version", "validate", "remove-timestamp"},
	}
	res, err := parseOpts(words, 1, spec)
	if err != nil {
		return step{}, err
	}
	dir, login := "", ""
	for _, o := range res.opts {
		// -h alone is --help; -hHOST is --host=HOST.
		if o.name == "h" && o.value == "" && res.mode == "" {
			res.mode = "help"
		}
		switch o.name {
		case "D", "chdir":
			if o.word.Raw != "" && !o.word.Literal {
				return step{}, uncertainf("sudo: directory %s is not literal", o.word.Raw)
			}
			dir = o.value // the last one given
		case "R", "chroot":
			return step{}, uncertainf("sudo: option %s changes the root directory the command sees", optionText(o.name))
		case "i", "login":
			login = optionText(o.name)
		}
	}
	i := res.next
	var env []string
	for i < len(words) && words[i].Literal && isEnvAssignment(words[i].Value) {
		env = append(env, words[i].Value)
		i++
	}
	if i < len(words) && !words[i].Literal {
		return step{}, uncertainf("sudo: argument %s is not literal", words[i].Raw)
	}
	if login != "" && i < len(words) && res.mode == "" {
		return step{}, uncertainf("sudo: option %s runs the command through the target user's login shell, in their home directory", login)
	}
	st, uerr := finish(words, i, res.mode, "sudo", env)
	st.dir = dir
	return st, uerr
}

func stripEnv(words []Word) (step, *errUncertain) {
	spec := optSpec{
		// GNU coreutils options plus BSD's -P ALTPATH.
		tool: "env", flags: "i0v", withArg: "uCSP",
		long: []string{
			"ignore-environment", "null", "debug", "list-signal-handling", "help", "version",
			"unset=", "chdir=", "split-string=", "block-signal?", "default-signal?", "ignore-signal?",
		},
		modes: []string{"help", "version"},
		split: "S",
	}
	// env -S splices its split string into the argument list and goes on
	// parsing options, so work on a copy; the layer reported is the
	// spliced one.
	words = append([]Word(nil), words...)
	mode, dir := "", ""
	i := 1
	for {
		res, err := parseOpts(words, i, spec)
		if err != nil {
			return step{}, err
		}
		if mode == "" {
			mode = res.mode
		}
		for _, o := range res.opts {
			if o.name == "C" || o.name == "chdir" {
				if o.word.Raw != "" && !o.word.Literal {
					return step{}, uncertainf("env: directory %s is not literal", o.word.Raw)
				}
				dir = o.value // the last one given
			}
		}
		if !res.hasSplit {
			i = res.next
			break
		}
		parts, ok := splitEnvString(res.split)
		if !ok {
			return step{}, uncertainf("env: -S string %q uses quoting, escapes, variables or comments", res.split)
		}
		spliced := append(append(append([]Word(nil), words[:res.next]...), LiteralWords(parts)...), words[res.next:]...)
		words = spliced
		i = res.next
	}
	if i < len(words) && words[i].Literal && words[i].Value == "-" {
		i++ // a lone - means -i
	}
	var env []string
	for i < len(words) && words[i].Literal && strings.Contains(words[i].Value, "=") {
		if !isEnvAssignment(words[i].Value) {
			return step{}, uncertainf("env: %q is not a valid assignment", words[i].Value)
		}
		env = append(env, words[i].Value)
		i++
	}
	if i < len(words) && !words[i].Literal {
		return step{}, uncertainf("env: argument %s is not literal", words[i].Raw)
	}
	st, err := finish(words, i, mode, "env", env)
	st.dir = dir
	return st, err
}

// splitEnvString splits an env -S string when it is plain words separated
// by ASCII whitespace; quoting, escapes, ${VAR} and # comments are not
// modelled.
func splitEnvString(s string) ([]string, bool) {
	if strings.ContainsAny(s, "\\'\"$#") {
		return nil, false
	}
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r'
	}), true
}

// stripCommand handles the command builtin: -p keeps the command, -v and
// -V only look it up.
func stripCommand(words []Word) (step, *errUncertain) {
	i := 1
	for ; i < len(words); i++ {
		w := words[i]
		if !w.Literal {
			return step{}, uncertainf("command: argument %s is not literal", w.Raw)
		}
		if w.Value == "--" {
			i++
			break
		}
		if len(w.Value) < 2 || w.Value[0] != '-' {
			break
		}
		for _, c := range w.Value[1:] {
			switch c {
			case 'p':
			case 'v', 'V':
				return step{kind: stepNone}, nil
			default:
				return step{}, uncertainf("command: unknown option -%c", c)
			}
		}
	}
	return finish(words, i, "", "command", nil)
}

func stripBuiltin(words []Word) (step, *errUncertain) {
	i := 1
	if i < len(words) && words[i].Literal && words[i].Value == "--" {
		i++
	}
	if i < len(words) {
		if w := words[i]; !w.Literal || (len(w.Value) > 1 && w.Value[0] == '-') {
			return step{}, uncertainf("builtin: unexpected argument %s", w.Raw)
		}
	}
	return finish(words, i, "", "builtin", nil)
}

// stripPrecommand handles zsh's noglob and nocorrect, which take no options.
func stripPrecommand(words []Word) (step, *errUncertain) {
	return finish(words, 1, "", words[0].String(), nil)
}

func stripNice(words []Word) (step, *errUncertain) {
	spec := optSpec{
		tool: "nice", withArg: "n", legacyNumeric: true,
		long:  []string{"adjustment=", "help", "version"},
		modes: []string{"help", "version"},
	}
	res, err := parseOpts(words, 1, spec)
	if err != nil {
		return step{}, err
	}
	for _, o := range res.opts {
		if o.name != "n" && o.name != "adjustment" {
			continue
		}
		v := strings.TrimLeft(o.value, "+-")
		if v == "" || strings.Trim(v, "0123456789") != "" || (o.word.Raw != "" && !o.word.Literal) {
			return step{}, uncertainf("nice: adjustment %q is not an integer", o.value)
		}
	}
	return finish(words, res.next, res.mode, "nice", nil)
}

func stripTimeout(words []Word) (step, *errUncertain) {
	spec := optSpec{
		tool: "timeout", flags: "fpv", withArg: "ks",
		long:  []string{"foreground", "preserve-status", "verbose", "help", "version", "kill-after=", "signal="},
		modes: []string{"help", "version"},
	}
	res, err := parseOpts(words, 1, spec)
	if err != nil {
		return step{}, err
	}
	i := res.next
	if res.mode == "" {
		if i >= len(words) {
			return step{kind: stepNone}, nil
		}
		if d := words[i]; !d.Literal || !isDuration(d.Value) {
			return step{}, uncertainf("timeout: %s is not a duration", d.String())
		}
		i++
		if i >= len(words) {
			return step{kind: stepNone}, nil
		}
	}
	return finish(words, i, res.mode, "timeout", nil)
}

// isDuration matches GNU timeout durations: a decimal number with an
// optional s, m, h or d suffix.
func isDuration(s string) bool {
	if s != "" && strings.IndexByte("smhd", s[len(s)-1]) >= 0 {
		s = s[:len(s)-1]
	}
	if s == "" {
		return false
	}
	intPart, frac, hasDot := strings.Cut(s, ".")
	digitsOnly := func(x string) bool { return strings.Trim(x, "0123456789") == "" }
	if !digitsOnly(intPart) || !digitsOnly(frac) {
		return false
	}
	return intPart != "" || (hasDot && frac != "")
}

func stripEval(words []Word) (step, *errUncertain) {
	i := 1
	if i < len(words) && words[i].Literal && words[i].Value == "--" {
		i++
	}
	var parts []string
	for _, w := range words[i:] {
		if !w.Literal {
			return step{}, uncertainf("eval: argument %s is not literal", w.Raw)
		}
		parts = append(parts, w.Value)
	}
	if len(parts) == 0 {
		return step{kind: stepNone}, nil
	}
	if strings.HasPrefix(parts[0], "-") && parts[0] != "-" && i == 1 {
		return step{}, uncertainf("eval: unexpected option %s", parts[0])
	}
	return step{kind: stepScript, layer: words, script: strings.Join(parts, " ")}, nil
}
