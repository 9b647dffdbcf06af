package main

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/textsafe"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

func (a *app) logCommand() *cli.Command {
	sinceFlag := &cli.StringFlag{Name: "since", Usage: "only decisions from this long ago (1h, 30m, 7d) or since this time (RFC 3339)"}
	return &cli.Command{
		Name:  "log",
		Usage: "show the decision log of hookifyc hook (docs/audit.md)",
		Description: `Prints the decisions hookifyc hook logged, oldest first, one a line: time,
decision, agent, event and tool, the rules that matched (with their source
file:line) and a redacted summary of the command, file path or prompt.
--follow keeps printing decisions as they are logged.`,
		Flags: []cli.Flag{
			sinceFlag,
			&cli.StringFlag{Name: "decision", Usage: "only this decision: block, warn or allow", Validator: oneOf("decision", "block", "warn", "allow")},
			&cli.StringFlag{Name: "rule", Usage: "only decisions this rule (by name) took part in"},
			&cli.StringFlag{Name: "agent", Usage: "only calls of this agent: claude or codex"},
			&cli.BoolFlag{Name: "json", Usage: "print the entries as JSON lines"},
			&cli.BoolFlag{Name: "follow", Aliases: []string{"f"}, Usage: "keep printing decisions as they are logged"},
			auditLogFlag(),
		},
		Action: a.runLog,
		Commands: []*cli.Command{{
			Name:      "stats",
			Usage:     "per rule: how often it fired, blocked and warned, and when it last fired; rules that never fired",
			ArgsUsage: "[SOURCES...]",
			Description: `Counts the decisions of the log per rule. The rules found by the layered
discovery from the current directory (or in SOURCES) that never fired in the
window are listed as candidates to remove.`,
			Flags:  []cli.Flag{sinceFlag, &cli.BoolFlag{Name: "json", Usage: "print the statistics as JSON"}, auditLogFlag()},
			Action: a.runLogStats,
		}},
	}
}

// parseSince reads --since: a duration back from now (Go syntax, plus d
// for days) or an RFC 3339 time. "" is the beginning of the log.
func parseSince(s string, now time.Time) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if days, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.ParseFloat(days, 64); err == nil && n >= 0 {
			return now.Add(-time.Duration(n * 24 * float64(time.Hour))), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, fmt.Errorf("--since: want a duration (1h, 7d) or an RFC 3339 time (got %q)", s)
}

// openLog is the log the log commands read.
func (a *app) openLog(cmd *cli.Command) (*audit.Log, error) {
	dir, err := a.m.getwd()
	if err != nil {
		return nil, exitError(2, "%v", err)
	}
	l, err := a.auditLog(cmd.String("audit-log"), dir)
	if err != nil {
		return nil, exitError(2, "%s%v", commandPrefix(cmd), err)
	}
	if l == nil {
		return nil, exitError(2, "%sthe audit log is off (--audit-log or $%s) or has no place (no $HOME)", commandPrefix(cmd), audit.EnvVar)
	}
	return l, nil
}

func (a *app) runLog(ctx context.Context, cmd *cli.Command) error {
	if cmd.Args().Len() > 0 {
		return exitError(2, "log: unexpected argument %q (run 'hookifyc log --help')", cmd.Args().First())
	}
	since, err := parseSince(cmd.String("since"), time.Now())
	if err != nil {
		return exitError(2, "log: %v", err)
	}
	l, err := a.openLog(cmd)
	if err != nil {
		return err
	}
	f := audit.Filter{Since: since, Decision: cmd.String("decision"), Rule: cmd.String("rule"), Agent: cmd.String("agent")}
	w := cmd.Root().Writer
	jsonOut := cmd.Bool("json")
	unprintable := 0
	show := func(e *audit.Entry) {
		if f.Match(e) && printEntry(w, e, jsonOut) != nil {
			unprintable++
		}
	}
	bad, err := audit.Read(l.Path, l.Files, show)
	if err != nil {
		return exitError(1, "log: %v", err)
	}
	if bad > 0 {
		fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: log: %d lines of %s are not decisions (skipped)\n", bad, l.Path)
	}
	if unprintable > 0 {
		fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: log: %d decisions of %s cannot be written as JSON (skipped)\n", unprintable, l.Path)
	}
	if cmd.Bool("follow") {
		// From now on each such entry is said as it comes.
		follow := func(e *audit.Entry) {
			if f.Match(e) {
				if err := printEntry(w, e, jsonOut); err != nil {
					fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: log: a decision of %s cannot be written as JSON (skipped): %v\n", l.Path, err)
				}
			}
		}
		return audit.Follow(ctx, l.Path, 250*time.Millisecond, follow)
	}
	return nil
}

