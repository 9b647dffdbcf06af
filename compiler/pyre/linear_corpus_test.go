package pyre_test

import (
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyre"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// regexPatterns returns the distinct regex_match patterns of the rule files
// matching glob.
func regexPatterns(t *testing.T, glob string) []string {
	t.Helper()
	paths, err := filepath.Glob(glob)
	if err != nil || len(paths) == 0 {
		t.Fatalf("no rules at %s: %v", glob, err)
	}
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, diag := hookify.ReadRule(p, data)
		if diag != nil {
			continue
		}
		for _, c := range r.Conditions {
			if c.Operator == ir.OpRegexMatch && c.PatternTypeError == "" && !seen[c.Pattern] {
				seen[c.Pattern] = true
				out = append(out, c.Pattern)
			}
		}
	}
	sort.Strings(out)
	return out
}

// collectStrings collects the string values of a decoded hook input.
func collectStrings(v pyval.Value, out map[string]bool) {
	switch v := v.(type) {
	case pyval.Str:
		out[string(v)] = true
	case *pyval.List:
		for _, x := range v.Items {
			collectStrings(x, out)
		}
	case *pyval.Dict:
		for i := 0; i < v.Len(); i++ {
			k, x := v.At(i)
			out[k] = true
			collectStrings(x, out)
		}
	}
}

// TestLinearCorpus runs every regex of the public hookify corpus on every
// string value of its hook inputs and on its transcripts, on both paths,
// and counts the linear patterns of the corpus and of the example rules.
// (The whole hook's answers are checked byte for byte against hookify by
// TestParityInProcess in runtime/hook.)
func TestLinearCorpus(t *testing.T) {
	c := hookifycorpus.Load(t)
	patterns := regexPatterns(t, filepath.Join(c.Dir, "rules", "*.md"))
	subjects := map[string]bool{"": true}
	for _, id := range c.InputIDs {
		if v, err := pyval.LoadJSON(string(c.Inputs[id].Stdin)); err == nil {
			collectStrings(v, subjects)
		}
	}
	fixtures, _ := filepath.Glob(filepath.Join(c.Dir, "fixtures", "*"))
	for _, f := range fixtures {
		if data, err := os.ReadFile(f); err == nil {
			subjects[string(data)] = true
			for _, line := range strings.Split(string(data), "\n") {
				subjects[line] = true
			}
		}
	}
	var subj []string
	for s := range subjects {
		subj = append(subj, s)
	}
	sort.Strings(subj)

	linear, valid, pairs := 0, 0, 0
	var notLinear []string
	for _, p := range patterns {
		re, err := pyre.Compile(p, pyre.Options{IgnoreCase: true, Timeout: pyre.NoTimeout})
		if err != nil {
			continue
		}
		valid++
		if !re.Linear() {
			notLinear = append(notLinear, p)
			continue
		}
		linear++
		back := pyre.MustCompile(p, pyre.Options{IgnoreCase: true, Timeout: 200_000_000})
		for _, s := range subj {
			want, err := pyre.SearchBacktrack(back, s)
			if errors.Is(err, pyre.ErrTimeout) {
				continue
			}
			got, _ := re.SearchSubject(pyre.NewSubject(s))
			if err != nil || got != want {
				t.Errorf("%q on %q: linear %v; regexp2 %v, %v", p, s, got, want, err)
			}
			pairs++
		}
	}
	t.Logf("corpus: %d distinct regexes, %d valid, %d linear; %d subjects, %d pairs agree", len(patterns), valid, linear, len(subj), pairs)
	t.Logf("not linear: %q", notLinear)
	if linear < valid*9/10 {
		t.Errorf("only %d of %d corpus regexes are linear", linear, valid)
	}

	examples := regexPatterns(t, filepath.Join(testenv.RepoRoot(t), "corpus", "examples", "*.md"))
	for _, p := range examples {
		if !pyre.MustCompile(p, pyre.Options{IgnoreCase: true}).Linear() {
			t.Errorf("example rule pattern %q is not linear", p)
		}
	}
	t.Logf("examples: %d regexes, all linear", len(examples))
}
