package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

// auditLogFlag is the --audit-log flag of hook, check and log.
func auditLogFlag() cli.Flag {
	return &cli.StringFlag{Name: "audit-log", Usage: "decision log file, or \"off\" (default: $HOOKIFY_AUDIT_LOG, else $XDG_STATE_HOME/hookifyc/audit.jsonl, else ~/.local/state/hookifyc/audit.jsonl)"}
}

// auditLog is the decision log named by flag, $HOOKIFY_AUDIT_LOG or the
// default (audit.Configured).
func (a *app) auditLog(flag, dir string) (*audit.Log, error) {
	return audit.Configured(flag, a.m.getenv, a.m.home(), dir)
}

// auditCheck logs the decision of check --log on text (the command, file
// content or prompt checked).
func (a *app) auditCheck(cmd *cli.Command, dir string, res *engine.Result, text string, start time.Time) {
	stderr := cmd.Root().ErrWriter
	l, err := a.auditLog(cmd.String("audit-log"), dir)
	audit.ReportConfig(stderr, err)
	if l == nil {
		fmt.Fprintf(stderr, "hookifyc: check --log: the audit log is off (--audit-log or $%s) or has no place (no $HOME)\n", audit.EnvVar)
		return
	}
	subject := text
	if fp := cmd.String("file-path"); fp != "" {
		subject = fp
	}
	sem := "fixed"
	if cmd.String("compat") == "hookify" {
		sem = "hookify"
	}
	problems := len(res.Problems)
	if res.Exception != nil {
		problems++
	}
	audit.Record(l, &audit.Entry{
		Time:      start.UTC(),
		Version:   version(),
		Command:   "check",
		Event:     cmd.String("event"),
		Cwd:       dir,
		Summary:   audit.Summarize(subject),
		Decision:  string(res.Decision()),
		Rules:     audit.RulesOf(append(append([]*ir.Rule(nil), res.Blocking...), res.Warning...)),
		Semantics: sem,
		Problems:  problems,
		LatencyMS: float64(time.Since(start).Microseconds()) / 1e3,
	}, stderr)
}
