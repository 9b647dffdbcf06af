// Package hookifycorpus loads the hookify parity corpus
// (../shared/corpus/hookify): rule files, hook inputs rebuilt byte-exactly as
// the corpus README prescribes, and the stdout the real hookify printed.
package hookifycorpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

// Input is one hook input.
type Input struct {
	ID string
	// Stdin is the exact bytes to feed the hook.
	Stdin []byte
	// Dispatch is the hook event the agent invoked hookify for.
	Dispatch string
}

// Case is one (rules, input) pair with hookify's stdout (trailing newline removed).
type Case struct {
	Rules  []string
	Input  string
	Stdout string
}

// NotRun is the Stdout of cases where hookify is never started.
const NotRun = "null"

// Corpus is the whole parity corpus.
type Corpus struct {
	Dir      string
	Inputs   map[string]Input
	InputIDs []string // file order
	Single   []Case   // expected.jsonl
	Multi    []Case   // multi.jsonl
}

// RulePath returns the path of a rule file.
func (c *Corpus) RulePath(id string) string {
	return filepath.Join(c.Dir, "rules", id+".md")
}

// Load reads the corpus; the test fails if it is missing or malformed.
func Load(t testing.TB) *Corpus {
	t.Helper()
	dir := filepath.Join(testenv.Shared(t), "corpus", "hookify")
	c, err := load(dir)
	if err != nil {
		t.Fatalf("hookifycorpus: %v", err)
	}
	return c
}

func load(dir string) (*Corpus, error) {
	c := &Corpus{Dir: dir, Inputs: map[string]Input{}}
	fixtures := filepath.Join(dir, "fixtures")
	esc, _ := json.Marshal(fixtures)
	fixturesJSON := string(esc[1 : len(esc)-1])

	err := eachLine(filepath.Join(dir, "inputs.jsonl"), func(lineNo int, line []byte) error {
		var head struct {
			ID       string  `json:"id"`
			Raw      *string `json:"raw_stdin"`
			Dispatch string  `json:"hook_event_name_for_dispatch"`
		}
		if err := json.Unmarshal(line, &head); err != nil {
			return fmt.Errorf("inputs.jsonl:%d: %w", lineNo, err)
		}
		in := Input{ID: head.ID}
		if head.Raw != nil {
			in.Stdin = []byte(strings.ReplaceAll(*head.Raw, "{{FIXTURES}}", fixturesJSON))
			in.Dispatch = head.Dispatch
		} else {
			prefix := `{"id": "` + head.ID + `"`
			rest, ok := bytes.CutPrefix(line, []byte(prefix))
			if !ok {
				return fmt.Errorf("inputs.jsonl:%d: line does not start with %s", lineNo, prefix)
			}
			switch {
			case string(rest) == "}":
				in.Stdin = []byte("{}")
			case bytes.HasPrefix(rest, []byte(", ")):
				in.Stdin = append([]byte("{"), rest[2:]...)
			default:
				return fmt.Errorf("inputs.jsonl:%d: unexpected text after the id", lineNo)
			}
			in.Stdin = bytes.ReplaceAll(in.Stdin, []byte("{{FIXTURES}}"), []byte(fixturesJSON))
			var ev struct {
				Event string `json:"hook_event_name"`
			}
			_ = json.Unmarshal(in.Stdin, &ev)
			in.Dispatch = ev.Event
		}
		c.Inputs[in.ID] = in
		c.InputIDs = append(c.InputIDs, in.ID)
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachLine(filepath.Join(dir, "expected.jsonl"), func(lineNo int, line []byte) error {
		var e struct{ Rule, Input, Stdout string }
		if err := json.Unmarshal(line, &e); err != nil {
			return fmt.Errorf("expected.jsonl:%d: %w", lineNo, err)
		}
		c.Single = append(c.Single, Case{Rules: []string{e.Rule}, Input: e.Input, Stdout: e.Stdout})
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachLine(filepath.Join(dir, "multi.jsonl"), func(lineNo int, line []byte) error {
		var e Case
		if err := json.Unmarshal(line, &e); err != nil {
			return fmt.Errorf("multi.jsonl:%d: %w", lineNo, err)
		}
		c.Multi = append(c.Multi, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, cs := range append(append([]Case{}, c.Single...), c.Multi...) {
		if _, ok := c.Inputs[cs.Input]; !ok {
			return nil, fmt.Errorf("case names unknown input %q", cs.Input)
		}
	}
	return c, nil
}

func eachLine(path string, fn func(int, []byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	n := 0
	for sc.Scan() {
		n++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		if err := fn(n, sc.Bytes()); err != nil {
			return err
		}
	}
	return sc.Err()
}

// Setup creates dir/.claude/hookify.<id>.local.md, a byte-exact copy of each
// rule, in the given order.
func (c *Corpus) Setup(t testing.TB, dir string, ids []string) {
	t.Helper()
	claude := filepath.Join(dir, ".claude")
	if err := os.MkdirAll(claude, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		data, err := os.ReadFile(c.RulePath(id))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(claude, "hookify."+id+".local.md"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
