package codextest

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestErrorText(t *testing.T) {
	for _, tc := range []struct{ stderr, want string }{
		{"Error: failed to parse policy at x.rules\n\nCaused by:\n    starlark error: Traceback (most recent call last):\n      * x.rules:1, in <module>\n          prefix_rule([\"git\"], decision = \"deny\")\n    error: invalid decision: deny\n     --> x.rules:1:1\n", "invalid decision: deny"},
		{"Error: failed to parse policy at x.rules\n\nCaused by:\n    starlark error: error: Parse error: unexpected new line, expected symbol ')'\n     --> x.rules:1:1\n", "Parse error: unexpected new line, expected symbol ')'"},
		{"Error: failed to parse policy at x.rules\n\nCaused by:\n    expected example to not match rule `R`: git status\n", "expected example to not match rule `R`: git status"},
		{"", ""},
	} {
		if got := ErrorText([]byte(tc.stderr)); got != tc.want {
			t.Errorf("ErrorText = %q, want %q", got, tc.want)
		}
	}
}

func TestCleanStderr(t *testing.T) {
	in := "WARNING: proceeding, even though we could not create PATH aliases: x\nError: y\n"
	if got := string(CleanStderr([]byte(in))); got != "Error: y\n" {
		t.Errorf("got %q", got)
	}
}

// TestBinary locates (installing if needed) the pinned codex and checks its
// version under HOOKIFYC_LIVE=1, where it fails, never skips, when codex
// cannot be had. Without it no test needs the binary.
func TestBinary(t *testing.T) {
	if !Live() {
		t.Skipf("the codex binary is needed only with %s=1", LiveEnv)
	}
	bin := Binary(t)
	if err := checkVersion(bin); err != nil {
		t.Fatal(err)
	}
}

func TestTextRoundTrip(t *testing.T) {
	for _, v := range []text{"", "plain", "<&> \"q\" \\ é 😀 \u2028", "\xff\xfe bad utf-8", "\x00\x01"} {
		b, err := json.Marshal([]text{v})
		if err != nil {
			t.Fatal(err)
		}
		var back []text
		if err := json.Unmarshal(b, &back); err != nil || len(back) != 1 || back[0] != v {
			t.Errorf("%q → %s → %q, %v", v, b, back, err)
		}
	}
}

// fakeTB records what a Session reports; Fatalf ends the goroutine as
// testing.T's does.
type fakeTB struct {
	testing.TB
	errs     []string
	failed   bool
	cleanups []func()
}

func (f *fakeTB) Helper()             {}
func (f *fakeTB) Logf(string, ...any) {}
func (f *fakeTB) Failed() bool        { return f.failed }
func (f *fakeTB) Cleanup(fn func())   { f.cleanups = append(f.cleanups, fn) }
func (f *fakeTB) Errorf(format string, args ...any) {
	f.failed = true
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Fatalf(format string, args ...any) { f.Errorf(format, args...); runtime.Goexit() }
func (f *fakeTB) Fatal(args ...any)                 { f.Errorf("%s", fmt.Sprint(args...)); runtime.Goexit() }

// offline runs body on a session over a recording made of lines, then its
// cleanups, and returns what the session reported.
func offline(t *testing.T, lines []string, body func(s *Session)) []string {
	t.Setenv(LiveEnv, "")
	path := filepath.Join(t.TempDir(), "rec.jsonl")
	if lines != nil {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f := &fakeTB{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		body(Open(f, path, "REGEN"))
	}()
	<-done
	for _, c := range f.cleanups {
		c()
	}
	return f.errs
}

func TestSessionOffline(t *testing.T) {
	const sum = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824" // sha256("hello")
	head := `{"codex":"` + Version + `","regenerate":"REGEN","files":{"a.rules":"` + sum + `"}}`
	entry := `{"args":["execpolicy","check","-r","` + FakeRoot + `/rules/a.rules","--","git"],"exit":0,"stdout":"{}\n"}`
	ask := func(s *Session) (Result, error) {
		return s.Check([]string{s.File("a.rules", []byte("hello"))}, false, []string{"git"})
	}

	// A recorded call answers from the recording.
	var got Result
	errs := offline(t, []string{head, entry}, func(s *Session) {
		if s.Dir != FakeRoot+"/wd" || s.Home != FakeRoot+"/home" {
			t.Errorf("Dir, Home = %s, %s", s.Dir, s.Home)
		}
		var err error
		if got, err = ask(s); err != nil {
			t.Error(err)
		}
	})
	if len(errs) != 0 || string(got.Stdout) != "{}\n" || got.ExitCode != 0 {
		t.Errorf("recorded call: %+v, errors %q", got, errs)
	}

	for _, tc := range []struct {
		name  string
		lines []string
		body  func(s *Session)
		want  string
	}{
		{"no recording", nil, func(s *Session) { ask(s) }, "no such file"},
		{"call not recorded", []string{head, entry}, func(s *Session) {
			if _, err := s.Check(nil, true, []string{"git"}); !errors.Is(err, ErrNotRecorded) {
				t.Errorf("err = %v", err)
			}
		}, "lacks codex's answers for 1 of the test's 1 calls"},
		{"file changed", []string{head, entry}, func(s *Session) { s.File("a.rules", []byte("hello!")) }, "other contents of rule file a.rules"},
		{"file not recorded", []string{head, entry}, func(s *Session) { s.File("b.rules", nil) }, "no answers for rule file b.rules"},
		{"stale entry", []string{head, entry}, func(s *Session) { s.File("a.rules", []byte("hello")) }, "holds 1 answers the test no longer asks for"},
		{"other version", []string{`{"codex":"0.1.0","regenerate":"REGEN","files":{}}`}, func(*Session) {}, "records codex 0.1.0"},
	} {
		errs := offline(t, tc.lines, tc.body)
		if len(errs) != 1 || !strings.Contains(errs[0], tc.want) || !strings.Contains(errs[0], "REGEN") {
			t.Errorf("%s: errors %q, want one containing %q and the regenerate command", tc.name, errs, tc.want)
		}
	}
}
