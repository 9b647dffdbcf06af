// Package benchrules builds the "100 realistic rules" of the performance
// targets: the bash and all-event rules that real projects wrote (the pub-*
// files of the shared hookify corpus, read from ../shared, never copied, and
// hookify's shipped ex-* examples; not the q-* engine-quirk probes), cycled
// under distinct names until there are N.
package benchrules

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

var eventLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^event:\s*(bash|all)\s*$`) })
var nameLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^name:.*$`) })

// Distinct is the number of distinct real rules Files cycles through.
func Distinct(t testing.TB) int {
	t.Helper()
	return len(pool(t))
}

// Files returns n rule files (name → content) for Bash events.
func Files(t testing.TB, n int) map[string][]byte {
	t.Helper()
	pool := pool(t)
	files := make(map[string][]byte, n)
	for i := 0; i < n; i++ {
		data := nameLine().ReplaceAll(pool[i%len(pool)], []byte(fmt.Sprintf("name: bench-%03d", i)))
		files[fmt.Sprintf("hookify.bench-%03d.local.md", i)] = data
	}
	return files
}

func pool(t testing.TB) [][]byte {
	t.Helper()
	dir := filepath.Join(testenv.Shared(t), "corpus", "hookify", "rules")
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var pool [][]byte
	for _, p := range paths {
		if base := filepath.Base(p); !strings.HasPrefix(base, "pub-") && !strings.HasPrefix(base, "ex-") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if eventLine().Match(data) {
			pool = append(pool, data)
		}
	}
	if len(pool) == 0 {
		t.Fatal("benchrules: no bash rules in the corpus")
	}
	return pool
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
