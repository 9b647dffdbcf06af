package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/sysfile"
	"github.com/hookifyc/hookifyc/internal/textsafe"
)

func (a *app) checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "decide what the rules say about a command (or file content, prompt, transcript)",
		ArgsUsage: "[SOURCES...] -- COMMAND...  |  --rules FILE.rules -- ARGV...",
		Description: `Evaluates the rules on one synthetic event and explains the decision: which
rule matched, which condition, on which field value. Without SOURCES the rules
are found by the layered discovery from the current directory.

The words after -- are the command (the file content, prompt or transcript
with --event): one word is used as it is, several are joined as a shell would
need them quoted (shlex.join), so -- rm -rf x and -- 'rm -rf x' decide the same.
SOURCES stand before --; a source that does not exist is a usage error.
--json prints {"decision":"allow|warn|block","messages":[...],"matched_rules":[...]}.

With --rules, checks an already tokenized ARGV against Codex execpolicy .rules
files and prints exactly what ` + "`codex execpolicy check`" + ` prints (same JSON, same
exit codes: 0 for every evaluation, 1 when a file does not load).`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the decision as JSON"},
			&cli.StringFlag{Name: "event", Value: "bash", Usage: "bash (a shell command), file (content written to --file-path), prompt (a user prompt) or stop (a transcript)", Validator: oneOf("event", "bash", "file", "prompt", "stop")},
			&cli.StringFlag{Name: "file-path", Value: "", Usage: "with --event file: the path being written"},
			&cli.StringFlag{Name: "compat", Usage: "\"hookify\" to evaluate with hookify's exact semantics", Validator: oneOf("compat", "hookify")},
			&cli.BoolFlag{Name: "exit-code", Usage: "exit 1 when the decision is block"},
			&cli.StringFlag{Name: "actor", Usage: "genesis.key actor the command is checked for"},
			&cli.StringSliceFlag{Name: "rules", Aliases: []string{"r"}, Usage: "execpolicy mode: a .rules file to load (repeatable)"},
			&cli.BoolFlag{Name: "resolve-host-executables", Usage: "execpolicy mode: match absolute program paths against basename rules, gated by host_executable()"},
			&cli.BoolFlag{Name: "pretty", Usage: "execpolicy mode: pretty-print the JSON"},
			&cli.BoolFlag{Name: "log", Usage: "append the decision to the audit log, as hook does (docs/audit.md)"},
			auditLogFlag(),
		},
		Action: a.runCheck,
	}
}

func (a *app) runCheck(ctx context.Context, cmd *cli.Command) error {
	start := time.Now()
	files := cmd.StringSlice("rules")
	// Each mode's flags mean nothing in the other: refuse them rather than
	// answer as if they had been applied.
	modeFlags, other := []string{"resolve-host-executables", "pretty"}, "--rules"
	if len(files) > 0 {
		modeFlags, other = []string{"json", "event", "file-path", "compat", "exit-code", "actor", "log", "audit-log"}, "SOURCES (without --rules)"
	}
	for _, f := range modeFlags {
		if cmd.IsSet(f) {
			return exitError(2, "check: --%s applies only with %s", f, other)
		}
	}
	if len(files) > 0 {
		return a.runCheckRules(cmd, files)
	}
	text, srcs, err := a.commandWords(cmd)
	if err != nil {
		return err
	}
	for _, src := range srcs {
		if _, err := os.Stat(src); err != nil {
			return exitError(2, "check: source %s: %v (SOURCES stand before --; the command after it)", src, pathErrorText(err))
		}
	}
	sem := engine.Fixed
	if cmd.String("compat") == "hookify" {
		sem = engine.Hookify
	}
	cwd, err := a.m.getwd()
	if err != nil {
		return exitError(2, "%v", err)
	}
	env := a.m.sourcesEnv(cwd)
	rules, found := sources.Find(env, srcs, cwd)
	var problems []string
	for _, p := range found {
		problems = append(problems, p.Error())
	}

	ev, err := engine.SyntheticEvent(cmd.String("event"), text, cmd.String("file-path"))
	if err != nil {
		return exitError(2, "%v", err)
	}
	input := ev.Input.(*pyval.Dict)
	input.Set("cwd", pyval.Str(cwd))
	eng := engine.New(engine.Options{
		Semantics: sem,
		Explain:   true,
		Home:      env.Home,
		Actor:     cmd.String("actor"),
		ReadFile: func(string) ([]byte, error) {
			if cmd.String("event") == ir.EventStop {
				return []byte(text), nil // the transcript
			}
			return nil, nil
		},
		// Scripts the command runs (bash FILE, source FILE), from the
		// current directory, as the hook reads them from the call's.
		ReadScript: func(p string) (string, bool) {
			if !filepath.IsAbs(p) {
				p = filepath.Join(cwd, p)
			}
			data, err := sysfile.ReadRegular(p, shell.MaxScriptBytes)
			return string(data), err == nil
		},
	})
	res := eng.Evaluate(rules, ev)
	if cmd.Bool("log") {
		a.auditCheck(cmd, cwd, &res, text, start)
	}
	for _, p := range res.Problems {
		if w := p.Where(); w != "" {
			problems = append(problems, w+": "+p.Text)
			continue
		}
		problems = append(problems, p.Text)
	}
	if res.Exception != nil {
		problems = append(problems, "error: "+res.Exception.Msg)
	}

	w := cmd.Root().Writer
	if cmd.Bool("json") {
		w.Write(decisionJSON(&res, problems))
	} else {
		explain(w, &res, problems)
	}
	if cmd.Bool("exit-code") && res.Decision() == engine.DecisionBlock {
		return cli.Exit("", 1)
	}
	return nil
}

