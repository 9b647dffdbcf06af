package hook

import "github.com/hookifyc/hookifyc/compiler/pyval"

// callActor is the genesis.key actor a call is judged for: --actor
// ($HOOKIFYC_ACTOR) when given, else the agent_type the agent sends for a
// subagent's calls (Codex and Claude Code set it inside subagents; the
// model cannot). Calls of the main agent have none: only the rules for
// every actor apply to them.
func callActor(flag string, ev *pyval.Dict) string {
	if flag != "" || ev == nil {
		return flag
	}
	return dictStr(ev, "agent_type")
}
