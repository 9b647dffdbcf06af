package codextest

// Recorded Codex answers.
//
// A conformance test opens a Session on its recording, a JSON-lines file
// beside the test (testdata/codex/<suite>.jsonl), and asks it what codex
// answers. By default the session answers from the recording: no codex
// binary, no network, no subprocess, and the test still compares hookifyc
// with what Codex said. An answer the recording lacks fails the test.
//
// With HOOKIFYC_LIVE=1 the session runs the real codex for every call (a
// missing binary fails the test); the test compares codex with hookifyc as
// before, and the session also compares codex with the recording. Adding
// -update (internal/golden's flag) rewrites the recording from the live
// answers instead:
//
//	HOOKIFYC_LIVE=1 go test ./compiler/execpolicy ./compiler/lower -run Conformance -update
//
// Recording file: the first line is a header naming the codex version, the
// command that regenerates the file and the SHA-256 of every rule file the
// test handed codex (a changed rule file, e.g. a changed compiler output,
// makes the recording stale: the test fails until it is regenerated). Then
// one line per distinct codex call, sorted by its arguments: the arguments,
// the exit code, stdout and the cleaned stderr (CleanStderr). Codex's
// temporary directories are written as FakeRoot, so the file does not
// depend on the machine; offline, the session's Dir and Home are under
// FakeRoot too, and the rule files the test registers are named
// FakeRoot/rules/<name> (hookifyc never reads them: tests give it the bytes).

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/internal/atomicfile"
	"github.com/hookifyc/hookifyc/internal/golden"
)

// LiveEnv names the environment variable that turns on the live and slow
// suites: HOOKIFYC_LIVE=1 runs the real codex in the conformance tests and
// every case in the sampled parity and property tests.
const LiveEnv = "HOOKIFYC_LIVE"

// Live reports whether $HOOKIFYC_LIVE asks for the live, slow suites (any
// value but "", "0" and "false").
func Live() bool {
	switch os.Getenv(LiveEnv) {
	case "", "0", "false":
		return false
	}
	return true
}

// FakeRoot stands for the session's temporary directory in recordings, and
// is the session's directory when it answers from a recording.
const FakeRoot = "/hookifyc-codex"

// Session answers codex calls for one test, live or from a recording.
type Session struct {
	// Dir and Home are codex's working directory and $HOME: the test gives
	// them to hookifyc (MatchOptions) so that relative and ~/ program paths
	// resolve the same way.
	Dir, Home string

	t      testing.TB
	path   string // recording file
	regen  string // command that regenerates it
	live   bool
	runner *Runner
	root   string // directory codex sees (live) or FakeRoot

	rec     *recording // nil: no recording file
	recErr  error
	mu      sync.Mutex
	files   map[string]string // registered name → sha256
	calls   map[string]Entry  // key → answer given (normalized)
	missing int
	runErr  error
}

// Entry is one recorded codex call.
type Entry struct {
	Args   []text `json:"args"`
	Exit   int    `json:"exit"`
	Stdout text   `json:"stdout"`
	Stderr text   `json:"stderr,omitempty"`
}

type header struct {
	Codex      string            `json:"codex"`
	Regenerate string            `json:"regenerate"`
	Files      map[string]string `json:"files"` // name → sha256 (JSON object keys are sorted)
}

type recording struct {
	header
	entries map[string]Entry
}

// Open starts a session on the recording at path (relative to the test's
// directory). regen is the command that regenerates it, quoted in failures.
// Live, a missing codex binary fails the test.
func Open(t testing.TB, path, regen string) *Session {
	t.Helper()
	s := &Session{t: t, path: path, regen: regen, live: Live(), files: map[string]string{}, calls: map[string]Entry{}}
	s.rec, s.recErr = readRecording(path)
	if s.live {
		r := NewRunner(t)
		s.runner = r
		s.root = filepath.Dir(r.Dir)
		s.Dir, s.Home = r.Dir, r.Home
		if err := os.MkdirAll(filepath.Join(s.root, "rules"), 0o755); err != nil {
			t.Fatal(err)
		}
	} else {
		if s.recErr != nil {
			t.Fatalf("codex recording: %v\n(regenerate it from the real codex with: %s)", s.recErr, regen)
		}
		if s.rec.Codex != Version {
			t.Fatalf("%s records codex %s, want %s (regenerate it with: %s)", path, s.rec.Codex, Version, regen)
		}
		s.root = FakeRoot
		s.Dir, s.Home = FakeRoot+"/wd", FakeRoot+"/home"
	}
	t.Cleanup(s.finish)
	return s
}

