package benchtables

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/testenv"
	"github.com/hookifyc/hookifyc/runtime/hookcmd"
)

// The resident table measures a design hookifyc does not ship: the hook
// as a small client of a long-lived evaluator, over a Unix socket. It
// answers one question for docs/benchmarks.md: would such a design reach
// the latency targets the per-call hook process cannot? The evaluator is
// this test binary started again (TestMain), answering each connection
// with hookcmd.Main as a hook process would (same flags, environment,
// rule cache and audit log), but in a process that stays warm. The
// client does no more than the floor: it reads stdin, writes it to the
// socket and copies the answer to stdout.
//
// HOOKIFYC_BENCH=resident go test ./internal/benchtables -run Tables -v -count=1

// serveEnv names the socket the re-started test binary serves on.
const serveEnv = "HOOKIFYC_BENCH_SERVE"

// echoEnv makes the server answer {} without evaluating anything: what
// the round trip alone costs.
const echoEnv = "HOOKIFYC_BENCH_SERVE_ECHO"

func TestMain(m *testing.M) {
	if sock := os.Getenv(serveEnv); sock != "" {
		serve(sock, os.Getenv(echoEnv) != "")
		return
	}
	os.Exit(m.Run())
}

// serve answers hook calls on the Unix socket sock until it is killed:
// the connection's bytes are the hook's stdin, the answer is one status
// byte (the exit code) and the hook's stdout.
func serve(sock string, echo bool) {
	l, err := net.Listen("unix", sock)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for {
		c, err := l.Accept()
		if err != nil {
			continue
		}
		go func(c net.Conn) {
			defer c.Close()
			start := time.Now()
			in, err := io.ReadAll(c)
			if err != nil {
				return
			}
			var stdout, stderr bytes.Buffer
			code := 0
			if echo {
				stdout.WriteString("{}\n")
			} else {
				h := hookcmd.Host{Getenv: os.Getenv, Getwd: os.Getwd, Stdin: bytes.NewReader(in), Stdout: &stdout, Stderr: &stderr, Version: "bench"}
				code = hookcmd.Main(nil, os.LookupEnv, h, start)
			}
			c.Write(append([]byte{byte(code)}, stdout.Bytes()...))
		}(c)
	}
}

// clientSource is the client: what the floor does, with a socket
// instead of a JSON parse, in plain system calls (no network poller).
const clientSource = `package main

import (
	"os"
	"syscall"
)

func readAll(fd int) []byte {
	b := make([]byte, 0, 64<<10)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := syscall.Read(fd, b[len(b):cap(b)])
		if n <= 0 || err != nil {
			return b
		}
		b = b[:len(b)+n]
	}
}

func main() {
	in := readAll(0)
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		os.Exit(3)
	}
	if err := syscall.Connect(fd, &syscall.SockaddrUnix{Name: os.Args[1]}); err != nil {
		os.Exit(3)
	}
	for len(in) > 0 {
		n, err := syscall.Write(fd, in)
		if err != nil {
			os.Exit(3)
		}
		in = in[n:]
	}
	syscall.Shutdown(fd, syscall.SHUT_WR)
	out := readAll(fd)
	if len(out) == 0 {
		os.Exit(3)
	}
	os.Stdout.Write(out[1:])
	os.Exit(int(out[0]))
}
`

func resident(t *testing.T, out *bytes.Buffer) {
	hookBin := testenv.HookBinary(t)
	floor := buildProgram(t, "floor", floorSource)
	client := buildProgram(t, "client", clientSource)
	fmt.Fprintln(out, "## Resident evaluator (not shipped): a client process against the floor")
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| process | rules | runs | median | floor median | ratio | warm, in process: a hook call / the rule files' checks alone |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|")
	for _, n := range []int{4, 100, 1000} {
		dir, in, runs := benchProject(t, n)
		// Socket paths are short (108 bytes at most): not in t.TempDir.
		sockDir, err := os.MkdirTemp("", "hkres")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(sockDir) })
		evalSock := startServer(t, dir, filepath.Join(sockDir, "eval"), false)
		echoSock := startServer(t, dir, filepath.Join(sockDir, "echo"), true)
		warm := warmCall(t, dir, in, 200)
		checks := fileChecks(t, filepath.Join(dir, ".claude"), 200)
		for _, mode := range []struct {
			name string
			argv []string
		}{
			{"hookifyc-hook (what apply installs)", []string{hookBin}},
			{"client, evaluator answers {} (the round trip)", []string{client, echoSock}},
			{"client, resident evaluator", []string{client, evalSock}},
		} {
			med, fl := interleave(t, runs, dir, in, mode.argv, []string{floor})
			w := ""
			if strings.HasSuffix(mode.name, "resident evaluator") {
				w = fmt.Sprintf("%.3f ms / %.3f ms", ms(warm), ms(checks))
			}
			fmt.Fprintf(out, "| %s | %d | %d | %.2f ms | %.2f ms | %.2f× | %s |\n", mode.name, n, runs, ms(med), ms(fl), float64(med)/float64(fl), w)
		}
	}
	fmt.Fprintln(out)
}

// buildProgram builds a one-file Go program with no dependencies.
func buildProgram(t *testing.T, name, source string) string {
	tmp := t.TempDir()
	if err := os.WriteFile(filepath.Join(tmp, name+".go"), []byte(source), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module "+name+"\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, name)
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = tmp
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", name, err, msg)
	}
	return bin
}

// startServer starts this test binary as a resident evaluator in dir
// (its HOME and working directory, as a hook process has them) and
// waits until it accepts connections.
func startServer(t *testing.T, dir, sock string, echo bool) string {
	cmd := exec.Command(os.Args[0])
	cmd.Dir = dir
	cmd.Env = []string{"LANG=C.UTF-8", "HOME=" + dir, serveEnv + "=" + sock}
	if echo {
		cmd.Env = append(cmd.Env, echoEnv+"=1")
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	for i := 0; ; i++ {
		c, err := net.Dial("unix", sock)
		if err == nil {
			c.Close()
			return sock
		}
		if i == 200 {
			t.Fatalf("the evaluator on %s never answered: %v", sock, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// warmCall is the median time of one hook call made in a warm process,
// as the resident evaluator makes it: the evaluator's share of a call.
func warmCall(t *testing.T, dir string, in []byte, runs int) time.Duration {
	env := map[string]string{"HOME": dir, "LANG": "C.UTF-8"}
	getenv := func(k string) string { return env[k] }
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	var samples []time.Duration
	for i := 0; i <= runs; i++ {
		var stdout, stderr bytes.Buffer
		h := hookcmd.Host{Getenv: getenv, Getwd: func() (string, error) { return dir, nil }, Stdin: bytes.NewReader(in), Stdout: &stdout, Stderr: &stderr, Version: "bench"}
		start := time.Now()
		if code := hookcmd.Main(nil, lookup, h, start); code != 0 {
			t.Fatalf("hook call in process: exit %d: %s", code, stderr.String())
		}
		if i > 0 {
			samples = append(samples, time.Since(start))
		}
	}
	return median(samples)
}
