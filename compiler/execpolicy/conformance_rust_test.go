package execpolicy

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// rustPolicyArgvs builds the argvs of TestConformanceRustPolicy from the
// policy's own rules: each rule's prefix (every alternative), the prefix
// with an extra argument, the prefix cut short, and the prefix with one
// token changed the ways byte-level string handling would change it
// (first character, byte length, reversed) or respelled (case, NFC/NFD).
func rustPolicyArgvs(pol *Policy) [][]string {
	seen := map[string]bool{}
	var out [][]string
	add := func(a []string) {
		if len(a) == 0 {
			return
		}
		for _, t := range a {
			if strings.IndexByte(t, 0) >= 0 {
				return
			}
		}
		k := strings.Join(a, "\x00")
		if !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	for _, r := range pol.Rules {
		full := []string{r.First}
		for _, tok := range r.Rest {
			full = append(full, tok[0])
		}
		add(full)
		add(append(append([]string(nil), full...), "extra"))
		if len(full) > 1 {
			add(full[:len(full)-1])
		}
		for i, tok := range r.Rest {
			for _, alt := range tok[1:] {
				b := append([]string(nil), full...)
				b[i+1] = alt
				add(b)
			}
		}
		for i := range full {
			t := full[i]
			for _, v := range []string{
				strings.ToUpper(t), t + " ", firstRune(t) + "?", fmt.Sprint(len(t)), reverseBytesValid(t),
			} {
				if v == t {
					continue
				}
				b := append([]string(nil), full...)
				b[i] = v
				add(b)
			}
		}
		for _, ex := range r.Match {
			add(ex)
		}
	}
	return out
}

func firstRune(t string) string {
	for _, r := range t {
		return string(r)
	}
	return ""
}

// reverseBytesValid reverses t's bytes, keeping it valid UTF-8 by reversing
// characters instead when the byte reversal is not.
func reverseBytesValid(t string) string {
	rs := []rune(t)
	for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
		rs[i], rs[j] = rs[j], rs[i]
	}
	return string(rs)
}

// TestConformanceRustPolicy loads testdata/conformance_rust.rules, a policy
// written with f-strings, string indexing and slicing on non-ASCII text,
// floats, % formatting, escapes go.starlark.net rejects and string methods,
// and compares hookifyc's `execpolicy check` JSON with codex's for hundreds
// of argvs, with and without --resolve-host-executables (codex's answers
// recorded in testdata/codex/rust.jsonl; live with HOOKIFYC_LIVE=1).
func TestConformanceRustPolicy(t *testing.T) {
	const rulesFile = "testdata/conformance_rust.rules"
	data, err := os.ReadFile(rulesFile)
	if err != nil {
		t.Fatal(err)
	}
	cx := openCodex(t, "rust")
	path := cx.File("conformance_rust.rules", data)
	pol, err := LoadFile(path, data)
	if err != nil {
		t.Fatal(err)
	}
	argvs := rustPolicyArgvs(pol)
	if len(argvs) < 500 {
		t.Fatalf("only %d argvs", len(argvs))
	}
	type job struct {
		argv    []string
		resolve bool
	}
	var jobs []job
	for i, a := range argvs {
		jobs = append(jobs, job{a, false})
		if i%5 == 0 {
			jobs = append(jobs, job{append([]string{"/usr/bin/" + a[0]}, a[1:]...), true})
		}
	}
	got := make([]codextest.Result, len(jobs))
	errs := make([]error, len(jobs))
	var mu sync.Mutex
	codextest.Parallel(len(jobs), 2, func(i int) {
		res, err := cx.Check([]string{path}, jobs[i].resolve, jobs[i].argv)
		mu.Lock()
		got[i], errs[i] = res, err
		mu.Unlock()
	})
	var mismatches, matched int
	for i, j := range jobs {
		if errs[i] != nil || got[i].ExitCode != 0 {
			t.Fatalf("codex %q: %v exit %d\n%s", j.argv, errs[i], got[i].ExitCode, got[i].Stderr)
		}
		ev := pol.CheckWith(j.argv, MatchOptions{ResolveHostExecutables: j.resolve, WorkDir: cx.Dir, Home: cx.Home})
		if len(ev.Matches) > 0 {
			matched++
		}
		want := append(ev.CodexJSON(false), '\n')
		if !bytes.Equal(got[i].Stdout, want) {
			mismatches++
			if mismatches <= 20 {
				t.Errorf("argv %q resolve=%v:\n codex:    %s hookifyc: %s", j.argv, j.resolve, got[i].Stdout, want)
			}
		}
	}
	t.Logf("%d rules, %d argvs, %d evaluations (%d with matches), %d mismatches", len(pol.Rules), len(argvs), len(jobs), matched, mismatches)
}
