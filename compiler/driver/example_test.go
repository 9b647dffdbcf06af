package driver_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/compiler/sources"
)

const rule = `---
name: block-force-push
event: bash
action: block
conditions:
  - field: command
    operator: regex_match
    pattern: ^git\s+push\b.*(--force\b|-f\b)
---
Force-pushing rewrites shared history.
`

func ExampleCompile() {
	dir, err := os.MkdirTemp("", "hookifyc-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "block-force-push.md"), []byte(rule), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	// Explicit sources and an empty Env: nothing of the machine (home,
	// /etc/codex/hookify, HOOKIFY_RULE_DIR) is read.
	res, err := driver.Compile(driver.Options{
		Sources: []string{dir},
		Env:     sources.Env{},
		Cwd:     dir,
		Targets: driver.TargetRules,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Problems {
		fmt.Println(p)
	}
	sc := bufio.NewScanner(bytes.NewReader(res.File(driver.RulesFile)))
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, "prefix_rule(") {
			fmt.Println(line)
		}
	}
	fmt.Println(res.Report.Summary())
	for _, e := range res.Report.Rules {
		fmt.Printf("%s:%d:%d: %s: %s\n", filepath.Base(e.File), e.Line, e.Col, e.Name, e.Verdict)
	}
	// Output:
	// prefix_rule(pattern=["git", "push", ["--force", "-f"]], decision="forbidden", justification="block-force-push: Force-pushing rewrites shared history.", match=[["git", "push", "--force"], ["git", "push", "-f", "arg"]], not_match=[["git", "push"], ["git", "push", "--forcex"]])
	// 1 bash rules: 0 exact, 1 partial, 0 runtime; 0 other rules run in the hook; 1 prefix rules
	// block-force-push.md:6:3: block-force-push: partial
}
