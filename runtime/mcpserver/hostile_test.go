package mcpserver

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/internal/codextest"
)

// TestHostileArguments: every malformed or hostile argument gets a clear
// error, and nothing is written anywhere.
func TestHostileArguments(t *testing.T) {
	e := newTestEnv(t, nil)
	writeFile(t, filepath.Join(e.rules, "block-rm-rf.md"), blockRm)
	cs := e.connect(t, nil)
	rule := func(name string) map[string]any {
		return map[string]any{"name": name, "event": "bash", "pattern": "x", "message_markdown": "m"}
	}
	tests := []struct {
		tool string
		args any
		want string
	}{
		{"hookify_evaluate_shell", map[string]any{}, `missing properties: ["command"]`},
		{"hookify_evaluate_shell", map[string]any{"command": "ls", "cwd": "/"}, `unexpected additional properties ["cwd"]`},
		{"hookify_evaluate_shell", map[string]any{"command": 5}, "has type \"integer\", want \"string\""},
		{"hookify_evaluate_shell", map[string]any{"command": []string{"rm", "-rf"}}, "want \"string\""},
		{"hookify_evaluate_file_edit", map[string]any{"file_path": "x"}, `missing properties: ["new_text"]`},
		{"hookify_evaluate_file_edit", map[string]any{"file_path": "", "new_text": "x"}, "file_path is empty"},
		{"hookify_set_rule_enabled", map[string]any{"name": "block-rm-rf"}, `missing properties: ["enabled"]`},
		{"hookify_set_rule_enabled", map[string]any{"name": "block-rm-rf", "enabled": "false"}, "want \"boolean\""},
		{"hookify_set_rule_enabled", map[string]any{"name": "nope", "enabled": false}, "Rule not found"},
		{"hookify_delete_rule", map[string]any{"name": "../block-rm-rf"}, "Rule not found"},
		{"hookify_list_rules", map[string]any{"event": "bsh"}, "event must be one of"},
		{"hookify_list_rules", map[string]any{"include_disabled": 1}, "want \"boolean\""},
		{"hookify_health", map[string]any{"x": 1}, `unexpected additional properties ["x"]`},
		{"hookify_create_rule", rule("../escape"), "path separator"},
		{"hookify_create_rule", rule("..\\escape"), "path separator"},
		{"hookify_create_rule", rule("/etc/passwd"), "path separator"},
		{"hookify_create_rule", rule("C:\\Windows\\x"), "path separator"},
		{"hookify_create_rule", rule("c:x"), "colon"},
		{"hookify_create_rule", rule(".."), "starts with a dot"},
		{"hookify_create_rule", rule(".hidden"), "starts with a dot"},
		{"hookify_create_rule", rule("a\x00b"), "control character"},
		{"hookify_create_rule", rule("a\nb"), "control character"},
		{"hookify_create_rule", rule("NUL"), "Windows device name"},
		{"hookify_create_rule", rule("con.txt"), "Windows device name"},
		{"hookify_create_rule", rule("COM1"), "Windows device name"},
		{"hookify_create_rule", rule("LPT9"), "Windows device name"},
		{"hookify_create_rule", rule("nul.tar.gz"), "Windows device name"},
		{"hookify_create_rule", rule("???"), "no letter or digit"},
		{"hookify_create_rule", rule(""), "empty"},
		{"hookify_create_rule", rule(strings.Repeat("a", 101)), "at most 100"},
		{"hookify_create_rule", rule("block-rm-rf"), "already exists: pass overwrite"},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "message_markdown": "m"}, "give a pattern or conditions"},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bsh", "pattern": "x", "message_markdown": "m"}, `did you mean "bash"`},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "action": "deny", "pattern": "x", "message_markdown": "m"}, `action "deny" is not warn or block`},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "(", "message_markdown": "m"}, "invalid regex"},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "conditions": []map[string]any{{"field": "comand", "operator": "contains", "pattern": "x"}}, "message_markdown": "m"}, `did you mean "command"`},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "conditions": []map[string]any{{"field": "command", "operator": "regex", "pattern": "x"}}, "message_markdown": "m"}, "operator \"regex\""},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "conditions": []map[string]any{{"field": "command", "operator": "contains"}}, "message_markdown": "m"}, `missing properties: ["pattern"]`},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "a\n---\nname: evil", "message_markdown": "m"}, "line break"},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "x", "message_markdown": strings.Repeat("m", MaxMarkdownBytes+1)}, "message_markdown is"},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "x"}, `missing properties: ["message_markdown"]`},
		{"hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "x", "message_markdown": "m", "layer": "managed"}, "may not write the managed layer"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": "../x"}, "leaves the output base"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": "a/../../x"}, "leaves the output base"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": "/tmp/x"}, "absolute"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": "C:\\x"}, "backslash"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": "a\x00b"}, "control character"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": "out/NUL"}, "Windows device"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": "aux.rules"}, "Windows device"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": "a:b"}, "colon"},
		{"hookify_emit_execpolicy", map[string]any{"out_dir": 7}, "want \"string\""},
	}
	for _, tc := range tests {
		msg := fails(t, cs, tc.tool, tc.args)
		if !strings.Contains(msg, tc.want) {
			t.Errorf("%s %.200v:\n got %.300s\nwant %s", tc.tool, tc.args, msg, tc.want)
		}
	}
	assertOnly(t, e.root, filepath.Join(e.rules, "block-rm-rf.md"))
}

