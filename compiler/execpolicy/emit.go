package execpolicy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.starlark.net/syntax"
)

// Emit writes rules as a `.rules` file that Codex loads back into exactly
// these rules, one call per line, in the given order:
//
//	prefix_rule(pattern=["git", ["push", "fetch"]], decision="prompt", justification="...", match=[["git", "push"]], not_match=[["git", "pull"]])
//
// header (any text, typically the sources the rules came from) becomes a
// comment block; every line of it is commented and its control characters
// escaped, so it cannot end the comment. Strings are written with
// go.starlark.net's syntax.Quote after rejecting invalid UTF-8 and
// non-printable characters (control characters, line separators, ...), so
// the only escapes in the output are \" and \\ and rule text can never
// inject Starlark. Emit also loads its own output and fails unless it gets
// the same rules back (this checks the match/not_match examples as Codex
// would).
func Emit(rules []*PrefixRule, header string) ([]byte, error) {
	var b bytes.Buffer
	if header != "" {
		for _, line := range strings.Split(strings.TrimSuffix(header, "\n"), "\n") {
			b.WriteString(strings.TrimRight("# "+commentSafe(line), " "))
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
	}
	for i, r := range rules {
		if err := emitRule(&b, r); err != nil {
			return nil, fmt.Errorf("rule %d (%s): %w", i+1, describe(r), err)
		}
	}
	out := b.Bytes()
	back, err := LoadFile("emitted.rules", out)
	if err != nil {
		return nil, fmt.Errorf("emitted rules do not load: %w", err)
	}
	if len(back.Rules) != len(rules) {
		return nil, fmt.Errorf("emitted %d rules but they load as %d", len(rules), len(back.Rules))
	}
	for i, r := range rules {
		if !r.Equal(back.Rules[i]) {
			return nil, fmt.Errorf("rule %d (%s) does not load back unchanged", i+1, describe(r))
		}
	}
	return out, nil
}

func describe(r *PrefixRule) string {
	if r.Pos.IsValid() {
		return r.Pos.String()
	}
	return strconv.Quote(r.First)
}

func emitRule(b *bytes.Buffer, r *PrefixRule) error {
	if r.Decision < Allow || r.Decision > Forbidden {
		return fmt.Errorf("invalid decision %d", r.Decision)
	}
	b.WriteString("prefix_rule(pattern=[")
	if err := writeStr(b, r.First); err != nil {
		return fmt.Errorf("pattern: %w", err)
	}
	for _, t := range r.Rest {
		b.WriteString(", ")
		var err error
		switch len(t) {
		case 0:
			err = fmt.Errorf("empty alternatives")
		case 1:
			err = writeStr(b, t[0])
		default:
			err = writeList(b, t)
		}
		if err != nil {
			return fmt.Errorf("pattern: %w", err)
		}
	}
	b.WriteString(`], decision="` + r.Decision.String() + `"`)
	if r.Justification != "" {
		if strings.TrimSpace(r.Justification) == "" {
			return fmt.Errorf("justification: blank (Codex rejects it)")
		}
		b.WriteString(", justification=")
		if err := writeStr(b, r.Justification); err != nil {
			return fmt.Errorf("justification: %w", err)
		}
	}
	if r.CanonicalMatching {
		b.WriteString(", canonical_matching=True")
	}
	for _, ex := range []struct {
		name string
		list [][]string
	}{{"match", r.Match}, {"not_match", r.NotMatch}} {
		if len(ex.list) == 0 {
			continue
		}
		b.WriteString(", " + ex.name + "=[")
		for i, e := range ex.list {
			if i > 0 {
				b.WriteString(", ")
			}
			if len(e) == 0 {
				return fmt.Errorf("%s: empty example", ex.name)
			}
			if err := writeList(b, e); err != nil {
				return fmt.Errorf("%s: %w", ex.name, err)
			}
		}
		b.WriteByte(']')
	}
	b.WriteString(")\n")
	return nil
}

func writeList(b *bytes.Buffer, items []string) error {
	b.WriteByte('[')
	for i, s := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		if err := writeStr(b, s); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// writeStr writes a Starlark string literal for s, refusing anything that
// would need an escape other than \" or \\.
func writeStr(b *bytes.Buffer, s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%q is not valid UTF-8", s)
	}
	for _, r := range s {
		if !strconv.IsPrint(r) {
			return fmt.Errorf("%q contains the non-printable character %U", s, r)
		}
	}
	b.WriteString(syntax.Quote(s, false))
	return nil
}

// commentSafe makes one header line safe inside a '#' comment: invalid UTF-8
// and characters that are not printable (which may end a line or upset the
// lexer) are written as Go escapes.
func commentSafe(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		r, n := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, line[i])
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
		i += n
	}
	return b.String()
}

// PatternString renders the rule's prefix pattern as a .rules pattern list, e.g.
// ["git", ["push", "fetch"]].
func (pr *PrefixRule) PatternString() string {
	return patternString(pr)
}

func patternString(pr *PrefixRule) string {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, t := range pr.Pattern() {
		if i > 0 {
			b.WriteString(", ")
		}
		if len(t) == 1 {
			writeJSONStr(&b, t[0])
			continue
		}
		b.WriteByte('[')
		for j, alt := range t {
			if j > 0 {
				b.WriteString(", ")
			}
			writeJSONStr(&b, alt)
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	return b.String()
}

func writeJSONStr(b *bytes.Buffer, s string) {
	q, _ := json.Marshal(s) // a string always marshals
	b.Write(q)
}
