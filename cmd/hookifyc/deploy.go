package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/deploy"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

// logCommands is how many distinct commands of the audit log the
// behavioural diff checks (the most recent).
const logCommands = 200

// deployFlags are the flags of plan, apply and uninstall.
func deployFlags(compile bool) []cli.Flag {
	fs := []cli.Flag{
		&cli.StringFlag{Name: "codex-home", Usage: "Codex target: the Codex home to install into (default: $CODEX_HOME, else ~/.codex)"},
		&cli.StringFlag{Name: "project", Usage: "install into the project DIR (DIR/.codex for codex, DIR/.claude for claude) instead of the user's configuration"},
	}
	if compile {
		fs = append(fs,
			&cli.StringFlag{Name: "hookifyc", Usage: "absolute path of the hookifyc the hooks run (default: this binary, resolved; refused when it is a temporary build)"},
			&cli.BoolFlag{Name: "force", Usage: "take over files and hook entries hookifyc did not write (uninstall puts them back)"},
			&cli.StringFlag{Name: "warn", Value: "skip", Usage: "what hookify warn rules become in .rules: skip or prompt", Validator: oneOf("warn", "prompt", "skip")},
			&cli.StringFlag{Name: "actor", Usage: "genesis.key actor whose permission patterns are installed too"},
			&cli.BoolFlag{Name: "lower-allow", Usage: "also lower permission allow rules"},
			&cli.BoolFlag{Name: "managed", Usage: "codex: stage the fleet layout under --root (etc/codex/requirements.toml [rules] and etc/codex/hookify/) for packaging"},
			&cli.StringFlag{Name: "root", Usage: "with --managed: the staging directory"},
			&cli.BoolFlag{Name: "mcp", Usage: "codex: also register `hookifyc mcp` as Codex's hookify MCP server ([mcp_servers.hookify] in hookifyc's block of config.toml)"},
			auditLogFlag(),
		)
	}
	return fs
}

func (a *app) planCommand() *cli.Command {
	return &cli.Command{
		Name:      "plan",
		Usage:     "show what apply would change: a unified diff of the files and a behavioural diff of the decisions",
		ArgsUsage: "codex|claude [SOURCES...]",
		Description: `Writes nothing. Prints the unified diff of every file apply would create,
change or remove, then the behavioural diff: the built-in sample of common
commands and the last distinct commands of the audit log (as logged, that is
redacted and shortened), each decision that would change, old -> new, with
the rules responsible. --exit-code exits 1 when there are changes (for CI).
Without SOURCES the rules are found by the layered discovery from the current
directory (--project: from DIR).`,
		Flags:  append(deployFlags(true), &cli.BoolFlag{Name: "exit-code", Usage: "exit 1 when apply would change something"}),
		Action: a.runPlan,
	}
}

