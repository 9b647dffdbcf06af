package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/sysfile"
	"github.com/hookifyc/hookifyc/internal/textsafe"
)

func (a *app) rulesCommand() *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "work with rules",
		Commands: []*cli.Command{
			a.rulesListCommand(),
			a.rulesToggleCommand("enable", true),
			a.rulesToggleCommand("disable", false),
			a.rulesCreateCommand(),
			a.rulesShowCommand(),
			{
				Name:      "test-pattern",
				Usage:     "test a Tool(specifier) permission pattern against one tool call, as the hook matches it",
				ArgsUsage: "'PATTERN' TOOL 'INPUT'",
				Description: `Prints "match" (exit 0) or "no match" (exit 1), then, when there is more to
say, the list and the part of the call compared: the subcommand of a compound
command or the command past assignments and wrappers that matched, or the
absolute path and the anchored pattern. Exit 2: a malformed pattern.

  hookifyc rules test-pattern 'Bash(rm -rf *)' Bash 'ls && rm -rf /tmp/x'
  match (deny): "rm -rf /tmp/x" in "ls && rm -rf /tmp/x"

INPUT is the command for Bash, the path for Read/Edit/Write, the URL for
WebFetch, or the whole tool input as a JSON object. The pattern is loaded as
the settings loader loads it, in the list --as names (deny and ask rules match
any subcommand and see through assignments and wrappers; allow rules must
cover every subcommand), and matched as the hook matches a call made in --cwd;
~ is $HOME, "/path" patterns are relative to the base of --settings. The hook
never grants through allow rules: --as allow answers as Claude Code reads its
allow list.`,
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "as", Value: "deny", Usage: "the permissions list the pattern is in: deny, ask or allow", Validator: oneOf("as", "deny", "ask", "allow")},
					&cli.StringFlag{Name: "cwd", Usage: "the session's working directory the call is made in (default: the current directory)"},
					&cli.StringFlag{Name: "settings", Usage: "the settings file the pattern is listed in, for \"/path\" patterns (default: <cwd>/.claude/settings.json, whose base is <cwd>)"},
				},
				Action: a.runTestPattern,
			},
		},
	}
}

func (a *app) runTestPattern(ctx context.Context, cmd *cli.Command) error {
	args := cmd.Args().Slice()
	if len(args) != 3 {
		return exitError(2, "rules test-pattern: want 'PATTERN' TOOL 'INPUT' (got %d arguments)", len(args))
	}
	as, _ := perm.DecisionNamed(cmd.String("as"))
	wd, err := a.m.getwd()
	if err != nil {
		return exitError(2, "%v", err)
	}
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(wd, p)
	}
	cwd := abs(cmd.String("cwd"))
	if cwd == "" {
		cwd = wd
	}
	ans, err := perm.TestCall(perm.Query{
		Pattern:  args[0],
		Tool:     args[1],
		Input:    args[2],
		As:       as,
		Cwd:      cwd,
		Home:     a.m.home(),
		Settings: abs(cmd.String("settings")),
	})
	if err != nil {
		return exitError(2, "%v", err)
	}
	for _, w := range ans.Warnings {
		fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: warning: %s\n", w)
	}
	line := "match"
	if !ans.Match {
		line = "no match"
	}
	// A plain match or miss of the whole input in the default list stays
	// the bare word, as before --as existed.
	if ans.Detail != "" || as != perm.Deny {
		line += " (" + as.String() + ")"
	}
	if ans.Detail != "" {
		line += ": " + ans.Detail
	}
	fmt.Fprintln(cmd.Root().Writer, line)
	if !ans.Match {
		return cli.Exit("", 1)
	}
	return nil
}

func (a *app) rulesListCommand() *cli.Command {
	return &cli.Command{
		Name:  "list",
		Usage: "list the rules the layered discovery finds from the current directory",
		Description: `Lists every rule in trust order: managed (/etc/codex/hookify), user
(~/.codex/hookify), then the project layers of the current directory and each of
its ancestors. Rules with the same name in different layers all apply; a project
rule can never replace or switch off a managed or user rule, and such a
collision is shown. Exits 1 when rule files cannot be used.`,
		Flags:  []cli.Flag{&cli.BoolFlag{Name: "json", Usage: "print JSON"}},
		Action: a.runRulesList,
	}
}

