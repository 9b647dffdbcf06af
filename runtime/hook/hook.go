// Package hook runs one hook call end to end ([Run]): it decodes the event,
// finds and reads the rules (hookify's own discovery in compat mode; the
// given SOURCES or the layered discovery otherwise), evaluates them and
// renders the agent's answer. Everything outside the process (working
// directory, environment, files, the rule cache) is passed in through
// [Options], so tests run it in-process exactly as the command does.
package hook

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// Options describe one hook call.
type Options struct {
	// Dir is the process working directory: hookify's discovery root, and the
	// base of relative transcript paths.
	Dir   string
	Stdin []byte
	// Agent forces the output contract; Auto detects it from the payload.
	Agent agent.Kind
	// Compat selects the byte-exact hookify replica.
	Compat bool
	// Fail is the fail mode of the fixed semantics (compat always behaves as hookify).
	Fail agent.FailMode
	// Actor is the genesis.key actor of the call (see engine.Options.Actor).
	Actor string
	// Sources, when given, replace the layered discovery (fixed semantics):
	// rule files, directories, settings and genesis files, as for compile.
	Sources      []string
	RegexTimeout time.Duration
	// Home is the user's home directory (the user rule layer, ~ in
	// permission patterns); "" disables the user layer.
	Home string
	// ManagedDir is the managed rule directory (normally
	// sources.DefaultManagedDir); "" disables the managed layer.
	ManagedDir string
	// RuleDir is $HOOKIFY_RULE_DIR: its rules replace the layered
	// discovery; a relative one is relative to Dir.
	RuleDir string
	// ProjectDir is the project directory the agent names for its hooks
	// (Claude Code's $CLAUDE_PROJECT_DIR), or "".
	ProjectDir string
	// Truncated reports that Stdin was cut at the input bound (see
	// runOversize): the fixed semantics judge its text, then the fail mode
	// decides; hookify's replica answers as hookify does on invalid JSON.
	Truncated bool
	// ReadFile reads files (rules, transcripts); relative paths are resolved against Dir.
	ReadFile func(string) ([]byte, error)
	// ReadScript reads a script file a Bash command runs (bash FILE,
	// source FILE, ./FILE) for the command model, bounded and never
	// blocking; paths are absolute. Nil: such scripts are not read.
	ReadScript func(string) ([]byte, error)
	// Deadline, when not zero, is when reading and evaluating rules stops
	// (default semantics): the rules read and evaluated by then decide,
	// and what is left is a problem the fail mode decides. The managed
	// and user layers are read and evaluated first, so rules the agent
	// plants in the project cannot keep them from deciding.
	Deadline time.Time
	// Cache, when not nil, keeps parsed rule files and compiled patterns
	// between calls (see runtime/rulecache); it never changes an answer.
	Cache Cache
	// Record, when not nil, receives what the call decided (for the audit log).
	Record *Record
}

// Cache keeps parsed rule files and compiled patterns between hook calls.
// Cached patterns are used only when the cache vouches for every rule with
// a regex: a rule from a file the process could not rewrite (a managed
// rule, see hookify.CachedOSFS) is read from its file, and its patterns
// must not come from a cache that the agent's user can write.
type Cache interface {
	hookify.RuleCache
	engine.PatternCache
	// Vouches reports whether r was read through the cache.
	Vouches(r *ir.Rule) bool
}

// ruleCache is opts.Cache as a hookify.RuleCache (nil without a cache).
func (opts *Options) ruleCache() hookify.RuleCache {
	if opts.Cache == nil {
		return nil
	}
	return opts.Cache
}

// patternCache is opts.Cache as the engine's pattern cache for rules, or
// nil when the cache does not vouch for every rule that has a regex.
func (opts *Options) patternCache(rules []*ir.Rule) engine.PatternCache {
	if opts.Cache == nil {
		return nil
	}
	for _, r := range rules {
		for _, c := range r.Conditions {
			if c.Operator == ir.OpRegexMatch && !opts.Cache.Vouches(r) {
				return nil
			}
		}
	}
	return opts.Cache
}

