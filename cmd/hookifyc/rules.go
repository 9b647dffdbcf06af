package main

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/perm"
)

func rulesCommand() *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "work with rules",
		Commands: []*cli.Command{
			{
				Name:      "test-pattern",
				Usage:     "test a Tool(specifier) permission pattern against one tool call",
				ArgsUsage: "'PATTERN' TOOL 'INPUT'",
				Description: `Prints "match" (exit 0) or "no match" (exit 1), with Claude Code's
semantics: e.g. hookifyc rules test-pattern 'Bash(git *)' Bash 'git commit -m x'.
INPUT is the command for Bash, the path for Read/Edit/Write, the URL for WebFetch.`,
				Action: func(ctx context.Context, cmd *cli.Command) error {
					args := cmd.Args().Slice()
					if len(args) != 3 {
						return exitError(2, "rules test-pattern: want 'PATTERN' TOOL 'INPUT' (got %d arguments)", len(args))
					}
					ok, err := perm.TestPattern(args[0], args[1], args[2])
					if err != nil {
						return exitError(2, "%s: %v", args[0], err)
					}
					if !ok {
						fmt.Fprintln(cmd.Root().Writer, "no match")
						return cli.Exit("", 1)
					}
					fmt.Fprintln(cmd.Root().Writer, "match")
					return nil
				},
			},
		},
	}
}
