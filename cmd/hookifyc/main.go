// A hook process lives a few milliseconds: reading the cgroup CPU quota at
// start-up and re-reading it in the background (Go 1.25's container-aware
// GOMAXPROCS) costs more than it can save, so the directives below make
// GOMAXPROCS the number of CPUs.

// Command hookifyc makes guardrails for AI coding agents portable and
// enforceable: it reads hookify rule files and Tool(glob) permission
// patterns, evaluates them as a hook for Claude Code and Codex, and compiles
// what prefix rules can express to Codex execpolicy .rules.
//
// This package only wires commands to the packages that do the work.
//
//go:debug containermaxprocs=0
//go:debug updatemaxprocs=0
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v3"
)

func main() {
	os.Exit(run(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line and returns the process exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr, args)
	if err := app.Run(ctx, args); err != nil {
		if ec, ok := err.(cli.ExitCoder); ok {
			if msg := ec.Error(); msg != "" {
				fmt.Fprintln(stderr, "hookifyc:", msg)
			}
			return ec.ExitCode()
		}
		fmt.Fprintln(stderr, "hookifyc:", err)
		return 2
	}
	return 0
}

func newApp(stdin io.Reader, stdout, stderr io.Writer, args []string) *cli.Command {
	commands := []*cli.Command{
		hookCommand(),
		checkCommand(),
		compileCommand(),
		rulesCommand(),
	}
	if len(args) > 1 && args[1] == "hook" {
		// A hook runs on every tool call: set up only its command.
		commands = commands[:1]
	}
	return &cli.Command{
		Name:      "hookifyc",
		Usage:     "portable, enforceable guardrails for AI coding agents",
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed once, by run.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		Commands:       commands,
	}
}

// exitError is an error with an exit code, printed by run.
func exitError(code int, format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), code)
}