// scriptReader returns the engine's ReadScript for a call whose command
// runs in cwd (the process directory when the payload names none).
func (opts *Options) scriptReader(cwd string) func(string) (string, bool) {
	if opts.ReadScript == nil {
		return nil
	}
	if cwd == "" {
		cwd = opts.Dir
	}
	return func(p string) (string, bool) {
		if !filepath.IsAbs(p) {
			if cwd == "" {
				return "", false
			}
			p = filepath.Join(cwd, p)
		}
		data, err := opts.ReadScript(p)
		return string(data), err == nil
	}
}

// DefaultDeadline is when a hook call answers whatever is left: below the
// 10 s timeout apply installs, past which both agents ignore the hook and
// run the call.
const DefaultDeadline = 8 * time.Second

// trustedBudget is how long the managed and user layers (or the SOURCES)
// are given to decide again, alone, when an evaluation with the project's
// rules stopped at its deadline (trustedAlone, DeadlineOutput).
const trustedBudget = time.Second

// DeadlineOutput is the answer of a call that did not finish within d
// (too many rule files, rules too slow): the rules not read or evaluated
// are a problem, and the fail mode decides (under --compat hookify,
// hookify's own error answer). An agent that ends a hook at its timeout
// makes no decision and runs the call: answering first keeps the outcome
// the one the fail mode chose, with the reason shown.
//
// In the default semantics the answer is that of the managed and user
// layers (or the SOURCES) alone, evaluated again within a second: the
// agent can plant a project rule that is slow to compile or search, but
// cannot keep those layers from deciding (a user rule that blocks still
// blocks). opts.Record, if set, must be the deadline's own record, not
// the one the evaluation it gave up on is still filling.
func DeadlineOutput(opts Options, d time.Duration) agent.Output {
	msg := fmt.Sprintf("hookifyc did not finish evaluating the rules within %v (--deadline): too many rule files or rules too slow", d)
	if !opts.Compat {
		opts.Deadline = time.Now().Add(trustedBudget)
		return runFixed(opts, false, []engine.Problem{{Kind: engine.ProblemDeadline, Text: msg + "; the project's rules were left out"}})
	}
	res := engine.Result{Exception: &engine.PyError{Msg: msg}}
	kind, event := opts.Agent, ""
	var d0 *pyval.Dict
	if raw, err := agent.Decode(opts.Stdin); err == nil {
		d0, _ = raw.(*pyval.Dict)
		if in, ok := agent.Normalize(raw); ok {
			if kind == "" || kind == agent.Auto {
				kind = in.Agent
			}
			event = in.HookEvent
		}
	}
	res.HookEvent = event
	opts.record(kind, d0, &res)
	if forCodex(opts.Agent, d0) {
		return agent.Render(agent.Codex, event, &res, agent.FailOpen)
	}
	return agent.Output{Stdout: agent.CompatError(msg), Stderr: []string{msg}}
}

// hookifyEvents are the events hookify registers for.
var hookifyEvents = map[string]bool{
	ir.PreToolUse: true, ir.PostToolUse: true, ir.Stop: true, ir.UserPromptSubmit: true,
}

// Run performs the hook call.
func Run(opts Options) agent.Output {
	if opts.Compat {
		return runCompat(opts)
	}
	// SOURCES and HOOKIFY_RULE_DIR replace the layered discovery: there
	// are no project layers to leave out at the deadline, and their rules
	// are evaluated fail safe (see engine.Options.FailSafeAtDeadline).
	project := len(opts.Sources) == 0 && opts.RuleDir == ""
	return runFixed(opts, project, nil)
}

// forCodex reports whether a compat answer goes to Codex: --agent codex, or
// a payload with Codex's turn_id when the agent is detected.
func forCodex(kind agent.Kind, d *pyval.Dict) bool {
	if kind == agent.Codex {
		return true
	}
	if kind != "" && kind != agent.Auto || d == nil {
		return false
	}
	_, ok := d.Get("turn_id")
	return ok
}

