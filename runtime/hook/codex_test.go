package hook

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/testenv"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// TestCodexApplyPatch: file rules see Codex edits (apply_patch), every file
// of the patch, and answer in Codex's contract.
func TestCodexApplyPatch(t *testing.T) {
	examples := filepath.Join(testenv.RepoRoot(t), "corpus", "examples")
	patch := "*** Begin Patch\n*** Update File: src/app.js\n@@\n-x\n+console.log(x)\n*** Add File: config/.env\n+KEY=1\n*** End Patch"
	stdin := `{"session_id":"s","turn_id":"t","cwd":"/repo","hook_event_name":"PreToolUse","model":"m","permission_mode":"default","tool_name":"apply_patch","tool_input":{"command":` + string(pyval.AppendJSONString(nil, patch)) + `},"tool_use_id":"c1"}`
	out := Run(Options{Dir: t.TempDir(), Stdin: []byte(stdin), Sources: []string{examples}, Fail: agent.FailOpen})
	got := string(out.Stdout)
	if out.ExitCode != 0 || !strings.Contains(got, `"additionalContext": "**[warn-debug-print]**`) || !strings.Contains(got, `**[warn-env-files]**`) {
		t.Fatalf("exit %d stdout %s stderr %v", out.ExitCode, got, out.Stderr)
	}
}
