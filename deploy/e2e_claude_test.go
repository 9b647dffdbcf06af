package deploy_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
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

// ClaudeVersion is the Claude Code release the end-to-end test runs.
const ClaudeVersion = "2.1.328"

// claudeBinary is the native Claude Code binary: $HOOKIFYC_CLAUDE, else
// the npm install in <user cache>/hookifyc/claude-code-<version> (made
// here when missing, as .ci/run does).
func claudeBinary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("HOOKIFYC_CLAUDE"); p != "" {
		return p
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatalf("Claude Code %s is required: %v (set HOOKIFYC_CLAUDE)", ClaudeVersion, err)
	}
	dir := filepath.Join(cache, "hookifyc", "claude-code-"+ClaudeVersion)
	bin := filepath.Join(dir, "node_modules", "@anthropic-ai", "claude-code-linux-x64", "claude")
	if _, err := os.Stat(bin); err != nil {
		cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "--prefix", dir, "@anthropic-ai/claude-code@"+ClaudeVersion)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("Claude Code %s is required: npm install: %v\n%s", ClaudeVersion, err, out)
		}
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), ClaudeVersion+" ") {
		t.Fatalf("Claude Code %s is required: %s --version: %q %v", ClaudeVersion, bin, out, err)
	}
	return bin
}

