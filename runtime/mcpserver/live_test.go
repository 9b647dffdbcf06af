package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// InspectorVersion is the MCP Inspector whose CLI the live test drives.
const InspectorVersion = "2.12.0"

var (
	binOnce sync.Once
	binDir  string
	binErr  error
	binOut  []byte
)

// binaries builds hookifyc and hookifyc-mcp side by side (no managed
// layer) and returns hookifyc's path.
func binaries(t testing.TB) string {
	t.Helper()
	root := testenv.RepoRoot(t)
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "hookifyc-mcp-bin-")
		if binErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-ldflags=-X main.managedDir=", "-o", binDir+string(filepath.Separator), "./cmd/hookifyc", "./cmd/hookifyc-mcp")
		cmd.Dir = root
		binOut, binErr = cmd.CombinedOutput()
	})
	if binErr != nil {
		t.Fatalf("building hookifyc and hookifyc-mcp: %v\n%s", binErr, binOut)
	}
	return filepath.Join(binDir, "hookifyc")
}

// inspector locates the MCP Inspector's CLI: $HOOKIFYC_MCP_INSPECTOR, or
// where .ci/run installs it.
func inspector(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("HOOKIFYC_MCP_INSPECTOR"); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	p := filepath.Join(home, ".cache", "hookifyc", "mcp-inspector-"+InspectorVersion, "node_modules", ".bin", "mcp-inspector")
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("the MCP Inspector %s is required (HOOKIFYC_LIVE=1): npm install --prefix ~/.cache/hookifyc/mcp-inspector-%s @modelcontextprotocol/inspector@%s (.ci/run does), or set HOOKIFYC_MCP_INSPECTOR: %v", InspectorVersion, InspectorVersion, InspectorVersion, err)
	}
	return p
}

// TestInspectorLive lists every tool with its schemas and calls each one
// with the MCP Inspector's CLI, over stdio and over streamable HTTP (with a
// bearer token). HOOKIFYC_LIVE=1 only; fails without the Inspector.
func TestInspectorLive(t *testing.T) {
	if !codextest.Live() {
		t.Skip("HOOKIFYC_LIVE=1 runs the MCP Inspector")
	}
	insp := inspector(t)
	bin := binaries(t)
	root := t.TempDir()
	project, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	writeFile(t, filepath.Join(project, ".codex", "hookify", "block-rm-rf.md"), blockRm)
	os.MkdirAll(home, 0o755)
	env := append(os.Environ(), "HOME="+home, "MCP_CATALOG_PATH="+filepath.Join(root, "catalog.json"), "HOOKIFY_AUDIT_LOG="+filepath.Join(root, "audit.jsonl"))

	run := func(t *testing.T, target []string, args ...string) map[string]any {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, insp, append(append([]string{"--cli"}, target...), args...)...)
		cmd.Dir, cmd.Env = project, env
		out, err := cmd.Output()
		if err != nil {
			stderr := ""
			if ee, ok := err.(*exec.ExitError); ok {
				stderr = string(ee.Stderr)
			}
			t.Fatalf("mcp-inspector %v: %v\n%s\n%s", args, err, out, stderr)
		}
		var v map[string]any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Fatalf("mcp-inspector %v: not JSON: %v\n%s", args, err, out)
		}
		return v
	}

	check := func(t *testing.T, target []string, transport string) {
		list := run(t, target, "--method", "tools/list")
		tools, _ := list["tools"].([]any)
		seen := map[string]bool{}
		for _, x := range tools {
			tool := x.(map[string]any)
			name, _ := tool["name"].(string)
			in, _ := tool["inputSchema"].(map[string]any)
			out, _ := tool["outputSchema"].(map[string]any)
			if in["type"] != "object" || out["type"] != "object" {
				t.Errorf("%s: %s has input schema %v, output schema %v", transport, name, in, out)
			}
			seen[name] = true
		}
		for _, name := range ToolNames {
			if !seen[name] {
				t.Errorf("%s: tool %s not listed", transport, name)
			}
		}
		rule := "inspector-" + transport
		calls := []struct {
			tool string
			args []string
			want string // in the structured answer
		}{
			{"hookify_evaluate_shell", []string{"command=rm -rf /"}, `"decision":"block"`},
			{"hookify_evaluate_file_edit", []string{"file_path=/p/a.txt", "new_text=hello"}, `"decision":"allow"`},
			{"hookify_evaluate_prompt", []string{"user_prompt=hello"}, `"decision":"allow"`},
			{"hookify_evaluate_stop", []string{"transcript=done"}, `"decision":"allow"`},
			{"hookify_explain", []string{"command=rm -rf /"}, `"read_field":"command"`},
			{"hookify_list_rules", nil, `"name":"block-rm-rf"`},
			{"hookify_create_rule", []string{"name=" + rule, "event=bash", "pattern=foo", "message_markdown=m"}, `"ok":true`},
			{"hookify_set_rule_enabled", []string{"name=" + rule, "enabled=false"}, `"changed":true`},
			{"hookify_delete_rule", []string{"name=" + rule}, `"deleted":true`},
			{"hookify_health", nil, `"ok":true`},
			{"hookify_get_config", nil, `"write_layers":["project"]`},
			{"hookify_emit_execpolicy", []string{"out_dir=" + transport}, `"ok":true`},
		}
		for _, c := range calls {
			args := []string{"--method", "tools/call", "--tool-name", c.tool}
			if len(c.args) > 0 {
				args = append(append(args, "--tool-arg"), c.args...)
			}
			res := run(t, target, args...)
			structured, _ := json.Marshal(res["structuredContent"])
			if res["isError"] == true || !strings.Contains(string(structured), c.want) {
				t.Errorf("%s: %s: %v", transport, c.tool, res)
			}
		}
		if _, err := os.Stat(filepath.Join(project, ".codex", "hookify-build", transport, "hookify.rules")); err != nil {
			t.Errorf("%s: emit: %v", transport, err)
		}
	}

	t.Run("stdio", func(t *testing.T) { check(t, []string{bin, "mcp"}, "stdio") })

	t.Run("http", func(t *testing.T) {
		srv := exec.Command(bin, "mcp", "--http", "127.0.0.1:0")
		srv.Dir = project
		srv.Env = append(env, "HOOKIFY_MCP_TOKEN=tok-123")
		stderr, _ := srv.StderrPipe()
		if err := srv.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { srv.Process.Kill(); srv.Wait() }()
		url := make(chan string, 1)
		go func() {
			re := regexp.MustCompile(`http://[^ ]+/mcp`)
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				if m := re.FindString(sc.Text()); m != "" {
					url <- m
				}
			}
		}()
		var u string
		select {
		case u = <-url:
		case <-time.After(30 * time.Second):
			t.Fatal("the HTTP server did not start")
		}
		check(t, []string{u, "--transport", "http", "--header", "Authorization: Bearer tok-123"}, "http")

		// Without the token the Inspector gets nowhere.
		cmd := exec.Command(insp, "--cli", u, "--transport", "http", "--method", "tools/list")
		cmd.Dir, cmd.Env = project, env
		if out, err := cmd.CombinedOutput(); err == nil {
			t.Errorf("tools/list without the token: %s", out)
		} else {
			t.Logf("without the token: %v: %.200s", err, out)
		}
	})
}