func (a *app) runRulesList(ctx context.Context, cmd *cli.Command) error {
	if cmd.NArg() > 0 {
		return exitError(2, "rules list: takes no arguments (got %q); it lists what the discovery finds from the current directory", cmd.Args().First())
	}
	cwd, err := a.m.getwd()
	if err != nil {
		return exitError(2, "%v", err)
	}
	d := sources.Discover(a.m.sourcesEnv(cwd).Layout(), hookify.SlashPath(cwd))
	w := cmd.Root().Writer
	if cmd.Bool("json") {
		list := &pyval.List{}
		for _, f := range d.Rules {
			item := pyval.NewDict()
			item.Set("name", pyval.Str(f.Rule.Name))
			item.Set("layer", pyval.Str(f.Layer.String()))
			item.Set("trust", pyval.Str(f.Layer.Trust()))
			item.Set("path", pyval.Str(f.Path))
			item.Set("enabled", pyval.Bool(f.Rule.Enabled))
			item.Set("event", pyval.Str(f.Rule.Event))
			item.Set("action", pyval.Str(f.Rule.ActionText))
			cl := &pyval.List{}
			for _, c := range f.Collides {
				cl.Items = append(cl.Items, pyval.Str(c.Path))
			}
			item.Set("collides_with", cl)
			list.Items = append(list.Items, item)
		}
		w.Write(append(pyval.Dumps(list), '\n'))
	} else {
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "LAYER\tSTATE\tEVENT\tACTION\tNAME\tFILE")
		for _, f := range d.Rules {
			state := "enabled"
			if !f.Rule.Enabled {
				state = "disabled"
			}
			file := f.Path
			for _, c := range f.Collides {
				file += "  (same name as " + c.Layer.String() + " " + c.Path + ", both apply)"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", f.Layer, state, displayLine(f.Rule.Event), displayLine(f.Rule.ActionText), displayLine(f.Rule.Name), displayLine(file))
		}
		tw.Flush()
	}
	failed := false
	for _, p := range d.Problems {
		if p.Kind == sources.ProblemCollision {
			continue // shown with the rules
		}
		fmt.Fprintf(cmd.Root().ErrWriter, "%s\n", textsafe.EscapeControls(p.Error()))
		failed = failed || p.Costly()
	}
	if failed {
		return cli.Exit("", 1)
	}
	return nil
}

// rulesToggleCommand enables or disables rules in place: only the value
// of their enabled: line changes (or one is inserted).
func (a *app) rulesToggleCommand(name string, enabled bool) *cli.Command {
	return &cli.Command{
		Name:      name,
		Usage:     name + " rules in place, by name or file (only their enabled: line changes)",
		ArgsUsage: "NAME|FILE...",
		Description: `A NAME is looked up by the layered discovery from the current directory; it
must name one rule file. The file keeps its other hard links, owner, group and
mode; a read-only file is refused unless --force.`,
		Flags: []cli.Flag{&cli.BoolFlag{Name: "force", Usage: "rewrite read-only rule files too"}},
		Action: func(ctx context.Context, cmd *cli.Command) error {
			return a.runToggle(cmd, name, enabled)
		},
	}
}

func (a *app) runToggle(cmd *cli.Command, name string, enabled bool) error {
	args := cmd.Args().Slice()
	if len(args) == 0 {
		return exitError(2, "rules %s: name at least one rule (a name or a file)", name)
	}
	for _, arg := range args {
		f, err := a.ruleFile(arg)
		if err != nil {
			return err
		}
		if err := hookify.SetEnabled(f, enabled, hookify.EditOptions{Force: cmd.Bool("force")}); err != nil {
			return exitError(1, "%v", err)
		}
		fmt.Fprintf(cmd.Root().Writer, "%sd %s\n", name, f)
	}
	return nil
}

