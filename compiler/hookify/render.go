package hookify

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
)

// Render writes a rule as a new hookify rule file ("\n" line endings) that
// ReadRule reads back to the same rule: same name, enabled flag, event,
// action, tool matcher, conditions and message (positions aside). It fails
// with a clear error for a value the format cannot represent, for example a
// value with leading or trailing whitespace or quotes (hookify strips them),
// a line break, "---" (it ends the frontmatter), an empty top-level value
// (read as a list), or "true"/"false" where a string is meant (read as a
// boolean). Condition values may contain commas: the first line of each item
// holds a value without one (or an empty field that a continuation line
// overwrites), so hookify's inline-dict path never splits them.
//
// A condition with Legacy set is written as a top-level pattern: key; it must
// be the rule's only condition, use regex_match and the field hookify derives
// from the event.
func Render(r *ir.Rule) ([]byte, error) {
	var b strings.Builder
	b.WriteString("---\n")
	top := func(key, v string) error {
		if err := checkValue(key, v, true); err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s: %s\n", key, v)
		return nil
	}
	action := r.ActionText
	if action == "" {
		action = "warn"
		if r.Action == ir.ActionBlock {
			action = "block"
		}
	}
	if (action == "block") != (r.Action == ir.ActionBlock) && r.Action != "" {
		return nil, fmt.Errorf("action %q does not give the action %q: hookify blocks only for the exact text \"block\"", action, r.Action)
	}
	enabled := "false"
	if r.Enabled {
		enabled = "true"
	}
	if err := top("name", r.Name); err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "enabled: %s\n", enabled)
	if err := top("event", r.Event); err != nil {
		return nil, err
	}
	if err := top("action", action); err != nil {
		return nil, err
	}
	if tm := r.ToolMatcher; tm.Set || tm.Any || len(tm.Names) > 0 || tm.TypeError != "" {
		v, err := toolMatcherText(tm)
		if err != nil {
			return nil, err
		}
		if err := top("tool_matcher", v); err != nil {
			return nil, err
		}
	}
	if err := renderConditions(&b, r, top); err != nil {
		return nil, err
	}
	b.WriteString("---\n")
	if err := checkMessage(r.Message); err != nil {
		return nil, err
	}
	if r.Message != "" {
		b.WriteString("\n" + r.Message + "\n")
	}
	out := []byte(b.String())

	// The checks above should make this hold; the read back proves it.
	got, diag := ReadRule("rendered", out)
	if diag != nil {
		return nil, fmt.Errorf("cannot represent this rule: it would read back as %s", diag.Msg)
	}
	if d := ruleDiff(r, got); d != "" {
		return nil, fmt.Errorf("cannot represent this rule: %s", d)
	}
	return out, nil
}

func toolMatcherText(tm ir.ToolMatcher) (string, error) {
	switch {
	case tm.TypeError != "":
		return "", fmt.Errorf("tool_matcher: a non-string matcher (%s) cannot be written", tm.TypeError)
	case !tm.Set:
		return "", fmt.Errorf("tool_matcher: names given but the matcher is not set")
	case tm.Any:
		return "*", nil
	}
	for _, n := range tm.Names {
		if strings.Contains(n, "|") {
			return "", fmt.Errorf("tool_matcher: tool name %q contains |, the separator", n)
		}
	}
	v := strings.Join(tm.Names, "|")
	if v == "*" {
		return "", fmt.Errorf("tool_matcher: the single name \"*\" means any tool")
	}
	return v, nil
}

func renderConditions(b *strings.Builder, r *ir.Rule, top func(k, v string) error) error {
	if len(r.Conditions) == 0 {
		return nil
	}
	for _, c := range r.Conditions {
		if c.PatternTypeError != "" {
			return fmt.Errorf("pattern: a non-string pattern (%s) cannot be written", c.PatternTypeError)
		}
	}
	if r.Conditions[0].Legacy {
		c := r.Conditions[0]
		switch {
		case len(r.Conditions) != 1:
			return fmt.Errorf("pattern: a legacy pattern must be the rule's only condition")
		case c.Operator != ir.OpRegexMatch:
			return fmt.Errorf("pattern: a legacy pattern always uses regex_match, not %q", c.Operator)
		case c.Field != LegacyField(pyval.Str(r.Event)):
			return fmt.Errorf("pattern: for event %q a legacy pattern tests %q, not %q",
				r.Event, LegacyField(pyval.Str(r.Event)), c.Field)
		}
		return top("pattern", c.Pattern)
	}
	b.WriteString("conditions:\n")
	for i, c := range r.Conditions {
		if c.Legacy {
			return fmt.Errorf("condition %d: a legacy pattern cannot be mixed with conditions", i+1)
		}
		kvs := [][2]string{{"field", c.Field}, {"operator", c.Operator}, {"pattern", c.Pattern}}
		for _, kv := range kvs {
			if err := checkValue(fmt.Sprintf("condition %d: %s", i+1, kv[0]), kv[1], false); err != nil {
				return err
			}
		}
		// The first line of an item goes through hookify's inline-dict path
		// when it holds both ":" and ",": start with a value without a comma,
		// or with an empty field that a continuation line then overwrites.
		first := -1
		for j, kv := range kvs {
			if !strings.Contains(kv[1], ",") {
				first = j
				break
			}
		}
		if first < 0 {
			b.WriteString("  - field:\n")
		} else {
			fmt.Fprintf(b, "  - %s: %s\n", kvs[first][0], itemValue(kvs[first][1]))
		}
		for j, kv := range kvs {
			if j != first {
				fmt.Fprintf(b, "    %s: %s\n", kv[0], itemValue(kv[1]))
			}
		}
	}
	return nil
}