// IsLive reports whether the session runs the real codex.
func (s *Session) IsLive() bool { return s.live }

// File registers a rule file the test hands codex and returns the path to
// pass to it (<root>/rules/<name>; written there when live). Offline, the
// test fails unless the recording was made with the same bytes.
func (s *Session) File(name string, data []byte) string {
	s.t.Helper()
	if name == "" || strings.ContainsRune(name, '/') {
		s.t.Fatalf("codextest: bad file name %q", name)
	}
	sum := sha256.Sum256(data)
	h := hex.EncodeToString(sum[:])
	s.mu.Lock()
	if old, ok := s.files[name]; ok && old != h {
		s.mu.Unlock()
		s.t.Fatalf("codextest: file %s registered twice with different contents", name)
	}
	s.files[name] = h
	s.mu.Unlock()
	p := s.root + "/rules/" + name
	if s.live {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			s.t.Fatal(err)
		}
		return p
	}
	switch rh, ok := s.rec.Files[name]; {
	case !ok:
		s.t.Fatalf("%s has no answers for rule file %s: regenerate it from the real codex with:\n\t%s", s.path, name, s.regen)
	case rh != h:
		s.t.Fatalf("%s was recorded for other contents of rule file %s (sha256 %.12s…, now %.12s…): "+
			"codex's answers for the new file are unknown; regenerate them with:\n\t%s", s.path, name, rh, h, s.regen)
	}
	return p
}

// ErrNotRecorded is returned (wrapped) for a call the recording lacks.
var ErrNotRecorded = errors.New("no recorded codex answer")

// Check runs `codex execpolicy check [--resolve-host-executables] -r F... -- argv...`.
func (s *Session) Check(rules []string, resolve bool, argv []string) (Result, error) {
	args := []string{"execpolicy", "check"}
	if resolve {
		args = append(args, "--resolve-host-executables")
	}
	for _, f := range rules {
		args = append(args, "-r", f)
	}
	args = append(args, "--")
	return s.Run(append(args, argv...)...)
}

// Run answers one codex call; it is safe for concurrent use. Live, it runs
// codex; otherwise it looks the call up in the recording, and a call the
// recording lacks is an ErrNotRecorded error.
func (s *Session) Run(args ...string) (Result, error) {
	if !s.live {
		key := s.key(args)
		e, ok := s.rec.entries[key]
		s.mu.Lock()
		if ok {
			s.calls[key] = e
		} else {
			s.missing++
		}
		s.mu.Unlock()
		if !ok {
			return Result{}, fmt.Errorf("%w in %s for codex %q: regenerate it from the real codex with:\n\t%s", ErrNotRecorded, s.path, args, s.regen)
		}
		return Result{Stdout: []byte(e.Stdout), Stderr: []byte(e.Stderr), ExitCode: e.Exit}, nil
	}
	res, err := s.runner.Run(args...)
	if err != nil {
		s.mu.Lock()
		s.runErr = err
		s.mu.Unlock()
		return res, err
	}
	norm := make([]text, len(args))
	for i, a := range args {
		norm[i] = text(s.normalize(a))
	}
	e := Entry{Args: norm, Exit: res.ExitCode, Stdout: text(s.normalize(string(res.Stdout))), Stderr: text(s.normalize(string(res.Stderr)))}
	s.mu.Lock()
	s.calls[s.key(args)] = e
	s.mu.Unlock()
	return res, nil
}

func (s *Session) normalize(v string) string {
	return strings.ReplaceAll(v, s.root, FakeRoot)
}

// key identifies a call by its normalized arguments.
func (s *Session) key(args []string) string {
	norm := make([]text, len(args))
	for i, a := range args {
		norm[i] = text(s.normalize(a))
	}
	return keyOf(norm)
}

