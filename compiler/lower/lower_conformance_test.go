package lower

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// regenerateLowered rewrites testdata/codex/lowered.jsonl from the real codex.
const regenerateLowered = "HOOKIFYC_LIVE=1 go test ./compiler/lower -run Conformance -update"

// TestConformanceLowered checks the compiled corpora against codex 0.169.0:
// every .rules file compiled from them loads in `codex execpolicy check`
// (whose load also runs the match/not_match examples), and on ≥ 2,000 corpus
// argvs, plus the rules' own examples, codex and CheckJSON give the same
// JSON for the compiled policy, with and without --resolve-host-executables.
//
// Codex's answers are recorded in testdata/codex/lowered.jsonl, for the
// compiled files' exact bytes: a change to the lowering's output makes the
// recording stale, and the test fails until it is regenerated from the real
// codex (HOOKIFYC_LIVE=1 runs it live; see regenerateLowered).
func TestConformanceLowered(t *testing.T) {
	cx := codextest.Open(t, filepath.Join("testdata", "codex", "lowered.jsonl"), regenerateLowered)
	var files []execpolicy.File
	var paths []string
	var examples [][]string
	for _, set := range corpusRuleSets(t) {
		ls, err := Lower(set.rules, LowerOptions{Actor: "ci", Allow: true})
		if err != nil {
			t.Fatal(err)
		}
		data, err := EmitLowered(ls, "compiled from "+set.name)
		if err != nil {
			t.Fatal(err)
		}
		path := cx.File(set.name+".rules", data)
		res, err := cx.Check([]string{path}, false, []string{"hookifyc-probe"})
		if err != nil || res.ExitCode != 0 || string(res.Stdout) != "{\"matchedRules\":[]}\n" {
			t.Fatalf("%s does not load in codex (exit %d, %v): %s%s", set.name, res.ExitCode, err, res.Stdout, res.Stderr)
		}
		files = append(files, execpolicy.File{Name: path, Data: data})
		paths = append(paths, path)
		for _, pr := range PrefixRules(ls) {
			examples = append(examples, pr.Match...)
			examples = append(examples, pr.NotMatch...)
			// The program as a path: host_executable() gates the basename
			// fallback.
			for _, dir := range []string{"/usr/bin/", "/bin/", "/tmp/", "./", "~/bin/"} {
				examples = append(examples, append([]string{dir + pr.Match[0][0]}, pr.Match[0][1:]...))
			}
		}
	}
	pol, err := execpolicy.Load(files)
	if err != nil {
		t.Fatal(err)
	}

	// Corpus argvs: up to 40 per program that has compiled rules, then the
	// other programs spread out, up to 2,200 in all.
	hasRules := map[string]bool{}
	for _, pr := range pol.Rules {
		hasRules[pr.First] = true
	}
	const corpusMax = 2200
	var argvs [][]string
	perProgram := map[string]int{}
	all := corpusArgvs(t)
	taken := map[int]bool{}
	for _, pass := range []struct {
		rules bool
		limit int
	}{{true, 40}, {false, 1}, {false, 4}, {false, 1 << 30}} {
		for i, a := range all {
			if len(argvs) >= corpusMax {
				break
			}
			if taken[i] || hasRules[a[0]] != pass.rules || perProgram[a[0]] >= pass.limit || strings.IndexByte(strings.Join(a, ""), 0) >= 0 {
				continue
			}
			taken[i] = true
			perProgram[a[0]]++
			argvs = append(argvs, a)
		}
	}
	corpus := len(argvs)
	if corpus < 2000 {
		t.Fatalf("only %d corpus argvs", corpus)
	}
	argvs = append(argvs, examples...)

	type job struct {
		argv    []string
		resolve bool
	}
	var jobs []job
	for _, a := range argvs {
		jobs = append(jobs, job{a, false}, job{a, true})
	}
	got := make([][]byte, len(jobs))
	errs := make([]error, len(jobs))
	start := time.Now()
	var mu sync.Mutex
	codextest.Parallel(len(jobs), 2, func(i int) {
		res, err := cx.Check(paths, jobs[i].resolve, jobs[i].argv)
		if err == nil && res.ExitCode != 0 {
			err = fmt.Errorf("exit %d: %s", res.ExitCode, res.Stderr)
		}
		mu.Lock()
		got[i], errs[i] = res.Stdout, err
		mu.Unlock()
	})
	t.Logf("%d codex calls in %v (live: %v)", len(jobs), time.Since(start).Round(time.Millisecond), cx.IsLive())

	var mismatches, matched int
	for i, j := range jobs {
		if errs[i] != nil {
			t.Fatalf("codex %q: %v", j.argv, errs[i])
		}
		var want []byte
		if execpolicy.NeedsResolution(j.argv[0]) && j.resolve {
			// Relative and ~/ program paths resolve against codex's
			// working directory and home.
			ev := pol.CheckWith(j.argv, execpolicy.MatchOptions{ResolveHostExecutables: true, WorkDir: cx.Dir, Home: cx.Home})
			want = append(ev.CodexJSON(false), '\n')
		} else {
			want = pol.CheckJSON(j.argv, j.resolve)
		}
		if !bytes.Equal(got[i], want) {
			mismatches++
			if mismatches <= 20 {
				t.Errorf("argv %q resolve=%v:\n codex:    %s hookifyc: %s", j.argv, j.resolve, got[i], want)
			}
		}
		if !bytes.Equal(want, []byte("{\"matchedRules\":[]}\n")) {
			matched++
		}
	}
	t.Logf("%d compiled rules in %d files; %d corpus argvs + %d examples, %d evaluations (%d with matches), %d mismatches",
		len(pol.Rules), len(paths), corpus, len(examples), len(jobs), matched, mismatches)
}
