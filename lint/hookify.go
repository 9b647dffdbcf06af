package lint

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/suggest"
	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// hookifyFile lints one hookify markdown rule file.
func (l *linter) hookifyFile(p string, data []byte) {
	l.checkName(p)
	r, diag := hookify.ReadRule(p, data)
	text, err := hookify.Decode(data)
	if err == nil {
		if strings.HasPrefix(text, "\ufeff") {
			l.report(p, ir.Pos{Line: 1, Col: 1}, "no-frontmatter", Error, "the file starts with a UTF-8 byte order mark: hookify finds no frontmatter and skips the file",
				"save the file as UTF-8 without a BOM", &Edit{Line: 1, Col: 1, EndLine: 1, EndCol: 4, New: ""})
			return
		}
		l.frontmatterText(p, text)
	}
	if diag != nil {
		code := diag.Kind.String()
		if diag.Kind == hookify.DiagNotLocal {
			return // checkName reports it
		}
		l.report(p, diag.Pos, code, Error, diag.Msg+": hookify skips the file", "", nil)
		return
	}
	l.rule(p, r, hookify.ParseFrontmatter(text), strings.Split(text, "\n"))
}

// checkName reports .claude files hookify never loads.
func (l *linter) checkName(p string) {
	dir, name := filepath.Base(filepath.Dir(p)), filepath.Base(p)
	if dir != ".claude" || hookify.IsLocalRuleName(name) {
		return
	}
	msg := fmt.Sprintf("hookify loads only .claude/hookify.*.local.md: it never reads %s", name)
	want := name
	if !strings.HasPrefix(want, "hookify.") {
		want = "hookify." + want
	}
	if !strings.HasSuffix(want, ".local.md") {
		want = strings.TrimSuffix(want, ".md") + ".local.md"
	}
	l.report(p, ir.Pos{Line: 1, Col: 1}, string(sources.ProblemNotLocal), Warning, msg, "rename the file to "+want, nil)
}

// frontmatterText finds what hookify's line parser and a YAML reader
// understand differently.
func (l *linter) frontmatterText(p, text string) {
	if !strings.HasPrefix(text, "---") {
		return
	}
	end := strings.Index(text[3:], "---")
	if end < 0 {
		return
	}
	end += 3
	if end > 0 && text[end-1] != '\n' {
		l.report(p, lineCol(text, end), "yaml-dashes-in-value", Error,
			"hookify ends the frontmatter at the first \"---\", even inside a value: the rest of the frontmatter becomes the message",
			"remove the \"---\" from the value (e.g. write \"--\" or use a regex like -{3})", nil)
	}
	lines := strings.Split(text[:end], "\n")
	inList, inDict, listKey := false, false, ""
	for i, line := range lines {
		lineNo := i + 1
		if i == 0 {
			continue // the opening ---
		}
		stripped := pyval.Strip(line)
		if stripped == "" || strings.HasPrefix(stripped, "#") {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		switch {
		case indent == 0 && strings.Contains(line, ":") && !strings.HasPrefix(stripped, "-"):
			c := strings.IndexByte(line, ':')
			key := strings.TrimSpace(line[:c])
			value := strings.TrimSpace(line[c+1:])
			inList, inDict, listKey = value == "", false, key
			if value == "" {
				l.nestedMap(p, lines, i, key)
			}
			l.value(p, lineNo, line, c, key)
		case strings.HasPrefix(stripped, "-") && inList:
			after := strings.TrimSpace(stripped[1:])
			inDict = strings.Contains(after, ":") && !strings.Contains(after, ",")
			if strings.Contains(after, ":") && strings.Contains(after, ",") {
				for _, part := range strings.Split(after, ",") {
					if !strings.Contains(part, ":") {
						l.report(p, ir.Pos{Line: lineNo, Col: indent + 1}, "yaml-comma-item", Warning,
							fmt.Sprintf("hookify splits a list item on every comma and drops %q (no \":\" in it); a YAML reader keeps it", strings.TrimSpace(part)),
							"put each key on its own line, indented under the \"- \", and avoid commas in values", nil)
						break
					}
				}
			}
			if inDict {
				c := strings.IndexByte(line, ':')
				key := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line[:c]), "-"))
				l.value(p, lineNo, line, c, key)
			}
		case indent > 0 && inList && inDict && strings.Contains(line, ":") && !strings.HasPrefix(stripped, "-"):
			c := strings.IndexByte(line, ':')
			key := strings.TrimSpace(line[:c])
			if indent <= 2 || strings.HasPrefix(line, "\t") && indent <= 2 {
				l.report(p, ir.Pos{Line: lineNo, Col: 1}, "yaml-condition-indent", Error,
					fmt.Sprintf("hookify ignores %q here: a list item's next keys must be indented by more than two spaces", key),
					"indent the line by four spaces", &Edit{Line: lineNo, Col: 1, EndLine: lineNo, EndCol: indent + 1, New: "    "})
			}
			l.value(p, lineNo, line, c, key)
		default:
			_ = listKey
		}
	}
}

