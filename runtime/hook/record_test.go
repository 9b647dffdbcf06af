package hook

import (
	"os"
	"reflect"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// TestRecord: Options.Record receives what the agent was told, with the
// call's identity and subject, for every path through Run.
func TestRecord(t *testing.T) {
	warn := "---\nname: env\nevent: file\nconditions:\n  - field: file_path\n    operator: regex_match\n    pattern: \\.env$\n---\nCareful.\n"
	dir := project(t, map[string]string{"hookify.rm.local.md": rmRule, "hookify.env.local.md": warn})
	broken := project(t, map[string]string{"hookify.rm.local.md": rmRule, "hookify.x.local.md": "---\nname: x\nevent: bash\npattern: (\n---\n"})
	for _, tc := range []struct {
		name      string
		dir       string
		stdin     string
		compat    bool
		fail      agent.FailMode
		truncated bool
		want      Record
		rules     []string
	}{
		{name: "block", dir: dir, stdin: `{"session_id":"s","cwd":"/w","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf x"}}`,
			want: Record{Agent: agent.Claude, HookEvent: "PreToolUse", Tool: "Bash", SessionID: "s", Cwd: "/w", Subject: "rm -rf x", Decision: engine.DecisionBlock, Semantics: "fixed"}, rules: []string{"no-rm"}},
		{name: "warn on a file", dir: dir, stdin: `{"turn_id":"t","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/w/.env","content":"A=1"}}`,
			want: Record{Agent: agent.Codex, HookEvent: "PreToolUse", Tool: "Write", Subject: "/w/.env", Decision: engine.DecisionWarn, Semantics: "fixed"}, rules: []string{"env"}},
		{name: "prompt", dir: dir, stdin: `{"hook_event_name":"UserPromptSubmit","prompt":"hello"}`,
			want: Record{Agent: agent.Claude, HookEvent: "UserPromptSubmit", Subject: "hello", Decision: engine.DecisionAllow, Semantics: "fixed"}},
		{name: "compat", dir: dir, compat: true, stdin: `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf x"}}`,
			want: Record{Agent: agent.Claude, HookEvent: "PreToolUse", Tool: "Bash", Subject: "rm -rf x", Decision: engine.DecisionBlock, Semantics: "hookify"}, rules: []string{"no-rm"}},
		{name: "invalid JSON, fail closed", dir: dir, fail: agent.FailClosed, stdin: `nope`,
			want: Record{Decision: engine.DecisionBlock, Semantics: "fixed", Problems: 1, FailClosed: true}},
		{name: "broken rule, fail open", dir: broken, fail: agent.FailOpen, stdin: `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			want: Record{Agent: agent.Claude, HookEvent: "PreToolUse", Tool: "Bash", Subject: "ls", Decision: engine.DecisionAllow, Semantics: "fixed", Problems: 1}},
		{name: "oversized", dir: dir, truncated: true, stdin: `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf x`,
			want: Record{Agent: agent.Claude, HookEvent: "PreToolUse", Decision: engine.DecisionBlock, Semantics: "fixed", Problems: 1}, rules: []string{"no-rm"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var rec Record
			Run(Options{Dir: tc.dir, Stdin: []byte(tc.stdin), Agent: agent.Auto, Compat: tc.compat, Fail: tc.fail, Truncated: tc.truncated, ReadFile: os.ReadFile, Record: &rec})
			var names []string
			for _, r := range rec.Rules {
				names = append(names, r.Name)
			}
			rec.Rules = nil
			if !reflect.DeepEqual(rec, tc.want) {
				t.Errorf("record\n got %+v\nwant %+v", rec, tc.want)
			}
			if len(names) != len(tc.rules) || (len(names) > 0 && names[0] != tc.rules[0]) {
				t.Errorf("rules %v, want %v", names, tc.rules)
			}
		})
	}
}