// decisionJSON renders the runtime decision JSON of check --json.
func decisionJSON(res *engine.Result, problems []string) []byte {
	out := pyval.NewDict()
	out.Set("decision", pyval.Str(res.Decision()))
	msgs := &pyval.List{}
	for _, r := range res.Rules() {
		msgs.Items = append(msgs.Items, pyval.Str(r.Message))
	}
	out.Set("messages", msgs)
	names := &pyval.List{}
	for _, r := range append(append([]*ir.Rule{}, res.Blocking...), res.Warning...) {
		names.Items = append(names.Items, pyval.Str(r.Name))
	}
	out.Set("matched_rules", names)
	// The command model (fixed semantics, a Bash command): which view of
	// the command each rule matched, which block rules only warned
	// because they matched data, and what bash would run.
	if len(res.Explanations) > 0 && res.Model != nil {
		views := pyval.NewDict()
		for _, ex := range res.Explanations {
			if ex.View != "" {
				views.Set(ex.Rule.Name, pyval.Str(ex.View))
			}
		}
		out.Set("views", views)
	}
	if len(res.Demoted) > 0 {
		demoted := pyval.NewDict()
		for _, r := range res.Warning {
			if why, ok := res.Demoted[r]; ok {
				demoted.Set(r.Name, pyval.Str(why))
			}
		}
		out.Set("demoted", demoted)
	}
	if rep := res.Report(); rep != nil {
		m := pyval.NewDict()
		m.Set("commands", strList(rep.Commands))
		if len(rep.Pipelines) > 0 {
			m.Set("pipelines", strList(rep.Pipelines))
		}
		if len(rep.Data) > 0 {
			m.Set("data", strList(rep.Data))
		}
		if len(rep.Dynamic) > 0 {
			dl := &pyval.List{}
			for _, d := range rep.Dynamic {
				dd := pyval.NewDict()
				dd.Set("command", pyval.Str(d.Command))
				dd.Set("reason", pyval.Str(d.Reason))
				dl.Items = append(dl.Items, dd)
			}
			m.Set("dynamic", dl)
		}
		if rep.ParseError != "" {
			m.Set("parse_error", pyval.Str(rep.ParseError))
		}
		out.Set("command_model", m)
	}
	if len(problems) > 0 {
		pl := &pyval.List{}
		for _, p := range problems {
			pl.Items = append(pl.Items, pyval.Str(p))
		}
		out.Set("problems", pl)
	}
	return append(pyval.Dumps(out), '\n')
}

func strList(items []string) *pyval.List {
	l := &pyval.List{}
	for _, s := range items {
		l.Items = append(l.Items, pyval.Str(s))
	}
	return l
}

func explain(w io.Writer, res *engine.Result, problems []string) {
	fmt.Fprintf(w, "decision: %s\n", res.Decision())
	if rep := res.Report(); rep != nil {
		fmt.Fprintln(w, "\nbash would run:")
		for _, c := range rep.Commands {
			fmt.Fprintf(w, "  %s\n", displayLine(c))
		}
		for _, p := range rep.Pipelines {
			fmt.Fprintf(w, "  pipeline: %s\n", displayLine(p))
		}
		for _, d := range rep.Data {
			fmt.Fprintf(w, "  data: %s\n", displayLine(d))
		}
		for _, d := range rep.Dynamic {
			fmt.Fprintf(w, "  known only at run time: %s (%s)\n", displayLine(d.Command), displayLine(d.Reason))
		}
		if rep.ParseError != "" {
			fmt.Fprintf(w, "  not valid bash: %s\n", displayLine(rep.ParseError))
		}
	}
	for _, ex := range res.Explanations {
		r := ex.Rule
		where := r.Source.String()
		if r.Origin == ir.OriginHookify {
			where = r.Source.File // the rule is the whole file; conditions give their lines
		}
		fmt.Fprintf(w, "\n%s %s (%s)\n", actionWord(r), displayLine(r.Name), displayLine(where))
		if ex.View != "" {
			fmt.Fprintf(w, "  matched the %s\n", ex.View)
		}
		if ex.Demoted != "" && r.Blocks() {
			fmt.Fprintf(w, "  reported as a warning: it matched only data (%s)\n", displayLine(ex.Demoted))
		}
		for _, c := range ex.Conditions {
			at := ""
			if c.Condition.Pos.IsValid() && r.Origin == ir.OriginHookify {
				at = " (line " + strconv.Itoa(c.Condition.Pos.Line) + ")"
			}
			fmt.Fprintf(w, "  condition%s: %s %s %s\n", at, displayLine(c.Condition.Field), displayLine(c.Condition.Operator), displayLine(c.Condition.Pattern))
			fmt.Fprintf(w, "    matched: %s = %s\n", c.Field, excerpt(c.Value))
		}
		if res.StopLoopGuard && r.Blocks() {
			fmt.Fprintln(w, "  (reported as a warning: stop_hook_active is true)")
		}
		if r.Message != "" {
			fmt.Fprintf(w, "  message:\n    %s\n", strings.ReplaceAll(textsafe.EscapeControls(r.Message), "\n", "\n    "))
		}
	}
	if len(res.Blocking) > 0 && len(res.Warning) > 0 {
		fmt.Fprintln(w, "\n(warnings are not shown to the agent when a rule blocks)")
	}
	for _, p := range problems {
		fmt.Fprintf(w, "\nproblem: %s\n", textsafe.EscapeControls(p))
	}
}