// nestedMap reports a key whose value is a nested map (hookify: an empty
// value, the indented keys ignored).
func (l *linter) nestedMap(p string, lines []string, i int, key string) {
	var inner []string
	for _, next := range lines[i+1:] {
		s := strings.TrimSpace(next)
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		if next == s || strings.HasPrefix(s, "-") || !strings.Contains(s, ":") {
			break
		}
		inner = append(inner, strings.TrimSpace(s[:strings.IndexByte(s, ':')]))
	}
	if len(inner) == 0 || key == "conditions" && !containsAny(inner, hookify.Keys) {
		return
	}
	l.report(p, ir.Pos{Line: i + 1, Col: 1}, "nested-frontmatter", Error,
		fmt.Sprintf("hookify reads only top-level keys: %s nested under %q are ignored", quoteList(inner), key),
		"move the keys to the top level (no indentation) and drop the "+strconv.Quote(key+":")+" line", nil)
}

// value checks one "key: value" line (col of the colon is c, 0-based).
func (l *linter) value(p string, lineNo int, line string, c int, key string) {
	rest := line[c+1:]
	value := strings.TrimSpace(rest)
	if value == "" {
		return
	}
	vcol := c + 1 + (len(rest) - len(strings.TrimLeft(rest, " \t"))) + 1
	endCol := vcol + len(value)
	if strings.HasPrefix(value, `"`) && strings.HasSuffix(value, `"`) && len(value) >= 2 && strings.Contains(value, `\\`) {
		inner := value[1 : len(value)-1]
		fixed := strings.ReplaceAll(inner, `\\`, `\`)
		l.report(p, ir.Pos{Line: lineNo, Col: vcol}, "yaml-quoted-backslash", Warning,
			fmt.Sprintf("hookify strips the quotes but keeps every backslash: %s is %s to hookify, %s to a YAML reader", key, quoted(inner), quoted(fixed)),
			"write the value unquoted with single backslashes", &Edit{Line: lineNo, Col: vcol, EndLine: lineNo, EndCol: endCol, New: fixed})
	}
	if !strings.HasPrefix(value, `"`) && !strings.HasPrefix(value, `'`) {
		if i := strings.Index(value, " #"); i > 0 {
			l.report(p, ir.Pos{Line: lineNo, Col: vcol + i + 1}, "yaml-inline-comment", Warning,
				fmt.Sprintf("hookify keeps %q as part of the %s value; a YAML reader drops it as a comment", value[i+1:], key),
				"move the comment to a line of its own", &Edit{Line: lineNo, Col: vcol + i, EndLine: lineNo, EndCol: endCol, New: ""})
		}
	}
	if key == "enabled" {
		v := strings.ToLower(pyval.StripChars(pyval.StripChars(value, `"`), `'`))
		if v != "true" && v != "false" {
			word, meant := "true", "enabled"
			switch v {
			case "no", "off", "n", "0", "disabled", "disable", "none", "null", "~":
				word, meant = "false", "disabled"
			}
			msg := fmt.Sprintf("enabled: %s is a non-empty string to hookify, so the rule is enabled", value)
			if v == "" {
				msg = "enabled: " + value + " is an empty string to hookify, so the rule is disabled"
			}
			l.report(p, ir.Pos{Line: lineNo, Col: vcol}, "enabled-string", Warning, msg+" (only true and false are booleans)",
				"write enabled: "+word+" if the rule should be "+meant, &Edit{Line: lineNo, Col: vcol, EndLine: lineNo, EndCol: endCol, New: word})
		}
	}
}

// rule lints a rule that hookify reads.
func (l *linter) rule(p string, r *ir.Rule, fm *hookify.Frontmatter, lines []string) {
	for _, k := range hookify.UnknownKeys(r) {
		l.report(p, k.Pos, "unknown-key", Warning, fmt.Sprintf("hookify ignores the key %q%s", k.Key, k.Hint), hintFix(k.Hint), nil)
	}
	// Names repeated across layers are collisions (reported by discovery);
	// duplicate-name is about one directory.
	key := filepath.Dir(p) + "\x00" + r.Name
	if prev, ok := l.names[key]; ok && prev != p {
		l.report(p, hookify.NameKeyPos(r), "duplicate-name", Warning,
			fmt.Sprintf("rule name %q is also used by %s: both rules apply, and messages and rules list cannot tell them apart", r.Name, prev),
			"give each rule its own name", nil)
	} else if !ok {
		l.names[key] = p
	}
	if r.ToolMatcher.TypeError != "" {
		pos, _ := fm.KeyPos("tool_matcher")
		l.report(p, pos, "type-error", Error, "tool_matcher raises "+r.ToolMatcher.TypeError+" in hookify on every call that reaches the rule", "write tool_matcher as a string such as Bash|Edit, or remove it", nil)
	}
	if !contains(hookify.Events, r.Event) {
		pos, _ := fm.KeyPos("event")
		l.report(p, pos, "unknown-event", Error,
			fmt.Sprintf("event %q is not one of bash, file, stop, prompt, all: the rule never sees the calls it was written for%s", r.Event, suggest.Hint(r.Event, hookify.Events)),
			hintFix(suggest.Hint(r.Event, hookify.Events)), valueEdit(lines, pos, suggest.Closest(r.Event, hookify.Events)))
	}
	if r.ActionText != "warn" && r.ActionText != "block" {
		pos, _ := fm.KeyPos("action")
		hint := suggest.Hint(r.ActionText, []string{"warn", "block"})
		l.report(p, pos, "unknown-action", Error,
			fmt.Sprintf("action %q is not warn or block: hookify only warns%s", r.ActionText, hint),
			hintFix(hint), valueEdit(lines, pos, suggest.Closest(r.ActionText, []string{"warn", "block"})))
	}
	if !r.Enabled {
		pos, _ := fm.KeyPos("enabled")
		l.report(p, pos, "disabled", Note, "the rule is disabled (enabled: false): nothing enforces it", "", nil)
	}
	if len(r.Conditions) == 0 {
		l.report(p, r.Source.Pos, "no-conditions", Error, "the rule has no conditions (no conditions: items and no pattern:): hookify never matches it",
			"add a conditions: list or a pattern:", nil)
	}
	items := fm.Items["conditions"]
	for i := range r.Conditions {
		c := &r.Conditions[i]
		var kp map[string]ir.Pos
		if !c.Legacy && i < len(items) {
			kp = items[i].KeyPos
		}
		at := func(key string) ir.Pos {
			if pos, ok := kp[key]; ok {
				return pos
			}
			if c.Pos.IsValid() {
				return c.Pos
			}
			return r.Source.Pos
		}
		if c.PatternTypeError != "" {
			l.report(p, at("pattern"), "type-error", Error, "the pattern raises "+c.PatternTypeError+" in hookify on every call that reaches the rule", "quote the pattern", nil)
			continue
		}
		if !contains(hookify.Operators, c.Operator) {
			hint := suggest.Hint(c.Operator, hookify.Operators)
			l.report(p, at("operator"), "unknown-operator", Error,
				fmt.Sprintf("operator %q is not one of %s: the condition never holds%s", c.Operator, strings.Join(hookify.Operators, ", "), hint),
				hintFix(hint), valueEdit(lines, at("operator"), suggest.Closest(c.Operator, hookify.Operators)))
		}
		l.field(p, r, c, at("field"), lines)
		switch c.Operator {
		case ir.OpRegexMatch:
			l.regex(p, r, c, at("pattern"), lines)
		case ir.OpContains, ir.OpNotContains, ir.OpEquals, ir.OpStartsWith, ir.OpEndsWith:
			l.literal(p, c, at("pattern"))
		}
	}
	l.eventLeak(p, r, fm)
	l.broad(p, r)
}

// Fields each event's calls carry (tool_input keys included), under the
// fixed semantics.
var eventFields = map[string][]string{
	ir.EventBash:   {"command", "description", "timeout", "run_in_background"},
	ir.EventFile:   {"file_path", "new_text", "old_text", "content", "new_string", "old_string", "replace_all", "edits"},
	ir.EventPrompt: {"prompt", "user_prompt"},
	ir.EventStop:   {"transcript", "reason", "stop_hook_active"},
}

// field checks a condition's field against the rule's event.
func (l *linter) field(p string, r *ir.Rule, c *ir.Condition, pos ir.Pos, lines []string) {
	known := append([]string{}, hookify.Fields...)
	for _, fs := range eventFields {
		known = append(known, fs...)
	}
	hookifySem := l.opts.Semantics == engine.Hookify
	differ := func(code, msg, fix string, edit *Edit) {
		sev := Warning
		if hookifySem {
			sev = Error
			msg += " (you run --semantics hookify)"
		} else {
			msg += "; hookifyc's default (fixed) semantics make it fire"
		}
		l.report(p, pos, code, sev, msg, fix, edit)
	}
	if c.Legacy {
		switch r.Event {
		case ir.EventPrompt, ir.EventStop:
			differ("legacy-pattern-field", fmt.Sprintf("hookify tests a %s rule's pattern: against the content field, which %s events never carry: the hookify plugin never fires it", r.Event, r.Event),
				"use conditions: with field: "+map[string]string{ir.EventPrompt: "prompt", ir.EventStop: "transcript"}[r.Event], nil)
		case ir.EventAll:
			l.report(p, pos, "legacy-pattern-field", Warning, "a pattern: without an event (or with event: all) is tested against the content field (file edits), never against a command",
				"add event: bash to test commands, or event: file for file contents", nil)
		case ir.EventFile:
			differ("write-new-text", "hookify tests a file rule's pattern: against new_text, which is empty on Write calls: the hookify plugin misses every file Write creates",
				"use conditions: with field: content (Write's content and Edit's new text)", nil)
		}
		return
	}
	if !contains(known, c.Field) {
		hint := suggest.Hint(c.Field, hookify.Fields)
		if hint != "" {
			l.report(p, pos, "unknown-field", Error, fmt.Sprintf("field %q is not a field hookify reads: the condition never holds%s", c.Field, hint), hintFix(hint), valueEdit(lines, pos, suggest.Closest(c.Field, hookify.Fields)))
		} else {
			l.report(p, pos, "unknown-field", Warning, fmt.Sprintf("field %q is not a field hookify knows: it holds only for tools whose input has a %q key", c.Field, c.Field), "", nil)
		}
		return
	}
	switch r.Event {
	case ir.EventAll:
		return
	case ir.EventFile:
		if c.Field == "new_text" {
			differ("write-new-text", "field new_text is empty on Write calls in hookify: the hookify plugin misses every file Write creates",
				"use field: content (Write's content and Edit's new text)", valueEdit(lines, pos, "content"))
			return
		}
	case ir.EventPrompt:
		if c.Field == "user_prompt" || c.Field == "prompt" {
			differ("prompt-field", fmt.Sprintf("hookify reads %s from a key Claude Code never sends (its prompt field is prompt, and hookify reads only user_prompt): the hookify plugin never fires this rule", c.Field), "", nil)
			return
		}
	}
	if fs, ok := eventFields[r.Event]; ok && !contains(fs, c.Field) {
		l.report(p, pos, "dead-field", Error, fmt.Sprintf("%s calls never carry the field %q: the condition never holds on the calls this rule sees", r.Event, c.Field),
			"use a field of "+r.Event+" calls: "+strings.Join(fs, ", "), nil)
	}
}

// eventLeak notes rules that hookify also runs on tools it does not map.
func (l *linter) eventLeak(p string, r *ir.Rule, fm *hookify.Frontmatter) {
	if r.Event == ir.EventAll || !contains(hookify.Events, r.Event) || len(r.Conditions) == 0 {
		return
	}
	if (r.Event == ir.EventBash || r.Event == ir.EventFile) && l.opts.Semantics != engine.Hookify {
		return // a bash or file rule on an unmapped tool rarely finds its field
	}
	pos, _ := fm.KeyPos("event")
	sev := Note
	tail := "; hookifyc's default (fixed) semantics apply the event filter to every tool"
	if l.opts.Semantics == engine.Hookify {
		sev, tail = Warning, " (you run --semantics hookify)"
	}
	l.report(p, pos, "event-leak", sev,
		fmt.Sprintf("hookify also runs this %s rule on every tool it does not map (Read, Grep, Glob, WebFetch, Task, mcp__*, ...)%s", r.Event, tail),
		"add tool_matcher to name the tools the rule is for", nil)
}

// literal reports regex syntax in literal operators.
func (l *linter) literal(p string, c *ir.Condition, pos ir.Pos) {
	for _, meta := range []string{`\s`, `\d`, `\w`, `\b`, `.*`, `.+`, `|`, `(?`, `^`, `$`} {
		found := strings.Contains(c.Pattern, meta)
		switch meta {
		case "^":
			found = strings.HasPrefix(c.Pattern, "^")
		case "$":
			found = strings.HasSuffix(c.Pattern, "$")
		}
		if found {
			l.report(p, pos, "literal-metachar", Warning,
				fmt.Sprintf("operator %s compares literally and case-sensitively: %s holds only for text containing the characters %q", c.Operator, quoted(c.Pattern), meta),
				"use operator: regex_match (negations need a regex such as ^(?!.*(npm test|pytest)))", nil)
			return
		}
	}
}

// valueEdit replaces the value of the "key: value" line at pos with word.
func valueEdit(lines []string, pos ir.Pos, word string) *Edit {
	if word == "" || !pos.IsValid() || pos.Line > len(lines) {
		return nil
	}
	line := lines[pos.Line-1]
	from := pos.Col - 1
	if from < 0 || from > len(line) {
		return nil
	}
	c := strings.IndexByte(line[from:], ':')
	if c < 0 {
		return nil
	}
	c += from
	rest := line[c+1:]
	value := strings.TrimSpace(rest)
	if value == "" {
		return nil
	}
	vcol := c + 1 + (len(rest) - len(strings.TrimLeft(rest, " \t"))) + 1
	return &Edit{Line: pos.Line, Col: vcol, EndLine: pos.Line, EndCol: vcol + len(value), New: word}
}

// hintFix turns ` (did you mean "event"?)` into `write "event"`.
func hintFix(hint string) string {
	_, word, ok := strings.Cut(hint, `"`)
	if !ok {
		return ""
	}
	word, _, _ = strings.Cut(word, `"`)
	return `write "` + word + `"`
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsAny(list, want []string) bool {
	for _, x := range list {
		if contains(want, x) {
			return true
		}
	}
	return false
}

func quoteList(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}

// quoted shows a pattern as written, in single quotes as hookify's own
// messages do ('rm\s+-rf'), escaping only what would break the line or
// drive the terminal (control characters, bidi overrides).
func quoted(s string) string {
	if !utf8.ValidString(s) || strings.IndexFunc(s, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f || textsafe.Deceptive(r) }) >= 0 {
		return strconv.Quote(s)
	}
	return "'" + s + "'"
}
