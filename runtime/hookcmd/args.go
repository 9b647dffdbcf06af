package hookcmd

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/runtime/hook"
)

// Usage is the hook-only binary's help, with the defaults of the
// packages that apply them.
func Usage() string {
	return strings.NewReplacer(
		"DEFAULT_REGEX_TIMEOUT", engine.DefaultRegexTimeout.String(),
		"DEFAULT_DEADLINE", hook.DefaultDeadline.String(),
	).Replace(usageText)
}

const usageText = `hookifyc-hook: answer one hook call (event JSON on stdin, the agent's answer on stdout)

usage: hookifyc-hook [flags] [SOURCES...]

The same command as ` + "`hookifyc hook`" + `, in a binary that holds only what a hook call
needs (it starts faster; docs/benchmarks.md). SOURCES (rule files, directories,
settings or genesis files) replace the layered discovery.

flags:
  --agent auto|claude|codex   output contract (default auto)
  --compat hookify            hookify's matching semantics (byte-exact for Claude Code)
  --fail open|closed          when rules cannot be evaluated (default open; $HOOKIFYC_FAIL)
  --actor NAME                genesis.key actor the calls are made for ($HOOKIFYC_ACTOR)
  --regex-timeout DURATION    time bound of one regex search (default DEFAULT_REGEX_TIMEOUT)
  --max-input BYTES           largest payload read from stdin ($HOOKIFYC_MAX_INPUT)
  --cache DIR|off             parsed-rule cache directory ($HOOKIFYC_CACHE)
  --audit-log FILE|off        decision log ($HOOKIFY_AUDIT_LOG)
  --deadline DURATION         answer by then (default DEFAULT_DEADLINE; 0: none; $HOOKIFYC_DEADLINE)
  --version                   print the version
  --help                      print this help
`

// flagSpec is one flag of the hook command: its name, the environment
// variable it falls back to, and where its value goes.
type flagSpec struct {
	name string
	env  string
	// text: the value is a string, which an empty variable sets (and the
	// validation then judges); a variable set to "" leaves a number or a
	// duration at its default, as urfave/cli does.
	text bool
	set  func(f *Flags, v string) error
}

var specs = []flagSpec{
	{name: "agent", text: true, set: func(f *Flags, v string) error { f.Agent = v; return nil }},
	{name: "compat", text: true, set: func(f *Flags, v string) error { f.Compat = v; return nil }},
	{name: "fail", env: "HOOKIFYC_FAIL", text: true, set: func(f *Flags, v string) error { f.Fail = v; return nil }},
	{name: "actor", env: "HOOKIFYC_ACTOR", text: true, set: func(f *Flags, v string) error { f.Actor = v; return nil }},
	{name: "regex-timeout", set: func(f *Flags, v string) (err error) { f.RegexTimeout, err = time.ParseDuration(v); return err }},
	{name: "max-input", env: "HOOKIFYC_MAX_INPUT", set: func(f *Flags, v string) (err error) { f.MaxInput, err = strconv.ParseInt(v, 0, 64); return err }},
	{name: "cache", env: "HOOKIFYC_CACHE", text: true, set: func(f *Flags, v string) error { f.Cache = v; return nil }},
	{name: "audit-log", text: true, set: func(f *Flags, v string) error { f.AuditLog = v; return nil }},
	{name: "deadline", env: "HOOKIFYC_DEADLINE", set: func(f *Flags, v string) (err error) { f.Deadline, err = time.ParseDuration(v); return err }},
}

// Action is what the command line asks beyond a hook call.
type Action int

const (
	Answer      Action = iota // answer the hook call
	ShowHelp                  // --help, -h
	ShowVersion               // --version, -v
)

// Parse reads the hook-only binary's arguments (without the program name)
// as `hookifyc hook` reads them: flags with one or two dashes, their value
// after "=" or as the next argument, anywhere before "--"; the other
// arguments are SOURCES; a flag not given falls back to its environment
// variable (set, even to "", as os.LookupEnv says), then to Defaults.
// Errors are usage errors (exit 2).
func Parse(args []string, lookupEnv func(string) (string, bool)) (Flags, Action, error) {
	f := Defaults()
	given := map[string]bool{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			f.Sources = append(f.Sources, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			f.Sources = append(f.Sources, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		value, hasValue := "", false
		if k, v, ok := strings.Cut(name, "="); ok {
			name, value, hasValue = k, v, true
		}
		switch name {
		case "help", "h":
			return f, ShowHelp, nil
		case "version", "v":
			return f, ShowVersion, nil
		}
		spec := lookup(name)
		if spec == nil {
			return f, Answer, usage("unknown flag %s", a)
		}
		if !hasValue {
			if i+1 >= len(args) {
				return f, Answer, usage("flag needs an argument: %s", a)
			}
			i++
			value = args[i]
		}
		if err := spec.set(&f, value); err != nil {
			return f, Answer, usage("invalid value %q for flag -%s: %v", value, name, err)
		}
		given[name] = true
	}
	if given["compat"] && f.Compat == "" {
		// Given, but empty: a mistake, as in `hookifyc hook --compat=`
		// (compat has no environment variable).
		return f, Answer, &Error{Code: 2, Msg: OneOf("compat", "hookify")("").Error()}
	}
	for _, s := range specs {
		if given[s.name] || s.env == "" {
			continue
		}
		if v, ok := lookupEnv(s.env); ok && (v != "" || s.text) {
			if err := s.set(&f, v); err != nil {
				return f, Answer, usage("could not parse %q from environment variable %q for flag %s: %v", v, s.env, s.name, err)
			}
		}
	}
	if err := f.validate(); err != nil {
		return f, Answer, err
	}
	return f, Answer, nil
}

func lookup(name string) *flagSpec {
	for i := range specs {
		if specs[i].name == name {
			return &specs[i]
		}
	}
	return nil
}

// Main runs the hook-only binary: it parses args (without the program
// name) and the environment (lookupEnv), answers the call, prints what
// went wrong, and returns the exit code.
func Main(args []string, lookupEnv func(string) (string, bool), h Host, start time.Time) int {
	f, action, err := Parse(args, lookupEnv)
	if err != nil {
		fmt.Fprintf(h.Stderr, "hookifyc-hook: %v\n", err)
		return 2
	}
	switch action {
	case ShowHelp:
		fmt.Fprint(h.Stdout, Usage())
		return 0
	case ShowVersion:
		fmt.Fprintf(h.Stdout, "hookifyc-hook version %s\n", h.Version)
		return 0
	}
	code, err := Run(h, f, start)
	if err != nil {
		fmt.Fprintf(h.Stderr, "hookifyc-hook: %v\n", err)
	}
	return code
}
