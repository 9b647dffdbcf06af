package execpolicy

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// corpusDir is shared/corpus/commands beside the repository root.
func corpusDir(t *testing.T) string {
	t.Helper()
	return filepath.Join(testenv.Shared(t), "corpus", "commands")
}

// conformanceArgvs builds the argvs of the check conformance test: corpus
// lines split with compiler/shell.SplitShlex (up to 20 per program that has rules, then one
// per other program), the same commands with their program written as paths
// (absolute, relative, ~/, with . and .. components), and hand-picked edge
// cases (empty and odd tokens, characters that JSON must escape).
func conformanceArgvs(t *testing.T, pol *Policy) [][]string {
	t.Helper()
	dir := corpusDir(t)
	hasRules := map[string]bool{}
	for _, r := range pol.Rules {
		hasRules[r.First] = true
	}
	seen := map[string]bool{}
	var out [][]string
	add := func(a []string) {
		if len(a) == 0 {
			return
		}
		for _, tok := range a {
			if strings.IndexByte(tok, 0) >= 0 {
				return // not representable as a process argument
			}
		}
		k := strings.Join(a, "\x00")
		if seen[k] {
			return
		}
		seen[k] = true
		out = append(out, a)
	}
	// Candidate argvs in corpus order, deduplicated.
	var cands [][]string
	candSeen := map[string]bool{}
	var lines int
	for _, name := range []string{"destructive.txt", "safe.txt", "ordinary.txt"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("command corpus: %v", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			lines++
			a, err := shell.SplitShlex(sc.Text())
			if k := strings.Join(a, "\x00"); err == nil && len(a) > 0 && !candSeen[k] {
				candSeen[k] = true
				cands = append(cands, a)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if lines < 10000 {
		t.Fatalf("command corpus has only %d lines", lines)
	}
	// Up to 20 per program that has rules, then one per other program,
	// 1,600 in all: about 2,050 argvs with the variants below, which keeps
	// the ~4,100 codex calls near 30 s on two cores.
	const corpusMax = 1600
	perProgram := map[string]int{}
	for pass := 0; pass < 2; pass++ {
		for _, a := range cands {
			if len(out) >= corpusMax {
				break
			}
			limit := 0
			switch {
			case pass == 0 && hasRules[a[0]]:
				limit = 20
			case pass == 1 && !hasRules[a[0]]:
				limit = 1
			}
			if perProgram[a[0]] < limit {
				n := len(out)
				add(a)
				if len(out) > n {
					perProgram[a[0]]++
				}
			}
		}
	}
	corpus := len(out)
	prefixes := []string{"/usr/bin/", "/bin/", "/opt/homebrew/bin/", "/usr/local/bin/", "/usr/bin/../bin/", "//usr/./bin/", "./", "bin/", "~/bin/", "~/"}
	var variants int
	for i := 0; i < corpus && variants < 400; i++ {
		a := out[i]
		if !hasRules[a[0]] || strings.Contains(a[0], "/") {
			continue
		}
		for j := 0; j < 3; j++ {
			b := append([]string{prefixes[(i+j)%len(prefixes)] + a[0]}, a[1:]...)
			add(b)
			variants++
		}
	}
	for _, a := range [][]string{
		{"echo", ""}, {"echo", "", "x"}, {"", "x"}, {"."}, {".."}, {"~"}, {"/"}, {"//"}, {"/git"},
		{"find", ".", "-name", "*"}, {"find", ".", "-name", "*.go"}, {"rm", "-rf", "/"}, {"git"},
		{"/usr/bin/curl", "-s", "x"}, {"/usr/bin/curl/", "x"}, {"/usr/local/bin/curl", "x"},
		{"/usr/bin/git", "status"}, {"/usr/local/bin/git", "status"}, {"/opt/homebrew/bin/git", "push", "origin"},
		{"/usr/bin/sudo", "ls"}, {"/bin/rm", "-rf", "x"}, {"/tmp/rm", "x"}, {"/usr/bin/rm/..", "x"},
		{"git", "status\n--short"}, {"git", "log\t\r\b\f\\", "x"}, {"git", "log", "--format=\"%H\"\t\\"}, {"echo", "\x01\x1f\x7f"},
		{"echo", "é ✓ 日本 😀", "\u2028"}, {"cat", "--", "-", "--"}, {"-rf"}, {"terraform", "apply", "-auto-approve"},
		{"kubectl", "delete", "pod"}, {"helm", "uninstall", "x"}, {"aws", "iam", "list-users"}, {"az", "vm", "list"},
		{"gcloud", "compute", "describe"}, {"sudo", "find", "/"}, {"bash", "-lc", "git status && rm -rf x"},
		{"/bin/bash", "-c", "ls"}, {"~/bin/git", "status"}, {"~root/git", "log"}, {"git/", "status"},
	} {
		add(a)
	}
	t.Logf("%d corpus lines → %d argvs from %d programs, %d program-path variants, %d total",
		lines, corpus, len(perProgram), variants, len(out))
	return out
}

// regenerate is the command that rewrites this package's recordings of
// codex's answers (testdata/codex/*.jsonl) from the real codex.
const regenerate = "HOOKIFYC_LIVE=1 go test ./compiler/execpolicy -run Conformance -update"

// openCodex opens the recording testdata/codex/<suite>.jsonl: codex's
// answers, or with HOOKIFYC_LIVE=1 the real codex (see internal/codextest).
func openCodex(t *testing.T, suite string) *codextest.Session {
	t.Helper()
	return codextest.Open(t, filepath.Join("testdata", "codex", suite+".jsonl"), regenerate)
}

// TestConformanceCheck compares CheckJSON with `codex execpolicy check` on
// testdata/conformance.rules for every conformance argv, with and without
// --resolve-host-executables, byte for byte: with codex's recorded answers
// (testdata/codex/check.jsonl), or with HOOKIFYC_LIVE=1 with the real codex.
func TestConformanceCheck(t *testing.T) {
	const rulesFile = "testdata/conformance.rules"
	data, err := os.ReadFile(rulesFile)
	if err != nil {
		t.Fatal(err)
	}
	cx := openCodex(t, "check")
	pol, err := LoadFile(rulesFile, data)
	if err != nil {
		t.Fatal(err)
	}
	rules := cx.File("conformance.rules", data)
	argvs := conformanceArgvs(t, pol)
	if len(argvs) < 2000 {
		t.Fatalf("only %d argvs", len(argvs))
	}
	type job struct {
		argv    []string
		resolve bool
		pretty  bool
	}
	var jobs []job
	for i, a := range argvs {
		jobs = append(jobs, job{a, false, false}, job{a, true, false})
		if i%100 == 0 {
			jobs = append(jobs, job{a, i%200 == 0, true})
		}
	}
	got := make([][]byte, len(jobs))
	errs := make([]error, len(jobs))
	start := time.Now()
	var mu sync.Mutex
	codextest.Parallel(len(jobs), 2, func(i int) {
		j := jobs[i]
		args := []string{"execpolicy", "check", "-r", rules}
		if j.resolve {
			args = append(args, "--resolve-host-executables")
		}
		if j.pretty {
			args = append(args, "--pretty")
		}
		args = append(append(args, "--"), j.argv...)
		res, err := cx.Run(args...)
		if err == nil && res.ExitCode != 0 {
			err = fmt.Errorf("exit %d: %s", res.ExitCode, res.Stderr)
		}
		mu.Lock()
		got[i], errs[i] = res.Stdout, err
		mu.Unlock()
	})
	t.Logf("%d codex calls in %v (live: %v)", len(jobs), time.Since(start).Round(time.Millisecond), cx.IsLive())

	var mismatches, matched, resolved, nonEmpty int
	opts := MatchOptions{WorkDir: cx.Dir, Home: cx.Home}
	for i, j := range jobs {
		if errs[i] != nil {
			t.Fatalf("codex %q: %v", j.argv, errs[i])
		}
		opts.ResolveHostExecutables = j.resolve
		ev := pol.CheckWith(j.argv, opts)
		want := append(ev.CodexJSON(j.pretty), '\n')
		if !NeedsResolution(j.argv[0]) && !j.pretty {
			if cj := pol.CheckJSON(j.argv, j.resolve); !bytes.Equal(cj, want) {
				t.Errorf("CheckJSON(%q, %v) = %s, CheckWith gives %s", j.argv, j.resolve, cj, want)
			}
		}
		if len(ev.Matches) > 0 {
			nonEmpty++
			if ev.Decision != Allow {
				matched++
			}
			if ev.Matches[0].ResolvedProgram != "" {
				resolved++
			}
		}
		if !bytes.Equal(got[i], want) {
			mismatches++
			if mismatches <= 20 {
				t.Errorf("argv %q resolve=%v pretty=%v:\n codex:    %s hookifyc: %s", j.argv, j.resolve, j.pretty, got[i], want)
			}
		}
	}
	t.Logf("%d argvs, %d evaluations compared: %d with matches (%d not allowed, %d via host-executable fallback), %d mismatches",
		len(argvs), len(jobs), nonEmpty, matched, resolved, mismatches)
}
