package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// childVar makes the test binary a writer process of TestParallelProcesses.
const childVar = "HOOKIFYC_AUDIT_TEST_CHILD"

func TestMain(m *testing.M) {
	if spec := os.Getenv(childVar); spec != "" {
		os.Exit(child(spec))
	}
	os.Exit(m.Run())
}

// child appends the decisions of one writer process: spec is
// "path id count maxbytes files".
func child(spec string) int {
	var path string
	var id, count, files int
	var maxBytes int64
	if _, err := fmt.Sscan(spec, &path, &id, &count, &maxBytes, &files); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	l := Log{Path: path, MaxBytes: maxBytes, Files: files}
	for i := 0; i < count; i++ {
		if err := l.Append(testEntry(id, i)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	return 0
}

// testEntry is the i-th decision of writer id: a line longer than 4 KiB,
// more than a pipe's atomic write (PIPE_BUF).
func testEntry(id, i int) *Entry {
	return &Entry{
		Time:      time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Millisecond),
		Version:   "test",
		Command:   "hook",
		Agent:     "claude",
		Event:     "PreToolUse",
		Tool:      "Bash",
		SessionID: fmt.Sprintf("%d/%d", id, i),
		Summary:   strings.Repeat(strconv.Itoa(id%10), 4500),
		Decision:  "allow",
		Semantics: "fixed",
	}
}

// TestParallelProcesses: writer processes appending at once, across
// rotations, neither interleave nor lose lines: 16 processes × 1,000
// decisions of 4.6 KiB (about 2 s on the 2-core machine; -short: × 100).
func TestParallelProcesses(t *testing.T) {
	procs, count := 16, 1000
	if testing.Short() {
		count = 100
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "state", "audit.jsonl")
	// Rotate about every 60 lines; keep enough files for every line.
	const maxBytes = 300 << 10
	files := procs*count/60 + 2
	start := time.Now()
	var cmds []*exec.Cmd
	for id := 0; id < procs; id++ {
		cmd := exec.Command(self, "-test.run=^$")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d %d %d %d", childVar, path, id, count, maxBytes, files))
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("writer: %v", err)
		}
	}
	t.Logf("%d processes × %d decisions in %v", procs, count, time.Since(start))

	seen := map[string]bool{}
	lines := 0
	for n := 0; n < files; n++ {
		data, err := os.ReadFile(RotatedPath(path, n))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 && int64(len(data)) > maxBytes {
			t.Errorf("%s: %d bytes, above the cap of %d", RotatedPath(path, n), len(data), maxBytes)
		}
		for _, line := range strings.SplitAfter(string(data), "\n") {
			if line == "" {
				continue
			}
			lines++
			var e Entry
			if err := json.Unmarshal([]byte(line), &e); err != nil || !strings.HasSuffix(line, "\n") {
				t.Fatalf("%s: line %d is not an entry (%v): %.80q…", RotatedPath(path, n), lines, err, line)
			}
			var id, i int
			fmt.Sscanf(e.SessionID, "%d/%d", &id, &i)
			if e.Summary != strings.Repeat(strconv.Itoa(id%10), 4500) {
				t.Fatalf("entry %s: summary mixed with another line", e.SessionID)
			}
			if seen[e.SessionID] {
				t.Fatalf("entry %s written twice", e.SessionID)
			}
			seen[e.SessionID] = true
		}
	}
	if lines != procs*count || len(seen) != procs*count {
		t.Errorf("%d lines, %d distinct decisions; want %d", lines, len(seen), procs*count)
	}
}

func TestRotation(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	l := Log{Path: path, MaxBytes: 10 << 10, Files: 3}
	for i := 0; i < 20; i++ {
		if err := l.Append(testEntry(1, i)); err != nil {
			t.Fatal(err)
		}
	}
	// Two 4.6 KiB lines per file, three files: the last six remain.
	var got []string
	bad, err := Read(path, 3, func(e *Entry) { got = append(got, e.SessionID) })
	if err != nil || bad != 0 {
		t.Fatal(bad, err)
	}
	if want := "1/14 1/15 1/16 1/17 1/18 1/19"; strings.Join(got, " ") != want {
		t.Errorf("after rotation: %v, want %s", got, want)
	}
	if _, err := os.Stat(RotatedPath(path, 3)); !os.IsNotExist(err) {
		t.Errorf("a fourth file was kept: %v", err)
	}
	for n := 0; n < 3; n++ {
		st, err := os.Stat(RotatedPath(path, n))
		if err != nil || st.Size() > 10<<10 {
			t.Errorf("%s: %v", RotatedPath(path, n), err)
		}
	}

	// One file: the log is truncated instead of copied.
	one := Log{Path: filepath.Join(dir, "one.jsonl"), MaxBytes: 10 << 10, Files: 1}
	for i := 0; i < 5; i++ {
		if err := one.Append(testEntry(2, i)); err != nil {
			t.Fatal(err)
		}
	}
	got = nil
	Read(one.Path, 1, func(e *Entry) { got = append(got, e.SessionID) })
	if strings.Join(got, " ") != "2/4" {
		t.Errorf("one file: %v", got)
	}
}

