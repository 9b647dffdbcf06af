package main

import (
	"context"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/lint"
)

func (a *app) lintCommand() *cli.Command {
	return &cli.Command{
		Name:      "lint",
		Usage:     "check rule files for rules that never fire, risky regexes and policies that open holes",
		ArgsUsage: "[PATHS...]",
		Description: `Lints hookify .md rules, Claude Code settings, genesis files and Codex .rules
files. PATHS are files or directories (a directory contributes its rule files and
those of its .claude/, .codex/hookify/ and .codex/rules/); none means the layered
discovery from the current directory, with the Codex rules directories
(~/.codex/rules, <dir>/.codex/rules) and the Claude Code settings files.

Every diagnostic has a position, a stable code (docs/lint.md), a severity and,
where one is obvious, a fix. Exit status: 1 when there is an error or more
warnings than --max-warnings, 2 on a usage error, else 0.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, json or sarif", Validator: oneOf("format", "text", "json", "sarif")},
			&cli.StringFlag{Name: "semantics", Value: "fixed", Usage: "what the rules run with: fixed (hookifyc's default) or hookify (the plugin's behaviour); rules that fire only under fixed are errors under hookify", Validator: oneOf("semantics", "fixed", "hookify")},
			&cli.IntFlag{Name: "max-warnings", Value: -1, Usage: "exit 1 when there are more warnings than this (-1: no limit)"},
		},
		Action: a.runLint,
	}
}

func (a *app) runLint(ctx context.Context, cmd *cli.Command) error {
	cwd, err := a.m.getwd()
	if err != nil {
		return exitError(2, "%v", err)
	}
	opts := lint.Options{Paths: cmd.Args().Slice(), Env: a.m.sourcesEnv(cwd), Cwd: cwd}
	if cmd.String("semantics") == "hookify" {
		opts.Semantics = engine.Hookify
	}
	res := lint.Run(opts)
	out := cmd.Root().Writer
	switch cmd.String("format") {
	case "json":
		err = lint.WriteJSON(out, res)
	case "sarif":
		err = lint.WriteSARIF(out, res, version())
	default:
		err = lint.WriteText(out, res)
	}
	if err != nil {
		return exitError(1, "%v", err)
	}
	errs, warns := res.Counts()
	if max := cmd.Int("max-warnings"); errs > 0 || max >= 0 && warns > int(max) {
		return exitError(1, "")
	}
	return nil
}