// assertOnly checks that the regular files under root are exactly want
// (the audit log aside) and that every rule file reads back.
func assertOnly(t *testing.T, root string, want ...string) {
	t.Helper()
	got := map[string]bool{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasPrefix(filepath.Base(p), "audit.jsonl") {
			got[p] = true
		}
		return nil
	})
	for _, w := range want {
		if !got[w] {
			t.Errorf("missing %s", w)
		}
		delete(got, w)
	}
	for p := range got {
		t.Errorf("unexpected file %s", p)
	}
}

// TestHugeAndSlow: a 10 MB command and a regex that backtracks for ever
// are answered, and in time.
func TestHugeAndSlow(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t, nil)
	writeFile(t, filepath.Join(e.rules, "block-rm-rf.md"), blockRm)
	writeFile(t, filepath.Join(e.rules, "redos.md"), "---\nname: redos\nevent: bash\naction: block\npattern: (a+)+\\1$\n---\nx\n")
	cs := e.connect(t, nil)

	start := time.Now()
	huge := "echo " + strings.Repeat("r", 10<<20) + "; rm -rf /"
	d := ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": huge})
	if d.Decision != "block" || d.MatchedRules[0] != "block-rm-rf" {
		t.Errorf("10 MB command: %+v", d)
	}
	t.Logf("10 MB command: %v", time.Since(start))

	// The backtracking search times out: under the fixed semantics the
	// rule counts as matching (fail safe) and the problem is reported.
	start = time.Now()
	d = ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": strings.Repeat("a", 50_000) + "!"})
	if d.Decision != "block" || !strings.Contains(strings.Join(d.Problems, "\n"), "redos.md") {
		t.Errorf("catastrophic regex: %+v", d)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("catastrophic regex took %v", el)
	}

	// A 10 MB rule name is refused (a long message or pattern: TestHostileArguments).
	for _, args := range []map[string]any{
		{"name": strings.Repeat("n", 10<<20), "event": "bash", "pattern": "x", "message_markdown": "m"},
	} {
		fails(t, cs, "hookify_create_rule", args)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_prompt", map[string]any{"user_prompt": strings.Repeat("p", 10<<20)}); d.Decision != "allow" {
		t.Errorf("10 MB prompt: %+v", d)
	}
}

