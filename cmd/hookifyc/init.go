package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/corpus/starter"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
)

func (a *app) initCommand() *cli.Command {
	return &cli.Command{
		Name:  "init",
		Usage: "write the starter rule pack (hookify rules against destructive commands and secret leaks)",
		Description: `Writes the starter pack (corpus/starter) into --dir, by default the user layer
~/.codex/hookify, where the layered discovery finds it for every project. An
existing file is never overwritten: it is kept and listed. Prints each file
written.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "dir", Usage: "directory to write the rules into (default: ~/.codex/hookify)"},
		},
		Action: a.runInit,
	}
}

func (a *app) runInit(ctx context.Context, cmd *cli.Command) error {
	if cmd.Args().Len() > 0 {
		return exitError(2, "init: unexpected argument %q (use --dir DIR)", cmd.Args().First())
	}
	dir := cmd.String("dir")
	if dir == "" {
		home := a.m.home()
		if home == "" {
			return exitError(2, "init: no home directory ($HOME is not set); pass --dir")
		}
		dir = filepath.Join(home, ".codex", "hookify")
	} else if !filepath.IsAbs(dir) {
		cwd, err := a.m.getwd()
		if err != nil {
			return exitError(2, "%v", err)
		}
		dir = filepath.Join(cwd, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return exitError(1, "init: %v", err)
	}
	out := cmd.Root().Writer
	wrote, kept := 0, 0
	for _, name := range starter.Names() {
		data, err := fs.ReadFile(starter.FS(), name)
		if err != nil {
			return exitError(1, "init: %v", err)
		}
		p := filepath.Join(dir, name)
		switch err := atomicfile.Create(p, data, 0o644); {
		case errors.Is(err, fs.ErrExist):
			fmt.Fprintf(out, "kept    %s (exists)\n", p)
			kept++
		case err != nil:
			return exitError(1, "init: %v", err)
		default:
			fmt.Fprintf(out, "wrote   %s\n", p)
			wrote++
		}
	}
	fmt.Fprintf(out, "%d rule file(s) written, %d kept, in %s\n", wrote, kept, dir)
	return nil
}
