package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// paritySampleStride: by default TestParityProcess replays the single-rule
// cases on one diagonal in paritySampleStride of the rules × inputs grid
// (see paritySample), about 520 processes instead of 9,823. The in-process
// parity test (runtime/hook) replays every case; HOOKIFYC_LIVE=1 makes
// this one replay every case as a process too.
const paritySampleStride = 30

// paritySample picks the cases TestParityProcess replays by default, the
// same ones on every run: every multi-rule case; the single-rule case of
// rule r (r-th rule of expected.jsonl) and input i (i-th line of
// inputs.jsonl) when (r+i) % paritySampleStride == 0; the first case of
// every distinct expected stdout; and the first case of every rule whose
// stdout is not "{}". Cases hookify never runs (NotRun) are left out.
func paritySample(c *hookifycorpus.Corpus) []hookifycorpus.Case {
	ruleIndex := map[string]int{}
	for _, cs := range c.Single {
		if _, ok := ruleIndex[cs.Rules[0]]; !ok {
			ruleIndex[cs.Rules[0]] = len(ruleIndex)
		}
	}
	inputIndex := map[string]int{}
	for i, id := range c.InputIDs {
		inputIndex[id] = i
	}
	var out []hookifycorpus.Case
	seenStdout := map[string]bool{}
	ruleDecided := map[string]bool{}
	for _, cs := range c.Single {
		if cs.Stdout == hookifycorpus.NotRun {
			continue
		}
		take := (ruleIndex[cs.Rules[0]]+inputIndex[cs.Input])%paritySampleStride == 0
		if !seenStdout[cs.Stdout] {
			seenStdout[cs.Stdout] = true
			take = true
		}
		if cs.Stdout != "{}" && !ruleDecided[cs.Rules[0]] {
			ruleDecided[cs.Rules[0]] = true
			take = true
		}
		if take {
			out = append(out, cs)
		}
	}
	for _, cs := range c.Multi {
		if cs.Stdout != hookifycorpus.NotRun {
			out = append(out, cs)
		}
	}
	return out
}

// TestParityProcess replays the hookify parity corpus through
// `hookifyc hook --agent claude --compat hookify` as a process, with the
// rules as .claude/hookify.<id>.local.md in its working directory, and
// compares stdout byte for byte (corpus README, "Replaying one case"). By
// default it replays paritySample, which covers every rule file, every
// input that hookify runs on and every distinct expected output; with
// HOOKIFYC_LIVE=1, every case.
//
// The regex timeout is a minute, not the default 100 ms: hookify has none,
// and a loaded machine must not turn an answer into a timeout.
func TestParityProcess(t *testing.T) {
	bin := testenv.Binary(t)
	c := hookifycorpus.Load(t)
	if len(c.Single) != 9945 || len(c.Multi) != 32 {
		t.Fatalf("corpus has %d single and %d multi cases, want 9945 and 32", len(c.Single), len(c.Multi))
	}

	all := append(append([]hookifycorpus.Case{}, c.Single...), c.Multi...)
	selected := all
	if !codextest.Live() {
		selected = paritySample(c)
		// The sample must cover what the whole corpus covers.
		type cover struct{ rules, inputs, stdouts map[string]bool }
		count := func(cases []hookifycorpus.Case) cover {
			cv := cover{map[string]bool{}, map[string]bool{}, map[string]bool{}}
			for _, cs := range cases {
				if cs.Stdout == hookifycorpus.NotRun {
					continue
				}
				for _, r := range cs.Rules {
					cv.rules[r] = true
				}
				cv.inputs[cs.Input], cv.stdouts[cs.Stdout] = true, true
			}
			return cv
		}
		whole, part := count(all), count(selected)
		if len(part.rules) != len(whole.rules) || len(part.inputs) != len(whole.inputs) || len(part.stdouts) != len(whole.stdouts) {
			t.Fatalf("the sample covers %d/%d rules, %d/%d inputs, %d/%d distinct outputs",
				len(part.rules), len(whole.rules), len(part.inputs), len(whole.inputs), len(part.stdouts), len(whole.stdouts))
		}
		t.Logf("sample (HOOKIFYC_LIVE=1 replays all cases): %d rules, %d inputs, %d distinct outputs",
			len(part.rules), len(part.inputs), len(part.stdouts))
	}

	groups := map[string][]hookifycorpus.Case{} // one directory per rule set
	var order []string
	for _, cs := range selected {
		key := strings.Join(cs.Rules, "\x00")
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], cs)
	}

	compared := 0
	for _, key := range order {
		cases := groups[key]
		t.Run(strings.ReplaceAll(key, "\x00", "+"), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			c.Setup(t, dir, cases[0].Rules)
			for _, cs := range cases {
				if cs.Stdout == hookifycorpus.NotRun {
					continue
				}
				in := c.Inputs[cs.Input]
				cmd := exec.Command(bin, "hook", "--agent", "claude", "--compat", "hookify", "--regex-timeout", "1m")
				cmd.Dir = dir
				cmd.Env = []string{"LANG=C.UTF-8", "PATH=/usr/bin:/bin"}
				cmd.Stdin = bytes.NewReader(in.Stdin)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				if err := cmd.Run(); err != nil {
					t.Errorf("%s: exit: %v\nstderr: %s", cs.Input, err, stderr.String())
					continue
				}
				if got, want := stdout.String(), cs.Stdout+"\n"; got != want {
					t.Errorf("%s:\n got: %s\nwant: %s\nstderr: %s", cs.Input, got, want, stderr.String())
				}
			}
		})
		for _, cs := range cases {
			if cs.Stdout != hookifycorpus.NotRun {
				compared++
			}
		}
	}
	t.Logf("compared %d cases", compared)
}
