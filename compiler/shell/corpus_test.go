package shell

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

// corpusDir holds the shared labelled command corpora (read-only):
// <repo>/../shared/corpus/commands.
func corpusDir(t *testing.T) string {
	t.Helper()
	return filepath.Join(testenv.Shared(t), "corpus", "commands")
}

// readCorpus returns the command lines of one corpus file: a .txt file has one
// command per line, cases.jsonl has a "command" field per line.
func readCorpus(t *testing.T, name string) []string {
	t.Helper()
	dir := corpusDir(t)
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("corpus %s: %v (the shared corpora must be present at %s)", name, err, dir)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasSuffix(name, ".jsonl") {
			var c struct {
				Command string `json:"command"`
			}
			if err := json.Unmarshal([]byte(line), &c); err != nil {
				t.Fatalf("corpus %s: %v", name, err)
			}
			line = c.Command
		}
		out = append(out, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("corpus %s: %v", name, err)
	}
	return out
}

// TestCorpus parses every line of the shared command corpora and unwraps
// every simple command: nothing may panic, and nearly all lines must parse
// (the corpora deliberately include some invalid shell, such as unterminated
// quotes and `&& cmd`).
func TestCorpus(t *testing.T) {
	minParsed := map[string]float64{
		"safe.txt":        0.995,
		"destructive.txt": 0.93,
		"ordinary.txt":    0.99,
		"cases.jsonl":     0.99,
	}
	for _, name := range []string{"safe.txt", "destructive.txt", "ordinary.txt", "cases.jsonl"} {
		t.Run(name, func(t *testing.T) {
			lines := readCorpus(t, name)
			if len(lines) == 0 {
				t.Fatalf("corpus %s is empty", name)
			}
			parsed, commands, literal, unwrapped, uncertain := 0, 0, 0, 0, 0
			for i, line := range lines {
				cmds, err := parseNoPanic(t, name, i+1, line)
				if err != nil {
					continue
				}
				parsed++
				commands += len(cmds)
				for _, c := range cmds {
					if c.Literal() {
						literal++
					}
					for _, in := range UnwrapCommand(c) {
						if in.Uncertain {
							uncertain++
						} else if len(in.Wrappers) > 0 {
							unwrapped++
						}
					}
				}
			}
			rate := float64(parsed) / float64(len(lines))
			t.Logf("%s: %d/%d lines parse (%.2f%%); %d simple commands, %d all-literal, %d unwrapped, %d uncertain",
				name, parsed, len(lines), 100*rate, commands, literal, unwrapped, uncertain)
			if rate < minParsed[name] {
				t.Errorf("%s: only %.2f%% of lines parse, want at least %.2f%%", name, 100*rate, 100*minParsed[name])
			}
		})
	}
}

// parseNoPanic parses one corpus line and turns a panic into a test failure
// that names the line.
func parseNoPanic(t *testing.T, name string, lineNo int, line string) (cmds []SimpleCommand, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s:%d: Parse(%q) panicked: %v", name, lineNo, line, r)
			err = errPanic
		}
	}()
	return Parse(line)
}

var errPanic = &ParseError{Msg: "panic"}
