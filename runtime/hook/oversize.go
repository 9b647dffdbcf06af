package hook

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// DefaultMaxInput is the default bound of a hook payload read from stdin:
// far above real payloads (a command, a file's content, a prompt), so that
// only a payload built to exhaust the hook reaches it.
const DefaultMaxInput = 64 << 20

// The payload's event and tool names, found in its first bytes; compiled
// only for an oversized payload (a hook process starts on every call).
var (
	eventNameRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"hook_event_name"\s*:\s*"([A-Za-z]+)"`) })
	toolNameRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"tool_name"\s*:\s*"([A-Za-z_]+)"`) })
	// The keys of the strings an event's rules are about (a file event's:
	// Write's content, each new_string of Edit and MultiEdit, the patch
	// of apply_patch, which Codex sends as command); in valid JSON a
	// quote inside a string is escaped, so every match is a key.
	valueKeyRe = sync.OnceValue(func() map[string]*regexp.Regexp {
		return map[string]*regexp.Regexp{
			ir.EventBash:   regexp.MustCompile(`"command"\s*:\s*"`),
			ir.EventFile:   regexp.MustCompile(`"(?:content|new_string|command|patch|input)"\s*:\s*"`),
			ir.EventPrompt: regexp.MustCompile(`"prompt"\s*:\s*"`),
		}
	})
)

// runOversize answers a payload cut at the input bound. The JSON cannot be
// decoded, so its text is judged as what the payload most likely carries
// (a prompt for UserPromptSubmit, a file's content for Write and Edit, a
// shell command otherwise): a blocked command inside the payload still
// blocks. The text of the command's (content's, prompt's) own string is
// judged too (a file event's every content, new_string and patch string),
// from its first byte to its closing quote or the cut, so that
// a rule anchored at the start (^rm) still sees the start of the command,
// not the payload's. Otherwise the fail mode decides, with a problem
// naming the bound.
// project and extra are as runFixed's.
func runOversize(opts Options, project bool, extra []engine.Problem) agent.Output {
	head := opts.Stdin
	if len(head) > 4096 {
		head = head[:4096]
	}
	hookEvent := ir.PreToolUse
	if m := eventNameRe().FindSubmatch(head); m != nil {
		hookEvent = string(m[1])
	}
	kind := opts.Agent
	if kind == "" || kind == agent.Auto {
		kind = agent.Claude
		if bytes.Contains(head, []byte(`"turn_id"`)) {
			kind = agent.Codex
		}
	}
	event := ir.EventBash
	switch hookEvent {
	case ir.UserPromptSubmit:
		event = ir.EventPrompt
	case ir.Stop, ir.SubagentStop:
		event = ""
	default:
		if m := toolNameRe().FindSubmatch(head); m != nil {
			switch string(m[1]) {
			case "Write", "Edit", "MultiEdit", "apply_patch":
				event = ir.EventFile
			}
		}
	}
	rules, found, trusted := opts.findRules(project, "")
	var res engine.Result
	if event != "" {
		texts := []string{jsonUnescape(strings.ToValidUTF8(string(opts.Stdin), "\uFFFD"))}
		// A shell command or prompt is the first such string; a file
		// event's are all of them (up to maxOversizeValues).
		n := 1
		if event == ir.EventFile {
			n = maxOversizeValues
		}
		for _, loc := range valueKeyRe()[event].FindAllIndex(opts.Stdin, n) {
			texts = append(texts, jsonUnescape(strings.ToValidUTF8(string(jsonStringAt(opts.Stdin[loc[1]:])), "\uFFFD")))
		}
		eng := engine.New(engine.Options{Semantics: engine.Fixed, RegexTimeout: opts.RegexTimeout, Home: opts.Home, Actor: opts.Actor, Patterns: opts.patternCache(rules), Deadline: opts.Deadline, FailSafeAtDeadline: !project,
			UntrustedPatternBytes: engine.DefaultUntrustedPatternBytes, TrustedRules: trusted})
		for i, text := range texts {
			ev, _ := engine.SyntheticEvent(event, text, "")
			if r := eng.Evaluate(rules, ev); i == 0 {
				res = r
			} else {
				res.Merge(r)
			}
		}
		if project && passedDeadline(res.Problems) {
			return trustedAlone(opts, res.Problems, extra)
		}
	}
	res.Problems = append(append(RuleProblems(found), extra...), res.Problems...)
	res.Problems = append(res.Problems, engine.Problem{
		Kind: engine.ProblemInput,
		Text: "hook input larger than " + strconv.FormatInt(int64(len(opts.Stdin)), 10) + " bytes (--max-input): judged on its first bytes as " + map[string]string{ir.EventBash: "a shell command", ir.EventFile: "file content", ir.EventPrompt: "a prompt", "": "nothing"}[event],
	})
	rec := res
	rec.HookEvent = hookEvent
	opts.record(kind, nil, &rec)
	return agent.Render(kind, hookEvent, &res, opts.Fail)
}

// maxOversizeValues bounds the strings of a cut file event judged on
// their own (MultiEdit's edits): each costs an evaluation of the rules.
const maxOversizeValues = 64

// jsonStringAt is the text of the JSON string starting at b (after its
// opening quote), still escaped: up to its closing quote, or all of b when
// the cut came first.
func jsonStringAt(b []byte) []byte {
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return b[:i]
		}
	}
	return b
}

// jsonUnescape decodes the JSON string escapes of a cut payload's text, so
// that the text judged is what the strings hold: a command written
// `rm\t-rf /` (a tab, escaped by every JSON encoder) or `rm\u0020-rf /`
// is judged as `rm<TAB>-rf /`, not as a backslash the shell never sees.
// Outside strings valid JSON has no backslash; an invalid escape is kept.
func jsonUnescape(s string) string {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 && i+1 < len(s) {
		b.WriteString(s[:i])
		s = s[i:]
		n := 2
		switch c := s[1]; c {
		case '"', '\\', '/':
			b.WriteByte(c)
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, ok := hex4(s[2:])
			if !ok {
				b.WriteString(s[:2])
				break
			}
			n = 6
			if r2, ok := hex4(s[min(8, len(s)):]); ok && utf16.IsSurrogate(r) && s[6:8] == `\u` {
				if d := utf16.DecodeRune(r, r2); d != '\uFFFD' {
					r, n = d, 12
				}
			}
			b.WriteRune(r) // a lone surrogate is written as U+FFFD
		default:
			b.WriteString(s[:2])
		}
		s = s[n:]
		i = strings.IndexByte(s, '\\')
	}
	b.WriteString(s)
	return b.String()
}

// hex4 reads four hexadecimal digits at the start of s.
func hex4(s string) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(s[:4], 16, 32)
	return rune(v), err == nil
}
