package archtest

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

const module = "github.com/hookifyc/hookifyc"

// rule forbids imports: a package matching From may not import one
// matching To unless it matches an entry of Except. Patterns are
// module-relative directories; a trailing "/..." matches the directory and
// everything under it.
// Rules hold for the packages' own files; Tests extends a rule to their
// test files, which may otherwise read fixtures through any frontend.
type rule struct {
	Why    string
	From   string
	To     []string
	Except []string
	Tests  bool
}

// rules are the dependency rules of the repository.
var rules = []rule{
	{Why: "the compiler never depends on the runtime or the commands", From: "compiler/...", To: []string{"runtime/...", "cmd/..."}, Tests: true},
	{Why: "nothing imports a command", From: "...", To: []string{"cmd/..."}, Tests: true},
	{Why: "deploy is a driver: the compiler and the runtime never depend on it", From: "compiler/...", To: []string{"deploy/..."}, Tests: true},
	{Why: "deploy is a driver: the compiler and the runtime never depend on it", From: "runtime/...", To: []string{"deploy/..."}, Tests: true},
	{Why: "lint is a driver over the compiler's readers: it never depends on the runtime", From: "lint/...", To: []string{"runtime/..."}, Tests: true},
	{
		Why:  "the Codex .rules format package is usable on its own to validate any user's file: it imports nothing of ours but small leaf packages",
		From: "compiler/execpolicy", To: []string{"..."},
		Except: []string{"internal/golden", "internal/testenv", "internal/codextest"},
	},
	{
		Why:  "the language libraries sit at the bottom: they import only each other",
		From: "compiler/pyre", To: []string{"..."},
		Except: []string{"compiler/pyval", "internal/bincode", "internal/golden", "internal/testenv"},
	},
	{Why: "the language libraries sit at the bottom", From: "compiler/pyval", To: []string{"..."}, Except: []string{"internal/golden", "internal/testenv"}},
	{Why: "the language libraries sit at the bottom", From: "compiler/shell", To: []string{"..."}, Except: []string{"internal/golden", "internal/testenv"}},
	{Why: "the IR imports nothing of ours but the binary codec", From: "compiler/ir", To: []string{"..."}, Except: []string{"internal/bincode", "internal/golden", "internal/testenv"}},
	{
		Why:  "the engine is the IR's meaning: it does not know where rules come from or where they go",
		From: "compiler/engine", To: []string{"compiler/hookify", "compiler/sources", "compiler/lower", "compiler/execpolicy", "compiler/codexhooks", "compiler/driver"},
	},
	{
		Why:  "frontends do not depend on lowering, backends or the driver",
		From: "compiler/hookify", To: []string{"compiler/engine", "compiler/lower", "compiler/execpolicy", "compiler/codexhooks", "compiler/driver", "compiler/sources", "compiler/perm"},
	},
	{Why: "frontends do not depend on lowering, backends or the driver", From: "compiler/perm", To: []string{"compiler/engine", "compiler/lower", "compiler/execpolicy", "compiler/codexhooks", "compiler/driver", "compiler/sources", "compiler/hookify"}},
	{Why: "discovery is a frontend", From: "compiler/sources", To: []string{"compiler/engine", "compiler/lower", "compiler/execpolicy", "compiler/codexhooks", "compiler/driver"}},
	{Why: "lowering does not know the outputs' packaging or the driver", From: "compiler/lower", To: []string{"compiler/codexhooks", "compiler/driver", "compiler/sources", "compiler/hookify"}, Except: []string{}},
	{Why: "backends do not read sources", From: "compiler/codexhooks", To: []string{"compiler/sources", "compiler/hookify", "compiler/perm", "compiler/driver", "compiler/engine"}},
}

// TestImportRules checks every Go file of the repository, tests included,
// against rules.
func TestImportRules(t *testing.T) {
	root := testenv.RepoRoot(t)
	graph, err := importGraph(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(graph) < 20 {
		t.Fatalf("only %d packages found under %s", len(graph), root)
	}
	for _, v := range violations(graph, rules) {
		t.Error(v)
	}
}

// TestViolationsDetected: a forbidden edge added to the real graph is
// reported, so the rules above are not vacuous.
func TestViolationsDetected(t *testing.T) {
	graph, err := importGraph(testenv.RepoRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, edge := range [][2]string{
		{"compiler/lower", "runtime/hook"},
		{"compiler/execpolicy", "compiler/ir"},
		{"runtime/hook", "cmd/hookifyc"},
		{"compiler/engine", "compiler/sources"},
		{"compiler/ir", "compiler/pyval"},
	} {
		g := map[string]map[string]string{}
		for k, v := range graph {
			g[k] = v
		}
		g[edge[0]] = map[string]string{edge[1]: edge[0] + "/added.go"}
		if len(violations(g, rules)) == 0 {
			t.Errorf("%s → %s is not reported", edge[0], edge[1])
		}
	}
}

// importGraph maps each package directory (module-relative) to the
// module packages it imports, each with one file that imports it (a
// non-test file when there is one).
func importGraph(root string) (map[string]map[string]string, error) {
	graph := map[string]map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		dir := path.Dir(filepath.ToSlash(rel))
		if graph[dir] == nil {
			graph[dir] = map[string]string{}
		}
		for _, imp := range f.Imports {
			ip, _ := strconv.Unquote(imp.Path.Value)
			if to, ok := strings.CutPrefix(ip, module+"/"); ok {
				if seen, ok := graph[dir][to]; !ok || (strings.HasSuffix(seen, "_test.go") && !strings.HasSuffix(rel, "_test.go")) {
					graph[dir][to] = filepath.ToSlash(rel)
				}
			}
		}
		return nil
	})
	if _, statErr := os.Stat(filepath.Join(root, "go.mod")); statErr != nil {
		return nil, statErr
	}
	return graph, err
}

// violations lists the edges of graph that rules forbid, in a stable order.
func violations(graph map[string]map[string]string, rules []rule) []string {
	var out []string
	for from, imports := range graph {
		for to, file := range imports {
			for _, r := range rules {
				if !match(r.From, from) || !matchAny(r.To, to) || matchAny(r.Except, to) || to == from {
					continue
				}
				if strings.HasSuffix(file, "_test.go") && !r.Tests {
					continue
				}
				out = append(out, fmt.Sprintf("%s imports %s: %s", file, to, r.Why))
			}
		}
	}
	sort.Strings(out)
	return out
}

func matchAny(patterns []string, pkg string) bool {
	for _, p := range patterns {
		if match(p, pkg) {
			return true
		}
	}
	return false
}

func match(pattern, pkg string) bool {
	if pattern == "..." {
		return true
	}
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == base || strings.HasPrefix(pkg, base+"/")
	}
	return pkg == pattern
}