func runCompat(opts Options) agent.Output {
	raw, err := agent.Decode(opts.Stdin)
	if err != nil {
		if opts.Agent == agent.Codex {
			res := engine.Result{Exception: &engine.PyError{Msg: "hook input is not valid JSON: " + err.Error()}}
			opts.record(agent.Codex, nil, &res)
			return agent.Render(agent.Codex, "", &res, agent.FailOpen)
		}
		opts.record(agent.Claude, nil, &engine.Result{Exception: &engine.PyError{Msg: err.Error()}})
		return agent.Output{Stdout: agent.CompatError(err.Error())}
	}
	d, isDict := raw.(*pyval.Dict)
	if isDict {
		if ev, ok := d.Get("hook_event_name"); ok {
			if name, ok := ev.(pyval.Str); !ok || !hookifyEvents[string(name)] {
				// Claude Code never starts hookify for this event.
				return agent.Output{Stdout: []byte("{}\n")}
			}
		}
	}
	var rules []*ir.Rule
	var stderr []string
	if isDict {
		found := hookify.DiscoverCompat(hookify.CachedOSFS(opts.Dir, opts.ruleCache()))
		for _, e := range found.Entries {
			if e.Diag != nil && e.Diag.Hookify != "" {
				stderr = append(stderr, e.Diag.Hookify)
			}
		}
		rules = found.Rules()
	}
	eng := engine.New(engine.Options{Semantics: engine.Hookify, RegexTimeout: opts.RegexTimeout, ReadFile: opts.ReadFile, Patterns: opts.patternCache(rules)})
	res := eng.Evaluate(rules, engine.Event{Input: raw})
	if forCodex(opts.Agent, d) {
		opts.record(agent.Codex, d, &res)
		// hookify's own answer (a deny without a reason, a warning as a
		// systemMessage) is a failed hook to Codex, which then runs the
		// call: answer hookify's decision in the form Codex enforces.
		// hookify fails open, and so does this.
		out := agent.Render(agent.Codex, res.HookEvent, &res, agent.FailOpen)
		out.Stderr = append(stderr, out.Stderr...)
		return out
	}
	for _, p := range res.Problems {
		stderr = append(stderr, p.Text)
	}
	opts.record(agent.Claude, d, &res)
	return agent.Output{Stdout: agent.RenderCompat(&res), Stderr: stderr}
}

// runFixed answers a call in the default semantics with the rules of the
// layered discovery (the project layers only when project is set) or the
// SOURCES, extra problems added to the evaluation's.
func runFixed(opts Options, project bool, extra []engine.Problem) agent.Output {
	if opts.Truncated {
		return runOversize(opts, project, extra)
	}
	fail := func(kind agent.Kind, msg string) agent.Output {
		res := engine.Result{Exception: &engine.PyError{Msg: msg}}
		opts.record(kind, nil, &res)
		return agent.Render(kind, "", &res, opts.Fail)
	}
	raw, err := agent.Decode(opts.Stdin)
	if err != nil {
		return fail(opts.Agent, "hook input is not valid JSON: "+err.Error())
	}
	in, ok := agent.Normalize(raw)
	if !ok {
		return fail(opts.Agent, "hook input is not a JSON object (got "+raw.TypeName()+")")
	}
	kind := opts.Agent
	if kind == "" || kind == agent.Auto {
		kind = in.Agent
	}
	rules, found, trusted := opts.findRules(project, in.Cwd)
	// A malformed input or a patch whose files cannot be known exactly is
	// a problem (the fail mode decides), never a silent allow. These come
	// first: the answer shows a bounded number of problems, and a
	// repository's planted rule files must not push the call's own out.
	problems := append(in.InputProblems(), in.PatchProblems()...)
	problems = append(problems, extra...)
	problems = append(problems, RuleProblems(found)...)
	eng := engine.New(engine.Options{Semantics: engine.Fixed, RegexTimeout: opts.RegexTimeout, ReadFile: opts.ReadFile, Home: opts.Home, Actor: callActor(opts.Actor, in.Event), Patterns: opts.patternCache(rules), Deadline: opts.Deadline, FailSafeAtDeadline: !project,
		UntrustedPatternBytes: engine.DefaultUntrustedPatternBytes, TrustedRules: trusted, ReadScript: opts.scriptReader(in.Cwd)})
	var res engine.Result
	subjects := engine.NewSubjects()
	for i, ev := range in.Events {
		r := eng.Evaluate(rules, engine.Event{Input: ev, Dispatch: in.HookEvent, Subjects: subjects})
		if i == 0 {
			res = r
			continue
		}
		res.Merge(r)
	}
	if project && passedDeadline(res.Problems) {
		return trustedAlone(opts, res.Problems, extra)
	}
	res.Problems = append(problems, res.Problems...)
	opts.record(kind, in.Event, &res)
	return agent.Render(kind, in.HookEvent, &res, opts.Fail)
}

