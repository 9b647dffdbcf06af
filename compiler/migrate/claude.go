// Package migrate moves agent configuration onto Codex hooks: the hooks of
// Claude Code settings files become a Codex hooks.json or [hooks] TOML
// ([ClaudeHooks]), and config.toml's legacy `notify` program becomes a
// Stop hook that runs it through `hookifyc notify-bridge` ([Notify]).
// Every handler Codex cannot run as written is reported with its location.
//
// It turns bytes into bytes and findings; writing files is the caller's.
package migrate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/hookifyc/hookifyc/compiler/codexhooks"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// Finding is something of the input Codex will not do as Claude Code did.
type Finding struct {
	// Where is file: then the JSON path of the event, group or handler.
	Where string `json:"where"`
	// Dropped reports that the handler is not in the output.
	Dropped bool   `json:"dropped"`
	Msg     string `json:"message"`
}

func (f Finding) String() string {
	if f.Dropped {
		return f.Where + ": dropped: " + f.Msg
	}
	return f.Where + ": " + f.Msg
}

// Handler is a Codex command hook.
type Handler struct {
	Command       string
	Timeout       int
	StatusMessage string
}

// Group is a Codex matcher group.
type Group struct {
	Matcher string
	Hooks   []Handler
}

// Hooks are Codex hooks by event, groups in input order.
type Hooks map[string][]Group

// codexEvents are the events Codex 0.169.0 fires (agent-hooks.md A4).
var codexEvents = map[string]bool{
	"PreToolUse": true, "PermissionRequest": true, "PostToolUse": true, "UserPromptSubmit": true,
	"Stop": true, "SubagentStart": true, "SubagentStop": true, "SessionStart": true,
	"PreCompact": true, "PostCompact": true, "SessionEnd": true,
}

// matcherEvents are the Codex events whose matcher Codex honours (A2).
var matcherEvents = map[string]bool{"PreToolUse": true, "PermissionRequest": true, "PostToolUse": true, "SessionStart": true}

// codexTools maps Claude Code tool names to the names Codex gives its
// calls (A5); a name absent here has no Codex counterpart.
var codexTools = map[string][]string{
	"Bash":      {"Bash"},
	"Edit":      {"apply_patch"},
	"Write":     {"apply_patch"},
	"MultiEdit": {"apply_patch"},
}

var exactMatcher = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_ ,|-]+$`) })

// claudeVarRe finds the variables Claude Code sets for hooks, which Codex
// does not (B6).
var claudeVarRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{?(CLAUDE_[A-Z_]+)\}?`) })

// ClaudeHooks converts the hooks of Claude Code settings files (name →
// content) into Codex hooks, files in the order given.
func ClaudeHooks(names []string, files map[string][]byte) (Hooks, []Finding) {
	out := Hooks{}
	var findings []Finding
	for _, name := range names {
		var settings struct {
			Hooks map[string]json.RawMessage `json:"hooks"`
		}
		if err := json.Unmarshal(files[name], &settings); err != nil {
			findings = append(findings, Finding{Where: name, Dropped: true, Msg: "not JSON settings: " + err.Error()})
			continue
		}
		var events []string
		for ev := range settings.Hooks {
			events = append(events, ev)
		}
		sort.Strings(events)
		for _, ev := range events {
			where := fmt.Sprintf("%s: hooks.%s", name, ev)
			var groups []struct {
				Matcher *string          `json:"matcher"`
				Hooks   []map[string]any `json:"hooks"`
			}
			if err := json.Unmarshal(settings.Hooks[ev], &groups); err != nil {
				findings = append(findings, Finding{Where: where, Dropped: true, Msg: "not a list of matcher groups: " + err.Error()})
				continue
			}
			if !codexEvents[ev] {
				findings = append(findings, Finding{Where: where, Dropped: true, Msg: fmt.Sprintf("Codex 0.169.0 has no %s event", ev)})
				continue
			}
			for gi, g := range groups {
				gwhere := fmt.Sprintf("%s[%d]", where, gi)
				matcher := ""
				if g.Matcher != nil {
					matcher = *g.Matcher
				}
				cm, ok, msgs := translateMatcher(ev, matcher)
				for _, m := range msgs {
					findings = append(findings, Finding{Where: gwhere + ".matcher", Dropped: !ok, Msg: m})
				}
				if !ok {
					continue
				}
				var hs []Handler
				for hi, h := range g.Hooks {
					hwhere := fmt.Sprintf("%s.hooks[%d]", gwhere, hi)
					handler, fs := translateHandler(h)
					for _, f := range fs {
						f.Where = hwhere
						findings = append(findings, f)
					}
					if handler != nil {
						hs = append(hs, *handler)
					}
				}
				if len(hs) > 0 {
					out[ev] = append(out[ev], Group{Matcher: cm, Hooks: hs})
				}
			}
		}
	}
	return out, findings
}

