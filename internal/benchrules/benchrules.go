// Package benchrules builds the "100 realistic rules" of the performance
// targets: the bash and all-event rules of the shared hookify corpus (real
// rules from public repositories, read from ../shared, never copied), cycled
// under distinct names until there are N.
package benchrules

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

var eventLine = regexp.MustCompile(`(?m)^event:\s*(bash|all)\s*$`)
var nameLine = regexp.MustCompile(`(?m)^name:.*$`)

// Files returns n rule files (name → content) for Bash events.
func Files(t testing.TB, n int) map[string][]byte {
	t.Helper()
	dir := filepath.Join(testenv.Shared(t), "corpus", "hookify", "rules")
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var pool [][]byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if eventLine.Match(data) {
			pool = append(pool, data)
		}
	}
	if len(pool) == 0 {
		t.Fatal("benchrules: no bash rules in the corpus")
	}
	files := make(map[string][]byte, n)
	for i := 0; i < n; i++ {
		data := nameLine.ReplaceAll(pool[i%len(pool)], []byte(fmt.Sprintf("name: bench-%03d", i)))
		files[fmt.Sprintf("hookify.bench-%03d.local.md", i)] = data
	}
	return files
}

// Write writes the files into dir.
func Write(t testing.TB, dir string, files map[string][]byte) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
