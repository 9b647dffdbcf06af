package mcpserver

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/compiler/engine"
)

// TestShellToolSchemas: hookify_evaluate_shell, registered with a
// handler of its own, lists exactly the schemas mcp.AddTool infers for
// its input and output types.
func TestShellToolSchemas(t *testing.T) {
	e := newTestEnv(t, nil)
	typed := mcp.NewServer(&mcp.Implementation{Name: "typed", Version: "1"}, nil)
	mcp.AddTool(typed, &mcp.Tool{Name: "hookify_evaluate_shell", Description: "d"}, func(context.Context, *mcp.CallToolRequest, ShellInput) (*mcp.CallToolResult, *Decision, error) {
		return nil, &Decision{}, nil
	})
	schemas := func(srv *mcp.Server) (string, string) {
		t.Helper()
		res, err := e.connect(t, srv).ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range res.Tools {
			if tool.Name == "hookify_evaluate_shell" {
				in, _ := json.Marshal(tool.InputSchema)
				out, _ := json.Marshal(tool.OutputSchema)
				return string(in), string(out)
			}
		}
		t.Fatal("hookify_evaluate_shell not listed")
		return "", ""
	}
	wantIn, wantOut := schemas(typed)
	gotIn, gotOut := schemas(nil)
	if gotIn != wantIn || gotOut != wantOut {
		t.Errorf("schemas\n in  %s\n out %s\nwant\n in  %s\n out %s", gotIn, gotOut, wantIn, wantOut)
	}
}

// TestShellAnswers: the same JSON in structuredContent and content[0],
// fitting the output schema, for every kind of answer; bad arguments are
// refused in the SDK's words.
func TestShellAnswers(t *testing.T) {
	e := newTestEnv(t, nil)
	claude := filepath.Join(e.project, ".claude")
	os.MkdirAll(claude, 0o755)
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(claude, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("hookify.block-rm.local.md", "---\nname: block-rm\nenabled: true\nevent: bash\npattern: rm\\s+-rf\naction: block\n---\nNo rm -rf.\n")
	write("hookify.warn-push.local.md", "---\nname: warn-push\nenabled: true\nevent: bash\npattern: git\\s+push\n---\nCareful with pushes.\n")
	write("hookify.bad.local.md", "---\nname: bad\nenabled: true\nevent: bash\npattern: ([\n---\nnever\n")
	out, err := jsonschema.For[Decision](nil)
	if err != nil {
		t.Fatal(err)
	}
	resolved, err := out.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	cs := e.connect(t, nil)
	for cmd, want := range map[string]string{"ls": "allow", "git push": "warn", "rm -rf /": "block", "git push && rm -rf x": "block"} {
		res := call(t, cs, "hookify_evaluate_shell", map[string]any{"command": cmd})
		if res.IsError {
			t.Fatalf("%q: %s", cmd, errorText(res))
		}
		structured, _ := json.Marshal(res.StructuredContent)
		var text, back any
		if err := json.Unmarshal([]byte(errorText(res)), &text); err != nil {
			t.Fatalf("%q: content[0] is not JSON: %v", cmd, err)
		}
		json.Unmarshal(structured, &back)
		a, _ := json.Marshal(text)
		b, _ := json.Marshal(back)
		if string(a) != string(b) {
			t.Errorf("%q: content[0] %s, structuredContent %s", cmd, a, b)
		}
		if err := resolved.Validate(back); err != nil {
			t.Errorf("%q: answer does not fit the output schema: %v\n%s", cmd, err, b)
		}
		var d Decision
		json.Unmarshal(structured, &d)
		if d.Decision != want || len(d.Problems) == 0 || d.Execpolicy == nil {
			t.Errorf("%q: %s, want decision %s with the bad rule's problem and execpolicy", cmd, b, want)
		}
	}
	for _, bad := range []struct {
		args any
		want string
	}{
		{nil, `validating "arguments": validating root: required: missing properties: ["command"]`},
		{map[string]any{"Command": "ls"}, `unexpected additional properties ["Command"]`},
		{map[string]any{"command": "ls", "x": 1}, `unexpected additional properties ["x"]`},
		{map[string]any{"command": nil}, `want "string"`},
		{map[string]any{"command": true}, `want "string"`},
	} {
		if msg := fails(t, cs, "hookify_evaluate_shell", bad.args); !strings.Contains(msg, bad.want) {
			t.Errorf("%v: %s, want %s", bad.args, msg, bad.want)
		}
	}
}

// TestEnginesOutliveCollections: idle engines, with the regexes they
// compiled, are kept across garbage collections (a sync.Pool is not).
func TestEnginesOutliveCollections(t *testing.T) {
	built := 0
	l := newEngineList(func() *engine.Engine { built++; return newEngineForTest() })
	e := l.Get()
	l.Put(e)
	runtime.GC()
	runtime.GC()
	if got := l.Get(); got != e || built != 1 {
		t.Errorf("after two collections: same engine %v, built %d", got == e, built)
	}
	for range 3 * cap(l.idle) {
		l.Put(newEngineForTest())
	}
	if len(l.idle) != cap(l.idle) {
		t.Errorf("%d idle engines kept, want at most %d", len(l.idle), cap(l.idle))
	}
}

// TestTuneGC: the server's settings, the user's GOGC and GOMEMLIMIT left
// alone, the previous settings back after.
func TestTuneGC(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	restore := TuneGC(func(string) string { return "" })
	if got := debug.SetGCPercent(serverGCPercent); got != serverGCPercent {
		t.Errorf("GC percent %d, want %d", got, serverGCPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != serverMemoryLimit {
		t.Errorf("memory limit %d, want %d", got, serverMemoryLimit)
	}
	restore()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("restored GC percent %d, want 100", got)
	}
	restore = TuneGC(func(k string) string { return map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}[k] })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set: GC percent %d, want it left at 100", got)
	}
	restore()
}

func newEngineForTest() *engine.Engine { return engine.New(engine.Options{}) }