func keyOf(args []text) string {
	b, err := json.Marshal(args)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// finish writes the recording (live with -update) or checks it against the
// calls the test made: live, every answer must equal the recorded one; in
// both modes the recording must hold nothing the test no longer asks.
func (s *Session) finish() {
	t := s.t
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.live && *golden.Update {
		if s.runErr != nil {
			t.Errorf("not rewriting %s: a codex call failed: %v", s.path, s.runErr)
			return
		}
		if err := s.write(); err != nil {
			t.Errorf("writing %s: %v", s.path, err)
			return
		}
		t.Logf("wrote %d codex answers to %s", len(s.calls), s.path)
		return
	}
	if !s.live {
		if s.missing > 0 {
			t.Errorf("%s lacks codex's answers for %d of the test's %d calls; regenerate it from the real codex with:\n\t%s",
				s.path, s.missing, s.missing+len(s.calls), s.regen)
			return
		}
		if *golden.Update {
			t.Logf("-update without %s=1: %s compared, not rewritten (regenerate it with: %s)", LiveEnv, s.path, s.regen)
		}
		if t.Failed() {
			return // stale entries are noise next to the real failure
		}
		var stale []string
		for k := range s.rec.entries {
			if _, ok := s.calls[k]; !ok {
				stale = append(stale, k)
			}
		}
		for name := range s.rec.Files {
			if _, ok := s.files[name]; !ok {
				stale = append(stale, "rule file "+name)
			}
		}
		if len(stale) > 0 {
			slices.Sort(stale)
			t.Errorf("%s holds %d answers the test no longer asks for (first: %s); regenerate it with:\n\t%s",
				s.path, len(stale), stale[0], s.regen)
		}
		return
	}
	// Live, without -update: the recording must agree with codex.
	if s.recErr != nil {
		t.Errorf("codex recording: %v\n(write it with: %s)", s.recErr, s.regen)
		return
	}
	var diffs []string
	for k, e := range s.calls {
		r, ok := s.rec.entries[k]
		switch {
		case !ok:
			diffs = append(diffs, "not recorded: "+k)
		case !entryEqual(r, e):
			diffs = append(diffs, fmt.Sprintf("codex %s\n   now:      exit %d stdout %q stderr %q\n   recorded: exit %d stdout %q stderr %q",
				k, e.Exit, e.Stdout, e.Stderr, r.Exit, r.Stdout, r.Stderr))
		}
	}
	for k := range s.rec.entries {
		if _, ok := s.calls[k]; !ok && s.runErr == nil {
			diffs = append(diffs, "recorded but not asked: "+k)
		}
	}
	for name, h := range s.files {
		if s.rec.Files[name] != h {
			diffs = append(diffs, "rule file "+name+" differs from the recorded one")
		}
	}
	for name := range s.rec.Files {
		if _, ok := s.files[name]; !ok {
			diffs = append(diffs, "rule file "+name+" is recorded but not used")
		}
	}
	if len(diffs) > 0 {
		slices.Sort(diffs)
		if len(diffs) > 10 {
			diffs = append(diffs[:10], fmt.Sprintf("… %d more", len(diffs)-10))
		}
		t.Errorf("the live codex and %s disagree (%d calls); regenerate it with:\n\t%s\n%s",
			s.path, len(s.calls), s.regen, strings.Join(diffs, "\n"))
	}
}

func entryEqual(a, b Entry) bool {
	return a.Exit == b.Exit && a.Stdout == b.Stdout && a.Stderr == b.Stderr && keyOf(a.Args) == keyOf(b.Args)
}

// write stores the calls made, sorted by arguments, atomically.
func (s *Session) write() error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(header{Codex: Version, Regenerate: s.regen, Files: s.files}); err != nil {
		return err
	}
	keys := make([]string, 0, len(s.calls))
	for k := range s.calls {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if err := enc.Encode(s.calls[k]); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(s.path, buf.Bytes(), 0o644)
}

func readRecording(path string) (*recording, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	rec := &recording{entries: map[string]Entry{}}
	n := 0
	for sc.Scan() {
		n++
		line := sc.Bytes()
		if n == 1 {
			if err := json.Unmarshal(line, &rec.header); err != nil || rec.Codex == "" {
				return nil, fmt.Errorf("%s:1: bad header: %v", path, err)
			}
			if rec.Files == nil {
				rec.Files = map[string]string{}
			}
			continue
		}
		var e Entry
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		k := keyOf(e.Args)
		if _, dup := rec.entries[k]; dup {
			return nil, fmt.Errorf("%s:%d: duplicate entry for %s", path, n, k)
		}
		rec.entries[k] = e
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("%s: empty", path)
	}
	return rec, nil
}

// text is a string stored as a JSON string when it is valid UTF-8 and as
// {"base64": "..."} otherwise, so that any bytes round-trip.
type text string

func (x text) MarshalJSON() ([]byte, error) {
	if utf8.ValidString(string(x)) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(string(x)); err != nil {
			return nil, err
		}
		return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
	}
	return json.Marshal(struct {
		Base64 string `json:"base64"`
	}{base64.StdEncoding.EncodeToString([]byte(x))})
}

func (x *text) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '{' {
		var v struct {
			Base64 string `json:"base64"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		d, err := base64.StdEncoding.DecodeString(v.Base64)
		*x = text(d)
		return err
	}
	var s string
	err := json.Unmarshal(b, &s)
	*x = text(s)
	return err
}
