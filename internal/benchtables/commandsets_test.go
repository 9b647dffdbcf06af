package benchtables

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/internal/commandsets"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// peerDecisions asks cc-safety-net 2.4.5 (scripts/cc-safety-net-check.mjs,
// the package installed in ~/.cache/hookifyc/cc-safety-net-2.4.5 or
// $CC_SAFETY_NET_DIR) for its decision on each case, in order.
func peerDecisions(t *testing.T, cases []commandsets.Case) []string {
	var in bytes.Buffer
	for _, c := range cases {
		fmt.Fprintf(&in, "%s\t%s\n", c.Category, c.Command)
	}
	root := testenv.RepoRoot(t)
	cmd := exec.Command("node", filepath.Join(root, "scripts", "cc-safety-net-check.mjs"))
	cmd.Stdin = &in
	cmd.Env = append(os.Environ(), "CC_SAFETY_NET_HOME="+t.TempDir(), "CC_SAFETY_NET_CWD="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("cc-safety-net (npm install --prefix ~/.cache/hookifyc/cc-safety-net-2.4.5 cc-safety-net@2.4.5): %v", err)
	}
	var decisions []string
	for _, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		var r struct{ Decision string }
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		decisions = append(decisions, r.Decision)
	}
	if len(decisions) != len(cases) {
		t.Fatalf("cc-safety-net answered %d of %d cases", len(decisions), len(cases))
	}
	return decisions
}

// commandSets prints, per labelled set and category, what the starter pack
// (through the engine `hookifyc check` uses) and cc-safety-net decide:
// HOOKIFYC_BENCH=commandsets.
func commandSets(t *testing.T, out *bytes.Buffer) {
	rules := packRules(t)
	eng := engine.New(engine.Options{Semantics: engine.Fixed})
	fmt.Fprintln(out, "## The starter pack and cc-safety-net 2.4.5 on labelled command sets")
	fmt.Fprintln(out)
	fmt.Fprintln(out, "Destructive rows count lines blocked or warned (higher is better); safe rows count lines hard-blocked (lower is better). cc-safety-net has no warning tier.")
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| set | label | category | lines | hookifyc block | hookifyc warn | hookifyc caught / hard-blocked | cc-safety-net caught / hard-blocked |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|")
	type set struct {
		name, label string
		cases       []commandsets.Case
	}
	var sets []set
	for _, label := range []string{"destructive", "safe"} {
		var corpus []commandsets.Case
		for _, l := range lines(t, label+".txt") {
			corpus = append(corpus, commandsets.Case{Category: "corpus", Command: l})
		}
		sets = append(sets, set{"visible corpus", label, corpus})
	}
	for _, name := range []string{"dev", "dev2", "heldout", "fresh"} {
		for _, label := range []string{"destructive", "safe"} {
			sets = append(sets, set{name, label, commandsets.Read(t, name+"-"+label+".tsv")})
		}
	}
	for _, s := range sets {
		peer := peerDecisions(t, s.cases)
		type counts struct{ n, block, warn, peer int }
		by := map[string]*counts{}
		total := &counts{}
		for i, c := range s.cases {
			k := by[c.Category]
			if k == nil {
				k = &counts{}
				by[c.Category] = k
			}
			res := eng.Evaluate(rules, engine.BashEvent(c.Command))
			d := res.Decision()
			for _, x := range []*counts{k, total} {
				x.n++
				switch d {
				case engine.DecisionBlock:
					x.block++
				case engine.DecisionWarn:
					x.warn++
				}
				if peer[i] == "block" {
					x.peer++
				}
			}
		}
		row := func(cat string, k *counts) {
			ours := k.block + k.warn
			if s.label == "safe" {
				ours = k.block
			}
			fmt.Fprintf(out, "| %s | %s | %s | %d | %d | %d | %d (%.1f %%) | %d (%.1f %%) |\n", s.name, s.label, cat, k.n, k.block, k.warn, ours, pct(ours, k.n), k.peer, pct(k.peer, k.n))
		}
		var cats []string
		for c := range by {
			cats = append(cats, c)
		}
		sort.Strings(cats)
		if len(cats) > 1 {
			for _, c := range cats {
				row(c, by[c])
			}
		}
		row("**all**", total)
	}
	fmt.Fprintln(out)
}
