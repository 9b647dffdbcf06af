//go:build !windows

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

// runIn runs hookifyc in-process in dir with HOME=dir and no managed
// layer, failing the test if it does not answer within a minute (a read
// that blocks would hang it forever).
func runIn(t *testing.T, dir string, stdin *os.File, args ...string) (string, string, int) {
	t.Helper()
	m := machine{
		getenv:     func(k string) string { return map[string]string{"HOME": dir}[k] },
		getwd:      func() (string, error) { return dir, nil },
		executable: os.Executable,
	}
	var stdout, stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		var in = stdin
		if in == nil {
			in, _ = os.Open(os.DevNull)
		}
		done <- run(context.Background(), m, append([]string{"hookifyc"}, args...), in, &stdout, &stderr)
	}()
	select {
	case code := <-done:
		return stdout.String(), stderr.String(), code
	case <-time.After(time.Minute):
		t.Fatalf("hookifyc %v did not answer: a read blocked", args)
		return "", "", 0
	}
}

// TestNothingBlocks: a FIFO or an endless device named as a SOURCE, as a
// .rules file or as a Stop event's transcript, and /dev/zero as stdin,
// never make a command wait (issue: an agent cannot walk past the guard).
func TestNothingBlocks(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	fifoJSON := filepath.Join(dir, "settings.json")
	if err := syscall.Mkfifo(fifoJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	stop := filepath.Join(dir, "stop.json")
	if err := os.WriteFile(stop, []byte(`{"session_id":"s","transcript_path":"`+fifo+`","cwd":"`+dir+`","hook_event_name":"Stop","stop_hook_active":false}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude", "hookify.t.local.md"), []byte("---\nname: t\nevent: stop\npattern: done\naction: block\n---\nNot yet.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"check, a FIFO source", "", []string{"check", fifo, "--", "ls"}, 0, "problem"},
		{"check, a FIFO settings source", "", []string{"check", fifoJSON, "--", "ls"}, 0, "not a regular file"},
		{"check, /dev/zero as source", "", []string{"check", "/dev/zero", "--", "ls"}, 0, "not a regular file"},
		{"compile, a FIFO source", "", []string{"compile", "--out", filepath.Join(dir, "out"), fifoJSON}, 1, "not a regular file"},
		{"execpolicy check, a FIFO", "", []string{"execpolicy", "check", "-r", fifo, "ls"}, 1, "not a regular file"},
		{"rules enable, a FIFO", "", []string{"rules", "enable", fifo}, 1, "not a regular file"},
		{"hook, FIFO transcript, fail open", stop, []string{"hook"}, 0, "transcript"},
		{"hook, FIFO transcript, fail closed", stop, []string{"hook", "--fail", "closed"}, 2, "transcript"},
		{"hook, /dev/zero as stdin", "/dev/zero", []string{"hook", "--max-input", "1000000"}, 0, "larger than 1000000 bytes"},
		{"hook, /dev/zero as stdin, fail closed", "/dev/zero", []string{"hook", "--max-input", "1000000", "--fail", "closed"}, 2, "larger than 1000000 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var in *os.File
			if tc.stdin != "" {
				f, err := os.Open(tc.stdin)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				in = f
			}
			stdout, stderr, code := runIn(t, dir, in, tc.args...)
			if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
				t.Errorf("exit %d, want %d; output:\n%s%s", code, tc.code, stdout, stderr)
			}
		})
	}
}

// TestAuditLogCannotHoldTheHook: the audit log lives where the guarded
// agent can write, so it can put a FIFO there or hold the log's lock. A
// hook held until the agent's timeout makes no decision (the command
// runs), so the hook answers, says the decision was not logged, and exits
// at once (a held lock: after 2 s).
func TestAuditLogCannotHoldTheHook(t *testing.T) {
	for _, tc := range []struct {
		name  string
		plant func(t *testing.T, log string)
		want  string
	}{
		{"FIFO log", func(t *testing.T, log string) {
			if err := syscall.Mkfifo(log, 0o600); err != nil {
				t.Fatal(err)
			}
		}, "not a regular file"},
		{"FIFO lock", func(t *testing.T, log string) {
			if err := syscall.Mkfifo(log+".lock", 0o600); err != nil {
				t.Fatal(err)
			}
		}, "not a regular file"},
		{"held lock", func(t *testing.T, log string) {
			f, err := os.OpenFile(log+".lock", os.O_CREATE|os.O_RDWR, 0o600)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { f.Close() })
			if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
				t.Fatal(err)
			}
		}, "another process has held it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, ".claude", "hookify.rm.local.md"), []byte("---\nname: rm\nevent: bash\npattern: rm\\s+-rf\naction: block\n---\nNo rm -rf.\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			logDir := filepath.Join(dir, ".local", "state", "hookifyc")
			if err := os.MkdirAll(logDir, 0o700); err != nil {
				t.Fatal(err)
			}
			tc.plant(t, filepath.Join(logDir, "audit.jsonl"))
			f := bashInput(t, dir, dir, "rm -rf /")
			start := time.Now()
			stdout, stderr, code := runIn(t, dir, f, "hook", "--agent", "claude")
			if code != 0 || !strings.Contains(stdout, `"permissionDecision": "deny"`) || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "decision not logged") {
				t.Errorf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("the hook took %v", d)
			}
		})
	}
}

// TestHookDeadline: a call whose rules take longer than --deadline (here
// rules the guarded agent planted in the project, each a regex that
// backtracks until its timeout) is answered at the deadline as the fail
// mode decides, not left to the agent's hook timeout (which runs the
// call): fail closed refuses it, fail open lets it run and says why. The
// process answers and exits at the deadline; in-process the command
// returns the same answer once the evaluation it gave up on ends.
func TestHookDeadline(t *testing.T) {
	dir := t.TempDir()
	writeSlowRules(t, filepath.Join(dir, ".claude"))
	in := filepath.Join(dir, "in.json")
	if err := os.WriteFile(in, []byte(`{"session_id":"s","cwd":"`+dir+`","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo `+strings.Repeat("a", 5000)+`"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := testenv.Binary(t)
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
	}{
		{[]string{"--agent", "claude"}, 0, `"systemMessage"`},
		{[]string{"--agent", "claude", "--fail", "closed"}, 2, ""},
		{[]string{"--agent", "codex", "--fail", "closed"}, 2, ""},
		{[]string{"--compat", "hookify"}, 0, "Hookify error"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			args := append([]string{"hook", "--deadline", "300ms"}, tc.args...)
			check := func(how, stdout, stderr string, code int) {
				t.Helper()
				// Either the evaluation stopped at three quarters of the
				// deadline ("the call's deadline passed") or the deadline
				// answered ("did not finish … within 300ms"): both say so.
				if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stdout+stderr, "deadline") {
					t.Errorf("%s: exit %d, want %d\nstdout %s\nstderr %s", how, code, tc.code, stdout, stderr)
				}
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cmd.Stdin = f
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			err = cmd.Run()
			took := time.Since(start)
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			check("process", stdout.String(), stderr.String(), code)
			if took > 1500*time.Millisecond { // the regex budget alone is 2 s
				t.Errorf("the process answered after %v", took)
			}
			if len(tc.args) != 2 || tc.args[1] != "claude" {
				return // in-process once: it waits out the evaluation (2 s)
			}
			g, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Close()
			out, errOut, code := runIn(t, dir, g, args...)
			check("in-process", out, errOut, code)
		})
	}
}

// TestHookDeadlineLogLockHeld: the guarded agent can hold the audit log's
// lock (it runs as the user) while it makes the call slow; the hook still
// answers and exits by its --deadline (the log's lock waits no longer), so
// the agent never reaches its hook timeout, after which it would run the
// call. The decision is then not logged, and stderr says so.
func TestHookDeadlineLogLockHeld(t *testing.T) {
	dir := t.TempDir()
	writeSlowRules(t, filepath.Join(dir, ".claude"))
	log := filepath.Join(dir, "audit.jsonl")
	lock, err := os.OpenFile(log+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(testenv.Binary(t), "hook", "--agent", "claude", "--deadline", "300ms", "--audit-log", log)
	cmd.Dir = dir
	cmd.Env = []string{"HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	cmd.Stdin = bashInput(t, dir, dir, "echo "+strings.Repeat("a", 5000))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\nstderr %s", err, stderr.String())
	}
	took := time.Since(start)
	if !strings.Contains(stdout.String(), `"systemMessage"`) || !strings.Contains(stderr.String(), "decision not logged") {
		t.Errorf("stdout %.600s\nstderr %.600s", stdout.String(), stderr.String())
	}
	if took > 1500*time.Millisecond { // the log's lock alone waited 2 s before
		t.Errorf("the process exited after %v", took)
	}
}

// writeSlowRules writes 40 project rules whose regexes backtrack without
// end on a long run of a's: a call made slow by the guarded agent.
func writeSlowRules(t *testing.T, claude string) {
	t.Helper()
	if err := os.MkdirAll(claude, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		rule := fmt.Sprintf("---\nname: slow%d\nevent: bash\npattern: (a+)+\\1\\d{%d}\n---\nslow\n", i, i+1)
		if err := os.WriteFile(filepath.Join(claude, fmt.Sprintf("hookify.slow%d.local.md", i)), []byte(rule), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// writeAlternationRules writes rules project rules named slow0, slow1, …
// whose patterns are alternations of alternatives terms, the term j of
// rule i being fmt.Sprintf(term, i, j), in a look-ahead for an "e" (off
// pyre's linear path): slow to compile.
func writeAlternationRules(t *testing.T, claude string, rules, alternatives int, term string) {
	t.Helper()
	for i := range rules {
		var b strings.Builder
		fmt.Fprintf(&b, "---\nname: slow%d\nevent: bash\npattern: (?=e)(?:", i)
		for j := range alternatives {
			if j > 0 {
				b.WriteByte('|')
			}
			fmt.Fprintf(&b, term, i, j)
		}
		b.WriteString(")\n---\nslow\n")
		if err := os.WriteFile(filepath.Join(claude, fmt.Sprintf("hookify.slow%d.local.md", i)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHookDeadlineKeepsTrustedBlocks: rules the agent plants in the
// project to make the call slow cannot outlast a user rule that blocks:
// reading and evaluating stop at three quarters of --deadline, the managed
// and user layers come first, and the rules read by then decide, with the
// rest reported (fail open: the user rule's block stands).
func TestHookDeadlineKeepsTrustedBlocks(t *testing.T) {
	dir := t.TempDir()
	writeSlowRules(t, filepath.Join(dir, "proj", ".claude"))
	// runIn sets HOME to the project: its .codex/hookify is the user layer.
	user := filepath.Join(dir, "proj", ".codex", "hookify")
	if err := os.MkdirAll(user, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(user, "no-echo.md"), []byte("---\nname: no-echo\nevent: bash\npattern: ^echo\naction: block\n---\nNo echo.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	proj := filepath.Join(dir, "proj")
	f := bashInput(t, dir, proj, "echo "+strings.Repeat("a", 5000))
	start := time.Now()
	stdout, stderr, code := runIn(t, proj, f, "hook", "--agent", "claude", "--deadline", "800ms")
	took := time.Since(start)
	if code != 0 || !strings.Contains(stdout, `"permissionDecision": "deny"`) || !strings.Contains(stdout, "No echo.") || !strings.Contains(stdout+stderr, "deadline passed") {
		t.Errorf("exit %d\nstdout %.600s\nstderr %.600s", code, stdout, stderr)
	}
	if took > 1500*time.Millisecond {
		t.Errorf("answered after %v", took)
	}
}

// TestHookDeadlineKeepsTrustedBlocksPastASlowRule: a project rule too
// slow to stop at the cooperative checks (patterns of a hundred thousand
// alternatives, each compiled and searched in one step) keeps the evaluation
// running past --deadline; the deadline's answer is then the managed and
// user layers' alone, so the user rule's block stands (fail open), for a
// whole payload and for one cut at --max-input, and the answer is logged.
func TestHookDeadlineKeepsTrustedBlocksPastASlowRule(t *testing.T) {
	dir, proj, user := projectAndUserDirs(t)
	// Slow to compile (about 0.13 s, one step), within every bound on
	// what a project's rules may cost (sources.DefaultProjectPatternBytes,
	// engine.DefaultUntrustedPatternBytes, pyre.MaxEmittedLen): one rule
	// of 75,000 alternatives; the deadline is shorter than that step.
	writeAlternationRules(t, filepath.Join(proj, ".claude"), 1, 75_000, "a%[2]db%[1]d")
	if err := os.WriteFile(filepath.Join(user, "no-echo.md"), []byte("---\nname: no-echo\nevent: bash\npattern: ^echo\naction: block\n---\nNo echo.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := testenv.Binary(t)
	for _, cut := range []bool{false, true} {
		t.Run(fmt.Sprintf("cut=%v", cut), func(t *testing.T) {
			log := filepath.Join(dir, fmt.Sprintf("audit-%v.jsonl", cut))
			args := []string{"hook", "--agent", "claude", "--cache", "off", "--deadline", "40ms", "--audit-log", log}
			in := bashInput(t, dir, proj, "echo "+strings.Repeat("x", 200))
			if cut { // inside the command's padding
				fi, err := in.Stat()
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, "--max-input", fmt.Sprint(fi.Size()-100))
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = proj
			cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH")}
			cmd.Stdin = in
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v\nstdout %s\nstderr %s", err, stdout.String(), stderr.String())
			}
			if out := stdout.String(); !strings.Contains(out, `"permissionDecision": "deny"`) || !strings.Contains(out, "No echo.") || !strings.Contains(out, "the project's rules were left out") {
				t.Errorf("stdout %.800s\nstderr %.400s", out, stderr.String())
			}
			entry, err := os.ReadFile(log)
			if err != nil || !strings.Contains(string(entry), `"decision":"block"`) || !strings.Contains(string(entry), "no-echo") {
				t.Errorf("audit log: %v\n%s", err, entry)
			}
		})
	}
}

// bashInput writes a Claude Code PreToolUse payload for a Bash command run
// in cwd to dir/in.json and opens it as a hook's stdin (closed with the
// test).
func bashInput(t *testing.T, dir, cwd, command string) *os.File {
	t.Helper()
	in := filepath.Join(dir, "in.json")
	payload := `{"session_id":"s","cwd":"` + cwd + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` + command + `"}}`
	if err := os.WriteFile(in, []byte(payload), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// TestHookDeadlineKeepsTrustedBlocksPastSlowCompiles: project rules
// planted to be slow to compile (not to search) use up the evaluation's
// time before the first rule is reached; the user rule that blocks still
// blocks (the managed and user rules are evaluated again alone), under the
// default fail mode (open).
func TestHookDeadlineKeepsTrustedBlocksPastSlowCompiles(t *testing.T) {
	dir, proj, user := projectAndUserDirs(t)
	writeAlternationRules(t, filepath.Join(proj, ".claude"), 1, 75_000, "q%dz%d")
	if err := os.WriteFile(filepath.Join(user, "no-echo.md"), []byte("---\nname: no-echo\nevent: bash\npattern: ^echo\naction: block\n---\nNo echo.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(testenv.Binary(t), "hook", "--agent", "claude", "--cache", "off", "--deadline", "40ms")
	cmd.Dir = proj
	cmd.Env = []string{"HOME=" + filepath.Join(dir, "home"), "PATH=" + os.Getenv("PATH")}
	cmd.Stdin = bashInput(t, dir, proj, "echo hi")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil || !strings.Contains(stdout.String(), `"permissionDecision": "deny"`) || !strings.Contains(stdout.String(), "No echo.") || !strings.Contains(stdout.String()+stderr.String(), "deadline") {
		t.Errorf("%v\nstdout %.800s\nstderr %.800s", err, stdout.String(), stderr.String())
	}
}

// projectAndUserDirs makes a temporary directory holding a project (with
// its .claude directory) and a home whose .codex/hookify is the user layer.
func projectAndUserDirs(t *testing.T) (dir, proj, user string) {
	t.Helper()
	dir = t.TempDir()
	proj = filepath.Join(dir, "proj")
	user = filepath.Join(dir, "home", ".codex", "hookify")
	for _, d := range []string{filepath.Join(proj, ".claude"), user} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir, proj, user
}