// TestConcurrentClients: 8 clients × 1,000 calls (under HOOKIFYC_LIVE=1;
// 8 × 125 otherwise: each enable or disable is an fsynced rename, and 2,000
// of them take half a minute), evaluations interleaved with enable and
// disable of the same rules: no error, every answer is one of the two
// states, and the rule files stay whole.
func TestConcurrentClients(t *testing.T) {
	t.Parallel()
	clients, calls := 8, 125
	if codextest.Live() {
		calls = 1000
	}
	e := newTestEnv(t, nil)
	var files []string
	for i := range 4 {
		p := filepath.Join(e.rules, fmt.Sprintf("guard-%d.md", i))
		writeFile(t, p, fmt.Sprintf("---\nname: guard-%d\nenabled: true\nevent: bash\naction: block\npattern: danger%d\n---\nNo danger %d.\n", i, i, i))
		files = append(files, p)
	}
	var wg sync.WaitGroup
	errs := make(chan string, clients*calls)
	for c := range clients {
		cs := e.connect(t, nil)
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			for j := range calls {
				rule := (c + j) % 4
				var params *mcp.CallToolParams
				switch j % 4 {
				case 0, 2:
					params = &mcp.CallToolParams{Name: "hookify_evaluate_shell", Arguments: map[string]any{"command": fmt.Sprintf("run danger%d now", rule)}}
				case 1:
					params = &mcp.CallToolParams{Name: "hookify_set_rule_enabled", Arguments: map[string]any{"name": fmt.Sprintf("guard-%d", rule), "enabled": (c+j)%3 != 0}}
				case 3:
					params = &mcp.CallToolParams{Name: "hookify_list_rules", Arguments: map[string]any{"include_disabled": true}}
				}
				res, err := cs.CallTool(ctx, params)
				if err != nil {
					errs <- fmt.Sprintf("client %d call %d: %v", c, j, err)
					return
				}
				if res.IsError {
					errs <- fmt.Sprintf("client %d call %d %s: %s", c, j, params.Name, errorText(res))
					continue
				}
				if params.Name == "hookify_evaluate_shell" {
					d := res.StructuredContent.(map[string]any)["decision"]
					if d != "block" && d != "allow" {
						errs <- fmt.Sprintf("client %d call %d: decision %v", c, j, d)
					}
				}
				if params.Name == "hookify_list_rules" {
					if n := len(res.StructuredContent.(map[string]any)["rules"].([]any)); n != 4 {
						errs <- fmt.Sprintf("client %d call %d: %d rules listed", c, j, n)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	n := 0
	for msg := range errs {
		if n++; n <= 10 {
			t.Error(msg)
		}
	}
	if n > 10 {
		t.Errorf("... %d errors", n)
	}
	assertOnly(t, e.root, files...)
	for i, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, diag := hookify.ReadRule(p, data)
		if diag != nil || r.Name != fmt.Sprintf("guard-%d", i) || len(r.Conditions) != 1 || r.Message != fmt.Sprintf("No danger %d.", i) {
			t.Errorf("%s is damaged:\n%s", p, data)
		}
	}
}

// TestHTTP: the streamable HTTP handler, with and without a bearer token.
func TestHTTP(t *testing.T) {
	e := newTestEnv(t, nil)
	writeFile(t, filepath.Join(e.rules, "block-rm-rf.md"), blockRm)
	for _, token := range []string{"", "s3cret"} {
		hs := httptest.NewServer(HTTPHandler(e.srv, token))
		defer hs.Close()
		connect := func(tok string) (*mcp.ClientSession, error) {
			client := &http.Client{}
			if tok != "" {
				client.Transport = bearer{tok, http.DefaultTransport}
			}
			return mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(context.Background(),
				&mcp.StreamableClientTransport{Endpoint: hs.URL + "/mcp", HTTPClient: client}, nil)
		}
		cs, err := connect(token)
		if err != nil {
			t.Fatalf("token %q: %v", token, err)
		}
		if d := ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": "rm -rf /"}); d.Decision != "block" {
			t.Errorf("over HTTP: %+v", d)
		}
		cs.Close()
		if token != "" {
			for _, wrong := range []string{"", "wrong"} {
				if cs, err := connect(wrong); err == nil {
					cs.Close()
					t.Errorf("token %q accepted", wrong)
				}
			}
		}
	}
}

type bearer struct {
	token string
	rt    http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.rt.RoundTrip(r)
}