// translateMatcher turns a Claude Code matcher into Codex's for event:
// exact names keep their Codex names (Edit, Write, MultiEdit → apply_patch;
// MCP names as they are), a regular expression is kept and widened to
// apply_patch when it matches one of Claude's edit tools. ok is false when
// nothing of it names a Codex tool.
func translateMatcher(event, m string) (string, bool, []string) {
	if m == "" || m == "*" {
		return "", true, nil
	}
	if !matcherEvents[event] {
		return "", true, []string{fmt.Sprintf("Codex ignores matchers on %s: the hook runs for every %s (was %q)", event, event, m)}
	}
	if event == "SessionStart" {
		// Both agents match the session source (startup, resume, clear,
		// compact, fork) here, not a tool.
		return m, true, nil
	}
	var msgs []string
	if exactMatcher().MatchString(m) {
		var names []string
		seen := map[string]bool{}
		for _, n := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
			n = strings.TrimSpace(n)
			var mapped []string
			switch {
			case strings.HasPrefix(n, "mcp__"):
				mapped = []string{n}
			case codexTools[n] != nil:
				mapped = codexTools[n]
			default:
				msgs = append(msgs, fmt.Sprintf("Codex has no %s tool: dropped from the matcher", n))
			}
			for _, c := range mapped {
				if !seen[c] {
					seen[c] = true
					names = append(names, c)
				}
			}
		}
		if len(names) == 0 {
			return "", false, append(msgs, fmt.Sprintf("the matcher %q names no tool Codex has", m))
		}
		return strings.Join(names, "|"), true, msgs
	}
	re, err := regexp.Compile(m)
	if err != nil {
		return "", false, []string{fmt.Sprintf("the regular expression %q is not one Codex (Rust regex) reads: %v", m, err)}
	}
	for _, edit := range []string{"Edit", "Write", "MultiEdit"} {
		if re.MatchString(edit) && !re.MatchString("apply_patch") {
			return "(?:" + m + ")|^apply_patch$", true, []string{fmt.Sprintf("%q matches Claude's %s tool: widened to Codex's apply_patch", m, edit)}
		}
	}
	return m, true, nil
}

// translateHandler turns one Claude Code handler into a Codex command hook
// (nil when Codex cannot run it) and the findings about it.
func translateHandler(h map[string]any) (*Handler, []Finding) {
	var fs []Finding
	typ, _ := h["type"].(string)
	if typ != "command" {
		return nil, []Finding{{Dropped: true, Msg: fmt.Sprintf("Codex runs command hooks only (type %q)", typ)}}
	}
	if async, _ := h["async"].(bool); async {
		return nil, []Finding{{Dropped: true, Msg: "Codex skips async hooks"}}
	}
	if rw, _ := h["asyncRewake"].(bool); rw {
		return nil, []Finding{{Dropped: true, Msg: "Codex has no asyncRewake"}}
	}
	out := &Handler{}
	out.Command, _ = h["command"].(string)
	if args, ok := h["args"].([]any); ok && out.Command == "" {
		var q []string
		for _, a := range args {
			s, _ := a.(string)
			q = append(q, shell.Quote(s))
		}
		out.Command = strings.Join(q, " ")
		fs = append(fs, Finding{Msg: "the exec form (args) became a shell command line"})
	}
	if out.Command == "" {
		return nil, []Finding{{Dropped: true, Msg: "a command hook without a command"}}
	}
	if t, ok := h["timeout"].(float64); ok && t > 0 {
		out.Timeout = int(t)
	}
	out.StatusMessage, _ = h["statusMessage"].(string)
	if cond, ok := h["if"].(string); ok && cond != "" {
		fs = append(fs, Finding{Msg: fmt.Sprintf("Codex has no if field: the hook runs for every call the matcher selects (was %q)", cond)})
	}
	if sh, ok := h["shell"].(string); ok && sh != "" && sh != "bash" && sh != "sh" {
		fs = append(fs, Finding{Msg: fmt.Sprintf("Codex runs commands with the default shell, not %q", sh)})
	}
	if once, _ := h["once"].(bool); once {
		fs = append(fs, Finding{Msg: "Codex has no once: the hook runs every time"})
	}
	for _, m := range claudeVarRe().FindAllStringSubmatch(out.Command, -1) {
		fs = append(fs, Finding{Msg: fmt.Sprintf("$%s is set by Claude Code only: empty under Codex", m[1])})
	}
	return out, fs
}

// JSON renders hooks as a Codex hooks.json.
func (hs Hooks) JSON() []byte {
	type jh struct {
		Type          string `json:"type"`
		Command       string `json:"command"`
		Timeout       int    `json:"timeout,omitempty"`
		StatusMessage string `json:"statusMessage,omitempty"`
	}
	type jg struct {
		Matcher string `json:"matcher,omitempty"`
		Hooks   []jh   `json:"hooks"`
	}
	doc := map[string]map[string][]jg{"hooks": {}}
	for ev, groups := range hs {
		for _, g := range groups {
			var hooks []jh
			for _, h := range g.Hooks {
				hooks = append(hooks, jh{"command", h.Command, h.Timeout, h.StatusMessage})
			}
			doc["hooks"][ev] = append(doc["hooks"][ev], jg{g.Matcher, hooks})
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(doc)
	return textsafe.EscapeJSON(b.Bytes())
}

// TOML renders hooks as config.toml [hooks] tables.
func (hs Hooks) TOML() ([]byte, error) {
	var events []string
	for ev := range hs {
		events = append(events, ev)
	}
	sort.Strings(events)
	var b strings.Builder
	for _, ev := range events {
		for _, g := range hs[ev] {
			fmt.Fprintf(&b, "[[hooks.%s]]\n", ev)
			if g.Matcher != "" {
				q, err := codexhooks.QuoteTOML(g.Matcher)
				if err != nil {
					return nil, err
				}
				fmt.Fprintf(&b, "matcher = %s\n", q)
			}
			for _, h := range g.Hooks {
				q, err := codexhooks.QuoteTOML(h.Command)
				if err != nil {
					return nil, err
				}
				fmt.Fprintf(&b, "[[hooks.%s.hooks]]\ntype = \"command\"\ncommand = %s\n", ev, q)
				if h.Timeout > 0 {
					fmt.Fprintf(&b, "timeout = %d\n", h.Timeout)
				}
				if h.StatusMessage != "" {
					q, err := codexhooks.QuoteTOML(h.StatusMessage)
					if err != nil {
						return nil, err
					}
					fmt.Fprintf(&b, "statusMessage = %s\n", q)
				}
			}
			b.WriteByte('\n')
		}
	}
	return []byte(b.String()), nil
}
