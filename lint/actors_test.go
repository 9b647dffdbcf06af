package lint

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/sources"
)

// TestGenesisActors: actors named after a built-in subagent or a custom
// agent (project or user, by frontmatter name or file name) pass; a case
// slip or a typo of one is a warning with the type meant; a name close to
// none is a note; each at its key.
func TestGenesisActors(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	write(t, filepath.Join(proj, ".claude", "agents", "sec.md"), "---\nname: \"security-reviewer\"\ndescription: x\n---\nReview.\n")
	write(t, filepath.Join(proj, ".claude", "agents", "doc-writer.md"), "no frontmatter\n")
	write(t, filepath.Join(home, ".claude", "agents", "db.md"), "---\r\nname: db-admin\r\n---\r\n")
	genesis := filepath.Join(proj, "genesis.key")
	write(t, genesis, strings.Join([]string{
		"permissions:",
		"  actors:",
		"    Explore: {deny: [\"Bash(git push *)\"]}",
		"    general-purpose: {deny: [\"Bash(git push *)\"]}",
		"    security-reviewer: {allow: [\"Read(src/*)\"]}",
		"    doc-writer: {allow: [\"Read(docs/*)\"]}",
		"    db-admin: {ask: [\"Bash(psql *)\"]}",
		"    plan: {deny: [\"Bash(rm *)\"]}",
		"    security-reviwer: {deny: [\"Bash(rm *)\"]}",
		"    nightly-bot: {deny: [\"Bash(rm *)\"]}",
		"",
	}, "\n"))
	r := Run(Options{Paths: []string{genesis}, Env: sources.Env{Home: home}, Cwd: proj})
	var got []string
	for _, d := range r.Diagnostics {
		if d.Code == "genesis-actor-unknown" {
			got = append(got, d.String()+" | "+d.Fix)
		}
	}
	want := []string{
		`:8:5: warning: ` + `no built-in Claude Code subagent (general-purpose, Explore, Plan, statusline-setup, claude-code-guide) and no agent in .claude/agents or ~/.claude/agents is named "plan"`,
		`:9:5: warning: `,
		`:10:5: note: `,
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.Contains(got[i], w) {
			t.Errorf("diagnostic %d:\n %s\nwant it to contain\n %s", i, got[i], w)
		}
	}
	for i, fix := range []string{"write Plan", "write security-reviewer", ""} {
		_, gotFix, _ := strings.Cut(got[i], " | ")
		if !strings.HasPrefix(gotFix, fix) || (fix == "" && gotFix != "") {
			t.Errorf("diagnostic %d: fix %q, want %q", i, gotFix, fix)
		}
	}
	if !strings.Contains(got[2], "--actor nightly-bot") {
		t.Errorf("the note does not say how the actor can apply: %s", got[2])
	}
}
