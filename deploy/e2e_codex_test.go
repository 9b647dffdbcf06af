package deploy_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// TestApplyCodexEndToEnd installs rules with `hookifyc apply codex` into a
// fresh CODEX_HOME and drives the real codex 0.169.0 with a mock model
// (codex-e2e-harness.md): each case scripts one tool call and reads what
// Codex sent back. HOOKIFYC_LIVE=1 only (it fails, never skips, there when
// codex is missing).
func TestApplyCodexEndToEnd(t *testing.T) {
	if !codextest.Live() {
		t.Skip("HOOKIFYC_LIVE=1 runs the real codex")
	}
	codex := codextest.Binary(t)

	root := codextest.WorkDir(t, "deploy-e2e-")
	home, wd, rules := filepath.Join(root, "home"), filepath.Join(root, "wd"), filepath.Join(root, "rules")
	for _, d := range []string{home, filepath.Join(wd, "build"), rules} {
		must(t, os.MkdirAll(d, 0o755))
	}
	hookifyc := filepath.Join(root, "bin", "hookifyc")
	build := exec.Command("go", "build", "-o", hookifyc, "github.com/hookifyc/hookifyc/cmd/hookifyc")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for name, text := range map[string]string{
		"block-rm-rf.md":   "---\nname: block-rm-rf\nevent: bash\naction: block\npattern: \\brm\\s+-rf\\b\n---\nRecursive forced deletion is blocked: delete paths one by one.\n",
		"block-touch.md":   "---\nname: block-touch-forbidden\nevent: bash\naction: block\npattern: ^touch\\s+forbidden\\b\n---\nforbidden is off limits.\n",
		"warn-echo.md":     "---\nname: warn-echo\nevent: bash\naction: warn\npattern: ^echo\\s+warnme\\b\n---\nCareful: warnme was asked for.\n",
		"block-env-key.md": "---\nname: block-env-key\nevent: file\naction: block\nconditions:\n  - field: file_path\n    operator: regex_match\n    pattern: \\.env$\n  - field: new_text\n    operator: contains\n    pattern: API_KEY=\n---\nNo API keys in .env files.\n",
	} {
		must(t, os.WriteFile(filepath.Join(rules, name), []byte(text), 0o644))
	}

	m := newMock(t)
	defer m.srv.Close()
	config := "# the user's own config\n" + codextest.MockConfig{URL: m.srv.URL, Trusted: wd}.TOML()
	must(t, os.WriteFile(filepath.Join(home, "config.toml"), []byte(config), 0o600))
	audit := filepath.Join(root, "audit.jsonl")
	env := append(os.Environ(), "MOCK_API_KEY=x", "CODEX_HOME="+home, "RUST_BACKTRACE=0", "HOOKIFY_AUDIT_LOG="+audit)

	hk := func(args ...string) string {
		cmd := exec.Command(hookifyc, args...)
		cmd.Env, cmd.Dir = env, wd
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("hookifyc %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	out := hk("apply", "codex", "--codex-home", home, "--hookifyc", hookifyc, rules)
	t.Logf("apply:\n%s", out)
	if data, _ := os.ReadFile(filepath.Join(home, "config.toml")); string(data) != config {
		t.Fatalf("apply changed the user's config.toml:\n%s", data)
	}

	type result struct {
		output  string // the tool output Codex sent back to the model
		request string // the follow-up request, whole
		stdout  string
	}
	run := func(name, model string, item json.RawMessage, bypass bool) result {
		t.Helper()
		m.set(item)
		args := []string{"exec", "--skip-git-repo-check", "--ephemeral", "-s", "danger-full-access"}
		if bypass {
			args = append(args, "--dangerously-bypass-hook-trust")
		}
		if model != "" {
			args = append(args, "-m", model)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, codex, append(args, "run it")...)
		cmd.Dir, cmd.Env = wd, env
		var buf bytes.Buffer
		cmd.Stdout, cmd.Stderr, cmd.Stdin = &buf, &buf, nil
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: codex exec: %v\n%s", name, err, buf.String())
		}
		r := result{stdout: buf.String()}
		r.output, r.request = m.toolOutput()
		t.Logf("%s: tool output %q", name, r.output)
		return r
	}
	auditLines := func() []map[string]any {
		data, _ := os.ReadFile(audit)
		var out []map[string]any
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			var e map[string]any
			if json.Unmarshal(sc.Bytes(), &e) == nil {
				out = append(out, e)
			}
		}
		return out
	}
	checkAudit := func(name string, from int, decision, rule string) int {
		t.Helper()
		lines := auditLines()
		if len(lines) != from+1 {
			t.Errorf("(f) %s: %d new audit lines, want 1: %v", name, len(lines)-from, lines[from:])
			return len(lines)
		}
		e := lines[from]
		if e["decision"] != decision {
			t.Errorf("(f) %s: audit decision %v, want %s", name, e["decision"], decision)
		}
		var names []string
		rs, _ := e["rules"].([]any)
		for _, r := range rs {
			names = append(names, fmt.Sprint(r.(map[string]any)["name"]))
		}
		if strings.Join(names, ",") != rule {
			t.Errorf("(f) %s: audit rules %v, want %q", name, names, rule)
		}
		return len(lines)
	}
	n := 0

	// (a) rm -rf build is blocked by the hook; the model receives the message.
	r := run("(a) rm -rf build", "", execCommand("rm -rf build"), true)
	if !strings.Contains(r.output, "Command blocked by PreToolUse hook:") || !strings.Contains(r.output, "Recursive forced deletion is blocked: delete paths one by one.") {
		t.Errorf("(a) rm -rf build: tool output %q", r.output)
	}
	if _, err := os.Stat(filepath.Join(wd, "build")); err != nil {
		t.Errorf("(a) build is gone: %v", err)
	}
	if !strings.Contains(r.stdout, "hook: PreToolUse") {
		t.Errorf("(a) the hook did not run:\n%s", r.stdout)
	}
	n = checkAudit("(a)", n, "block", "block-rm-rf")

	// (b) a benign ls runs.
	r = run("(b) ls", "", execCommand("ls"), true)
	if !strings.Contains(r.output, "Process exited with code 0") || !strings.Contains(r.output, "build") {
		t.Errorf("(b) ls: tool output %q", r.output)
	}
	n = checkAudit("(b)", n, "allow", "")

	// (c) apply_patch adding API_KEY= to .env (gpt-5.5 is offered the
	// apply_patch tool) is blocked by the file rule.
	patch := "*** Begin Patch\n*** Add File: .env\n+API_KEY=sk-123\n*** End Patch\n"
	tool, _ := json.Marshal(map[string]any{"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "apply_patch", "input": patch})
	r = run("(c) apply_patch .env", "gpt-5.5", tool, true)
	if !strings.Contains(r.output, "No API keys in .env files.") {
		t.Errorf("(c) apply_patch: tool output %q", r.output)
	}
	if _, err := os.Stat(filepath.Join(wd, ".env")); err == nil {
		t.Errorf("(c) .env was written")
	}
	n = checkAudit("(c)", n, "block", "block-env-key")

	// (d) a warn rule's message reaches the model and the command runs.
	r = run("(d) echo warnme", "", execCommand("echo warnme"), true)
	if !strings.Contains(r.output, "Process exited with code 0") {
		t.Errorf("(d) echo warnme did not run: %q", r.output)
	}
	if !strings.Contains(r.request, "Careful: warnme was asked for.") {
		t.Errorf("(d) the warning did not reach the model: %s", r.request)
	}
	n = checkAudit("(d)", n, "warn", "warn-echo")

	// (e) with the hooks removed, the installed .rules alone block a
	// compiled rule's command.
	hooks := filepath.Join(home, "hooks.json")
	must(t, os.Rename(hooks, hooks+".away"))
	r = run("(e) touch forbidden, no hooks", "", execCommand("touch forbidden"), true)
	if !strings.Contains(r.output, "rejected: block-touch-forbidden: forbidden is off limits.") {
		t.Errorf("(e) touch forbidden without hooks: tool output %q", r.output)
	}
	if _, err := os.Stat(filepath.Join(wd, "forbidden")); err == nil {
		t.Errorf("(e) forbidden was created")
	}
	if len(auditLines()) != n {
		t.Errorf("(e) a hook ran though the hooks were removed")
	}
	must(t, os.Rename(hooks+".away", hooks))

	// (g) after uninstall the command runs again, and CODEX_HOME is as
	// before apply (but for what Codex itself wrote).
	out = hk("uninstall", "codex", "--codex-home", home)
	t.Logf("uninstall:\n%s", out)
	for _, f := range []string{"hooks.json", "rules/hookify.rules", "hookifyc"} {
		if _, err := os.Stat(filepath.Join(home, f)); err == nil {
			t.Errorf("(g) uninstall left %s", f)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(home, "config.toml")); string(data) != config {
		t.Errorf("(g) config.toml after uninstall:\n%s", data)
	}
	r = run("(g) touch forbidden after uninstall", "", execCommand("touch forbidden"), true)
	if !strings.Contains(r.output, "Process exited with code 0") {
		t.Errorf("(g) touch forbidden after uninstall: tool output %q", r.output)
	}
	if _, err := os.Stat(filepath.Join(wd, "forbidden")); err != nil {
		t.Errorf("(g) forbidden was not created: %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func execCommand(cmd string) json.RawMessage {
	a, _ := json.Marshal(map[string]any{"cmd": cmd, "login": false})
	item, _ := json.Marshal(map[string]any{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "exec_command", "arguments": string(a)})
	return item
}

// mock is a Responses API server that answers the first request of a turn
// with the scripted tool call and the next with "done".
type mock struct {
	srv  *httptest.Server
	mu   sync.Mutex
	item json.RawMessage
	reqs [][]byte
}

func newMock(t *testing.T) *mock {
	m := &mock{}
	m.srv = codextest.MockModel(func(body []byte) json.RawMessage {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.reqs = append(m.reqs, body)
		if _, answered := codextest.ToolOutput(body); answered {
			return codextest.Message("done")
		}
		return m.item
	})
	return m
}

func (m *mock) set(item json.RawMessage) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.item, m.reqs = item, nil
}

// toolOutput returns the output of the tool call Codex sent back, and the
// request that carried it.
func (m *mock) toolOutput() (string, string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, body := range m.reqs {
		if o, ok := codextest.ToolOutput(body); ok {
			return o, string(body)
		}
	}
	return "", ""
}

// TestApplyCodexTOMLEndToEnd: when the user keeps hooks in config.toml,
// apply puts its own there, in its block, and the real codex runs them
// (and the user's) from it. HOOKIFYC_LIVE=1 only.
func TestApplyCodexTOMLEndToEnd(t *testing.T) {
	if !codextest.Live() {
		t.Skip("HOOKIFYC_LIVE=1 runs the real codex")
	}
	codex := codextest.Binary(t)
	root := codextest.WorkDir(t, "deploy-e2e-toml-")
	home, wd, rules := filepath.Join(root, "home"), filepath.Join(root, "wd"), filepath.Join(root, "rules")
	for _, d := range []string{home, filepath.Join(wd, "build"), rules} {
		must(t, os.MkdirAll(d, 0o755))
	}
	hookifyc := filepath.Join(root, "bin", "hookifyc")
	if out, err := exec.Command("go", "build", "-o", hookifyc, "github.com/hookifyc/hookifyc/cmd/hookifyc").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	must(t, os.WriteFile(filepath.Join(rules, "block-rm-rf.md"), []byte("---\nname: block-rm-rf\nevent: bash\naction: block\npattern: \\brm\\s+-rf\\b\n---\nRecursive forced deletion is blocked (TOML hooks).\n"), 0o644))
	m := newMock(t)
	defer m.srv.Close()
	marker := filepath.Join(root, "user-hook-ran")
	config := codextest.MockConfig{URL: m.srv.URL}.TOML() + fmt.Sprintf("\n# the user's own hook\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = %q\n", "touch "+marker)
	must(t, os.WriteFile(filepath.Join(home, "config.toml"), []byte(config), 0o600))
	env := append(os.Environ(), "MOCK_API_KEY=x", "CODEX_HOME="+home, "RUST_BACKTRACE=0", "HOOKIFY_AUDIT_LOG=off")
	cmd := exec.Command(hookifyc, "apply", "codex", "--codex-home", home, "--hookifyc", hookifyc, rules)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("apply: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(home, "hooks.json")); err == nil {
		t.Fatal("apply wrote hooks.json though the user keeps hooks in config.toml")
	}
	data, _ := os.ReadFile(filepath.Join(home, "config.toml"))
	if !strings.HasPrefix(string(data), config) {
		t.Fatalf("config.toml: the user's bytes changed:\n%s", data)
	}

	m.set(execCommand("rm -rf build"))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	run := exec.CommandContext(ctx, codex, "exec", "--skip-git-repo-check", "--ephemeral", "-s", "danger-full-access", "--dangerously-bypass-hook-trust", "run it")
	run.Dir, run.Env = wd, env
	out, err := run.CombinedOutput()
	if err != nil {
		t.Fatalf("codex exec: %v\n%s", err, out)
	}
	output, _ := m.toolOutput()
	if !strings.Contains(output, "Command blocked by PreToolUse hook:") || !strings.Contains(output, "Recursive forced deletion is blocked (TOML hooks).") {
		t.Errorf("rm -rf build: tool output %q\n%s", output, out)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Errorf("the user's own TOML hook did not run: %v", err)
	}
	cmd = exec.Command(hookifyc, "uninstall", "codex", "--codex-home", home)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("uninstall: %v\n%s", err, out)
	}
	if data, _ := os.ReadFile(filepath.Join(home, "config.toml")); string(data) != config {
		t.Errorf("config.toml after uninstall:\n%s", data)
	}
}

// TestApplyCodexProjectEndToEnd: apply codex --project installs into
// <project>/.codex from the project's own rules; in a trusted project the
// real codex runs the hook, and without hook trust the project's .rules
// still reject the command. HOOKIFYC_LIVE=1 only.
func TestApplyCodexProjectEndToEnd(t *testing.T) {
	if !codextest.Live() {
		t.Skip("HOOKIFYC_LIVE=1 runs the real codex")
	}
	codex := codextest.Binary(t)
	root := codextest.WorkDir(t, "deploy-e2e-project-")
	home, wd := filepath.Join(root, "home"), filepath.Join(root, "wd")
	for _, d := range []string{home, filepath.Join(wd, "build"), filepath.Join(wd, ".codex", "hookify")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	hookifyc := filepath.Join(root, "bin", "hookifyc")
	if out, err := exec.Command("go", "build", "-o", hookifyc, "github.com/hookifyc/hookifyc/cmd/hookifyc").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	must(t, os.WriteFile(filepath.Join(wd, ".codex", "hookify", "no-touch.md"), []byte("---\nname: no-touch-forbidden\nevent: bash\naction: block\npattern: ^touch\\s+forbidden\\b\n---\nforbidden is off limits here.\n"), 0o644))
	m := newMock(t)
	defer m.srv.Close()
	config := codextest.MockConfig{URL: m.srv.URL, Trusted: wd}.TOML()
	must(t, os.WriteFile(filepath.Join(home, "config.toml"), []byte(config), 0o600))
	env := append(os.Environ(), "MOCK_API_KEY=x", "CODEX_HOME="+home, "RUST_BACKTRACE=0", "HOOKIFY_AUDIT_LOG=off", "HOME="+home)
	cmd := exec.Command(hookifyc, "apply", "codex", "--project", wd, "--hookifyc", hookifyc)
	cmd.Env, cmd.Dir = env, wd
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("apply: %v\n%s", err, out)
	}
	for _, f := range []string{".codex/rules/hookify.rules", ".codex/hooks.json"} {
		if _, err := os.Stat(filepath.Join(wd, f)); err != nil {
			t.Fatalf("apply --project: %v", err)
		}
	}
	run := func(bypass bool) string {
		t.Helper()
		m.set(execCommand("touch forbidden"))
		args := []string{"exec", "--skip-git-repo-check", "--ephemeral", "-s", "danger-full-access"}
		if bypass {
			args = append(args, "--dangerously-bypass-hook-trust")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		c := exec.CommandContext(ctx, codex, append(args, "run it")...)
		c.Dir, c.Env = wd, env
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("codex exec: %v\n%s", err, out)
		}
		o, _ := m.toolOutput()
		return o
	}
	if out := run(true); !strings.Contains(out, "Command blocked by PreToolUse hook:") || !strings.Contains(out, "forbidden is off limits here.") {
		t.Errorf("project hook: tool output %q", out)
	}
	if out := run(false); !strings.Contains(out, "rejected: no-touch-forbidden: forbidden is off limits here.") {
		t.Errorf("project .rules without hook trust: tool output %q", out)
	}
	if _, err := os.Stat(filepath.Join(wd, "forbidden")); err == nil {
		t.Error("forbidden was created")
	}
	cmd = exec.Command(hookifyc, "uninstall", "codex", "--project", wd)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("uninstall: %v\n%s", err, out)
	}
	ents, _ := os.ReadDir(filepath.Join(wd, ".codex"))
	if len(ents) != 1 || ents[0].Name() != "hookify" {
		t.Errorf("uninstall left %v in .codex", ents)
	}
}
