package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

// TestHookifycLinksNoCgo: hookifyc stays a statically linked binary. Package
// net (its cgo resolver) or os/user makes it a dynamic one, and a hook
// process then spends about a millisecond in the dynamic loader and libc
// before main on every tool call.
func TestHookifycLinksNoCgo(t *testing.T) {
	root := testenv.RepoRoot(t)
	cmd := exec.Command("go", "list", "-deps", "./cmd/hookifyc")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		switch pkg {
		case "net", "os/user", "runtime/cgo", "net/http", "crypto/tls":
			t.Errorf("cmd/hookifyc links %s (use net/netip, or keep it in a separate binary as cmd/hookifyc-mcp does)", pkg)
		}
	}
}

// TestNoRegexpAtInit: no package of ours compiles a regexp in a
// package-level initializer. Every hookifyc process runs every linked
// package's initializers, and a hook process lives a few milliseconds:
// compile on first use (sync.OnceValue) instead.
func TestNoRegexpAtInit(t *testing.T) {
	root := testenv.RepoRoot(t)
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				for _, v := range spec.(*ast.ValueSpec).Values {
					ast.Inspect(v, func(n ast.Node) bool {
						if _, isFunc := n.(*ast.FuncLit); isFunc {
							return false // runs later, when called
						}
						if call, ok := n.(*ast.CallExpr); ok {
							if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
								if x, ok := sel.X.(*ast.Ident); ok && x.Name == "regexp" && strings.HasPrefix(sel.Sel.Name, "MustCompile") {
									rel, _ := filepath.Rel(root, p)
									t.Errorf("%s:%d: regexp compiled at package initialisation", rel, fset.Position(call.Pos()).Line)
								}
							}
						}
						return true
					})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
