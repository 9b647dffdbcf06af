package shell

import (
	"errors"
	"fmt"
	"strings"
)

// Errors returned (wrapped) by [SplitShlex]. Their text is Python's.
var (
	ErrNoClosingQuotation = errors.New("No closing quotation") //nolint:staticcheck // Python's exact text
	ErrNoEscapedCharacter = errors.New("No escaped character") //nolint:staticcheck // Python's exact text
)

// Quote returns s quoted for a POSIX shell exactly like Python's
// shlex.quote: the empty string becomes two single quotes, a string made
// only of ASCII letters, digits and @%+=:,./_- is returned unchanged, and
// anything else is wrapped in single quotes with each ' written as '"'"'.
func Quote(s string) string {
	if s == "" {
		return "''"
	}
	if isShlexSafe(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
}

func isShlexSafe(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9':
		case strings.IndexByte("@%+=:,./_-", b) >= 0:
		default:
			return false
		}
	}
	return true
}

// Canonical renders argv as a POSIX shell command with minimal quoting,
// exactly like Python's shlex.join: the [Quote] of each word, joined by
// single spaces. It is the canonical(argv) of the execpolicy lowering
// contract.
//
// Canonical is not a bash round trip for every argv: like shlex.join it
// leaves a first word such as "if", "time" or "FOO=bar" unquoted, which bash
// reads as a keyword or an assignment. SplitShlex(Canonical(argv)) always
// gives argv back.
func Canonical(argv []string) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(Quote(a))
	}
	return b.String()
}

// SplitShlex splits s like Python's shlex.split(s) (POSIX mode, no comments):
// words are separated by space, tab, CR and LF; single quotes keep
// everything literally; double quotes keep everything but \" and \\ (other
// backslashes stay); outside quotes a backslash escapes any character; an
// empty quoted string is an empty word. Errors wrap
// [ErrNoClosingQuotation] or [ErrNoEscapedCharacter].
func SplitShlex(s string) ([]string, error) {
	words := []string{}
	var tok strings.Builder
	inWord := false // a token has started (possibly empty, via quotes)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ', '\t', '\r', '\n':
			if inWord {
				words = append(words, tok.String())
				tok.Reset()
				inWord = false
			}
		case '\\':
			if i+1 == len(s) {
				return nil, fmt.Errorf("shlex: split: %w", ErrNoEscapedCharacter)
			}
			i++
			tok.WriteByte(s[i])
			inWord = true
		case '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("shlex: split: %w", ErrNoClosingQuotation)
			}
			tok.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case '"':
			n, err := readDoubleQuoted(&tok, s[i+1:])
			if err != nil {
				return nil, err
			}
			i += n
			inWord = true
		default:
			tok.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, tok.String())
	}
	return words, nil
}

// readDoubleQuoted appends the body of a double-quoted string that starts
// at s (just after the opening quote) and returns how many bytes it used,
// including the closing quote.
func readDoubleQuoted(tok *strings.Builder, s string) (int, error) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i + 1, nil
		case '\\':
			if i+1 == len(s) {
				// Python reports the missing escaped character first.
				return 0, fmt.Errorf("shlex: split: %w", ErrNoEscapedCharacter)
			}
			if next := s[i+1]; next != '"' && next != '\\' {
				tok.WriteByte('\\')
			}
			i++
			tok.WriteByte(s[i])
		default:
			tok.WriteByte(s[i])
		}
	}
	return 0, fmt.Errorf("shlex: split: %w", ErrNoClosingQuotation)
}