// passedDeadline reports whether an evaluation stopped at its deadline.
func passedDeadline(problems []engine.Problem) bool {
	for _, p := range problems {
		if p.Kind == engine.ProblemDeadline {
			return true
		}
	}
	return false
}

// trustedAlone is the answer of a call whose evaluation with the project's
// rules stopped at its deadline (found: that evaluation's problems): the
// managed and user layers alone, evaluated again within a second and fail
// safe (a block rule not reached still blocks). The project's rules,
// which the agent can plant to be slow to compile or search, never keep
// those layers from deciding.
func trustedAlone(opts Options, found, extra []engine.Problem) agent.Output {
	opts.Deadline = time.Now().Add(trustedBudget)
	for _, p := range found {
		if p.Kind == engine.ProblemDeadline && p.Rule == nil {
			extra = append(extra, engine.Problem{Kind: engine.ProblemDeadline, Text: p.Text + "; the project's rules were left out and the managed and user rules evaluated again"})
		}
	}
	return runFixed(opts, false, extra)
}

// findRules reads the rules of the layered discovery (the project layers,
// started from eventCwd too, only when project is set) or the SOURCES.
//
// The first trusted rules come from the managed and user layers (or are
// the SOURCES); the rest are the project layers' (engine.Options.TrustedRules).
func (opts *Options) findRules(project bool, eventCwd string) (rules []*ir.Rule, found []sources.Problem, trusted int) {
	env := sources.Env{Dir: opts.Dir, ManagedDir: opts.ManagedDir, Home: opts.Home, RuleDir: opts.RuleDir, Cache: opts.ruleCache(), Deadline: opts.Deadline, ProjectPatternBytes: sources.DefaultProjectPatternBytes}
	var starts []string
	if project {
		starts = ProjectStarts(opts.ProjectDir, opts.Dir, eventCwd)
	}
	return sources.FindLayered(env, opts.Sources, starts...)
}

// ProjectStarts are the directories the layered discovery reads project
// rules from (with all their ancestors): the agent's project directory
// ($CLAUDE_PROJECT_DIR), the hook process's working directory, and the
// event's cwd. The first two are fixed for the session; the agent cannot
// change them from inside a tool call. The event's cwd follows the agent's
// cd in Claude Code (in Codex it is the session's directory): it can only
// add directories, never hide the others' rules. docs/compat.md says which
// input decides for each agent.
func ProjectStarts(projectDir, processDir, eventCwd string) []string {
	var out []string
	for _, d := range []string{projectDir, processDir, eventCwd} {
		if d != "" && filepath.IsAbs(d) {
			out = append(out, d)
		}
	}
	return out
}

// RuleProblems are the problems of finding rules that cost rules (files
// that cannot be read or parsed), as the engine's problems: the fail mode
// decides about them. Warnings (shadowed rules, names missing ".local")
// are lint findings, not runtime problems.
func RuleProblems(found []sources.Problem) []engine.Problem {
	var problems []engine.Problem
	for _, p := range found {
		if p.Costly() {
			problems = append(problems, engine.Problem{Kind: engine.ProblemRuleFile, Text: p.Error()})
		}
	}
	return problems
}
