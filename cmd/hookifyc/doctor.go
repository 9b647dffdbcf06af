package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/deploy"
	ver "github.com/hookifyc/hookifyc/internal/version"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

func (a *app) doctorCommand() *cli.Command {
	return &cli.Command{
		Name:  "doctor",
		Usage: "check that the rules are in force: Codex, its .rules, hookifyc's hooks, rule layers, log and cache",
		Description: `Checks Codex on PATH and its version against the contract hookifyc targets;
every .rules file Codex would load (one bad file and Codex drops all rules);
hookifyc's hooks (present, running an existing hookifyc of this build, told by
its Go build information: doctor runs no program it finds in configuration; and
their Codex trust as far as Codex's files record it: untrusted, disabled, the
project untrusted); the rule layers, their collisions and
load problems; that the audit log and the rule cache can be written; and the
Claude Code side (hooks, the hookify plugin still enabled). One line per
finding, with the fix; exit 1 on any error.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "codex-home", Usage: "the Codex home (default: $CODEX_HOME, else ~/.codex)"},
			&cli.StringFlag{Name: "project", Usage: "also check the project DIR (DIR/.codex, DIR/.claude, its rule layers)"},
			&cli.BoolFlag{Name: "json", Usage: "print the findings as a JSON array"},
			auditLogFlag(),
		},
		Action: a.runDoctor,
	}
}

func (a *app) doctorOptions(codexHome, project, auditFlag string) (deploy.DoctorOptions, error) {
	cwd, err := a.m.getwd()
	if err != nil {
		return deploy.DoctorOptions{}, err
	}
	abs := func(p string) string {
		if p != "" && !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		return p
	}
	o := deploy.DoctorOptions{Project: abs(project), Path: a.m.getenv("PATH"), Home: a.m.home(), ReadBuildInfo: a.m.buildInfo}
	if bi, ok := ver.BuildInfo(); ok {
		o.Build = bi
	}
	switch {
	case codexHome != "":
		o.CodexHome = abs(codexHome)
	case a.m.getenv("CODEX_HOME") != "":
		o.CodexHome = abs(a.m.getenv("CODEX_HOME"))
	case a.m.home() != "":
		o.CodexHome = filepath.Join(a.m.home(), ".codex")
	}
	if a.m.home() != "" {
		o.ClaudeHome = filepath.Join(a.m.home(), ".claude")
	}
	start := cwd
	if o.Project != "" {
		start = o.Project
	}
	env := a.m.sourcesEnv(start)
	o.Discovery = sources.Discover(env.Layout(), filepath.ToSlash(start))
	o.AuditLog = audit.Resolve(auditFlag, a.m.getenv, a.m.home(), cwd)
	if d := a.m.getenv("XDG_CACHE_HOME"); d != "" {
		o.CacheDir = filepath.Join(d, "hookifyc", "rules")
	} else if a.m.home() != "" {
		o.CacheDir = filepath.Join(a.m.home(), ".cache", "hookifyc", "rules")
	}
	return o, nil
}

func (a *app) runDoctor(ctx context.Context, cmd *cli.Command) error {
	if cmd.Args().Len() > 0 {
		return exitError(2, "doctor: takes no arguments (got %q)", cmd.Args().First())
	}
	o, err := a.doctorOptions(cmd.String("codex-home"), cmd.String("project"), cmd.String("audit-log"))
	if err != nil {
		return exitError(2, "%v", err)
	}
	fs := deploy.Doctor(o)
	w := cmd.Root().Writer
	if cmd.Bool("json") {
		if fs == nil {
			fs = []deploy.Finding{}
		}
		b, _ := json.MarshalIndent(fs, "", "  ")
		w.Write(append(b, '\n'))
	} else {
		printFindings(w, fs)
	}
	if n := deploy.Errors(fs); n > 0 {
		return exitError(1, "doctor: %s", plural(n, "error"))
	}
	return nil
}

func printFindings(w io.Writer, fs []deploy.Finding) {
	for _, f := range fs {
		line := fmt.Sprintf("%-7s %-10s %s", f.Level, f.Check, f.Message)
		if f.Fix != "" {
			line += " (fix: " + f.Fix + ")"
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// postApplyCheck runs the doctor's checks on the directory apply wrote.
func (a *app) postApplyCheck(cmd *cli.Command, p *deploy.Plan, quiet bool) error {
	o, err := a.doctorOptions("", "", cmd.String("audit-log"))
	if err != nil {
		return nil
	}
	// What apply wrote, not the machine: no codex lookup, no layers. The
	// hook programs are checked by their build information, never run
	// (a project plan refused any inside the project).
	o.Discovery, o.Path = nil, ""
	o.CodexHome, o.ClaudeHome, o.Project = "", "", ""
	if p.Target == "codex" {
		o.CodexHome = p.Dir
	} else {
		o.ClaudeHome = p.Dir
	}
	fs := deploy.Doctor(o)
	var bad []deploy.Finding
	for _, f := range fs {
		if f.Check == "codex-cli" {
			continue
		}
		if f.Level != deploy.LevelOK && f.Check != "trust" || f.Level == deploy.LevelError {
			bad = append(bad, f)
		}
	}
	if !quiet || deploy.Errors(bad) > 0 {
		printFindings(cmd.Root().ErrWriter, bad)
	}
	if n := deploy.Errors(bad); n > 0 {
		return exitError(1, "apply: installed, but doctor finds %s", plural(n, "error"))
	}
	return nil
}
