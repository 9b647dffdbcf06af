package shell

import (
	"fmt"
	"strings"
)

// optSpec describes the options of a wrapper command in getopt style. Every
// wrapper stops option parsing at its first operand (GNU tools use "+" in
// their optstrings for that reason), so there is no permutation.
type optSpec struct {
	tool string
	// flags are short options without an argument.
	flags string
	// withArg are short options with a required argument (attached or the
	// next word).
	withArg string
	// optArg are short options whose optional argument must be attached.
	optArg string
	// long lists long options: "name" takes no argument, "name=" requires
	// one (after = or as the next word), "name?" takes an optional one
	// after =. Unique-prefix abbreviations are not accepted.
	long []string
	// modes are options (short letters or long names) after which the tool
	// does not run its operand as a command (help, version, list, edit…).
	modes []string
	// legacyNumeric accepts nice's old -N / --N / -+N adjustment form.
	legacyNumeric bool
	// split is the option whose value is a command line to split (env -S);
	// parsing stops after it so that the caller can splice the words in.
	split string
}

// option is one parsed option.
type option struct {
	name  string // short letter or long name
	value string
	word  Word // the value's word when it was a separate word
}

// optResult is what parseOpts found.
type optResult struct {
	opts []option
	// next is the index of the first word after the options (and after a
	// "--" that ended them).
	next int
	// mode is the first mode option seen, if any.
	mode string
	// split is the value of the split option, when parsing stopped there.
	split    string
	hasSplit bool
}

// errUncertain describes why a wrapper's arguments could not be understood.
type errUncertain struct{ reason string }

func (e *errUncertain) Error() string { return e.reason }

func uncertainf(format string, args ...any) *errUncertain {
	return &errUncertain{reason: fmt.Sprintf(format, args...)}
}

// longKind returns the argument kind ('=', '?' or 0) of a long option and
// whether it is known.
func (s optSpec) longKind(name string) (byte, bool) {
	for _, l := range s.long {
		base := strings.TrimRight(l, "=?")
		if base != name {
			continue
		}
		if len(base) < len(l) {
			return l[len(l)-1], true
		}
		return 0, true
	}
	return 0, false
}

func (s optSpec) isMode(name string) bool {
	for _, m := range s.modes {
		if m == name {
			return true
		}
	}
	return false
}

// parseOpts parses the options of words[start:].
func parseOpts(words []Word, start int, spec optSpec) (optResult, *errUncertain) {
	res := optResult{next: start}
	add := func(o option) {
		res.opts = append(res.opts, o)
		if res.mode == "" && spec.isMode(o.name) {
			res.mode = o.name
		}
	}
	i := start
	for i < len(words) {
		w := words[i]
		if !w.Literal {
			return res, uncertainf("%s: argument %s is not literal", spec.tool, w.Raw)
		}
		a := w.Value
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		if spec.legacyNumeric && isLegacyAdjustment(a) {
			add(option{name: "n", value: strings.TrimLeft(a[1:], "+")})
			i++
			continue
		}
		if strings.HasPrefix(a, "--") {
			name, value, hasValue := strings.Cut(a[2:], "=")
			kind, ok := spec.longKind(name)
			if !ok {
				return res, uncertainf("%s: unknown option --%s", spec.tool, name)
			}
			o := option{name: name, value: value}
			switch {
			case kind == 0 && hasValue:
				return res, uncertainf("%s: option --%s takes no argument", spec.tool, name)
			case kind == '=' && !hasValue:
				if i+1 >= len(words) {
					return res, uncertainf("%s: option --%s needs an argument", spec.tool, name)
				}
				i++
				o.value, o.word = words[i].String(), words[i]
			}
			add(o)
			i++
			if name == spec.split {
				res.split, res.hasSplit, res.next = o.value, true, i
				return res, nil
			}
			continue
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			name := string(c)
			switch {
			case strings.IndexByte(spec.flags, c) >= 0:
				add(option{name: name})
				continue
			case strings.IndexByte(spec.optArg, c) >= 0:
				add(option{name: name, value: a[j+1:]})
			case strings.IndexByte(spec.withArg, c) >= 0:
				o := option{name: name, value: a[j+1:]}
				if j+1 == len(a) {
					if i+1 >= len(words) {
						return res, uncertainf("%s: option -%s needs an argument", spec.tool, name)
					}
					i++
					o.value, o.word = words[i].String(), words[i]
				}
				add(o)
				if name == spec.split {
					res.split, res.hasSplit, res.next = o.value, true, i+1
					return res, nil
				}
			default:
				return res, uncertainf("%s: unknown option -%s", spec.tool, name)
			}
			break
		}
		i++
	}
	res.next = i
	return res, nil
}

// isLegacyAdjustment matches nice's -N, --N and -+N.
func isLegacyAdjustment(a string) bool {
	s := a[1:]
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// isEnvAssignment matches NAME=value with a valid shell name.
func isEnvAssignment(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	return ok && isName(name)
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '_' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z'):
		case b >= '0' && b <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}