// ruleFile resolves a rule argument: an existing file, or the name of one
// rule found by the layered discovery from the current directory.
func (a *app) ruleFile(arg string) (string, error) {
	if _, err := os.Lstat(arg); err == nil {
		return arg, nil
	}
	cwd, err := a.m.getwd()
	if err != nil {
		return "", exitError(2, "%v", err)
	}
	d := sources.Discover(a.m.sourcesEnv(cwd).Layout(), hookify.SlashPath(cwd))
	var found []*sources.Found
	for _, f := range d.Rules {
		if f.Rule.Name == arg && f.Rule.Origin == ir.OriginHookify {
			found = append(found, f)
		}
	}
	switch len(found) {
	case 0:
		return "", exitError(1, "Rule not found: %q is neither a file nor the name of a rule the discovery finds from %s (hookifyc rules list shows them)", arg, cwd)
	case 1:
		return filepath.FromSlash(found[0].Path), nil
	}
	var paths []string
	for _, f := range found {
		paths = append(paths, f.Layer.String()+" "+f.Path)
	}
	return "", exitError(1, "%q names %d rules; name the file instead: %s", arg, len(found), strings.Join(paths, ", "))
}

// rulesShowCommand prints one rule file, by name or path.
func (a *app) rulesShowCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "print a rule file, by name or file",
		ArgsUsage: "NAME|FILE",
		Action:    a.runShow,
	}
}

func (a *app) runShow(ctx context.Context, cmd *cli.Command) error {
	if cmd.Args().Len() != 1 {
		return exitError(2, "rules show: name one rule (a name or a file)")
	}
	f, err := a.ruleFile(cmd.Args().First())
	if err != nil {
		return err
	}
	data, err := sysfile.ReadRegular(f, hookify.MaxRuleFileSize)
	if err != nil {
		return exitError(1, "%v", err)
	}
	w := cmd.Root().Writer
	fmt.Fprintf(w, "# %s\n", f)
	w.Write(data)
	if len(data) > 0 && data[len(data)-1] != '\n' {
		fmt.Fprintln(w)
	}
	return nil
}

// rulesCreateCommand writes a new hookify rule file that reads back to
// exactly the rule asked for (hookify.Create checks it), atomically.
func (a *app) rulesCreateCommand() *cli.Command {
	return &cli.Command{
		Name:  "create",
		Usage: "write a new hookify rule file",
		Description: `Writes DIR/hookify.NAME.local.md in a .claude directory, DIR/NAME.md elsewhere.
Each --when is FIELD:OPERATOR:PATTERN (the pattern may contain colons), e.g.
  hookifyc rules create --name no-rm --event bash --action block \
    --when 'command:regex_match:rm\s+-rf' --message 'Use trash instead.'`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "dir", Value: ".claude", Usage: "directory to write into"},
			&cli.StringFlag{Name: "name", Required: true, Usage: "rule name"},
			&cli.StringFlag{Name: "event", Value: "bash", Usage: "bash, file, stop, prompt or all", Validator: oneOf("event", "bash", "file", "stop", "prompt", "all")},
			&cli.StringFlag{Name: "action", Value: "warn", Usage: "warn or block", Validator: oneOf("action", "warn", "block")},
			&cli.StringSliceFlag{Name: "when", Required: true, Usage: "condition FIELD:OPERATOR:PATTERN (repeatable; all must hold)"},
			&cli.StringFlag{Name: "message", Usage: "message shown when the rule matches"},
			&cli.BoolFlag{Name: "disabled", Usage: "write the rule disabled"},
		},
		Action: a.runCreate,
	}
}

func (a *app) runCreate(ctx context.Context, cmd *cli.Command) error {
	action := ir.Action(cmd.String("action"))
	r := &ir.Rule{
		Origin:     ir.OriginHookify,
		Name:       cmd.String("name"),
		Enabled:    !cmd.Bool("disabled"),
		Event:      cmd.String("event"),
		ActionText: string(action),
		Action:     action,
		Message:    cmd.String("message"),
	}
	for _, w := range cmd.StringSlice("when") {
		field, rest, ok1 := strings.Cut(w, ":")
		op, pattern, ok2 := strings.Cut(rest, ":")
		if !ok1 || !ok2 || field == "" || op == "" {
			return exitError(2, "--when %q: want FIELD:OPERATOR:PATTERN", w)
		}
		r.Conditions = append(r.Conditions, ir.Condition{Field: field, Operator: op, Pattern: pattern})
	}
	if problems := hookify.Validate(r); len(problems) > 0 {
		return exitError(2, "rules create: nothing written: %s", strings.Join(problems, "; "))
	}
	path, err := hookify.Create(cmd.String("dir"), r)
	if err != nil {
		return exitError(1, "%v", err)
	}
	fmt.Fprintf(cmd.Root().Writer, "created %s\n", path)
	return nil
}