// displayLine is text the agent or a repository wrote (a logged command, a
// hook's command) as one terminal line: newlines and tabs written \n and
// \t, and no escape sequence or bidi override that could hide or reorder
// what it says.
func displayLine(s string) string {
	return textsafe.EscapeLine(s)
}

// printEntry prints one decision: a JSON line (deceptive characters such
// as bidi overrides escaped, textsafe.EscapeJSON), or
// "TIME DECISION AGENT EVENT/TOOL RULES: SUMMARY". Its error is an entry
// that cannot be written as JSON (a time encoding/json refuses).
func printEntry(w io.Writer, e *audit.Entry, jsonOut bool) error {
	if jsonOut {
		b, err := e.Marshal()
		if err != nil {
			return err
		}
		w.Write(textsafe.EscapeJSON(b))
		return nil
	}
	what := e.Event
	if what == "" {
		what = "-"
	}
	if e.Tool != "" {
		what += "/" + e.Tool
	}
	var rules []string
	for _, r := range e.Rules {
		rules = append(rules, r.Name+" ("+r.Source+")")
	}
	line := fmt.Sprintf("%s %-5s %-6s %s", e.Time.UTC().Format(time.RFC3339), e.Decision, cmp.Or(e.Agent, "-"), what)
	if len(rules) > 0 {
		line += " " + strings.Join(rules, ", ")
	}
	if e.Summary != "" {
		line += ": " + e.Summary
	}
	fmt.Fprintln(w, displayLine(line))
	return nil
}

// logStats is the JSON of log stats.
type logStats struct {
	Since      *time.Time        `json:"since,omitempty"`
	Decisions  int               `json:"decisions"`
	Blocked    int               `json:"blocked"`
	Warned     int               `json:"warned"`
	Rules      []audit.RuleStats `json:"rules"`
	NeverFired []audit.Rule      `json:"never_fired"`
}

func (a *app) runLogStats(ctx context.Context, cmd *cli.Command) error {
	since, err := parseSince(cmd.String("since"), time.Now())
	if err != nil {
		return exitError(2, "log stats: %v", err)
	}
	l, err := a.openLog(cmd)
	if err != nil {
		return err
	}
	var st logStats
	if !since.IsZero() {
		st.Since = &since
	}
	var entries []*audit.Entry
	f := audit.Filter{Since: since}
	bad, err := audit.Read(l.Path, l.Files, func(e *audit.Entry) {
		if f.Match(e) && e.Command != "evidence" {
			entries = append(entries, e)
			st.Decisions++
			switch e.Decision {
			case "block":
				st.Blocked++
			case "warn":
				st.Warned++
			}
		}
	})
	if err != nil {
		return exitError(1, "log stats: %v", err)
	}
	if bad > 0 {
		fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: log stats: %d lines of %s are not decisions (skipped)\n", bad, l.Path)
	}
	st.Rules = audit.Stats(entries)
	fired := map[string]bool{}
	for _, r := range st.Rules {
		fired[r.Name] = true
	}
	cwd, err := a.m.getwd()
	if err != nil {
		return exitError(2, "%v", err)
	}
	found, problems := sources.Find(a.m.sourcesEnv(cwd), cmd.Args().Slice(), cwd)
	for _, p := range problems {
		if p.Costly() { // the rules of that file are missing from "never fired"
			fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: log stats: %s\n", p.Error())
		}
	}
	var enabled []*ir.Rule
	for _, r := range found {
		if r.Enabled { // a disabled rule cannot fire: not a candidate
			enabled = append(enabled, r)
		}
	}
	st.NeverFired = []audit.Rule{}
	listed := map[string]bool{}
	for _, r := range audit.RulesOf(enabled) {
		if key := r.Name + "\x00" + r.Source; !fired[r.Name] && !listed[key] {
			listed[key] = true
			st.NeverFired = append(st.NeverFired, r)
		}
	}
	w := cmd.Root().Writer
	if cmd.Bool("json") {
		b, _ := json.MarshalIndent(st, "", "  ")
		fmt.Fprintf(w, "%s\n", b)
		return nil
	}
	fmt.Fprintf(w, "%d decisions: %d blocked, %d warned\n", st.Decisions, st.Blocked, st.Warned)
	if len(st.Rules) > 0 {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "RULE\tFIRED\tBLOCKED\tWARNED\tLAST FIRED\tSOURCE")
		for _, r := range st.Rules {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\n", displayLine(r.Name), r.Fired, r.Blocked, r.Warned, r.Last.UTC().Format(time.RFC3339), displayLine(r.Source))
		}
		tw.Flush()
	}
	if len(st.NeverFired) > 0 {
		fmt.Fprintln(w, "never fired (candidates to remove):")
		for _, r := range st.NeverFired {
			fmt.Fprintf(w, "  %s  %s\n", displayLine(r.Name), displayLine(r.Source))
		}
	}
	return nil
}
