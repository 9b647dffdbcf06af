package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/deploy"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
)

func (a *app) compileCommand() *cli.Command {
	return &cli.Command{
		Name:      "compile",
		Usage:     "compile rules to Codex execpolicy prefix rules, Codex hooks and requirements",
		ArgsUsage: "[SOURCES...]",
		Description: `Lowers what prefix rules can express soundly (an emitted rule never matches a
command its source rule would not) and writes, into --out:
  hookify.rules      Codex .rules (--target rules), validated by loading it back; it
                     declares no host_executable(), so its rules reach a program of
                     their name at any path, as your own rules do (docs/compile.md)
  hooks.json         hooks that send the rest to 'hookifyc hook --agent codex' (--target hooks)
  hooks.toml         the same as config.toml [hooks] tables
  requirements.toml  a managed [rules] prefix_rules block (--target requirements; no allow rules)
  report.json        every source rule with its verdict (exact, partial, runtime) and why
Without SOURCES the rules are found by the layered discovery from the current directory.

All or nothing: when a source cannot be read or a rule does not parse, nothing is
written (the previous outputs stay as they were) and every problem is printed;
--keep-going writes what compiled and lists what it left out. No rules at all is
an error unless --allow-empty. A summary goes to stderr (--quiet drops it, never
the errors); stdout stays empty.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "target", Value: "rules", Usage: "rules, hooks, requirements or all", Validator: oneOf("target", "rules", "hooks", "requirements", "all")},
			&cli.StringFlag{Name: "out", Value: ".", Usage: "output directory"},
			&cli.StringFlag{Name: "warn", Value: "skip", Usage: "what hookify warn rules become: skip (the hook warns, the command runs) or prompt (Codex asks; under approval policy \"never\", as in codex exec and CI, a prompt refuses the command)", Validator: oneOf("warn", "prompt", "skip")},
			&cli.StringFlag{Name: "hookifyc", Usage: "path of the hookifyc the hooks run, made absolute from the working directory (default: this binary)"},
			&cli.StringFlag{Name: "actor", Usage: "genesis.key actor whose permission patterns are compiled too"},
			&cli.BoolFlag{Name: "lower-allow", Usage: "also lower permission allow rules (a Codex allow runs outside the sandbox without asking; see report.json)"},
			&cli.BoolFlag{Name: "keep-going", Usage: "write what compiled even when sources or rules fail (they are listed, and the exit code is still 1)"},
			&cli.BoolFlag{Name: "allow-empty", Usage: "write the outputs even when no rule is found"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print no summary (errors are always printed)"},
			&cli.BoolFlag{Name: "project-only", Usage: "without SOURCES, only this directory's rules (.codex/hookify/*.md, .claude/hookify.*.local.md), no managed, user or parent-directory rules: what a rule repository commits"},
			&cli.BoolFlag{Name: "no-report", Usage: "do not write report.json (e.g. into a .codex/rules directory that is committed)"},
			&cli.BoolFlag{Name: "exit-code", Usage: "exit 1 when an output changed (for pre-commit: the commit must include the regenerated files)"},
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
		TempDirs: []string{a.m.getenv("TMPDIR"), "/tmp", "/var/tmp"},
	}
	if cmd.Bool("project-only") && len(opts.Sources) > 0 {
		return exitError(2, "compile: --project-only replaces SOURCES with this directory's rules; pass one or the other")
	}
	if cmd.Bool("project-only") {
		if fi, err := os.Stat(filepath.Join(cwd, ".codex", "hookify")); err == nil && fi.IsDir() {
			opts.Sources = append(opts.Sources, filepath.Join(cwd, ".codex", "hookify"))
		}
		local, _ := filepath.Glob(filepath.Join(cwd, ".claude", "hookify.*.local.md"))
		opts.Sources = append(opts.Sources, local...)
		if len(opts.Sources) == 0 {
			return exitError(1, "compile: --project-only: no rules in %s (.codex/hookify/*.md, .claude/hookify.*.local.md)", cwd)
		}
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
	} else if opts.Hookifyc != "" && !filepath.IsAbs(opts.Hookifyc) {
		// As plan and apply do: a relative --hookifyc is taken from the
		// working directory (the hook command needs an absolute path).
		opts.Hookifyc = filepath.Join(cwd, opts.Hookifyc)
	}
	if targets&driver.TargetHooks != 0 {
		// The hooks run hookifyc-hook when the same build sits beside
		// hookifyc (it starts faster). One under the working directory
		// (the project compile runs in, say as a pre-commit hook), as
		// written or through a symbolic link, is not used: the agent can
		// rewrite it.
		project := cwd
		if project == a.m.home() || project == filepath.Dir(project) {
			project = ""
		}
		if deploy.InProject(opts.Hookifyc, project) {
			// Written, not refused: compile only generates files. apply
			// refuses to install such hooks (deploy's checkBinary).
			fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: warning: the hooks run %s, inside the project %s (as written or through a symbolic link), which the guarded agent can rewrite: compile with a hookifyc installed outside it (--hookifyc)\n", opts.Hookifyc, project)
		}
		var why string
		opts.HookBinary, why = deploy.HookBinaryBeside(opts.Hookifyc, a.m.buildInfo)
		if opts.HookBinary != "" && deploy.InProject(opts.HookBinary, project) {
			opts.HookBinary, why = "", opts.HookBinary+" is inside the project, which the agent can rewrite"
		}
		if why != "" && !cmd.Bool("quiet") {
			fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: note: %s\n", deploy.HookBinaryNote(why))
		}
	}
	res, err := driver.Compile(opts)
	if err != nil {
		return exitError(2, "%v", err)
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "hookifyc: warning: %s\n", w)
	}

	quiet := cmd.Bool("quiet")
	errs := res.Errors()
	for _, p := range errs {
		fmt.Fprintf(stderr, "hookifyc: error: %s\n", p.Error())
	}
	if !quiet {
		for _, p := range res.Problems {
			if !p.Costly() {
				fmt.Fprintf(stderr, "hookifyc: %s\n", p.Error())
			}
		}
	}
	if len(errs) > 0 && !cmd.Bool("keep-going") {
		return exitError(1, "compile: nothing written: %s (fix them, or pass --keep-going to write what compiled)", plural(len(errs), "problem"))
	}
	if len(res.Rules) == 0 && !cmd.Bool("allow-empty") {
		where := "the layered discovery from " + cwd
		if len(opts.Sources) > 0 {
			where = strings.Join(opts.Sources, ", ")
		}
		return exitError(1, "compile: no rules found in %s; nothing written (pass --allow-empty to write empty outputs)", where)
	}

	out := cmd.String("out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return exitError(1, "compile: %v; nothing written", err)
	}
	var set []atomicfile.Entry
	var written, changed []string
	for _, f := range res.Files {
		if f.Name == driver.ReportFile && cmd.Bool("no-report") {
			continue
		}
		path := filepath.Join(out, f.Name)
		if old, err := os.ReadFile(path); err != nil || !bytes.Equal(old, f.Data) {
			changed = append(changed, path)
		}
		set = append(set, atomicfile.Entry{Path: path, Data: f.Data, Perm: 0o644})
		written = append(written, path)
	}
	if err := atomicfile.WriteSet(set); err != nil {
		return exitError(1, "compile: %v; nothing written", err)
	}
	if !quiet {
		fmt.Fprintf(stderr, "hookifyc: compiled %s: %s\n", plural(len(res.Rules), "rule"), res.Report.Summary())
		for _, n := range res.Notes {
			fmt.Fprintf(stderr, "hookifyc: note: %s\n", n)
		}
		fmt.Fprintf(stderr, "hookifyc: wrote %s\n", strings.Join(written, ", "))
	}
	if len(errs) > 0 {
		return exitError(1, "compile: --keep-going: wrote what compiled; the %s above left rules out of it", plural(len(errs), "problem"))
	}
	if cmd.Bool("exit-code") && len(changed) > 0 {
		return exitError(1, "compile: changed %s (--exit-code)", strings.Join(changed, ", "))
	}
	return nil
}

// plural is "1 rule", "2 rules".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