func actionWord(r *ir.Rule) string {
	if r.Blocks() {
		return "block"
	}
	return "warn "
}

func excerpt(s string) string {
	const max = 120
	q := fmt.Sprintf("%q", s)
	if len(q) > max {
		q = q[:max] + "…"
	}
	return q
}

// commandWords splits check's arguments into the command text (the words
// after --, shlex-joined when there are several) and the SOURCES before
// it. Without --, a single argument is the command.
func (a *app) commandWords(cmd *cli.Command) (string, []string, error) {
	args := cmd.Args().Slice()
	n, dashes := a.afterDashes()
	switch {
	case !dashes && len(args) == 1:
		return args[0], nil, nil
	case !dashes && len(args) == 0, dashes && n == 0:
		return "", nil, exitError(2, "check: missing the command to check (hookifyc check [SOURCES...] -- COMMAND...)")
	case !dashes:
		return "", nil, exitError(2, "check: put the command after -- (hookifyc check [SOURCES...] -- COMMAND...): %d arguments are ambiguous", len(args))
	case n > len(args):
		return "", nil, exitError(2, "check: flags after -- are part of the command; put them before --")
	}
	words, srcs := args[len(args)-n:], args[:len(args)-n]
	if len(words) == 1 {
		return words[0], srcs, nil
	}
	return shell.Canonical(words), srcs, nil
}

// pathErrorText is err without the path a *fs.PathError repeats.
func pathErrorText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// runCheckRules is `codex execpolicy check`: load every --rules file into one
// policy and evaluate ARGV.
func (a *app) runCheckRules(cmd *cli.Command, paths []string) error {
	argv := cmd.Args().Slice()
	if len(argv) == 0 {
		return exitError(2, "check --rules: missing the command (hookifyc check --rules FILE.rules -- ARGV...)")
	}
	files := make([]execpolicy.File, 0, len(paths))
	for _, p := range paths {
		data, err := sysfile.ReadRegular(p, sysfile.MaxFileSize)
		if err != nil {
			return exitError(1, "failed to read policy at %s: %v", p, err)
		}
		files = append(files, execpolicy.File{Name: p, Data: data})
	}
	policy, err := execpolicy.Load(files)
	if err != nil {
		return exitError(1, "failed to parse policy: %v", err)
	}
	out := policy.Check(argv, cmd.Bool("resolve-host-executables")).CodexJSON(cmd.Bool("pretty"))
	cmd.Root().Writer.Write(append(out, '\n'))
	return nil
}

// execpolicyCommand is `hookifyc execpolicy check`, with exactly the flags
// and output of `codex execpolicy check`.
func (a *app) execpolicyCommand() *cli.Command {
	first := 1
	return &cli.Command{
		Name:  "execpolicy",
		Usage: "Codex execpolicy tools",
		Commands: []*cli.Command{{
			Name:      "check",
			Usage:     "check an argv against .rules files exactly as `codex execpolicy check` does",
			ArgsUsage: "--rules PATH COMMAND...",
			Description: `Loads every --rules file into one policy and prints the JSON that
` + "`codex execpolicy check`" + ` prints for the already tokenized COMMAND (no shell
splitting): exit 0 for every evaluation, 1 when a file does not load, 2 on usage
errors. COMMAND may hold words starting with -, as in Codex.`,
			Flags: []cli.Flag{
				&cli.StringSliceFlag{Name: "rules", Aliases: []string{"r"}, Required: true, Usage: "rule file to load (repeatable; any path/extension)"},
				&cli.BoolFlag{Name: "pretty", Usage: "pretty-print JSON (2-space indent)"},
				&cli.BoolFlag{Name: "resolve-host-executables", Usage: "resolve absolute program paths against basename rules, gated by host_executable()"},
			},
			// Like clap's trailing var-arg: flags end at the command.
			StopOnNthArg: &first,
			Action: func(ctx context.Context, cmd *cli.Command) error {
				return a.runCheckRules(cmd, cmd.StringSlice("rules"))
			},
		}},
	}
}
