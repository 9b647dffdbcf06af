package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// TestCodexCallsEvaluateShellLive: the real Codex 0.169.0, with hookifyc
// registered as its "hookify" MCP server (the block `hookifyc codex
// config` prints, appended to config.toml), is driven by a mock Responses
// server that plays the model: it calls hookify_evaluate_shell on
// `rm -rf /`, and the block decision must come back in the tool output
// Codex sends to the model. HOOKIFYC_LIVE=1 only; fails without codex.
func TestCodexCallsEvaluateShellLive(t *testing.T) {
	if !codextest.Live() {
		t.Skip("HOOKIFYC_LIVE=1 runs the real codex")
	}
	codex := codextest.Binary(t)
	bin := binaries(t)

	root := codextest.WorkDir(t, "mcp-e2e-")
	codexHome, userHome, wd := filepath.Join(root, "codex-home"), filepath.Join(root, "home"), filepath.Join(root, "wd")
	for _, d := range []string{codexHome, userHome, wd} {
		os.MkdirAll(d, 0o755)
	}
	writeFile(t, filepath.Join(wd, ".codex", "hookify", "block-rm-rf.md"), blockRm)

	var mu sync.Mutex
	var requests []map[string]any
	var toolName string
	srv := codextest.MockModel(func(body []byte) json.RawMessage {
		var req map[string]any
		json.Unmarshal(body, &req)
		mu.Lock()
		requests = append(requests, req)
		mu.Unlock()
		_, answered := codextest.ToolOutput(body)
		// Codex 0.169.0 offers an MCP server's tools in a namespace
		// (type "namespace", name "mcp__hookify", tools [...]); a call
		// names the tool and its namespace.
		name, namespace := "", ""
		tools, _ := req["tools"].([]any)
		for _, x := range tools {
			m, _ := x.(map[string]any)
			if n, _ := m["name"].(string); strings.Contains(n, "hookify_evaluate_shell") {
				name = n
			}
			if m["type"] == "namespace" {
				inner, _ := m["tools"].([]any)
				for _, y := range inner {
					f, _ := y.(map[string]any)
					if n, _ := f["name"].(string); n == "hookify_evaluate_shell" {
						name, namespace = n, m["name"].(string)
					}
				}
			}
		}
		mu.Lock()
		if name != "" {
			toolName = name
		}
		mu.Unlock()
		item := codextest.Message("done")
		if !answered && name != "" {
			args, _ := json.Marshal(map[string]string{"command": "rm -rf /"})
			item = json.RawMessage(fmt.Sprintf(`{"type":"function_call","id":"fc_1","call_id":"call_1","name":%q,"arguments":%q}`, name, args))
			if namespace != "" {
				item = json.RawMessage(fmt.Sprintf(`{"type":"function_call","id":"fc_1","call_id":"call_1","namespace":%q,"name":%q,"arguments":%q}`, namespace, name, args))
			}
		}
		return item
	})
	defer srv.Close()

	block, err := exec.Command(bin, "codex", "config").Output()
	if err != nil {
		t.Fatalf("hookifyc codex config: %v", err)
	}
	config := codextest.MockConfig{URL: srv.URL, Trusted: wd}.TOML() + "\n" + string(block)
	writeFile(t, filepath.Join(codexHome, "config.toml"), config)

	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, codex, "exec", "--skip-git-repo-check", "--ephemeral", "-s", "read-only", "run it")
	cmd.Dir = wd
	cmd.Env = append(os.Environ(), "MOCK_API_KEY=x", "CODEX_HOME="+codexHome, "HOME="+userHome, "RUST_BACKTRACE=0",
		"HOOKIFY_AUDIT_LOG="+filepath.Join(root, "audit.jsonl"))
	cmd.Stdin = nil
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("codex exec: %v\n%s", err, out.String())
	}

	mu.Lock()
	defer mu.Unlock()
	if toolName == "" {
		var names []string
		if len(requests) > 0 {
			tools, _ := requests[0]["tools"].([]any)
			for _, x := range tools {
				if m, ok := x.(map[string]any); ok {
					names = append(names, fmt.Sprint(m["name"], "/", m["type"]))
				}
			}
		}
		t.Fatalf("codex offered the model no hookify_evaluate_shell tool (tools: %v)\n%s", names, out.String())
	}
	var output string
	for _, req := range requests {
		inputs, _ := req["input"].([]any)
		for _, in := range inputs {
			m, _ := in.(map[string]any)
			if typ, _ := m["type"].(string); strings.HasSuffix(typ, "call_output") {
				raw, _ := json.Marshal(m["output"])
				output = string(raw)
			}
		}
	}
	t.Logf("tool %s; output sent to the model: %.600s", toolName, output)
	if !strings.Contains(output, `decision`) || !strings.Contains(output, `block`) || !strings.Contains(output, "block-rm-rf") {
		t.Errorf("the block decision did not reach the model: %s\n%s", output, out.String())
	}
	// Codex starts MCP servers with a filtered environment (HOME, PATH,
	// ...; not HOOKIFY_AUDIT_LOG), so the evaluation is logged at the
	// default place under the HOME Codex passed on.
	logged := false
	for _, p := range []string{filepath.Join(root, "audit.jsonl"), filepath.Join(userHome, ".local", "state", "hookifyc", "audit.jsonl")} {
		if data, err := os.ReadFile(p); err == nil && strings.Contains(string(data), `"tool":"hookify_evaluate_shell"`) {
			logged = true
			t.Logf("logged in %s", p)
		}
	}
	if !logged {
		t.Errorf("the evaluation is not in the audit log")
	}
}
