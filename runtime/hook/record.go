package hook

import (
	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// Record is what one hook call decided, for the audit log (runtime/audit):
// Run fills it when Options.Record is set. Subject is the payload's text
// as read, not redacted: the log redacts it.
type Record struct {
	Agent     agent.Kind
	HookEvent string
	Tool      string
	SessionID string
	Cwd       string
	// Subject is the command, file path or prompt the call was about.
	Subject string
	// Decision is what the agent was told: a fail-closed refusal is a block.
	Decision engine.Decision
	// Rules are the matching rules, blocking ones first.
	Rules []*ir.Rule
	// Semantics is "hookify" (--compat hookify) or "fixed".
	Semantics string
	// Problems counts what could not be evaluated (rule files, regexes,
	// input); FailClosed reports that they turned the call into a block.
	Problems   int
	FailClosed bool
}

// record fills opts.Record, if any, from the result res of the call.
func (opts *Options) record(kind agent.Kind, ev *pyval.Dict, res *engine.Result) {
	r := opts.Record
	if r == nil {
		return
	}
	*r = Record{Agent: kind, HookEvent: res.HookEvent, Decision: res.Decision(), Semantics: "fixed"}
	if kind == agent.Auto {
		r.Agent = "" // not known: the input could not be read
	}
	if opts.Compat {
		r.Semantics = "hookify"
	}
	if ev != nil {
		r.HookEvent = dictStr(ev, "hook_event_name")
		r.Tool = dictStr(ev, "tool_name")
		r.SessionID = dictStr(ev, "session_id")
		r.Cwd = dictStr(ev, "cwd")
		r.Subject = subject(ev)
	}
	r.Rules = append(append(r.Rules, res.Blocking...), res.Warning...)
	r.Problems = len(res.Problems)
	if res.Exception != nil {
		r.Problems++
	}
	// As agent.Render decides: problems under --fail closed refuse the
	// call, except on a Stop already continuing because of a Stop hook.
	if !opts.Compat && r.Problems > 0 && opts.Fail == agent.FailClosed && !res.StopHookActive && r.Decision != engine.DecisionBlock {
		r.Decision = engine.DecisionBlock
		r.FailClosed = true
	}
}

// subject is what a call is about: a command, a file path, a prompt, a URL,
// a search pattern.
func subject(ev *pyval.Dict) string {
	if p := dictStr(ev, "prompt"); p != "" {
		return p
	}
	ti, ok := ev.Get("tool_input")
	if !ok {
		return ""
	}
	d, ok := ti.(*pyval.Dict)
	if !ok {
		return ""
	}
	for _, k := range []string{"command", "file_path", "notebook_path", "path", "url", "pattern", "query", "prompt"} {
		if s := dictStr(d, k); s != "" {
			return s
		}
	}
	return ""
}

func dictStr(d *pyval.Dict, key string) string {
	if v, ok := d.Get(key); ok {
		if s, ok := v.(pyval.Str); ok {
			return string(s)
		}
	}
	return ""
}