// TestApplyClaudeEndToEnd installs hookifyc's hooks with `hookifyc apply
// claude --project` into a project holding hookify's own layout and a
// user-written settings.json, then drives the real Claude Code offline
// with a mock Messages API (claude-e2e-harness.md). HOOKIFYC_LIVE=1 only.
func TestApplyClaudeEndToEnd(t *testing.T) {
	if !codextest.Live() {
		t.Skip("HOOKIFYC_LIVE=1 runs the real Claude Code")
	}
	claude := claudeBinary(t)
	root := t.TempDir()
	home, app := filepath.Join(root, "home"), filepath.Join(root, "app")
	for _, d := range []string{home, filepath.Join(app, ".claude"), filepath.Join(app, "build")} {
		must(t, os.MkdirAll(d, 0o755))
	}
	hookifyc := filepath.Join(root, "bin", "hookifyc")
	if out, err := exec.Command("go", "build", "-o", hookifyc, "github.com/hookifyc/hookifyc/cmd/hookifyc").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	rules := map[string]string{
		"hookify.rm.local.md":     "---\nname: block-rm-rf\nenabled: true\nevent: bash\naction: block\npattern: \\brm\\s+-rf\\b\n---\nRecursive forced deletion is blocked: delete paths one by one.\n",
		"hookify.warn.local.md":   "---\nname: warn-touch\nenabled: true\nevent: bash\naction: warn\npattern: ^touch\\s+warned\\b\n---\nCareful: warned files are watched.\n",
		"hookify.env.local.md":    "---\nname: block-env-key\nenabled: true\nevent: file\naction: block\nconditions:\n  - field: file_path\n    operator: regex_match\n    pattern: \\.env$\n  - field: new_text\n    operator: contains\n    pattern: API_KEY=\n---\nNo API keys in .env files.\n",
		"hookify.prompt.local.md": "---\nname: block-deploy-prompt\nenabled: true\nevent: prompt\naction: block\npattern: deploy to prod\n---\nNo deploys from an agent.\n",
		"hookify.stop.local.md":   "---\nname: stop-run-tests\nenabled: true\nevent: stop\naction: block\npattern: STOPCHECK\n---\nRun the tests before stopping.\n",
	}
	for name, text := range rules {
		must(t, os.WriteFile(filepath.Join(app, ".claude", name), []byte(text), 0o644))
	}
	userSettings := "{\n  \"permissions\": {\n    \"allow\": [\"Bash\", \"Write\", \"Edit\"]\n  },\n  \"env\": {\"MY_VAR\": \"kept\"},\n  \"cleanupPeriodDays\": 7\n}\n"
	settingsPath := filepath.Join(app, ".claude", "settings.json")
	must(t, os.WriteFile(settingsPath, []byte(userSettings), 0o644))
	trust, _ := json.Marshal(map[string]any{"projects": map[string]any{app: map[string]any{"hasTrustDialogAccepted": true}}})
	must(t, os.WriteFile(filepath.Join(home, ".claude.json"), trust, 0o600))

	m := newClaudeMock()
	defer m.srv.Close()
	env := append(os.Environ(), "HOME="+home, "ANTHROPIC_BASE_URL="+m.srv.URL, "ANTHROPIC_API_KEY=x",
		"DISABLE_TELEMETRY=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1",
		"HOOKIFY_AUDIT_LOG="+filepath.Join(root, "audit.jsonl"))
	hk := func(args ...string) string {
		cmd := exec.Command(hookifyc, args...)
		cmd.Env, cmd.Dir = env, app
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("hookifyc %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	t.Logf("apply:\n%s", hk("apply", "claude", "--project", app, "--hookifyc", hookifyc))

	// The user's own keys are unchanged.
	data, err := os.ReadFile(settingsPath)
	must(t, err)
	var got, want map[string]json.RawMessage
	must(t, json.Unmarshal(data, &got))
	must(t, json.Unmarshal([]byte(userSettings), &want))
	for k, v := range want {
		if string(got[k]) != string(v) {
			t.Errorf("settings.json key %s: %s, want %s", k, got[k], v)
		}
	}

	run := func(name, prompt string, tool string, input map[string]any) (claudeRun, string) {
		t.Helper()
		m.set(tool, input)
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, claude, "-p", prompt, "--output-format", "json")
		cmd.Dir, cmd.Env = app, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		r := m.result()
		t.Logf("%s: %d requests, tool result %q (error %v); exit %v", name, len(r.reqs), r.toolResult, r.isError, err)
		return r, out.String()
	}

	// A blocked command never runs; the model receives the rule's message.
	r, out := run("blocked", "run it", "Bash", map[string]any{"command": "rm -rf build", "description": "clean"})
	if !r.isError || !strings.Contains(r.toolResult, "Recursive forced deletion is blocked: delete paths one by one.") {
		t.Errorf("rm -rf build: tool result %q (error %v)\n%s", r.toolResult, r.isError, out)
	}
	if _, err := os.Stat(filepath.Join(app, "build")); err != nil {
		t.Errorf("build is gone: %v", err)
	}
	// An unmatched command runs.
	r, out = run("unmatched", "run it", "Bash", map[string]any{"command": "touch plain", "description": "touch"})
	if r.isError {
		t.Errorf("touch plain: tool result %q\n%s", r.toolResult, out)
	}
	if _, err := os.Stat(filepath.Join(app, "plain")); err != nil {
		t.Errorf("touch plain did not run: %v", err)
	}
	// A warned command runs and its message reaches the model.
	r, out = run("warned", "run it", "Bash", map[string]any{"command": "touch warned", "description": "touch"})
	if _, err := os.Stat(filepath.Join(app, "warned")); err != nil {
		t.Errorf("touch warned did not run: %v\n%s", err, out)
	}
	if !strings.Contains(r.last, "Careful: warned files are watched.") {
		t.Errorf("the warning did not reach the model: %s", r.last)
	}
	// A Write to .env holding API_KEY= is blocked by the file rule.
	r, out = run("write .env", "write it", "Write", map[string]any{"file_path": filepath.Join(app, ".env"), "content": "API_KEY=sk-123\n"})
	if !r.isError || !strings.Contains(r.toolResult, "No API keys in .env files.") {
		t.Errorf("Write .env: tool result %q (error %v)\n%s", r.toolResult, r.isError, out)
	}
	if _, err := os.Stat(filepath.Join(app, ".env")); err == nil {
		t.Errorf(".env was written")
	}
	// A blocked prompt never reaches the model.
	r, out = run("prompt", "deploy to prod now", "", nil)
	if r.modelCalls != 0 || !strings.Contains(out, "No deploys from an agent.") {
		t.Errorf("blocked prompt: %d model calls\n%s", r.modelCalls, out)
	}
	// A stop rule blocks the first Stop and respects stop_hook_active on
	// the next: the audit log holds the two Stop calls of the session.
	// (The transcript the rule reads is written asynchronously: the turn
	// runs a tool first so that the prompt is in it when Stop comes.)
	r, out = run("stop", "STOPCHECK and finish", "Bash", map[string]any{"command": "echo hi", "description": "echo"})
	var stops []string
	if data, err := os.ReadFile(filepath.Join(root, "audit.jsonl")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			var e struct {
				Event, Decision string
				Rules           []struct{ Name string }
			}
			if json.Unmarshal([]byte(line), &e) == nil && e.Event == "Stop" && len(e.Rules) > 0 && e.Rules[0].Name == "stop-run-tests" {
				stops = append(stops, e.Decision)
			}
		}
	}
	if strings.Join(stops, ",") != "block,warn" {
		t.Errorf("stop rule: the Stop calls decided %v, want block then (stop_hook_active) warn; %d model calls\n%s", stops, r.modelCalls, out)
	}
	if r.modelCalls != 3 || !strings.Contains(r.last, "Run the tests before stopping.") {
		t.Errorf("stop rule: %d model calls (want 3: tool call, done, the continuation with the rule's message)", r.modelCalls)
	}
	t.Logf("stop: decisions %v, %d model calls", stops, r.modelCalls)

	// uninstall: settings.json is byte-identical; the blocked command runs.
	t.Logf("uninstall:\n%s", hk("uninstall", "claude", "--project", app))
	if data, _ := os.ReadFile(settingsPath); string(data) != userSettings {
		t.Errorf("settings.json after uninstall:\n%s", data)
	}
	r, out = run("after uninstall", "run it", "Bash", map[string]any{"command": "rm -rf build", "description": "clean"})
	if _, err := os.Stat(filepath.Join(app, "build")); err == nil {
		t.Errorf("rm -rf build did not run after uninstall: %q\n%s", r.toolResult, out)
	}
}

