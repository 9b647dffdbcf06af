package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// TestParityProcess replays every case of the hookify parity corpus through
// `hookifyc hook --agent claude --compat hookify` as a process, with the
// rules as .claude/hookify.<id>.local.md in its working directory, and
// compares stdout byte for byte (corpus README, "Replaying one case").
func TestParityProcess(t *testing.T) {
	bin := testenv.Binary(t)
	c := hookifycorpus.Load(t)

	groups := map[string][]hookifycorpus.Case{} // one directory per rule set
	var order []string
	for _, cs := range append(append([]hookifycorpus.Case{}, c.Single...), c.Multi...) {
		key := strings.Join(cs.Rules, "\x00")
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], cs)
	}
	if len(c.Single) != 9945 || len(c.Multi) != 32 {
		t.Fatalf("corpus has %d single and %d multi cases, want 9945 and 32", len(c.Single), len(c.Multi))
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
				cmd := exec.Command(bin, "hook", "--agent", "claude", "--compat", "hookify")
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
