// Package hookcmd is one hook call as a process makes it: the flags of
// `hookifyc hook`, the parsed-rule cache, the deadline, the event read from
// stdin and the answer written to stdout, and the call's audit record.
// cmd/hookifyc (the hook command) and cmd/hookifyc-hook (the hook-only
// binary the installed hooks run) both call Run, so the two answer every
// call alike; the second is a binary of its own because a hook process
// pays at start-up for every package linked into it (docs/benchmarks.md).
package hookcmd

import (
	"fmt"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/internal/sysfile"
	"github.com/hookifyc/hookifyc/internal/textsafe"
	"github.com/hookifyc/hookifyc/runtime/agent"
	"github.com/hookifyc/hookifyc/runtime/audit"
	"github.com/hookifyc/hookifyc/runtime/hook"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

// Flags are the hook command's options, as `hookifyc hook --help` and
// `hookifyc-hook --help` describe them (see Defaults and Parse).
type Flags struct {
	Agent        string        // --agent: auto, claude or codex
	Compat       string        // --compat: "" or "hookify"
	Fail         string        // --fail: open or closed
	Actor        string        // --actor
	RegexTimeout time.Duration // --regex-timeout
	MaxInput     int64         // --max-input
	Cache        string        // --cache: a directory, "off", or "" for the default
	AuditLog     string        // --audit-log
	Deadline     time.Duration // --deadline (0: none)
	// Sources replace the layered discovery (the command's arguments).
	Sources []string
}

// Defaults are the flags' values when neither the command line nor the
// environment sets them.
func Defaults() Flags {
	return Flags{
		Agent:        "auto",
		Fail:         "open",
		RegexTimeout: engine.DefaultRegexTimeout,
		MaxInput:     hook.DefaultMaxInput,
		Deadline:     hook.DefaultDeadline,
	}
}

// Host is what a hook call takes from the process it runs in.
type Host struct {
	Getenv     func(string) string
	Getwd      func() (string, error)
	ManagedDir string // the managed rule directory ("" : none)
	Stdin      io.Reader
	Stdout     io.Writer
	Stderr     io.Writer
	// Version names the build in audit entries (internal/version).
	Version string
	// Exit ends the process at once (os.Exit): a hook that answered at
	// its deadline does not wait for the evaluation it gave up on. Tests
	// leave it nil: Run then returns once that evaluation ends.
	Exit func(code int)
}

// home is the user's home directory as the environment names it.
func (h Host) home() string {
	if v := h.Getenv("HOME"); v != "" || runtime.GOOS != "windows" {
		return v
	}
	return h.Getenv("USERPROFILE")
}

// Error is a problem that ends the call before or instead of its answer: a
// usage error or stdout that cannot be written. The process prints it and
// exits with Code.
type Error struct {
	Code int
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

func usage(format string, args ...any) *Error {
	return &Error{Code: 2, Msg: fmt.Sprintf(format, args...)}
}

// Run answers one hook call started at start: the event on h.Stdin, the
// answer on h.Stdout (and h.Stderr), the decision in the audit log. It
// returns the process's exit code, with an *Error when the call could not
// be answered as the agent expects.
func Run(h Host, f Flags, start time.Time) (int, error) {
	// A hook process lives a few milliseconds and holds little
	// memory: collect garbage less often (measured: about 10% faster).
	debug.SetGCPercent(400)
	if err := f.validate(); err != nil {
		return 2, err
	}
	kind := agent.Kind(f.Agent)
	fail := agent.FailMode(f.Fail)
	if f.Compat != "" && len(f.Sources) > 0 {
		return 2, usage("--compat hookify reads ./.claude/hookify.*.local.md only, as hookify does; drop the SOURCES")
	}
	dir, err := h.Getwd()
	if err != nil {
		return 2, usage("%v", err)
	}
	var cache hook.Cache
	rc := openRuleCache(f.Cache, start)
	if rc != nil {
		cache = rc
		// Agents start hooks in the project directory: read its
		// rules' cache while stdin is read.
		rc.Prefetch(filepath.Join(dir, hookify.CompatDir))
	}
	stdin, err := io.ReadAll(io.LimitReader(h.Stdin, f.MaxInput+1))
	if err != nil {
		return 2, usage("reading stdin: %v", err)
	}
	truncated := int64(len(stdin)) > f.MaxInput
	if truncated {
		stdin = stdin[:f.MaxInput]
	}
	// The decision log, resolved before the call: when it is off, no
	// record of the call is kept.
	logFile, logErr := audit.Configured(f.AuditLog, h.Getenv, h.home(), dir)
	var rec *hook.Record
	if logFile != nil {
		rec = &hook.Record{}
		if f.Deadline > 0 {
			// The log's lock never holds the process past its deadline
			// (the guarded agent can hold that lock).
			logFile.LockBy = start.Add(f.Deadline)
		}
	}
	// record logs a decision (a log that cannot be written, or that was
	// configured wrongly, costs a line on stderr; the answer stands).
	record := func(lf *audit.Log, r *hook.Record) {
		audit.ReportConfig(h.Stderr, logErr)
		audit.Record(lf, Entry(r, start, string(fail), h.Version), h.Stderr)
	}
	opts := hook.Options{
		Dir:          dir,
		Stdin:        stdin,
		Agent:        kind,
		Compat:       f.Compat == "hookify",
		Fail:         fail,
		Sources:      f.Sources,
		Actor:        f.Actor,
		RegexTimeout: f.RegexTimeout,
		Cache:        cache,
		Home:         h.home(),
		ManagedDir:   h.ManagedDir,
		RuleDir:      h.Getenv("HOOKIFY_RULE_DIR"),
		ProjectDir:   h.Getenv("CLAUDE_PROJECT_DIR"),
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
		// Scripts a command runs, for the command model: small regular
		// files only (engine: the model reads at most 64 KiB).
		ReadScript: func(p string) ([]byte, error) { return sysfile.ReadRegular(p, shell.MaxScriptBytes) },
	}
	var mu sync.Mutex
	answered := false
	answeredCode := 0 // the exit code of the answer written
	// isAnswered reports whether an answer was written, and its code.
	isAnswered := func() (bool, int) {
		mu.Lock()
		defer mu.Unlock()
		return answered, answeredCode
	}
	// emit writes the call's answer, once: the evaluation's or the
	// deadline's, whichever comes first.
	emit := func(out agent.Output) (first bool, err error) {
		mu.Lock()
		defer mu.Unlock()
		if answered {
			return false, nil
		}
		answered, answeredCode = true, out.ExitCode
		if _, err := h.Stdout.Write(out.Stdout); err != nil {
			answeredCode = 2
			return true, usage("writing stdout: %v", err)
		}
		if len(out.Stderr) > 0 {
			io.WriteString(h.Stderr, textsafe.EscapeControls(strings.Join(out.Stderr, "\n"))+"\n")
		}
		return true, nil
	}
	// The call answers by its deadline: an agent that ends a hook at its
	// timeout runs the call whatever the rules say (docs/compat.md).
	deadlineCode := make(chan int, 1)
	if d := f.Deadline; d > 0 {
		// Reading and evaluating stop at three quarters of it, so that
		// the rules read by then (managed and user first) decide; the
		// deadline itself answers whatever is still running.
		opts.Deadline = start.Add(d - d/4)
		after := afterDeadline
		if h.Exit == nil {
			// In-process (tests): a runtime timer, which stop ends; the
			// sleeping thread of afterDeadline would outlive the call.
			after = afterTimer
		}
		stop := after(d-time.Since(start), func() {
			if done, code := isAnswered(); done {
				// The evaluation answered and is still logging or
				// caching: that work ends here. An agent that ends a
				// hook at its timeout drops the answer it printed, so
				// what follows the answer is bound by the deadline too
				// (a rule cache directory filled with names made a
				// hook list them for seconds).
				if h.Exit != nil {
					h.Exit(code)
				}
				return
			}
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
				// The evaluation answered while this one was built: its
				// logging and caching end here all the same.
				if _, code := isAnswered(); h.Exit != nil {
					h.Exit(code)
				}
				return
			}
			code := out.ExitCode
			if err != nil {
				fmt.Fprintf(h.Stderr, "hookifyc: %v\n", err)
				code = 2
			} else if r := dopts.Record; r != nil && r.Decision != "" {
				// One try at the lock: the process exits now.
				now := *logFile
				now.LockBy = time.Now()
				record(&now, r)
			}
			if h.Exit != nil {
				h.Exit(code)
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
		return <-deadlineCode, nil
	}
	if err != nil {
		return 2, err
	}
	if rec != nil && rec.Decision != "" {
		// The answer is complete: the log never changes it (docs/audit.md).
		record(logFile, rec)
	}
	if rc != nil {
		// A cache that cannot be written costs only time on the
		// next call; the answer above is already complete.
		rc.Flush()
	}
	return out.ExitCode, nil
}

// validate checks the values that only some are allowed, with the words
// of `hookifyc hook`'s flag errors.
func (f Flags) validate() error {
	for _, c := range []struct {
		flag, value string
		allowed     []string
	}{
		{"agent", f.Agent, []string{"auto", "claude", "codex"}},
		{"compat", f.Compat, []string{"hookify"}},
		{"fail", f.Fail, []string{"open", "closed"}},
	} {
		if c.flag == "compat" && c.value == "" {
			continue // not set: hookifyc's own semantics
		}
		if err := OneOf(c.flag, c.allowed...)(c.value); err != nil {
			return &Error{Code: 2, Msg: err.Error()}
		}
	}
	for _, err := range []error{ValidMaxInput(f.MaxInput), ValidRegexTimeout(f.RegexTimeout), ValidDeadline(f.Deadline)} {
		if err != nil {
			return &Error{Code: 2, Msg: err.Error()}
		}
	}
	return nil
}

// ValidMaxInput accepts a --max-input of 1 byte or more: with 0 every
// payload would be judged on nothing, which answers every call with the
// fail mode, as a negative size would.
func ValidMaxInput(n int64) error {
	if n < 1 {
		return fmt.Errorf("--max-input must be a number of bytes, 1 or more (got %d)", n)
	}
	return nil
}

// ValidRegexTimeout accepts a --regex-timeout above 0. The regex engine
// reads a negative bound as none at all (compiler/pyre), which would let
// one backtracking pattern hold every call until its deadline.
func ValidRegexTimeout(d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("--regex-timeout must be a duration above 0 (got %s)", d)
	}
	return nil
}

// ValidDeadline accepts a --deadline of 0 (none) or more.
func ValidDeadline(d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("--deadline must be a duration, 0 (none) or more (got %s)", d)
	}
	return nil
}

// OneOf is a flag validator accepting the given values.
func OneOf(flag string, values ...string) func(string) error {
	return func(v string) error {
		var list []string
		for _, ok := range values {
			if v == ok {
				return nil
			}
			list = append(list, fmt.Sprintf("%q", ok))
		}
		s := list[0]
		if n := len(list); n > 1 {
			s = strings.Join(list[:n-1], ", ") + " or " + list[n-1]
		}
		return fmt.Errorf("--%s must be %s (got %q)", flag, s, v)
	}
}

// openRuleCache returns the parsed-rule cache for a hook process started at
// start: in dir, or in the user cache directory when dir is empty; nil when
// dir is "off" or no cache directory or program identity can be found (the
// rules are then read on every call).
func openRuleCache(dir string, start time.Time) *rulecache.Cache {
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

// Entry is the audit entry of a hook call started at start, under the fail
// mode fail, by the build version.
func Entry(rec *hook.Record, start time.Time, fail, version string) *audit.Entry {
	e := &audit.Entry{
		Time:      start.UTC(),
		Version:   version,
		Command:   "hook",
		Agent:     string(rec.Agent),
		Event:     rec.HookEvent,
		Tool:      rec.Tool,
		SessionID: rec.SessionID,
		Cwd:       rec.Cwd,
		Summary:   audit.Summarize(rec.Subject),
		Decision:  string(rec.Decision),
		Rules:     audit.RulesOf(rec.Rules),
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
