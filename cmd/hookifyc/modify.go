package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/genesis"
)

func (a *app) modifyCommand() *cli.Command {
	return &cli.Command{
		Name:  "modify",
		Usage: "rewrite a tool's input (the PreToolUse hook of a genesis.key modify)",
		Description: `Reads a PreToolUse payload on stdin and, when the call matches --matcher,
rewrites the string field --field of its tool_input (--pattern/--replace, a Go
regular expression, or --append) and answers with updatedInput: for Codex a
permissionDecision allow with the rewritten input (Codex runs the rewritten
command; only the command of Bash and apply_patch can be rewritten), for Claude
Code the rewritten input with --decision (ask by default: the user sees and
approves the rewritten call; allow skips the prompt Claude Code would show, its
deny and ask rules still apply). A call that does not match, or that the rewrite
leaves unchanged, gets {}. hookifyc genesis emit writes these hooks.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "matcher", Usage: "tool names (Bash|Write) or a Tool(specifier) pattern the call must match"},
			&cli.StringFlag{Name: "field", Value: "command", Usage: "the tool_input field rewritten"},
			&cli.StringFlag{Name: "pattern", Usage: "a regular expression (RE2) whose matches are replaced"},
			&cli.StringFlag{Name: "replace", Usage: "the replacement of --pattern ($1 for groups)"},
			&cli.StringFlag{Name: "append", Usage: "text appended to the field (instead of --pattern)"},
			&cli.StringFlag{Name: "decision", Value: "ask", Usage: "Claude Code's decision for a rewritten call: ask or allow", Validator: oneOf("decision", "ask", "allow")},
			&cli.StringFlag{Name: "agent", Value: "auto", Usage: "output contract: auto, claude or codex", Validator: oneOf("agent", "auto", "claude", "codex")},
			&cli.StringFlag{Name: "source", Usage: "file:line of the genesis.key hook, named in the reason"},
		},
		Action: a.runModify,
	}
}

func (a *app) runModify(ctx context.Context, cmd *cli.Command) error {
	w, stderr := cmd.Root().Writer, cmd.Root().ErrWriter
	none := func(format string, args ...any) error {
		if format != "" {
			fmt.Fprintf(stderr, "hookifyc: modify: "+format+"\n", args...)
		}
		io.WriteString(w, "{}\n")
		return nil
	}
	spec := genesis.ModifySpec{Field: cmd.String("field"), Pattern: cmd.String("pattern"), Replace: cmd.String("replace"), Append: cmd.String("append")}
	if (spec.Pattern == "") == (spec.Append == "") {
		return exitError(2, "modify: give --pattern (with --replace) or --append")
	}
	data, err := io.ReadAll(io.LimitReader(cmd.Root().Reader, 64<<20))
	if err != nil {
		return none("reading stdin: %v", err)
	}
	var p struct {
		Event  string                     `json:"hook_event_name"`
		Tool   string                     `json:"tool_name"`
		Input  map[string]json.RawMessage `json:"tool_input"`
		Cwd    string                     `json:"cwd"`
		TurnID *string                    `json:"turn_id"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&p); err != nil {
		return none("the payload is not a hook event: %v", err)
	}
	if p.Event != "PreToolUse" {
		return none("")
	}
	raw, _ := json.Marshal(p.Input)
	if m := cmd.String("matcher"); m != "" && !evidenceMatches(m, p.Tool, raw, p.Cwd) {
		return none("")
	}
	codex := cmd.String("agent") == "codex" || cmd.String("agent") == "auto" && p.TurnID != nil
	agent := genesis.Claude
	if codex {
		agent = genesis.Codex
	}
	if !genesis.Editable(agent, p.Tool, spec.Field) {
		return none("%s cannot rewrite %s of %s", agent, spec.Field, p.Tool)
	}
	var value string
	if err := json.Unmarshal(p.Input[spec.Field], &value); err != nil {
		return none("tool_input.%s is not a string", spec.Field)
	}
	out, changed, err := spec.Rewrite(value)
	if err != nil {
		return none("%v", err)
	}
	if !changed {
		return none("")
	}
	p.Input[spec.Field], _ = json.Marshal(out)
	hso := map[string]any{"hookEventName": "PreToolUse", "updatedInput": p.Input}
	if codex {
		// Codex runs a rewrite only with allow (agent-hooks.md A6).
		hso["permissionDecision"] = "allow"
	} else {
		hso["permissionDecision"] = cmd.String("decision")
		reason := fmt.Sprintf("hookifyc modify rewrote %s to: %s", spec.Field, out)
		if src := cmd.String("source"); src != "" {
			reason = fmt.Sprintf("hookifyc modify (%s) rewrote %s to: %s", src, spec.Field, out)
		}
		hso["permissionDecisionReason"] = reason
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(map[string]any{"hookSpecificOutput": hso})
	w.Write(b.Bytes())
	return nil
}
