package hook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

func readFileIn(dir string) func(string) ([]byte, error) {
	return func(p string) ([]byte, error) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return os.ReadFile(p)
	}
}

// TestParityInProcess replays the whole hookify parity corpus through Run
// in compat mode.
func TestParityInProcess(t *testing.T) {
	c := hookifycorpus.Load(t)
	dirs := map[string]string{}
	fail, total := 0, 0
	for _, cs := range append(append([]hookifycorpus.Case{}, c.Single...), c.Multi...) {
		if cs.Stdout == hookifycorpus.NotRun {
			continue
		}
		key := filepath.Join(cs.Rules...)
		dir, ok := dirs[key]
		if !ok {
			dir = t.TempDir()
			c.Setup(t, dir, cs.Rules)
			dirs[key] = dir
		}
		in := c.Inputs[cs.Input]
		out := Run(Options{Dir: dir, Stdin: in.Stdin, Agent: agent.Claude, Compat: true, ReadFile: readFileIn(dir)})
		total++
		if got, want := string(out.Stdout), cs.Stdout+"\n"; got != want || out.ExitCode != 0 {
			fail++
			if fail <= 20 {
				t.Errorf("rules %v input %s:\n got: %s\nwant: %s", cs.Rules, cs.Input, got, want)
			}
		}
	}
	if fail > 0 {
		t.Errorf("%d of %d cases differ", fail, total)
	}
	t.Logf("%d cases compared", total)
}