func (a *app) applyCommand() *cli.Command {
	return &cli.Command{
		Name:      "apply",
		Aliases:   []string{"install"},
		Usage:     "install the compiled rules and the hooks into Codex or Claude Code (what plan shows)",
		ArgsUsage: "codex|claude [SOURCES...]",
		Description: `Writes exactly what plan shows: each file atomically, keeping its mode and
owner and every byte hookifyc does not own (config.toml is edited as text in
a delimited block; hook groups are spliced into hooks.json). A second apply
writes nothing. Never touches Codex's default.rules; refuses to overwrite a
file or hook entry hookifyc did not write unless --force, and keeps what it
replaces so that uninstall can restore it. Nothing is installed from sources
with errors.`,
		Flags:  append(deployFlags(true), &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing but errors"}),
		Action: a.runApply,
	}
}

func (a *app) uninstallCommand() *cli.Command {
	return &cli.Command{
		Name:      "uninstall",
		Usage:     "remove what apply installed, restoring every file it changed",
		ArgsUsage: "codex|claude",
		Description: `A file nothing else changed since apply gets back its bytes from before the
first apply; a file changed since loses only hookifyc's part.`,
		Flags:  append(deployFlags(false), &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print nothing but errors"}),
		Action: a.runUninstall,
	}
}

// deployTarget reads the target argument and the directory it names.
func (a *app) deployTarget(cmd *cli.Command) (target, dir string, project bool, err error) {
	if cmd.Args().Len() == 0 {
		return "", "", false, exitError(2, "%smissing target: codex or claude", commandPrefix(cmd))
	}
	target = cmd.Args().First()
	if cmd.String("project") != "" && cmd.String("codex-home") != "" {
		return "", "", false, exitError(2, "%s--codex-home and --project exclude each other", commandPrefix(cmd))
	}
	cwd, err := a.m.getwd()
	if err != nil {
		return "", "", false, exitError(2, "%v", err)
	}
	abs := func(p string) string {
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		return filepath.Clean(p)
	}
	if cmd.Bool("managed") {
		if target != "codex" || cmd.String("root") == "" || cmd.String("project") != "" || cmd.String("codex-home") != "" {
			return "", "", false, exitError(2, "%s--managed stages the codex fleet layout: give --root DIR, without --project or --codex-home", commandPrefix(cmd))
		}
		return target, abs(cmd.String("root")), false, nil
	} else if cmd.String("root") != "" {
		return "", "", false, exitError(2, "%s--root goes with --managed", commandPrefix(cmd))
	}
	switch target {
	case "codex":
		switch {
		case cmd.String("project") != "":
			return target, filepath.Join(abs(cmd.String("project")), ".codex"), true, nil
		case cmd.String("codex-home") != "":
			return target, abs(cmd.String("codex-home")), false, nil
		case a.m.getenv("CODEX_HOME") != "":
			return target, abs(a.m.getenv("CODEX_HOME")), false, nil
		case a.m.home() != "":
			return target, filepath.Join(a.m.home(), ".codex"), false, nil
		}
		return "", "", false, exitError(2, "%sno Codex home: set HOME or CODEX_HOME, or pass --codex-home", commandPrefix(cmd))
	case "claude":
		if cmd.String("codex-home") != "" {
			return "", "", false, exitError(2, "%s--codex-home is for the codex target", commandPrefix(cmd))
		}
		if cmd.String("project") != "" {
			return target, filepath.Join(abs(cmd.String("project")), ".claude"), true, nil
		}
		if a.m.home() == "" {
			return "", "", false, exitError(2, "%sno home directory: set HOME or pass --project", commandPrefix(cmd))
		}
		return target, filepath.Join(a.m.home(), ".claude"), false, nil
	}
	return "", "", false, exitError(2, "%sunknown target %q: codex or claude", commandPrefix(cmd), target)
}

// deployPlan plans an apply for the command line.
func (a *app) deployPlan(cmd *cli.Command) (*deploy.Plan, error) {
	target, dir, project, err := a.deployTarget(cmd)
	if err != nil {
		return nil, err
	}
	cwd, err := a.m.getwd()
	if err != nil {
		return nil, exitError(2, "%v", err)
	}
	start := cwd
	if project {
		start = filepath.Dir(dir)
	}
	srcs := cmd.Args().Tail()
	for i, s := range srcs {
		if !filepath.IsAbs(s) {
			srcs[i] = filepath.Join(cwd, s)
		}
	}
	exe, explicit := cmd.String("hookifyc"), true
	if exe == "" {
		explicit = false
		exe, err = a.m.executable()
		if err == nil {
			exe, err = filepath.EvalSymlinks(exe)
		}
		if err != nil {
			return nil, exitError(2, "locating hookifyc: %v (pass --hookifyc)", err)
		}
	} else if !filepath.IsAbs(exe) {
		exe = filepath.Join(cwd, exe)
	}
	o := deploy.Options{
		Dir:     dir,
		Project: project,
		Compile: driver.Options{
			Sources: srcs,
			Env:     a.m.sourcesEnv(start),
			Cwd:     start,
			Lower:   lower.LowerOptions{Warn: lower.WarnMode(cmd.String("warn")), Actor: cmd.String("actor"), Allow: cmd.Bool("lower-allow")},
		},
		Hookifyc:         exe,
		ExplicitHookifyc: explicit,
		TempDirs:         a.tempDirs(),
		Force:            cmd.Bool("force"),
		Home:             a.m.home(),
		Commands:         a.loggedCommands(cmd.String("audit-log"), cwd, cmd.Root().ErrWriter),
		MCP:              cmd.Bool("mcp"),
	}
	if !cmd.Bool("managed") {
		// Managed plans stage no hooks. A project plan refuses a hook
		// program inside the project (deploy's checkBinary).
		o.HookBinary, o.NoHookBinary = deploy.HookBinaryBeside(exe, a.m.buildInfo)
	}
	var p *deploy.Plan
	switch {
	case cmd.Bool("managed"):
		p, err = deploy.PlanManaged(o)
	case target == "codex":
		p, err = deploy.PlanCodex(o)
	default:
		p, err = deploy.PlanClaude(o)
	}
	var es *deploy.ErrSources
	if errors.As(err, &es) {
		stderr := cmd.Root().ErrWriter
		for _, pr := range es.Result.Errors() {
			fmt.Fprintf(stderr, "hookifyc: error: %s\n", pr.Error())
		}
		return nil, exitError(1, "%s%v", commandPrefix(cmd), err)
	}
	if err != nil {
		return nil, exitError(1, "%s%v", commandPrefix(cmd), err)
	}
	if !cmd.Bool("quiet") {
		for _, pr := range p.Result.Problems {
			fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: %s\n", pr.Error())
		}
	}
	return p, nil
}

// loggedCommands are the most recent distinct shell commands of the audit
// log (with its rotated files), oldest first; none when there is no log. A
// log that cannot be read is said on stderr: the behavioural diff then
// checks the built-in sample only.
func (a *app) loggedCommands(flag, cwd string, stderr io.Writer) []string {
	l, err := a.auditLog(flag, cwd)
	audit.ReportConfig(stderr, err)
	if l == nil {
		return nil
	}
	var all []string
	if _, err := audit.Read(l.Path, l.Files, func(e *audit.Entry) {
		if e.Tool == "Bash" && e.Summary != "" {
			all = append(all, e.Summary)
		}
	}); err != nil {
		fmt.Fprintf(stderr, "hookifyc: note: the audit log's commands are left out of the behavioural diff: %v\n", err)
	}
	seen := map[string]bool{}
	var out []string
	for i := len(all) - 1; i >= 0 && len(out) < logCommands; i-- {
		if !seen[all[i]] {
			seen[all[i]] = true
			out = append(out, all[i])
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func (a *app) runPlan(ctx context.Context, cmd *cli.Command) error {
	p, err := a.deployPlan(cmd)
	if err != nil {
		return err
	}
	w := cmd.Root().Writer
	io.WriteString(w, p.Diff())
	printBehaviour(w, p)
	stderr := cmd.Root().ErrWriter
	for _, n := range p.Notes {
		fmt.Fprintf(stderr, "hookifyc: note: %s\n", n)
	}
	if len(p.Conflicts) > 0 {
		for _, c := range p.Conflicts {
			fmt.Fprintf(stderr, "hookifyc: error: %s\n", c)
		}
		return exitError(1, "plan: apply would refuse: %s", plural(len(p.Conflicts), "conflict"))
	}
	if !p.Changed() {
		fmt.Fprintf(stderr, "hookifyc: %s is up to date: apply would change nothing\n", p.Dir)
		return nil
	}
	fmt.Fprintf(stderr, "hookifyc: apply would %s\n", strings.Join(p.Summary(), ", "))
	if cmd.Bool("exit-code") {
		return cli.Exit("", 1)
	}
	return nil
}

// printBehaviour prints the behavioural diff.
func printBehaviour(w io.Writer, p *deploy.Plan) {
	if p.Sampled == 0 {
		return
	}
	fmt.Fprintf(w, "behaviour: %d commands checked (%d from the audit log), %d would change\n", p.Sampled, p.FromLog, len(p.Behaviour))
	for _, b := range p.Behaviour {
		fmt.Fprintf(w, "  %s: %s -> %s\n", b.Command, verdict(b.Old), verdict(b.New))
	}
}

func verdict(v deploy.Verdict) string {
	if len(v.By) == 0 {
		return v.Decision
	}
	return v.Decision + " (" + strings.Join(v.By, ", ") + ")"
}

func (a *app) runApply(ctx context.Context, cmd *cli.Command) error {
	p, err := a.deployPlan(cmd)
	if err != nil {
		return err
	}
	stderr := cmd.Root().ErrWriter
	if len(p.Conflicts) > 0 {
		for _, c := range p.Conflicts {
			fmt.Fprintf(stderr, "hookifyc: error: %s\n", c)
		}
		return exitError(1, "apply: nothing written: %s (--force takes over; uninstall puts back what it replaced)", plural(len(p.Conflicts), "conflict"))
	}
	quiet := cmd.Bool("quiet")
	written, err := deploy.Apply(p)
	for _, path := range written {
		if !quiet {
			fmt.Fprintf(stderr, "hookifyc: wrote %s\n", path)
		}
	}
	if err != nil {
		return exitError(1, "apply: %v", err)
	}
	if !quiet {
		if len(written) == 0 {
			fmt.Fprintf(stderr, "hookifyc: %s is up to date: nothing written\n", p.Dir)
		} else {
			for _, n := range p.Notes {
				fmt.Fprintf(stderr, "hookifyc: note: %s\n", n)
			}
		}
	}
	if cmd.Bool("managed") {
		return nil
	}
	return a.postApplyCheck(cmd, p, quiet)
}

func (a *app) runUninstall(ctx context.Context, cmd *cli.Command) error {
	target, dir, project, err := a.deployTarget(cmd)
	if err != nil {
		return err
	}
	if cmd.Args().Len() > 1 {
		return exitError(2, "uninstall: takes no SOURCES (got %q)", cmd.Args().Get(1))
	}
	p, err := deploy.PlanUninstall(target, dir, project)
	if err != nil {
		return exitError(1, "uninstall: %v", err)
	}
	stderr := cmd.Root().ErrWriter
	written, err := deploy.Apply(p)
	quiet := cmd.Bool("quiet")
	if !quiet {
		// Only what was done: after a failure, the rest was not.
		for _, s := range p.Summary() {
			verb, path, _ := strings.Cut(s, " ")
			if !slices.Contains(written, path) {
				continue
			}
			if verb == "change" {
				verb = "restored"
			} else {
				verb += "d" // removed, created
			}
			fmt.Fprintf(stderr, "hookifyc: %s %s\n", verb, path)
		}
		for _, n := range p.Notes {
			fmt.Fprintf(stderr, "hookifyc: note: %s\n", n)
		}
	}
	if err != nil {
		return exitError(1, "uninstall: %v", err)
	}
	if len(written) == 0 && !quiet {
		fmt.Fprintf(stderr, "hookifyc: nothing of hookifyc's is installed in %s\n", dir)
	}
	return nil
}

// tempDirs are the directories whose binaries do not last.
func (a *app) tempDirs() []string {
	dirs := []string{a.m.getenv("TMPDIR"), a.m.getenv("TEMP"), a.m.getenv("TMP")}
	if runtime.GOOS != "windows" {
		dirs = append(dirs, "/tmp", "/var/tmp")
	}
	return dirs
}
