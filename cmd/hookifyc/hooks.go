package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/deploy"
	"github.com/hookifyc/hookifyc/internal/sysfile"
	"github.com/hookifyc/hookifyc/runtime/agenthooks"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

func (a *app) hooksCommand() *cli.Command {
	return &cli.Command{
		Name:  "hooks",
		Usage: "the hooks Codex and Claude Code would run",
		Commands: []*cli.Command{{
			Name:  "list",
			Usage: "list the hooks of every layer, with Codex's review status and their last outcome",
			Description: `Lists the hooks Codex and Claude Code would run for a session started in the
current directory (or --project): Codex's managed requirements.toml [hooks]
(beside the managed rule directory), $CODEX_HOME (default ~/.codex) and the
project's .codex/ hooks.json and config.toml [hooks]; Claude Code's
~/.claude/settings.json, .claude/settings.json and .claude/settings.local.json.

TRUST is Codex's review status ([hooks.state."<key>"] in $CODEX_HOME/config.toml):
managed (needs no review), untrusted (never reviewed: Codex skips it), disabled,
project-untrusted (the project is not trusted: none of its hooks load), or
unknown (a trusted_hash is recorded; only Codex can tell whether it is the hash
of the current definition: /hooks in the TUI). LAST is the last decision the
audit log holds for a hookifyc hook of that agent and event.`,
			Flags: []cli.Flag{
				&cli.BoolFlag{Name: "json", Usage: "print the hooks as JSON"},
				&cli.StringFlag{Name: "agent", Usage: "only this agent's hooks: codex or claude", Validator: oneOf("agent", "codex", "claude")},
				&cli.StringFlag{Name: "project", Usage: "the directory the agent is started in (default: the current directory)"},
				&cli.StringFlag{Name: "codex-home", Usage: "Codex's home (default: $CODEX_HOME, else ~/.codex)"},
				auditLogFlag(),
			},
			Action: a.runHooksList,
		}},
	}
}

// listedHook is a hook as hooks list prints it.
type listedHook struct {
	agenthooks.Hook
	Last *lastOutcome `json:"last,omitempty"`
}

type lastOutcome struct {
	Decision string    `json:"decision"`
	Time     time.Time `json:"time"`
	Rules    []string  `json:"rules,omitempty"`
}

func (a *app) runHooksList(ctx context.Context, cmd *cli.Command) error {
	if cmd.Args().Len() > 0 {
		return exitError(2, "hooks list: unexpected argument %q", cmd.Args().First())
	}
	dir := cmd.String("project")
	if dir == "" {
		wd, err := a.m.getwd()
		if err != nil {
			return exitError(2, "%v", err)
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return exitError(2, "hooks list: %v", err)
	}
	codexHome := cmd.String("codex-home")
	if codexHome == "" {
		codexHome = a.m.getenv("CODEX_HOME")
	}
	env := agenthooks.Env{
		Home:             a.m.home(),
		CodexHome:        codexHome,
		Dir:              dir,
		ClaudeProjectDir: a.m.getenv("CLAUDE_PROJECT_DIR"),
		ReadFile:         func(p string) ([]byte, error) { return sysfile.ReadRegular(p, sysfile.MaxFileSize) },
		Exists:           func(p string) bool { _, err := os.Stat(p); return err == nil },
		NotExist:         func(err error) bool { return errors.Is(err, fs.ErrNotExist) },
	}
	if a.m.managedDir != "" {
		// The managed rule directory is <Codex's managed directory>/hookify.
		env.CodexManagedDir = filepath.Dir(a.m.managedDir)
	}
	hooks, problems := agenthooks.List(env)

	// The last decision per agent and event, from the audit log.
	last := map[[2]string]*lastOutcome{}
	if l, err := a.auditLog(cmd.String("audit-log"), dir); err == nil && l != nil {
		audit.Read(l.Path, l.Files, func(e *audit.Entry) {
			if e.Command != "hook" {
				return
			}
			o := &lastOutcome{Decision: e.Decision, Time: e.Time}
			for _, r := range e.Rules {
				o.Rules = append(o.Rules, r.Name)
			}
			last[[2]string{e.Agent, e.Event}] = o
		})
	}
	var out []listedHook
	for _, h := range hooks {
		if ag := cmd.String("agent"); ag != "" && h.Agent != ag {
			continue
		}
		lh := listedHook{Hook: h}
		if deploy.IsHookifycCommand(h.Command) {
			lh.Last = last[[2]string{h.Agent, h.Event}]
		}
		out = append(out, lh)
	}

	w := cmd.Root().Writer
	if cmd.Bool("json") {
		doc := struct {
			Hooks    []listedHook         `json:"hooks"`
			Problems []agenthooks.Problem `json:"problems"`
		}{out, problems}
		if doc.Hooks == nil {
			doc.Hooks = []listedHook{}
		}
		if doc.Problems == nil {
			doc.Problems = []agenthooks.Problem{}
		}
		b, _ := json.MarshalIndent(doc, "", "  ")
		fmt.Fprintf(w, "%s\n", b)
	} else {
		if len(out) == 0 {
			fmt.Fprintln(w, "no hooks")
		} else {
			rows := [][]string{{"AGENT", "LAYER", "EVENT", "MATCHER", "TRUST", "LAST", "COMMAND"}}
			var notes []string
			for _, h := range out {
				lastText := "-"
				if h.Last != nil {
					lastText = h.Last.Decision + " " + h.Last.Time.UTC().Format(time.RFC3339)
				}
				command := h.Command
				if command == "" {
					command = "(" + h.Type + ")"
				}
				rows = append(rows, []string{h.Agent, h.Layer, h.Event, cmp.Or(h.Matcher, "(all)"), cmp.Or(string(h.Trust), "-"), lastText, command})
				notes = append(notes, sourceLine(h.Hook))
			}
			printColumns(w, rows, notes)
		}
	}
	for _, p := range problems {
		fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: hooks list: %s\n", p)
	}
	return nil
}

// sourceLine is the second line of a hook in hooks list: where it is
// declared, and why it would not run.
func sourceLine(h agenthooks.Hook) string {
	s := "in " + h.Source
	if h.Note != "" {
		s += "; " + h.Note
	}
	return s
}

// printColumns prints rows in aligned columns (the last one unpadded), each
// row after the first followed by its note, indented; every cell and note
// as a displayLine (a repository's hooks.json writes them).
func printColumns(w io.Writer, rows [][]string, notes []string) {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			r[i] = displayLine(c)
			c = r[i]
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	for ri, r := range rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+2))
			}
		}
		fmt.Fprintln(w, b.String())
		if ri > 0 && notes[ri-1] != "" {
			fmt.Fprintln(w, "    "+displayLine(notes[ri-1]))
		}
	}
}
