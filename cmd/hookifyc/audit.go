package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/runtime/audit"
	"github.com/hookifyc/hookifyc/runtime/hook"
)

// auditLogFlag is the --audit-log flag of hook, check and log.
func auditLogFlag() cli.Flag {
	return &cli.StringFlag{Name: "audit-log", Usage: "decision log file, or \"off\" (default: $HOOKIFY_AUDIT_LOG, else $XDG_STATE_HOME/hookifyc/audit.jsonl, else ~/.local/state/hookifyc/audit.jsonl)"}
}

// auditLog is the decision log named by flag, $HOOKIFY_AUDIT_LOG or the
// default, with the rotation of $HOOKIFY_AUDIT_MAX_SIZE and
// $HOOKIFY_AUDIT_FILES; nil when the log is off or has no place.
func (a *app) auditLog(flag, dir string) (*audit.Log, error) {
	path := audit.Resolve(flag, a.m.getenv, a.m.home(), dir)
	if path == "" {
		return nil, nil
	}
	l := &audit.Log{Path: path}
	if v := a.m.getenv("HOOKIFY_AUDIT_MAX_SIZE"); v != "" {
		n, err := parseSize(v)
		if err != nil {
			return l, fmt.Errorf("HOOKIFY_AUDIT_MAX_SIZE: %v", err)
		}
		l.MaxBytes = n
	}
	if v := a.m.getenv("HOOKIFY_AUDIT_FILES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return l, fmt.Errorf("HOOKIFY_AUDIT_FILES: want a number of files ≥ 1 (got %q)", v)
		}
		l.Files = n
	}
	return l, nil
}

// parseSize reads a size in bytes: 1048576, 512KiB, 10MiB, 1GiB (KB, MB,
// GB and K, M, G are the same binary units).
func parseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}} {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("want a size such as 10MiB (got %q)", s)
	}
	return n * mult, nil
}

// writeAudit appends e to l. A log that cannot be written never changes
// the decision: it costs one line on stderr.
func writeAudit(l *audit.Log, e *audit.Entry, stderr io.Writer) {
	if l == nil {
		return
	}
	if err := l.Append(e); err != nil {
		fmt.Fprintf(stderr, "hookifyc: %v (decision not logged; it stands)\n", err)
	}
}

// hookEntry is the audit entry of a hook call.
func hookEntry(rec *hook.Record, start time.Time, fail string) *audit.Entry {
	e := &audit.Entry{
		Time:      start.UTC(),
		Version:   version(),
		Command:   "hook",
		Agent:     string(rec.Agent),
		Event:     rec.HookEvent,
		Tool:      rec.Tool,
		SessionID: rec.SessionID,
		Cwd:       rec.Cwd,
		Summary:   audit.Summarize(rec.Subject),
		Decision:  string(rec.Decision),
		Rules:     auditRules(rec.Rules),
		Semantics: rec.Semantics,
		Fail:      fail,
		Problems:  rec.Problems,
		LatencyMS: float64(time.Since(start).Microseconds()) / 1e3,
	}
	if rec.Semantics == "hookify" {
		e.Fail = "" // hookify has no fail mode
	}
	return e
}

// auditRules are rules as the log names them: name, action, file:line.
func auditRules(rules []*ir.Rule) []audit.Rule {
	var out []audit.Rule
	for _, r := range rules {
		src := r.Source.File
		if r.Source.Pos.IsValid() {
			src += ":" + strconv.Itoa(r.Source.Pos.Line)
		}
		out = append(out, audit.Rule{Name: r.Name, Action: string(r.Action), Source: src})
	}
	return out
}

// auditCheck logs the decision of check --log on text (the command, file
// content or prompt checked).
func (a *app) auditCheck(cmd *cli.Command, dir string, res *engine.Result, text string, start time.Time) {
	stderr := cmd.Root().ErrWriter
	l, err := a.auditLog(cmd.String("audit-log"), dir)
	if err != nil {
		fmt.Fprintf(stderr, "hookifyc: audit log: %v (using the default rotation)\n", err)
	}
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
	writeAudit(l, &audit.Entry{
		Time:      start.UTC(),
		Version:   version(),
		Command:   "check",
		Event:     cmd.String("event"),
		Cwd:       dir,
		Summary:   audit.Summarize(subject),
		Decision:  string(res.Decision()),
		Rules:     auditRules(append(append([]*ir.Rule(nil), res.Blocking...), res.Warning...)),
		Semantics: sem,
		Problems:  problems,
		LatencyMS: float64(time.Since(start).Microseconds()) / 1e3,
	}, stderr)
}
