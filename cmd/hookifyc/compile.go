package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
)

func (a *app) compileCommand() *cli.Command {
	return &cli.Command{
		Name:      "compile",
		Usage:     "compile rules to Codex execpolicy prefix rules, Codex hooks and requirements",
		ArgsUsage: "[SOURCES...]",
		Description: `Lowers what prefix rules can express soundly (an emitted rule never matches a
command its source rule would not) and writes, into --out:
  hookify.rules      Codex .rules (--target rules), validated by loading it back; its
                     host_executable() lines limit the program paths Codex resolves
                     to the rules' programs to those proven (often none)
  hooks.json         hooks that send the rest to 'hookifyc hook --agent codex' (--target hooks)
  hooks.toml         the same as config.toml [hooks] tables
  requirements.toml  a managed [rules] prefix_rules block (--target requirements; no allow rules)
  report.json        every source rule with its verdict (exact, partial, runtime) and why
Without SOURCES the rules are found by the layered discovery from the current directory.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "target", Value: "rules", Usage: "rules, hooks, requirements or all", Validator: oneOf("target", "rules", "hooks", "requirements", "all")},
			&cli.StringFlag{Name: "out", Value: ".", Usage: "output directory"},
			&cli.StringFlag{Name: "warn", Value: "skip", Usage: "what hookify warn rules become: skip (the hook warns, the command runs) or prompt (Codex asks; under approval policy \"never\", as in codex exec and CI, a prompt refuses the command)", Validator: oneOf("warn", "prompt", "skip")},
			&cli.StringFlag{Name: "hookifyc", Usage: "absolute path of the hookifyc the hooks run (default: this binary)"},
			&cli.StringFlag{Name: "actor", Usage: "genesis.key actor whose permission patterns are compiled too"},
			&cli.BoolFlag{Name: "lower-allow", Usage: "also lower permission allow rules (a Codex allow runs outside the sandbox without asking; see report.json)"},
		},
		Action: a.runCompile,
	}
}

func (a *app) runCompile(ctx context.Context, cmd *cli.Command) error {
	targets, err := driver.ParseTarget(cmd.String("target"))
	if err != nil {
		return exitError(2, "%v", err)
	}
	cwd, err := a.m.getwd()
	if err != nil {
		return exitError(2, "%v", err)
	}
	opts := driver.Options{
		Sources:  cmd.Args().Slice(),
		Env:      a.m.sourcesEnv(cwd),
		Cwd:      cwd,
		Targets:  targets,
		Lower:    lower.LowerOptions{Warn: lower.WarnMode(cmd.String("warn")), Actor: cmd.String("actor"), Allow: cmd.Bool("lower-allow")},
		Hookifyc: cmd.String("hookifyc"),
	}
	stderr := cmd.Root().ErrWriter
	if targets&driver.TargetHooks != 0 && opts.Hookifyc == "" {
		exe, err := a.m.executable()
		if err == nil {
			exe, err = filepath.EvalSymlinks(exe)
		}
		if err != nil {
			return exitError(2, "locating hookifyc: %v (pass --hookifyc)", err)
		}
		opts.Hookifyc = exe
		if driver.TemporaryBinary(exe) {
			fmt.Fprintf(stderr, "hookifyc: warning: the hooks will run %s, a temporary `go run` build that will be gone; install hookifyc (go install ./cmd/hookifyc) or pass --hookifyc\n", exe)
		}
	}
	res, err := driver.Compile(opts)
	if err != nil {
		return exitError(2, "%v", err)
	}

	out := cmd.String("out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return exitError(1, "%v", err)
	}
	w := cmd.Root().Writer
	for _, f := range res.Files {
		path := filepath.Join(out, f.Name)
		if err := atomicfile.Write(path, f.Data, 0o644); err != nil {
			return exitError(1, "%v", err)
		}
		fmt.Fprintf(w, "wrote %s\n", path)
	}
	fmt.Fprintln(w, res.Report.Summary())
	errs := res.Errors()
	for _, p := range errs {
		fmt.Fprintf(stderr, "problem: %s\n", p.Error())
	}
	if len(errs) > 0 {
		return cli.Exit("", 1)
	}
	return nil
}
