package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/runtime/agent"
)

// TestActorFromAgentType: genesis_enforcement applies permissions.actors
// for --actor, else for the agent_type of the payload, on both agents.
func TestActorFromAgentType(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "genesis.key")
	if err := os.WriteFile(key, []byte("permissions:\n  actors:\n    \"agent:executor\":\n      deny: [\"Bash(git push *)\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	push := func(extra string) []byte {
		return []byte(`{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push origin main"}` + extra + `}`)
	}
	for _, tc := range []struct {
		name, actor string
		stdin       []byte
		block       bool
	}{
		{"main agent", "", push(""), false},
		{"claude subagent", "", push(`,"agent_id":"a1","agent_type":"agent:executor"`), true},
		{"codex subagent", "", push(`,"turn_id":"t","agent_id":"a1","agent_type":"agent:executor"`), true},
		{"other subagent", "", push(`,"agent_type":"agent:architect"`), false},
		{"--actor wins", "agent:architect", push(`,"agent_type":"agent:executor"`), false},
		{"--actor", "agent:executor", push(""), true},
	} {
		out := Run(Options{Dir: dir, Stdin: tc.stdin, Agent: agent.Auto, Fail: agent.FailOpen, Sources: []string{key}, Actor: tc.actor, ReadFile: os.ReadFile})
		if got := strings.Contains(string(out.Stdout), `"deny"`) || strings.Contains(string(out.Stdout), `"block"`); got != tc.block {
			t.Errorf("%s: blocked %v, want %v: %s", tc.name, got, tc.block, out.Stdout)
		}
	}
}
