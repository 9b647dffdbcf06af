package mcpserver

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/internal/benchrules"
)

// BenchmarkEvaluateShell100 is one hookify_evaluate_shell round trip over
// the in-memory transport (client encode, server decode, validation,
// evaluation of 100 realistic rules and the compiled .rules, answer) with
// settled rule files, as a server sees them between edits. It reports the
// median and the 95th percentile (target: p95 ≤ 1 ms). Audit log off.
//
//	go test ./runtime/mcpserver -run '^$' -bench EvaluateShell100 -benchtime 5000x
func BenchmarkEvaluateShell100(b *testing.B) {
	e := newTestEnv(b, func(o *Options) { o.Audit = nil })
	claude := filepath.Join(e.project, ".claude")
	benchrules.Write(b, claude, benchrules.Files(b, 100))
	old := time.Now().Add(-time.Hour)
	filepath.Walk(e.root, func(p string, _ os.FileInfo, err error) error {
		if err == nil {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	e.srv.racy = 0 // Chtimes set the change times to now
	cs := e.connect(b, nil)
	ctx := context.Background()
	params := &mcp.CallToolParams{Name: "hookify_evaluate_shell", Arguments: map[string]any{"command": `git commit -m "feat: add the parser" && npm test`}}
	var size int
	for range 50 { // warm: regexes compiled, policy lowered
		res, err := cs.CallTool(ctx, params)
		if err != nil {
			b.Fatal(err)
		}
		size = len(errorText(res))
	}
	if n := len(e.srv.snapshot().rules); n != 100 {
		b.Fatalf("%d rules", n)
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		res, err := cs.CallTool(ctx, params)
		times = append(times, time.Since(start))
		if err != nil || res.IsError {
			b.Fatal(err, errorText(res))
		}
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1e3, "median-ms")
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1e3, "p95-ms")
	b.ReportMetric(float64(size), "answer-bytes")
}

// BenchmarkStdioEvaluateShell100 is the same round trip through a real
// `hookifyc mcp` process (hookifyc → hookifyc-mcp) over stdio, with the
// SDK's client on the other end of the pipes. It builds both binaries.
//
//	go test ./runtime/mcpserver -run '^$' -bench StdioEvaluateShell100 -benchtime 3000x
func BenchmarkStdioEvaluateShell100(b *testing.B) {
	bin := binaries(b)
	root := b.TempDir()
	project, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	benchrules.Write(b, filepath.Join(project, ".claude"), benchrules.Files(b, 100))
	os.MkdirAll(home, 0o755)
	old := time.Now().Add(-time.Hour)
	filepath.Walk(root, func(p string, _ os.FileInfo, err error) error {
		if err == nil {
			os.Chtimes(p, old, old)
		}
		return nil
	})
	time.Sleep(racyWindow) // Chtimes set the change times to now
	cmd := exec.Command(bin, "mcp")
	cmd.Dir = project
	cmd.Env = []string{"HOME=" + home, "HOOKIFY_AUDIT_LOG=off", "PATH=" + os.Getenv("PATH")}
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer cs.Close()
	params := &mcp.CallToolParams{Name: "hookify_evaluate_shell", Arguments: map[string]any{"command": `git commit -m "feat: add the parser" && npm test`}}
	for range 50 {
		if _, err := cs.CallTool(ctx, params); err != nil {
			b.Fatal(err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		res, err := cs.CallTool(ctx, params)
		times = append(times, time.Since(start))
		if err != nil || res.IsError {
			b.Fatal(err, errorText(res))
		}
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1e3, "median-ms")
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1e3, "p95-ms")
}
