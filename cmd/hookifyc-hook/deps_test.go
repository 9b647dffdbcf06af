package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLinksOnlyTheHook: the hook-only binary exists to start fast, which
// it does only while it links none of the other commands' libraries (each
// linked package costs every hook process its initialisation and its
// share of the binary; docs/benchmarks.md).
func TestLinksOnlyTheHook(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 {
		t.Fatalf("go list found only %d packages", len(deps))
	}
	for _, forbidden := range []string{
		"go.starlark.net/",                 // .rules (compile, check --rules)
		"github.com/urfave/cli/",           // the hookifyc command line
		"github.com/modelcontextprotocol/", // the MCP server
		"github.com/BurntSushi/toml",       // config.toml (apply)
		"github.com/aymanbagabas/go-udiff", // plan's diffs
		"github.com/hookifyc/hookifyc/compiler/execpolicy",
		"github.com/hookifyc/hookifyc/compiler/lower",
		"github.com/hookifyc/hookifyc/deploy",
		"github.com/hookifyc/hookifyc/lint",
		"net/http",
	} {
		for _, d := range deps {
			if strings.HasPrefix(d, forbidden) {
				t.Errorf("hookifyc-hook links %s", d)
			}
		}
	}
}
