package hookcmd

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// EscapeControls writes the control and deceptive characters of a hook's
// stderr (which quotes the agent's commands and paths) as escapes, so that
// a command cannot drive the terminal or the agent's display (ANSI
// sequences, a carriage return, a bidirectional override). Newlines and
// tabs stay.
func EscapeControls(s string) string {
	i := strings.IndexFunc(s, needsEscape)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		if needsEscape(r) {
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func needsEscape(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r == utf8.RuneError || textsafe.Deceptive(r)
}
