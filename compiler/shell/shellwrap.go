package shell

import "strings"

// Short option letters each shell accepts on its command line (bash(1),
// dash(1); o and O take the next word as their argument). zsh maps every
// letter and digit to a setopt option.
const (
	bashLetters = "abcefhiklmnprstuvxBCEHPToO"
	dashLetters = bashLetters + "IqV"
	zshLetters  = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
)

// stripShell parses `SHELL [options] -c SCRIPT [ARG0 ARGS…]`. Without -c the
// shell runs a script file (not unwrapped) or reads standard input.
func stripShell(name string) stripFunc {
	letters := bashLetters
	switch name {
	case "sh", "dash", "ash", "ksh", "mksh":
		letters = dashLetters
	case "zsh":
		letters = zshLetters
	}
	return func(words []Word) (step, *errUncertain) {
		sawC, sawS := false, false
		i := 1
	options:
		for i < len(words) {
			w := words[i]
			if !w.Literal {
				return step{}, uncertainf("%s: argument %s is not literal", name, w.Raw)
			}
			a := w.Value
			switch {
			case a == "--" || a == "-":
				i++
				break options
			case len(a) < 2 || (a[0] != '-' && a[0] != '+'):
				break options
			case strings.HasPrefix(a, "--"):
				n, err := shellLongOption(name, a[2:])
				if err != nil {
					return step{}, err
				}
				if n < 0 {
					return step{kind: stepNone}, nil // --help, --version
				}
				i += n
				if i > len(words) {
					return step{}, uncertainf("%s: option %s needs an argument", name, a)
				}
				continue
			}
			for _, c := range a[1:] {
				if !strings.ContainsRune(letters, c) {
					return step{}, uncertainf("%s: unknown option %c%c", name, a[0], c)
				}
				switch {
				case c == 'c' && a[0] == '-':
					sawC = true
				case c == 's' && a[0] == '-':
					sawS = true // the script is standard input; words are $1…
				case c == 'o' || (c == 'O' && name != "zsh"):
					i++
					if i >= len(words) {
						return step{}, uncertainf("%s: option %c%c needs an argument", name, a[0], c)
					}
				}
			}
			i++
		}
		switch {
		case !sawC && sawS:
			return step{kind: stepStdin, layer: words}, nil
		case !sawC && i < len(words):
			return step{kind: stepNone}, nil // runs a script file
		case !sawC:
			return step{kind: stepStdin, layer: words}, nil
		case i >= len(words):
			return step{}, uncertainf("%s: -c without a script", name)
		case !words[i].Literal:
			return step{}, uncertainf("%s: script %s is not literal", name, words[i].Raw)
		}
		return step{kind: stepScript, layer: words, script: words[i].Value}, nil
	}
}

// shellLongOption returns how many words a long option uses (1 or 2), or -1
// for options that make the shell print something and exit.
func shellLongOption(shell, name string) (int, *errUncertain) {
	if name == "help" || name == "version" {
		return -1, nil
	}
	if shell == "zsh" {
		// zsh accepts any option name as --name; --emulate takes an argument.
		if name != "" && name != "emulate" && strings.Trim(strings.ToLower(name), "abcdefghijklmnopqrstuvwxyz0123456789_-") == "" {
			return 1, nil
		}
		return 0, uncertainf("zsh: unknown option --%s", name)
	}
	switch name {
	case "login", "noprofile", "norc", "posix", "restricted", "verbose", "noediting", "debugger":
		return 1, nil
	case "rcfile", "init-file":
		return 2, nil
	}
	return 0, uncertainf("%s: unknown option --%s", shell, name)
}
