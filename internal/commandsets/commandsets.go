// Package commandsets reads the labelled command sets of
// internal/benchtables/testdata/commandsets (CATEGORY<TAB>COMMAND per
// line), for the tests and benchmarks that measure the starter pack.
package commandsets

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

// Case is one labelled command.
type Case struct {
	Category, Command string
}

// Read reads the set NAME (for example "dev-safe.tsv").
func Read(t testing.TB, name string) []Case {
	t.Helper()
	f, err := os.Open(filepath.Join(testenv.RepoRoot(t), "internal", "benchtables", "testdata", "commandsets", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Case
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cat, cmd, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			t.Fatalf("%s: %q has no tab", name, sc.Text())
		}
		out = append(out, Case{cat, cmd})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
