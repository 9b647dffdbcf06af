package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
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
// settled rule files, as a server sees them between edits, with the
// garbage collector set as the hookifyc-mcp process sets it (TuneGC). It
// reports the median and the 95th percentile (target: p95 ≤ 1 ms). Audit
// log off.
//
//	go test ./runtime/mcpserver -run '^$' -bench EvaluateShell100 -benchtime 5000x
func BenchmarkEvaluateShell100(b *testing.B) {
	defer TuneGC(os.Getenv)()
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
	reportTimes(b, times)
	b.ReportMetric(float64(size), "answer-bytes")
}

// stdioServer starts a real `hookifyc mcp` process (hookifyc execs
// hookifyc-mcp) in a project of 100 realistic rule files with settled
// change times. It builds both binaries.
func stdioServer(b *testing.B) *exec.Cmd {
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
	return cmd
}

// reportTimes reports the median and the 95th percentile of times.
func reportTimes(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1e3, "median-ms")
	b.ReportMetric(float64(times[len(times)*95/100].Microseconds())/1e3, "p95-ms")
}

// BenchmarkStdioEvaluateShell100 is the same round trip through a real
// `hookifyc mcp` process over stdio, with the SDK's client on the other
// end of the pipes: its decoding of the 4.3 KB answer (about 0.4 ms of
// CPU) counts.
//
//	go test ./runtime/mcpserver -run '^$' -bench StdioEvaluateShell100 -benchtime 3000x
func BenchmarkStdioEvaluateShell100(b *testing.B) {
	cmd := stdioServer(b)
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
	reportTimes(b, times)
}

// BenchmarkStdioRawEvaluateShell100 is the stdio round trip as a client
// that does not decode the answer sees it (Codex reads the line and
// hands it on): one JSON-RPC line written to the server's stdin, until
// its answer's line is read from its stdout.
//
//	go test ./runtime/mcpserver -run '^$' -bench StdioRawEvaluateShell100 -benchtime 3000x
func BenchmarkStdioRawEvaluateShell100(b *testing.B) {
	cmd := stdioServer(b)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	lines := bufio.NewReaderSize(stdout, 1<<16)
	send := func(line string) {
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			b.Fatal(err)
		}
	}
	answer := func(id int) []byte {
		for {
			line, err := lines.ReadBytes('\n')
			if err != nil {
				b.Fatal(err)
			}
			if bytes.Contains(line, []byte(fmt.Sprintf(`"id":%d,`, id))) {
				return line
			}
		}
	}
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
	answer(0)
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call := func(id int) []byte {
		send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"hookify_evaluate_shell","arguments":{"command":"git commit -m \"feat: add the parser\" && npm test"}}}`, id))
		return answer(id)
	}
	for i := range 50 {
		if line := call(i + 1); !bytes.Contains(line, []byte(`"structuredContent":{"decision":"block"`)) {
			b.Fatalf("answer: %s", line)
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		call(1000 + i)
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	reportTimes(b, times)
}
