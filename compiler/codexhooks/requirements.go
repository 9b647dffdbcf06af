package codexhooks

import (
	"fmt"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
)

// Requirements renders prefix rules as a managed requirements.toml
// [rules] block (codex-execpolicy.md §11):
//
//	[rules]
//	prefix_rules = [
//	  { pattern = [{ token = "git" }, { any_of = ["push", "fetch"] }], decision = "prompt", justification = "…" },
//	]
//
// Codex rejects decision "allow" there, so allow rules are left out and
// counted in skipped. header becomes a leading comment. Load-time examples
// have no place in requirements.toml and are dropped.
func Requirements(rules []*execpolicy.PrefixRule, header string) (out []byte, skipped int, err error) {
	var b strings.Builder
	writeComment(&b, header)
	b.WriteString("[rules]\nprefix_rules = [")
	n := 0
	for i, r := range rules {
		var dec string
		switch r.Decision {
		case execpolicy.Prompt, execpolicy.Forbidden:
			dec = r.Decision.String()
		case execpolicy.Allow:
			skipped++
			continue
		default:
			return nil, 0, fmt.Errorf("rule %d: invalid decision %d", i+1, r.Decision)
		}
		line, err := requirementRule(r, dec)
		if err != nil {
			return nil, 0, fmt.Errorf("rule %d (%s): %w", i+1, r.PatternString(), err)
		}
		b.WriteString("\n  ")
		b.WriteString(line)
		b.WriteByte(',')
		n++
	}
	if n > 0 {
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	return []byte(b.String()), skipped, nil
}

// requirementRule renders one rule as a single-line inline table.
func requirementRule(r *execpolicy.PrefixRule, dec string) (string, error) {
	var b strings.Builder
	b.WriteString("{ pattern = [")
	for i, t := range r.Pattern() {
		if i > 0 {
			b.WriteString(", ")
		}
		if len(t) == 0 {
			return "", fmt.Errorf("empty alternatives")
		}
		if len(t) == 1 {
			q, err := QuoteTOML(t[0])
			if err != nil {
				return "", err
			}
			b.WriteString("{ token = " + q + " }")
			continue
		}
		b.WriteString("{ any_of = [")
		for j, alt := range t {
			if j > 0 {
				b.WriteString(", ")
			}
			q, err := QuoteTOML(alt)
			if err != nil {
				return "", err
			}
			b.WriteString(q)
		}
		b.WriteString("] }")
	}
	b.WriteString("], decision = \"" + dec + "\"")
	if r.Justification != "" {
		q, err := QuoteTOML(r.Justification)
		if err != nil {
			return "", err
		}
		b.WriteString(", justification = " + q)
	}
	b.WriteString(" }")
	return b.String(), nil
}