func TestAppendErrors(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	l := Log{Path: filepath.Join(blocker, "audit.jsonl")}
	err := l.Append(testEntry(0, 0))
	if err == nil || !strings.Contains(err.Error(), "audit log "+l.Path) {
		t.Errorf("a log under a file: %v", err)
	}
	if err := l.Check(); err == nil {
		t.Error("Check of a log under a file: no error")
	}
	ok := Log{Path: filepath.Join(dir, "new", "audit.jsonl")}
	if err := ok.Check(); err != nil {
		t.Errorf("Check of a new log: %v", err)
	}
	if st, err := os.Stat(ok.Path); err != nil || st.Size() != 0 {
		t.Errorf("Check wrote to the log: %v", err)
	}
}

func TestReadFilterStats(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	t0 := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	entries := []Entry{
		{Time: t0, Agent: "claude", Decision: "block", Rules: []Rule{{Name: "no-rm", Action: "block", Source: "a.md:1"}}},
		{Time: t0.Add(time.Hour), Agent: "codex", Decision: "warn", Rules: []Rule{{Name: "env", Action: "warn", Source: "b.md:1"}}},
		{Time: t0.Add(2 * time.Hour), Agent: "codex", Decision: "block", Rules: []Rule{{Name: "no-rm", Action: "block", Source: "a.md:1"}}},
		{Time: t0.Add(3 * time.Hour), Agent: "claude", Decision: "allow"},
	}
	l := Log{Path: path}
	for i := range entries {
		if err := l.Append(&entries[i]); err != nil {
			t.Fatal(err)
		}
	}
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("not json\n{\"time\":\"2026")
	f.Close()

	var all []*Entry
	bad, err := Read(path, 0, func(e *Entry) { all = append(all, e) })
	if err != nil || bad != 1 || len(all) != 4 {
		t.Fatalf("Read: %d entries, %d bad, %v", len(all), bad, err)
	}
	for _, tc := range []struct {
		f    Filter
		want int
	}{
		{Filter{}, 4},
		{Filter{Since: t0.Add(90 * time.Minute)}, 2},
		{Filter{Decision: "block"}, 2},
		{Filter{Rule: "no-rm"}, 2},
		{Filter{Rule: "env", Agent: "claude"}, 0},
		{Filter{Agent: "codex", Decision: "warn"}, 1},
	} {
		n := 0
		for _, e := range all {
			if tc.f.Match(e) {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%+v: %d entries, want %d", tc.f, n, tc.want)
		}
	}
	stats := Stats(all)
	if len(stats) != 2 || stats[0].Name != "no-rm" || stats[0].Fired != 2 || stats[0].Blocked != 2 || !stats[0].Last.Equal(t0.Add(2*time.Hour)) ||
		stats[1].Name != "env" || stats[1].Warned != 1 {
		t.Errorf("Stats: %+v", stats)
	}
}

func TestFollow(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	l := Log{Path: path, MaxBytes: 10 << 10, Files: 2}
	l.Append(testEntry(0, 0)) // before Follow starts: not reported
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan string, 100)
	done := make(chan error)
	go func() {
		done <- Follow(ctx, path, 5*time.Millisecond, func(e *Entry) { got <- e.SessionID })
	}()
	time.Sleep(50 * time.Millisecond)
	for i := 1; i <= 4; i++ { // rotates after two
		if err := l.Append(testEntry(0, i)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(30 * time.Millisecond)
	}
	var ids []string
	deadline := time.After(5 * time.Second)
	for len(ids) < 4 {
		select {
		case id := <-got:
			ids = append(ids, id)
		case <-deadline:
			t.Fatalf("Follow reported %v", ids)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if strings.Join(ids, " ") != "0/1 0/2 0/3 0/4" {
		t.Errorf("Follow: %v", ids)
	}
}

// BenchmarkAppend is the cost of logging one decision: lock, stat, open,
// one write, close.
func BenchmarkAppend(b *testing.B) {
	l := Log{Path: filepath.Join(b.TempDir(), "audit.jsonl")}
	e := testEntry(0, 0)
	e.Summary = Summarize(`git commit -m "feat: add the parser" && GITHUB_TOKEN=ghp_0123456789abcdefghij0123 npm test`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := l.Append(e); err != nil {
			b.Fatal(err)
		}
	}
}
