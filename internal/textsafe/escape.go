package textsafe

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// EscapeControls writes the control and deceptive characters of text
// meant for a terminal (which quotes the agent's commands and paths, or a
// repository's file names and contents) as escapes, so that it cannot
// drive the terminal or reorder what a reader sees (ANSI sequences, a
// carriage return, a bidirectional override). Newlines and tabs stay;
// an invalid UTF-8 byte is written \ufffd.
func EscapeControls(s string) string { return escape(s, needsEscape) }

// escape writes each rune of s for which needs is true as its Go escape.
func escape(s string, needs func(rune) bool) string {
	i := strings.IndexFunc(s, needs)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		if needs(r) {
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// EscapeLine is EscapeControls for text that must stay on one line:
// newlines and tabs are written \n and \t as well, so that the text
// cannot forge lines of the output around it.
func EscapeLine(s string) string {
	return escape(s, func(r rune) bool { return r == '\n' || r == '\t' || needsEscape(r) })
}

func needsEscape(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r == utf8.RuneError || Deceptive(r)
}
