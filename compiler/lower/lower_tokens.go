package lower

import (
	"strings"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

// tokenize splits candidate command text into argv tokens at runs of
// spaces. Every token must be shell-safe (shell.Quote leaves it as is), so
// that the tokens' canonical form is the text with single spaces, and the
// first one must look like a program name. The result is only a candidate:
// the lowering proves it against the source rule.
func tokenize(s string) ([]string, failure) {
	toks := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' })
	if len(toks) == 0 {
		return nil, failEverything
	}
	for _, t := range toks {
		if shell.Quote(t) != t {
			return nil, failUnsafe
		}
	}
	if !programLike(toks[0]) {
		return nil, failNotProgram
	}
	return toks, 0
}

// programLike reports whether a shell-safe token can name a program: it
// starts with a letter, a digit, '_' or '/', or with "./" or "../", and it
// holds none of "=:,@%" (an assignment, a Symfony-style sub-command, …).
func programLike(t string) bool {
	if strings.ContainsAny(t, "=:,@%") {
		return false
	}
	c := t[0]
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '/':
		return true
	}
	return strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../")
}

// hasLetter reports whether s holds an ASCII letter.
func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// bashReserved reports whether bash reads a word as syntax in command
// position.
func bashReserved(w string) bool {
	switch w {
	case "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done",
		"in", "function", "time", "coproc":
		return true
	}
	return false
}

// commandWrapper reports whether Claude Code or hookifyc's runtime see
// through a program (compiler/shell, compiler/perm): a permission pattern
// that starts with one also matches what it wraps, which a prefix rule
// cannot follow.
func commandWrapper(w string) bool {
	switch w {
	case "sudo", "env", "command", "builtin", "exec", "nohup", "nice", "timeout", "time", "stdbuf", "doas",
		"xargs", "noglob", "nocorrect", "eval", "bash", "sh", "zsh", "dash", "watch", "ionice", "setsid":
		return true
	}
	return false
}

// expand returns every argv a pattern's alternatives spell, up to max
// (ok is false past it).
func expand(p []execpolicy.Token, max int) (out [][]string, ok bool) {
	out = [][]string{nil}
	for _, t := range p {
		if len(out)*len(t) > max {
			return nil, false
		}
		next := make([][]string, 0, len(out)*len(t))
		for _, pre := range out {
			for _, alt := range t {
				next = append(next, append(append([]string(nil), pre...), alt))
			}
		}
		out = next
	}
	return out, true
}