func itemValue(v string) string {
	if v == "" {
		return `""`
	}
	return v
}

// checkValue reports why v cannot be written as a frontmatter value that
// reads back as the string v. top is true for a top-level key, whose value
// must not be empty or read as a boolean.
func checkValue(what, v string, top bool) error {
	bad := func(why string) error { return fmt.Errorf("%s: value %q cannot be written: %s", what, v, why) }
	switch {
	case !utf8.ValidString(v):
		return bad("it is not valid UTF-8")
	case strings.ContainsAny(v, "\r\n"):
		return bad("it contains a line break")
	case strings.Contains(v, "---"):
		return bad("it contains ---, which ends the frontmatter wherever it appears")
	case top && v == "":
		return bad("an empty value is read as an empty list")
	case pyval.Strip(v) != v:
		return bad("hookify strips leading and trailing whitespace")
	case stripQuotes(v) != v:
		return bad("hookify strips leading and trailing quotes")
	case top && scalar(v) != pyval.Value(pyval.Str(v)):
		return bad("hookify reads it as a boolean, not a string")
	}
	return nil
}

func checkMessage(m string) error {
	switch {
	case !utf8.ValidString(m):
		return fmt.Errorf("message: it is not valid UTF-8")
	case strings.ContainsRune(m, '\r'):
		return fmt.Errorf("message: a carriage return is read as a newline")
	case pyval.Strip(m) != m:
		return fmt.Errorf("message: hookify strips leading and trailing whitespace")
	}
	return nil
}

// ruleDiff describes the first difference between what a rule says (want)
// and what was read (got), ignoring positions and sources; "" if none.
func ruleDiff(want, got *ir.Rule) string {
	f := func(field string, w, g any) string {
		return fmt.Sprintf("%s would read back as %#v instead of %#v", field, g, w)
	}
	switch {
	case want.Name != got.Name:
		return f("name", want.Name, got.Name)
	case want.Enabled != got.Enabled:
		return f("enabled", want.Enabled, got.Enabled)
	case want.Event != got.Event:
		return f("event", want.Event, got.Event)
	case want.ActionText != "" && want.ActionText != got.ActionText:
		return f("action", want.ActionText, got.ActionText)
	case want.Action != "" && want.Action != got.Action:
		return f("action", want.Action, got.Action)
	case want.Message != got.Message:
		return f("message", want.Message, got.Message)
	}
	wt, gt := want.ToolMatcher, got.ToolMatcher
	if wt.Set != gt.Set || wt.Any != gt.Any || wt.TypeError != gt.TypeError || !slices.Equal(wt.Names, gt.Names) {
		return f("tool_matcher", wt, gt)
	}
	if len(want.Conditions) != len(got.Conditions) {
		return fmt.Sprintf("%d conditions would read back as %d", len(want.Conditions), len(got.Conditions))
	}
	for i, w := range want.Conditions {
		g := got.Conditions[i]
		w.Pos, g.Pos = ir.Pos{}, ir.Pos{}
		if w != g {
			return f(fmt.Sprintf("condition %d", i+1), w, g)
		}
	}
	return ""
}

// RuleFileName is the file name Create gives a rule in dir: hookify's
// hookify.<name>.local.md in a .claude directory, <name>.md elsewhere
// (.codex/hookify, HOOKIFY_RULE_DIR).
func RuleFileName(dir, name string) (string, error) {
	switch {
	case name == "" || name == "." || name == "..":
		return "", fmt.Errorf("name %q cannot be used as a file name", name)
	case strings.HasPrefix(name, "."):
		return "", fmt.Errorf("name %q starts with a dot: the file would be hidden from discovery", name)
	case strings.ContainsAny(name, `/\`):
		return "", fmt.Errorf("name %q contains a path separator", name)
	case len(name) > 200:
		return "", fmt.Errorf("name is too long for a file name (%d bytes)", len(name))
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return "", fmt.Errorf("name %q contains a control character", name)
		}
	}
	if filepath.Base(filepath.Clean(dir)) == CompatDir {
		return "hookify." + name + ".local.md", nil
	}
	return name + ".md", nil
}

// Create writes rule r as a new file in dir (created if missing), named by
// RuleFileName, atomically and without replacing an existing file; it
// returns the file's path.
func Create(dir string, r *ir.Rule) (string, error) {
	name, err := RuleFileName(dir, r.Name)
	if err != nil {
		return "", err
	}
	data, err := Render(r)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	p := filepath.Join(dir, name)
	if err := atomicfile.Create(p, data, 0o644); err != nil {
		return "", err
	}
	return p, nil
}
