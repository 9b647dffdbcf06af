package benchtables

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/testenv"
)

// abCalls are the Bash calls the A/B latency table times: a plain command,
// the latency tables' compound one, and one the command model has more to
// do on (wrappers, a script handed to a shell, variables).
var abCalls = []struct{ name, command string }{
	{"plain", `ls -la`},
	{"compound (latency tables' call)", `git commit -m \"feat: add the parser\" && npm test`},
	{"wrapped script", `X=build; sudo -u app bash -c \"cd /srv && make $X\" | tee log.txt`},
}

// ab prints the latency of the hook-only binary at another commit (A,
// HOOKIFYC_BENCH_BASE=REV, built from a clean worktree) against this
// tree's (B, built the same way), with 100 rule files, in interleaved
// runs: HOOKIFYC_BENCH=ab.
func ab(t *testing.T, out *bytes.Buffer) {
	rev := os.Getenv("HOOKIFYC_BENCH_BASE")
	if rev == "" {
		t.Fatal("HOOKIFYC_BENCH=ab needs HOOKIFYC_BENCH_BASE=REV (the commit to compare with)")
	}
	root := testenv.RepoRoot(t)
	a := buildAt(t, root, rev)
	b := buildAt(t, root, "HEAD")
	fmt.Fprintf(out, "## Hook latency A/B: %s (A) against HEAD (B), hookifyc-hook, 100 rule files (interleaved)\n\n", rev)
	fmt.Fprintln(out, "| call | runs | A median | B median | B − A |")
	fmt.Fprintln(out, "|---|---|---|---|---|")
	for _, c := range abCalls {
		// A project (and HOME, so a rule cache) per side: the two builds
		// must not rewrite each other's cache between runs.
		dirA, _, runs := benchProject(t, 100)
		dirB, _, _ := benchProject(t, 100)
		call := func(dir string) []byte {
			return []byte(strings.ReplaceAll(strings.Replace(benchStdin, `git commit -m \"feat: add the parser\" && npm test`, c.command, 1), "CWD", dir))
		}
		runs *= 2
		var sa, sb []time.Duration
		for i := 0; i < runs+1; i++ {
			da, db := run(t, dirA, call(dirA), []string{a}), run(t, dirB, call(dirB), []string{b})
			if i > 0 {
				sa, sb = append(sa, da), append(sb, db)
			}
		}
		ma, mb := median(sa), median(sb)
		fmt.Fprintf(out, "| %s | %d | %.3f ms | %.3f ms | %+.3f ms |\n", c.name, runs, ms(ma), ms(mb), ms(mb)-ms(ma))
	}
	fmt.Fprintln(out)
}

// buildAt builds cmd/hookifyc-hook from a clean worktree of rev (HEAD: the
// committed tree), so that both sides are built the same way.
func buildAt(t *testing.T, root, rev string) string {
	wt := filepath.Join(t.TempDir(), "wt")
	if out, err := exec.Command("git", "-C", root, "worktree", "add", "--detach", wt, rev).CombinedOutput(); err != nil {
		t.Fatalf("git worktree add %s: %v\n%s", rev, err, out)
	}
	t.Cleanup(func() { exec.Command("git", "-C", root, "worktree", "remove", "--force", wt).Run() })
	bin := filepath.Join(t.TempDir(), "hookifyc-hook")
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, "./cmd/hookifyc-hook")
	cmd.Dir = wt
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build at %s: %v\n%s", rev, err, out)
	}
	return bin
}
