package hook

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// DefaultMaxInput is the default bound of a hook payload read from stdin:
// far above real payloads (a command, a file's content, a prompt), so that
// only a payload built to exhaust the hook reaches it.
const DefaultMaxInput = 64 << 20

// The payload's event and tool names, found in its first bytes; compiled
// only for an oversized payload (a hook process starts on every call).
var (
	eventNameRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"hook_event_name"\s*:\s*"([A-Za-z]+)"`) })
	toolNameRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"tool_name"\s*:\s*"([A-Za-z_]+)"`) })
)

// runOversize answers a payload cut at the input bound. The JSON cannot be
// decoded, so its text is judged as what the payload most likely carries
// (a prompt for UserPromptSubmit, a file's content for Write and Edit, a
// shell command otherwise): a blocked command inside the payload still
// blocks. Otherwise the fail mode decides, with a problem naming the bound.
func runOversize(opts Options) agent.Output {
	head := opts.Stdin
	if len(head) > 4096 {
		head = head[:4096]
	}
	hookEvent := ir.PreToolUse
	if m := eventNameRe().FindSubmatch(head); m != nil {
		hookEvent = string(m[1])
	}
	kind := opts.Agent
	if kind == "" || kind == agent.Auto {
		kind = agent.Claude
		if bytes.Contains(head, []byte(`"turn_id"`)) {
			kind = agent.Codex
		}
	}
	event := ir.EventBash
	switch hookEvent {
	case ir.UserPromptSubmit:
		event = ir.EventPrompt
	case ir.Stop, ir.SubagentStop:
		event = ""
	default:
		if m := toolNameRe().FindSubmatch(head); m != nil {
			switch string(m[1]) {
			case "Write", "Edit", "MultiEdit", "apply_patch":
				event = ir.EventFile
			}
		}
	}
	env := sources.Env{Dir: opts.Dir, ManagedDir: opts.ManagedDir, Home: opts.Home, RuleDir: opts.RuleDir, Cache: opts.ruleCache()}
	rules, found := sources.Find(env, opts.Sources, ProjectStarts(opts.ProjectDir, opts.Dir, "")...)
	var res engine.Result
	if event != "" {
		ev, _ := engine.SyntheticEvent(event, strings.ToValidUTF8(string(opts.Stdin), "\uFFFD"), "")
		eng := engine.New(engine.Options{Semantics: engine.Fixed, RegexTimeout: opts.RegexTimeout, Home: opts.Home, Actor: opts.Actor})
		res = eng.Evaluate(rules, ev)
	}
	res.Problems = append(RuleProblems(found), res.Problems...)
	res.Problems = append(res.Problems, engine.Problem{
		Kind: engine.ProblemInput,
		Text: "hook input larger than " + strconv.FormatInt(int64(len(opts.Stdin)), 10) + " bytes (--max-input): judged on its first bytes as " + map[string]string{ir.EventBash: "a shell command", ir.EventFile: "file content", ir.EventPrompt: "a prompt", "": "nothing"}[event],
	})
	rec := res
	rec.HookEvent = hookEvent
	opts.record(kind, nil, &rec)
	return agent.Render(kind, hookEvent, &res, opts.Fail)
}
