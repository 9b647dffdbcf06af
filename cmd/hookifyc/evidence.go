package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/genesis"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

func (a *app) evidenceCommand() *cli.Command {
	return &cli.Command{
		Name:  "evidence",
		Usage: "record a tool call as evidence (the hook of a genesis.key evidence_capture)",
		Description: `Reads a PostToolUse payload on stdin and appends one ledger entry (tool, input
and output summaries with secrets redacted, kind, actor) to --ledger, or to the
audit log. Prints {} and exits 0 whatever happens: evidence never changes what
the agent does. hookifyc genesis emit writes these hooks.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "kind", Usage: "the evidence kind (config.kind)"},
			&cli.StringFlag{Name: "ledger", Usage: "the ledger file (config.ledger; default: the audit log)"},
			&cli.StringFlag{Name: "matcher", Usage: "the hook's matcher: tool names (Write|Edit) or a Tool(specifier) pattern the call must match"},
			&cli.StringFlag{Name: "actor", Sources: cli.EnvVars("HOOKIFYC_ACTOR"), Usage: "the actor recorded (default: the payload's agent_type)"},
			&cli.StringFlag{Name: "source", Usage: "file:line of the genesis.key hook, recorded"},
			auditLogFlag(),
		},
		Action: a.runEvidence,
	}
}

func (a *app) runEvidence(ctx context.Context, cmd *cli.Command) error {
	start := time.Now()
	w, stderr := cmd.Root().Writer, cmd.Root().ErrWriter
	defer io.WriteString(w, "{}\n")
	data, err := io.ReadAll(io.LimitReader(cmd.Root().Reader, 64<<20))
	if err != nil {
		fmt.Fprintf(stderr, "hookifyc: evidence: reading stdin: %v\n", err)
		return nil
	}
	var p struct {
		SessionID    string          `json:"session_id"`
		Cwd          string          `json:"cwd"`
		Event        string          `json:"hook_event_name"`
		Tool         string          `json:"tool_name"`
		Input        json.RawMessage `json:"tool_input"`
		Response     json.RawMessage `json:"tool_response"`
		TurnID       *string         `json:"turn_id"`
		AgentType    string          `json:"agent_type"`
		LastMessage  string          `json:"last_assistant_message"`
		StopHookLoop bool            `json:"stop_hook_active"`
	}
	if err := json.Unmarshal(data, &p); err != nil {
		fmt.Fprintf(stderr, "hookifyc: evidence: the payload is not a hook event: %v\n", err)
		return nil
	}
	if m := cmd.String("matcher"); m != "" && !evidenceMatches(m, p.Tool, p.Input, p.Cwd) {
		return nil
	}
	agent := "claude"
	if p.TurnID != nil {
		agent = "codex"
	}
	actor := cmd.String("actor")
	if actor == "" {
		actor = p.AgentType
	}
	e := &audit.Entry{
		Time: start.UTC(), Version: version(), Command: "evidence", Decision: "evidence",
		Agent: agent, Event: p.Event, Tool: p.Tool, SessionID: p.SessionID, Cwd: p.Cwd,
		Summary: audit.Summarize(inputText(p.Input)), Output: audit.Summarize(inputText(p.Response)),
		Kind: cmd.String("kind"), Actor: actor, Origin: cmd.String("source"), Semantics: "fixed",
	}
	var l *audit.Log
	if ledger := cmd.String("ledger"); ledger != "" {
		dir, _ := a.m.getwd()
		l = &audit.Log{Path: audit.Resolve(ledger, a.m.getenv, a.m.home(), dir)}
	} else {
		dir, _ := a.m.getwd()
		if l, err = a.auditLog(cmd.String("audit-log"), dir); err != nil {
			fmt.Fprintf(stderr, "hookifyc: evidence: %v\n", err)
		}
	}
	if l == nil {
		fmt.Fprintln(stderr, "hookifyc: evidence: no ledger (--ledger) and the audit log is off: nothing recorded")
		return nil
	}
	e.LatencyMS = float64(time.Since(start).Microseconds()) / 1e3
	audit.Record(l, e, stderr)
	return nil
}

// evidenceMatches reports whether a call of tool with input matches the
// hook's matcher: one of its tool names, or its Tool(specifier) pattern as
// a permission rule matches it.
func evidenceMatches(matcher, tool string, input json.RawMessage, cwd string) bool {
	for _, t := range genesis.Tools(matcher) {
		if t == tool {
			return true
		}
		if tool == "apply_patch" && (t == "Edit" || t == "Write" || t == "MultiEdit") {
			return true // Codex edits files with apply_patch
		}
		if strings.Contains(t, "(") {
			ans, err := perm.TestCall(perm.Query{Pattern: t, Tool: tool, Input: string(input), As: perm.Deny, Cwd: cwd})
			if err == nil && ans.Match {
				return true
			}
		}
	}
	return false
}

// inputText is what a tool input or response says, for a summary: the
// command or file path of an input object, the text of a string.
func inputText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) == nil {
		for _, k := range []string{"command", "file_path", "path", "url", "pattern", "query", "prompt", "stdout", "output"} {
			if v, ok := m[k].(string); ok && v != "" {
				return v
			}
		}
	}
	return string(raw)
}
