package codexhooks

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// QuoteTOML returns s as a TOML basic string ("..."): '"' and '\' are
// escaped, as are all control characters (U+0000–U+001F and U+007F, which
// TOML forbids unescaped) and the characters that would make the file
// deceive a reader (bidirectional controls, line separators: see
// internal/textsafe); everything else is written as is. It fails on
// invalid UTF-8, which a TOML document cannot hold.
func QuoteTOML(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("%q is not valid UTF-8", s)
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f || textsafe.Deceptive(r) && r <= 0xFFFF {
				fmt.Fprintf(&b, `\u%04X`, r)
				continue
			}
			if textsafe.Deceptive(r) {
				fmt.Fprintf(&b, `\U%08X`, r)
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String(), nil
}

// writeComment writes text as TOML comment lines: each line is prefixed
// with "# ", and control characters and invalid UTF-8 (which TOML forbids
// in comments) and deceptive characters (internal/textsafe) are replaced
// with U+FFFD.
func writeComment(b *strings.Builder, text string) {
	if text == "" {
		return
	}
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		var l strings.Builder
		for _, r := range line {
			if r < 0x20 && r != '\t' || r == 0x7f || textsafe.Deceptive(r) {
				r = utf8.RuneError
			}
			l.WriteRune(r) // invalid bytes decode as utf8.RuneError
		}
		b.WriteString(strings.TrimRight("# "+l.String(), " \t"))
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
}
