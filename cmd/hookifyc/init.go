package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/corpus/starter"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// starterManifest is the file, beside the rules, in which init records
// what it wrote: the SHA-256 of each starter file as written, so that
// --update can tell a file nobody edited (replaced) from one somebody did
// (kept). Its name starts with "." and does not end in .md: no discovery
// reads it as a rule.
const starterManifest = ".hookifyc-starter.json"

type manifest struct {
	Version int               `json:"version"`
	Files   map[string]string `json:"files"` // name -> hex SHA-256 as init wrote it
}

func (a *app) initCommand() *cli.Command {
	return &cli.Command{
		Name:  "init",
		Usage: "write the starter rule pack (hookify rules against destructive commands and secret leaks)",
		Description: `Writes the starter pack (corpus/starter) into --dir, by default the user layer
~/.codex/hookify, where the layered discovery finds it for every project. An
existing file is never overwritten: it is kept and listed, and said to differ
when this version of hookifyc ships it otherwise. A missing file is written
(to turn a starter rule off, keep its file with enabled: false). Prints each
file written.

init records what it wrote in ` + starterManifest + ` beside the rules. With
--update, a starter file that still holds what init wrote, or any version of
it a hookifyc shipped, is replaced by this version's; one edited since (or
not written by init) is kept and listed.
--diff writes nothing and prints how each existing file differs from this
version's pack (unified diff).`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "dir", Usage: "directory to write the rules into (default: ~/.codex/hookify)"},
			&cli.BoolFlag{Name: "update", Usage: "also replace starter files nobody edited (as init wrote them, or as any hookifyc shipped them) with this version's"},
			&cli.BoolFlag{Name: "diff", Usage: "write nothing: print how the existing files differ from this version's pack"},
		},
		Action: a.runInit,
	}
}

func (a *app) runInit(ctx context.Context, cmd *cli.Command) error {
	if cmd.Args().Len() > 0 {
		return exitError(2, "init: unexpected argument %q (use --dir DIR)", cmd.Args().First())
	}
	if cmd.Bool("update") && cmd.Bool("diff") {
		return exitError(2, "init: --diff writes nothing; pass --diff or --update, not both")
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
	out := cmd.Root().Writer
	if cmd.Bool("diff") {
		return initDiff(out, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return exitError(1, "init: %v", err)
	}
	man, err := readManifest(dir)
	manifestOK := err == nil
	switch {
	case err != nil && cmd.Bool("update"):
		return exitError(1, "init: %v", err)
	case err != nil:
		// Writing the missing files needs no manifest; this one is kept
		// as it is, and said.
		fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: init: warning: %v\n", err)
		man = &manifest{Version: 1, Files: map[string]string{}}
	}
	changed := false
	record := func(name string, data []byte) {
		if d := starter.Digest(data); man.Files[name] != d {
			man.Files[name], changed = d, true
		}
	}
	wrote, updated, current, kept := 0, 0, 0, 0
	for _, name := range starter.Names() {
		data, err := fs.ReadFile(starter.FS(), name)
		if err != nil {
			return exitError(1, "init: %v", err)
		}
		p := filepath.Join(dir, name)
		err = atomicfile.Create(p, data, 0o644)
		switch {
		case err == nil:
			fmt.Fprintf(out, "wrote   %s\n", p)
			record(name, data)
			wrote++
			continue
		case !errors.Is(err, fs.ErrExist):
			return exitError(1, "init: %v", err)
		}
		old, err := sysfile.ReadRegular(p, sysfile.MaxFileSize)
		if err != nil {
			return exitError(1, "init: %v", err)
		}
		switch {
		case string(old) == string(data):
			fmt.Fprintf(out, "kept    %s (exists, as this version ships it)\n", p)
			record(name, data)
			current++
			continue
		case !cmd.Bool("update"):
			fmt.Fprintf(out, "kept    %s (exists; differs from this version's pack: hookifyc init --diff)\n", p)
		case man.Files[name] != starter.Digest(old) && !starter.Shipped(name, old):
			fmt.Fprintf(out, "kept    %s (edited since init wrote it, or not written by init: hookifyc init --diff)\n", p)
		default:
			if err := atomicfile.Rewrite(p, old, data); err != nil {
				return exitError(1, "init: %v", err)
			}
			fmt.Fprintf(out, "updated %s\n", p)
			record(name, data)
			updated++
			continue
		}
		kept++
	}
	if changed && manifestOK {
		if err := writeManifest(dir, man); err != nil {
			return exitError(1, "init: %v", err)
		}
	}
	if cmd.Bool("update") {
		fmt.Fprintf(out, "%d rule file(s) written, %d updated, %d already current, %d kept as they differ, in %s\n", wrote, updated, current, kept, dir)
	} else {
		fmt.Fprintf(out, "%d rule file(s) written, %d kept, in %s\n", wrote, current+kept, dir)
	}
	return nil
}

// initDiff prints, for each starter file in dir that differs from this
// version's, the unified diff from the file to the pack's version, and
// names the files that are missing.
func initDiff(out io.Writer, dir string) error {
	differ := 0
	for _, name := range starter.Names() {
		data, err := fs.ReadFile(starter.FS(), name)
		if err != nil {
			return exitError(1, "init: %v", err)
		}
		p := filepath.Join(dir, name)
		old, err := sysfile.ReadRegular(p, sysfile.MaxFileSize)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			fmt.Fprintf(out, "missing %s (hookifyc init writes it)\n", p)
			differ++
			continue
		case err != nil:
			return exitError(1, "init: %v", err)
		case string(old) == string(data):
			continue
		}
		fmt.Fprint(out, udiff.Unified(p, "starter/"+name, string(old), string(data)))
		differ++
	}
	fmt.Fprintf(out, "%d of %d starter file(s) differ from this version's pack in %s\n", differ, len(starter.Names()), dir)
	return nil
}

// readManifest reads dir's starter manifest; an empty one when there is
// none.
func readManifest(dir string) (*manifest, error) {
	p := filepath.Join(dir, starterManifest)
	m := &manifest{Version: 1, Files: map[string]string{}}
	data, err := sysfile.ReadRegular(p, sysfile.MaxFileSize)
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("%s: %v (delete it: init then replaces no edited file)", p, err)
	}
	if m.Version != 1 {
		return nil, fmt.Errorf("%s: version %d, this hookifyc reads version 1", p, m.Version)
	}
	if m.Files == nil {
		m.Files = map[string]string{}
	}
	return m, nil
}

// writeManifest replaces dir's starter manifest (names sorted, as
// encoding/json writes a map).
func writeManifest(dir string, m *manifest) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, starterManifest), append(data, '\n'), 0o644)
}
