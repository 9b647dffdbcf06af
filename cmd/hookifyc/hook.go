package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/internal/sysfile"
	"github.com/hookifyc/hookifyc/internal/textsafe"
	"github.com/hookifyc/hookifyc/runtime/agent"
	"github.com/hookifyc/hookifyc/runtime/hook"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

func (a *app) hookCommand() *cli.Command {
	return &cli.Command{
		Name:      "hook",
		Usage:     "answer one hook call: event JSON on stdin, the agent's answer on stdout",
		ArgsUsage: "[SOURCES...]",
		Description: `Install as the command of a Claude Code or Codex hook (PreToolUse, PostToolUse,
UserPromptSubmit, Stop). --compat hookify replays the hookify plugin byte for byte
for Claude Code (always exit 0, one JSON line); for Codex it decides as hookify
does and answers in the form Codex enforces (a deny with the rule's message); the default semantics fix hookify's defects and
answer in the shape the agent enforces (see docs/compat.md). SOURCES (rule files,
directories, settings or genesis files) replace the layered discovery.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "agent", Value: "auto", Usage: "output contract: auto, claude or codex", Validator: oneOf("agent", "auto", "claude", "codex")},
			&cli.StringFlag{Name: "compat", Usage: "\"hookify\" for a byte-exact replica of the hookify plugin", Validator: oneOf("compat", "hookify")},
			&cli.StringFlag{Name: "fail", Value: "open", Sources: cli.EnvVars("HOOKIFYC_FAIL"), Usage: "when rules cannot be evaluated: open (let the call run, tell the user) or closed (block)", Validator: oneOf("fail", "open", "closed")},
			&cli.StringFlag{Name: "actor", Sources: cli.EnvVars("HOOKIFYC_ACTOR"), Usage: "genesis.key actor the calls are made for (actor-scoped permission rules apply only to it)"},
			&cli.DurationFlag{Name: "regex-timeout", Value: engine.DefaultRegexTimeout, Usage: "time bound of one regex search"},
			&cli.Int64Flag{Name: "max-input", Value: hook.DefaultMaxInput, Sources: cli.EnvVars("HOOKIFYC_MAX_INPUT"), Usage: "largest hook payload read from stdin, in bytes; a larger one is judged on its first bytes, then the fail mode decides"},
			&cli.StringFlag{Name: "cache", Sources: cli.EnvVars("HOOKIFYC_CACHE"), Usage: "directory of the parsed-rule cache (default: the user cache directory's hookifyc/rules), or \"off\""},
			auditLogFlag(),
			&cli.DurationFlag{Name: "deadline", Value: hook.DefaultDeadline, Sources: cli.EnvVars("HOOKIFYC_DEADLINE"), Usage: "answer by then whatever is left: rules not yet read or evaluated are a problem the fail mode decides (keep it under the agent's hook timeout, 10 s as apply installs it; 0: none)"},
		},
		Action: a.runHook,
	}
}

func (a *app) runHook(ctx context.Context, cmd *cli.Command) error {
	// A hook process lives a few milliseconds and holds little
	// memory: collect garbage less often (measured: about 10% faster).
	debug.SetGCPercent(400)
	start := time.Now()
	kind := agent.Kind(cmd.String("agent"))
	compat := cmd.String("compat")
	fail := agent.FailMode(cmd.String("fail"))
	srcs := cmd.Args().Slice()
	if compat != "" && len(srcs) > 0 {
		return exitError(2, "--compat hookify reads ./.claude/hookify.*.local.md only, as hookify does; drop the SOURCES")
	}
	dir, err := a.m.getwd()
	if err != nil {
		return exitError(2, "%v", err)
	}
	var cache hook.Cache
	rc := a.openRuleCache(cmd.String("cache"), start)
	if rc != nil {
		cache = rc
		// Agents start hooks in the project directory: read its
		// rules' cache while stdin is read.
		rc.Prefetch(filepath.Join(dir, hookify.CompatDir))
	}
	limit := cmd.Int64("max-input")
	stdin, err := io.ReadAll(io.LimitReader(cmd.Root().Reader, limit+1))
	if err != nil {
		return exitError(2, "reading stdin: %v", err)
	}
	truncated := int64(len(stdin)) > limit
	if truncated {
		stdin = stdin[:limit]
	}
	// The decision log, resolved before the call: when it is off, no
	// record of the call is kept.
	logFile, logErr := a.auditLog(cmd.String("audit-log"), dir)
	var rec *hook.Record
	if logFile != nil {
		rec = &hook.Record{}
	}
	opts := hook.Options{
		Dir:          dir,
		Stdin:        stdin,
		Agent:        kind,
		Compat:       compat == "hookify",
		Fail:         fail,
		Sources:      srcs,
		Actor:        cmd.String("actor"),
		RegexTimeout: cmd.Duration("regex-timeout"),
		Cache:        cache,
		Home:         a.m.home(),
		ManagedDir:   a.m.managedDir,
		RuleDir:      a.m.getenv("HOOKIFY_RULE_DIR"),
		ProjectDir:   a.m.getenv("CLAUDE_PROJECT_DIR"),
		Truncated:    truncated,
		Record:       rec,
		ReadFile: func(p string) ([]byte, error) {
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			// Transcripts: a regular file of bounded size only, never a
			// FIFO or a device that would make the hook wait.
			return sysfile.ReadRegular(p, sysfile.MaxFileSize)
		},
	}
	w, ew := cmd.Root().Writer, cmd.Root().ErrWriter
	var mu sync.Mutex
	answered := false
	// emit writes the call's answer, once: the evaluation's or the
	// deadline's, whichever comes first.
	emit := func(out agent.Output) (first bool, err error) {
		mu.Lock()
		defer mu.Unlock()
		if answered {
			return false, nil
		}
		answered = true
		if _, err := w.Write(out.Stdout); err != nil {
			return true, exitError(2, "writing stdout: %v", err)
		}
		if len(out.Stderr) > 0 {
			io.WriteString(ew, escapeControls(strings.Join(out.Stderr, "\n"))+"\n")
		}
		return true, nil
	}
	// The call answers by its deadline: an agent that ends a hook at its
	// timeout runs the call whatever the rules say (docs/compat.md).
	deadlineCode := make(chan int, 1)
	if d := cmd.Duration("deadline"); d > 0 {
		// Reading and evaluating stop at three quarters of it, so that
		// the rules read by then (managed and user first) decide; the
		// deadline itself answers whatever is still running.
		opts.Deadline = start.Add(d - d/4)
		after := afterDeadline
		if a.m.exit == nil {
			// In-process (tests): a runtime timer, which stop ends; the
			// sleeping thread of afterDeadline would outlive the call.
			after = func(d time.Duration, fire func()) func() {
				t := time.AfterFunc(d, fire)
				return func() { t.Stop() }
			}
		}
		stop := after(d-time.Since(start), func() {
			// The deadline's answer has its own record: rec is still
			// being filled by the evaluation it gave up on.
			dopts := opts
			dopts.Record = nil
			if logFile != nil {
				dopts.Record = &hook.Record{}
			}
			out := hook.DeadlineOutput(dopts, d)
			first, err := emit(out)
			if !first {
				return
			}
			code := out.ExitCode
			if err != nil {
				fmt.Fprintf(ew, "hookifyc: %v\n", err)
				code = 2
			} else if r := dopts.Record; r != nil && r.Decision != "" {
				writeAudit(logFile, hookEntry(r, start, string(fail)), ew)
			}
			if a.m.exit != nil {
				a.m.exit(code)
			}
			deadlineCode <- code
		})
		defer stop()
	}
	out := hook.Run(opts)
	first, err := emit(out)
	if !first {
		// The deadline answered, and logged its own record; nothing the
		// evaluation filled (rec) is logged.
		if code := <-deadlineCode; code != 0 {
			return cli.Exit("", code)
		}
		return nil
	}
	if err != nil {
		return err
	}
	if rec != nil && rec.Decision != "" {
		// The answer is complete: the log never changes it (docs/audit.md).
		if logErr != nil {
			fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: audit log: %v (using the default rotation)\n", logErr)
		}
		writeAudit(logFile, hookEntry(rec, start, string(fail)), cmd.Root().ErrWriter)
	}
	if rc != nil {
		// A cache that cannot be written costs only time on the
		// next call; the answer above is already complete.
		rc.Flush()
	}
	if out.ExitCode != 0 {
		return cli.Exit("", out.ExitCode)
	}
	return nil
}

// openRuleCache returns the parsed-rule cache for a hook process started at
// start: in dir, or in the user cache directory when dir is empty; nil when
// dir is "off" or no cache directory or program identity can be found (the
// rules are then read on every call).
func (a *app) openRuleCache(dir string, start time.Time) *rulecache.Cache {
	if dir == "off" {
		return nil
	}
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "hookifyc", "rules")
	}
	program, err := rulecache.ProgramKey()
	if err != nil {
		return nil
	}
	return rulecache.New(rulecache.Options{Dir: dir, Program: program, Start: start})
}

// escapeControls writes the control and deceptive characters of a hook's
// stderr (which quotes the agent's commands and paths) as escapes, so that
// a command cannot drive the terminal or the agent's display (ANSI
// sequences, a carriage return, a bidirectional override). Newlines and
// tabs stay.
func escapeControls(s string) string {
	i := strings.IndexFunc(s, needsEscape)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		if needsEscape(r) {
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func needsEscape(r rune) bool {
	return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r == utf8.RuneError || textsafe.Deceptive(r)
}