// claudeRun is what the mock saw of one turn.
type claudeRun struct {
	reqs       []map[string]any
	modelCalls int    // requests that offered the tools (the main loop)
	toolResult string // the tool_result content sent back
	isError    bool
	last       string // the last main-loop request, whole
}

type claudeMock struct {
	srv   *httptest.Server
	mu    sync.Mutex
	tool  string
	input map[string]any
	run   claudeRun
}

func newClaudeMock() *claudeMock {
	m := &claudeMock{}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if !strings.HasPrefix(r.URL.Path, "/v1/messages") || r.Method != http.MethodPost {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, "{}")
			return
		}
		var req map[string]any
		json.Unmarshal(body, &req)
		tools, _ := req["tools"].([]any)
		m.mu.Lock()
		m.run.reqs = append(m.run.reqs, req)
		main := len(tools) > 0
		toolCall := false
		if main {
			m.run.modelCalls++
			m.run.last = string(body)
			if res, isErr, ok := toolResult(req); ok {
				m.run.toolResult, m.run.isError = res, isErr
			} else if m.tool != "" {
				toolCall = true
			}
		}
		tool, input := m.tool, m.input
		m.mu.Unlock()

		w.Header().Set("Content-Type", "text/event-stream")
		send := func(typ string, v any) {
			b, _ := json.Marshal(v)
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
		}
		send("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_1", "type": "message", "role": "assistant", "model": req["model"], "content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": map[string]any{"input_tokens": 1, "output_tokens": 1}}})
		stop := "end_turn"
		if toolCall {
			in, _ := json.Marshal(input)
			send("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "tool_use", "id": "toolu_01", "name": tool, "input": map[string]any{}}})
			send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "input_json_delta", "partial_json": string(in)}})
			stop = "tool_use"
		} else {
			send("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""}})
			send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "text_delta", "text": "done"}})
		}
		send("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
		send("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 1}})
		send("message_stop", map[string]any{"type": "message_stop"})
	}))
	return m
}

// toolResult finds the tool_result block of a request.
func toolResult(req map[string]any) (string, bool, bool) {
	msgs, _ := req["messages"].([]any)
	for _, mm := range msgs {
		msg, _ := mm.(map[string]any)
		blocks, _ := msg["content"].([]any)
		for _, bb := range blocks {
			b, _ := bb.(map[string]any)
			if b["type"] != "tool_result" {
				continue
			}
			isErr, _ := b["is_error"].(bool)
			switch c := b["content"].(type) {
			case string:
				return c, isErr, true
			default:
				j, _ := json.Marshal(c)
				return string(j), isErr, true
			}
		}
	}
	return "", false, false
}

func (m *claudeMock) set(tool string, input map[string]any) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tool, m.input, m.run = tool, input, claudeRun{}
}

func (m *claudeMock) result() claudeRun {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.run
}
