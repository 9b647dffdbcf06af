package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// preCommitHook is one entry of .pre-commit-hooks.yaml.
type preCommitHook struct {
	ID            string `yaml:"id"`
	Name          string `yaml:"name"`
	Entry         string `yaml:"entry"`
	Language      string `yaml:"language"`
	PassFilenames *bool  `yaml:"pass_filenames"`
	Files         string `yaml:"files"`
}

func readPreCommitHooks(t *testing.T) []preCommitHook {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testenv.RepoRoot(t), ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []preCommitHook
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	return hooks
}

// TestPreCommitHooksManifest checks .pre-commit-hooks.yaml: every hook
// runs hookifyc with flags it has, without file names.
func TestPreCommitHooksManifest(t *testing.T) {
	hooks := readPreCommitHooks(t)
	ids := map[string]bool{}
	for _, h := range hooks {
		ids[h.ID] = true
		words := strings.Fields(h.Entry)
		if len(words) < 2 || words[0] != "hookifyc" || h.Language != "golang" || h.PassFilenames == nil || *h.PassFilenames {
			t.Errorf("%s: entry %q, language %q, pass_filenames %v", h.ID, h.Entry, h.Language, h.PassFilenames)
		}
		for _, f := range []string{".claude/hookify.rm.local.md", "sub/.codex/hookify/x.md"} {
			if ok, _ := regexp.MatchString(h.Files, f); !ok {
				t.Errorf("%s: files %q does not match %s", h.ID, h.Files, f)
			}
		}
	}
	for _, id := range []string{"hookifyc-lint", "hookifyc-compile"} {
		if !ids[id] {
			t.Errorf("no %s hook", id)
		}
	}
}

// TestPreCommitLive runs the hooks of .pre-commit-hooks.yaml with the real
// pre-commit (Debian package pre-commit) on a temporary rule repository:
// hookifyc-compile fails while .codex/rules/hookify.rules is missing or out
// of date, then passes once the regenerated file is in the commit.
// HOOKIFYC_LIVE=1 only; it fails there when pre-commit is missing.
func TestPreCommitLive(t *testing.T) {
	if !codextest.Live() {
		t.Skip("HOOKIFYC_LIVE=1 runs the real pre-commit")
	}
	preCommit, err := exec.LookPath("pre-commit")
	if err != nil {
		t.Fatalf("pre-commit is required (apt-get install pre-commit): %v", err)
	}
	root := t.TempDir()
	bin := filepath.Join(root, "bin", "hookifyc")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/hookifyc/hookifyc/cmd/hookifyc").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	repo := filepath.Join(root, "rules-repo")
	env := append(os.Environ(), "HOME="+filepath.Join(root, "home"), "PRE_COMMIT_HOME="+filepath.Join(root, "pre-commit-cache"),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_CONFIG_NOSYSTEM=1", "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	sh := func(wantOK bool, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = repo, env
		out, err := cmd.CombinedOutput()
		if (err == nil) != wantOK {
			t.Fatalf("%s %s: %v (want ok=%v)\n%s", name, strings.Join(args, " "), err, wantOK, out)
		}
		return string(out)
	}
	write := func(rel, data string) {
		t.Helper()
		p := filepath.Join(repo, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The hooks as the manifest defines them, run from this build: a local
	// repository entry with language system (language golang would build
	// hookifyc from a clone, which needs the network).
	cfg := "repos:\n  - repo: local\n    hooks:\n"
	for _, h := range readPreCommitHooks(t) {
		cfg += "      - id: " + h.ID + "\n        name: " + h.Name + "\n        language: system\n        pass_filenames: false\n" +
			"        entry: " + bin + strings.TrimPrefix(h.Entry, "hookifyc") + "\n        files: '" + h.Files + "'\n"
	}
	write(".pre-commit-config.yaml", cfg)
	write(".claude/hookify.rm.local.md", "---\nname: block-rm-rf\nevent: bash\naction: block\npattern: \\brm\\s+-rf\\b\n---\nNo rm -rf.\n")
	sh(true, "git", "init", "-q")
	sh(true, "git", "add", "-A")

	// The generated file is missing: hookifyc-compile writes it and fails.
	out := sh(false, preCommit, "run", "--all-files")
	if !strings.Contains(out, "hookifyc compile") || !strings.Contains(out, "Failed") || !strings.Contains(out, "--exit-code") {
		t.Fatalf("first run:\n%s", out)
	}
	if !strings.Contains(out, "hookifyc lint") || strings.Contains(strings.Split(out, "hookifyc compile")[0], "Failed") {
		t.Errorf("hookifyc-lint did not pass:\n%s", out)
	}
	if data, err := os.ReadFile(filepath.Join(repo, ".codex/rules/hookify.rules")); err != nil || !strings.Contains(string(data), "block-rm-rf") {
		t.Fatalf("hookify.rules: %v\n%s", err, data)
	}
	// With the regenerated file in the commit, the hooks pass, and a real
	// commit through the installed git hook succeeds.
	sh(true, "git", "add", "-A")
	sh(true, preCommit, "run", "--all-files")
	sh(true, preCommit, "install")
	sh(true, "git", "commit", "-q", "-m", "rules")

	// A rule changes: the commit fails until the regenerated file is added.
	write(".claude/hookify.rm.local.md", "---\nname: block-rm-rf\nevent: bash\naction: block\npattern: \\brm\\s+-rf\\b\n---\nNever rm -rf.\n")
	sh(true, "git", "add", "-A")
	out = sh(false, "git", "commit", "-q", "-m", "reword")
	if !strings.Contains(out, "hookifyc compile") || !strings.Contains(out, "Failed") {
		t.Fatalf("commit with a stale hookify.rules:\n%s", out)
	}
	if data, _ := os.ReadFile(filepath.Join(repo, ".codex/rules/hookify.rules")); !strings.Contains(string(data), "Never rm -rf.") {
		t.Fatalf("not regenerated:\n%s", data)
	}
	sh(true, "git", "add", "-A")
	sh(true, "git", "commit", "-q", "-m", "reword")

	// A broken rule fails hookifyc-lint (and compile) and blocks the commit.
	write(".claude/hookify.bad.local.md", "---\nname: bad\nevent: bash\naction: block\npattern: (unclosed\n---\nx\n")
	sh(true, "git", "add", "-A")
	out = sh(false, "git", "commit", "-q", "-m", "bad")
	if !strings.Contains(out, "hookifyc lint") {
		t.Fatalf("commit with a broken rule:\n%s", out)
	}
}
