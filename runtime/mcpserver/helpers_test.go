package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

// testEnv is a project, a home and a managed directory in a temporary
// directory, and a Server over them.
type testEnv struct {
	root, project, home, managed string
	rules                        string // the project layer: <project>/.codex/hookify
	audit                        string
	srv                          *Server
}

const blockRm = "---\nname: block-rm-rf\nenabled: true\nevent: bash\naction: block\npattern: rm\\s+-rf\n---\nNo recursive deletes.\n"

func newTestEnv(t testing.TB, edit func(*Options)) *testEnv {
	t.Helper()
	root := t.TempDir()
	e := &testEnv{root: root, project: filepath.Join(root, "proj"), home: filepath.Join(root, "home"), managed: filepath.Join(root, "managed")}
	e.rules = filepath.Join(e.project, ".codex", "hookify")
	e.audit = filepath.Join(root, "audit.jsonl")
	for _, d := range []string{e.rules, e.home, e.managed} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{
		Env:         sources.Env{Dir: e.project, ManagedDir: e.managed, Home: e.home},
		Project:     e.project,
		WriteLayers: []string{LayerProject},
		Audit:       &audit.Log{Path: e.audit},
		Version:     "test",
	}
	if edit != nil {
		edit(&opts)
	}
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	e.srv = srv
	return e
}

func writeFile(t testing.TB, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// connect returns a client session over the in-memory transport to one
// MCP server of e.srv (each call a new server session; the rules are
// shared).
func (e *testEnv) connect(t testing.TB, srv *mcp.Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	if srv == nil {
		srv = e.srv.MCPServer()
	}
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// call calls a tool and checks the answer's shape: structuredContent and
// the same JSON as text in content[0] for a success.
func call(t testing.TB, cs *mcp.ClientSession, tool string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", tool, err)
	}
	if len(res.Content) == 0 {
		t.Fatalf("%s: no content", tool)
	}
	if res.StructuredContent != nil {
		text, ok := res.Content[0].(*mcp.TextContent)
		if !ok {
			t.Fatalf("%s: content[0] is %T", tool, res.Content[0])
		}
		var fromText any
		if err := json.Unmarshal([]byte(text.Text), &fromText); err != nil {
			t.Fatalf("%s: content[0] is not JSON: %v", tool, err)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		var structured any
		json.Unmarshal(raw, &structured)
		if !reflect.DeepEqual(fromText, structured) {
			t.Fatalf("%s: content[0] and structuredContent differ:\n%s\n%s", tool, text.Text, raw)
		}
	} else if !res.IsError {
		t.Fatalf("%s: a success without structuredContent", tool)
	}
	return res
}

// ok calls a tool that must succeed and decodes its structured answer.
func ok[T any](t testing.TB, cs *mcp.ClientSession, tool string, args any) T {
	t.Helper()
	res := call(t, cs, tool, args)
	if res.IsError {
		t.Fatalf("%s %v: error: %s", tool, args, errorText(res))
	}
	var out T
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return out
}

// fails calls a tool that must answer isError, and returns the text.
func fails(t testing.TB, cs *mcp.ClientSession, tool string, args any) string {
	t.Helper()
	res := call(t, cs, tool, args)
	if !res.IsError {
		raw, _ := json.Marshal(res.StructuredContent)
		t.Fatalf("%s %v: want an error, got %s", tool, args, raw)
	}
	if m, ok := res.StructuredContent.(map[string]any); ok {
		if diags, ok := m["diagnostics"].([]any); ok {
			return fmt.Sprint(diags...)
		}
	}
	return errorText(res)
}

func errorText(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return tc.Text
	}
	return ""
}
