package main

import (
	"context"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/runtime/hook"
	"github.com/hookifyc/hookifyc/runtime/hookcmd"
)

func (a *app) hookCommand() *cli.Command {
	return &cli.Command{
		Name:      "hook",
		Usage:     "answer one hook call: event JSON on stdin, the agent's answer on stdout",
		ArgsUsage: "[SOURCES...]",
		Description: `Install as the command of a Claude Code or Codex hook (PreToolUse, PostToolUse,
UserPromptSubmit, Stop). --compat hookify replays the hookify plugin byte for byte
for Claude Code (always exit 0, one JSON line); for Codex it decides as hookify
does and answers in the form Codex enforces (a deny with the rule's message); the default semantics fix hookify's defects and
answer in the shape the agent enforces (see docs/compat.md). SOURCES (rule files,
directories, settings or genesis files) replace the layered discovery.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "agent", Value: "auto", Usage: "output contract: auto, claude or codex", Validator: oneOf("agent", "auto", "claude", "codex")},
			&cli.StringFlag{Name: "compat", Usage: "\"hookify\" for a byte-exact replica of the hookify plugin", Validator: oneOf("compat", "hookify")},
			&cli.StringFlag{Name: "fail", Value: "open", Sources: cli.EnvVars("HOOKIFYC_FAIL"), Usage: "when rules cannot be evaluated: open (let the call run, tell the user) or closed (block)", Validator: oneOf("fail", "open", "closed")},
			&cli.StringFlag{Name: "actor", Sources: cli.EnvVars("HOOKIFYC_ACTOR"), Usage: "genesis.key actor the calls are made for (actor-scoped permission rules apply only to it)"},
			&cli.DurationFlag{Name: "regex-timeout", Value: engine.DefaultRegexTimeout, Validator: hookcmd.ValidRegexTimeout, Usage: "time bound of one regex search"},
			&cli.Int64Flag{Name: "max-input", Value: hook.DefaultMaxInput, Sources: cli.EnvVars("HOOKIFYC_MAX_INPUT"), Validator: hookcmd.ValidMaxInput, Usage: "largest hook payload read from stdin, in bytes; a larger one is judged on its first bytes, then the fail mode decides"},
			&cli.StringFlag{Name: "cache", Sources: cli.EnvVars("HOOKIFYC_CACHE"), Usage: "directory of the parsed-rule cache (default: the user cache directory's hookifyc/rules), or \"off\""},
			auditLogFlag(),
			&cli.DurationFlag{Name: "deadline", Value: hook.DefaultDeadline, Sources: cli.EnvVars("HOOKIFYC_DEADLINE"), Validator: hookcmd.ValidDeadline, Usage: "answer by then whatever is left: rules not yet read or evaluated are a problem the fail mode decides (keep it under the agent's hook timeout, 10 s as apply installs it; 0: none)"},
		},
		Action: a.runHook,
	}
}

func (a *app) runHook(ctx context.Context, cmd *cli.Command) error {
	start := time.Now()
	h := hookcmd.Host{
		Getenv:     a.m.getenv,
		Getwd:      a.m.getwd,
		ManagedDir: a.m.managedDir,
		Stdin:      cmd.Root().Reader,
		Stdout:     cmd.Root().Writer,
		Stderr:     cmd.Root().ErrWriter,
		Version:    version(),
		Exit:       a.m.exit,
	}
	code, err := hookcmd.Run(h, hookFlags(cmd), start)
	if err != nil {
		return exitError(code, "%v", err)
	}
	if code != 0 {
		return cli.Exit("", code)
	}
	return nil
}

// hookFlags are the hook command's flags as urfave/cli parsed them.
func hookFlags(cmd *cli.Command) hookcmd.Flags {
	return hookcmd.Flags{
		Agent:        cmd.String("agent"),
		Compat:       cmd.String("compat"),
		Fail:         cmd.String("fail"),
		Actor:        cmd.String("actor"),
		RegexTimeout: cmd.Duration("regex-timeout"),
		MaxInput:     cmd.Int64("max-input"),
		Cache:        cmd.String("cache"),
		AuditLog:     cmd.String("audit-log"),
		Deadline:     cmd.Duration("deadline"),
		Sources:      cmd.Args().Slice(),
	}
}
