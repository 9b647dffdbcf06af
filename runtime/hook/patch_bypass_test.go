package hook

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/testenv"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// Codex edits that used to reach file rules as nothing (`{}` even under
// --fail closed) while Codex wrote the file. The payloads are the ones
// Codex 0.169.0 sent to a PreToolUse hook (captured with the mock model of
// codex-e2e-harness.md), the cwd changed to /repo.

// blockEnvRule is a block variant of corpus/examples/warn-env-files.md.
const blockEnvRule = `---
name: block-env-files
enabled: true
event: file
action: block
conditions:
  - field: file_path
    operator: regex_match
    pattern: (^|/)\.env(\.[A-Za-z0-9_-]+)?$
---
Do not write .env files.
`

// codexPayload is a Codex PreToolUse payload for a tool call.
func codexPayload(tool string, command string) []byte {
	return []byte(`{"session_id":"01a20f6e-a6b5-73f1-a7c0-4b4ea2f7dbc7","turn_id":"01a20f6e-a6c7-7943-b0d9-d5ffe26786d0","transcript_path":null,"cwd":"/repo","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"bypassPermissions","tool_name":"` + tool + `","tool_input":{"command":` + string(pyval.AppendJSONString(nil, command)) + `},"tool_use_id":"call_1"}`)
}

// envBypasses are edits of .env that Codex applies.
var envBypasses = []struct {
	name, tool, command string
}{
	// The apply_patch tool; Codex trims the header line.
	{"indented Add File", "apply_patch", "*** Begin Patch\n  *** Add File: .env\n+K=1\n*** End Patch\n"},
	// The shell tool; Codex intercepts the heredoc and applies it itself.
	{"heredoc through the shell", "Bash", "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: .env\n+K=1\n*** End Patch\nEOF\n"},
	{"cd && heredoc", "Bash", "cd sub && apply_patch <<'EOF'\n*** Begin Patch\n  *** Add File: .env\n+K=1\n*** End Patch\nEOF\n"},
	// Codex drops tabs from paths: this writes .env.
	{"tab in the path", "apply_patch", "*** Begin Patch\n*** Add File: .e\tnv\n+K=1\n*** End Patch"},
	// A rename writes its destination.
	{"move destination", "apply_patch", "*** Begin Patch\n*** Update File: a.txt\n*** Move to: .env\n@@\n-a\n+K=1\n*** End Patch"},
}

func TestCodexPatchBypassWarns(t *testing.T) {
	examples := filepath.Join(testenv.RepoRoot(t), "corpus", "examples")
	for _, c := range envBypasses {
		t.Run(c.name, func(t *testing.T) {
			out := Run(Options{Dir: t.TempDir(), Stdin: codexPayload(c.tool, c.command), Sources: []string{examples}, Fail: agent.FailClosed})
			got := string(out.Stdout)
			if out.ExitCode != 0 || !strings.Contains(got, `"additionalContext": "**[warn-env-files]**`) {
				t.Fatalf("exit %d stdout %s stderr %v", out.ExitCode, got, out.Stderr)
			}
		})
	}
}

func TestCodexPatchBypassBlocked(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "block-env-files.md"), []byte(blockEnvRule), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range envBypasses {
		t.Run(c.name, func(t *testing.T) {
			out := Run(Options{Dir: t.TempDir(), Stdin: codexPayload(c.tool, c.command), Sources: []string{dir}, Fail: agent.FailClosed})
			got := string(out.Stdout)
			if out.ExitCode != 0 || !strings.Contains(got, `"permissionDecision": "deny"`) || !strings.Contains(got, "Do not write .env files.") {
				t.Fatalf("exit %d stdout %s stderr %v", out.ExitCode, got, out.Stderr)
			}
		})
	}
	// What Codex would not apply as a file change is not a .env write.
	for _, cmd := range []string{"grep -rn apply_patch src", "cat .env.example"} {
		out := Run(Options{Dir: t.TempDir(), Stdin: codexPayload("Bash", cmd), Sources: []string{dir}, Fail: agent.FailClosed})
		if got := string(out.Stdout); out.ExitCode != 0 || got != "{}\n" {
			t.Errorf("%q: exit %d stdout %s stderr %v", cmd, out.ExitCode, got, out.Stderr)
		}
	}
}

// TestPatchProblemBeforePlantedFiles: the answer lists a bounded number of
// problems; rule files the repository planted come after the call's own,
// so thirty broken ones cannot push out why the call was refused.
func TestPatchProblemBeforePlantedFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "block-env-files.md"), []byte(blockEnvRule), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 30 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("a%02d.md", i)), []byte("no frontmatter\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	command := "cd d && nice apply_patch <<EOF\n*** Begin Patch\n*** Add File: notes${U}.txt\n+x\n*** End Patch\nEOF\n"
	out := Run(Options{Dir: t.TempDir(), Stdin: codexPayload("Bash", command), Sources: []string{dir}, Fail: agent.FailClosed})
	got := string(out.Stdout) + strings.Join(out.Stderr, "\n")
	if !strings.Contains(got, "the heredoc given to apply_patch has expansions") || !strings.Contains(got, "more problems") {
		t.Fatalf("exit %d stdout %s stderr %v", out.ExitCode, out.Stdout, out.Stderr)
	}
}
