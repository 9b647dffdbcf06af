package deploy_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/deploy"
)

// Plan an installation into a Codex home, apply it, apply again (nothing
// to do), and uninstall it.
func Example() {
	root, _ := os.MkdirTemp("", "deploy-example-")
	defer os.RemoveAll(root)
	home := filepath.Join(root, "codex-home")
	os.MkdirAll(home, 0o755)
	os.WriteFile(filepath.Join(home, "config.toml"), []byte("model = \"gpt-5.1-codex\"\n"), 0o600)
	rules := filepath.Join(root, "no-rm.md")
	os.WriteFile(rules, []byte("---\nname: block-rm-rf\nevent: bash\naction: block\npattern: \\brm\\s+-rf\\b\n---\nNo rm -rf.\n"), 0o644)
	bin := filepath.Join(root, "hookifyc")
	os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755)

	o := deploy.Options{
		Dir:              home,
		Compile:          driver.Options{Sources: []string{rules}, Cwd: root},
		Hookifyc:         bin,
		ExplicitHookifyc: true, // bin lives in a temporary directory
	}
	show := func(lines []string) {
		for _, l := range lines {
			fmt.Println(strings.ReplaceAll(l, root, "ROOT"))
		}
	}
	p, _ := deploy.PlanCodex(o)
	show(p.Summary())
	for _, b := range p.Behaviour {
		fmt.Printf("%s: %s -> %s %v\n", b.Command, b.Old.Decision, b.New.Decision, b.New.By)
	}
	written, _ := deploy.Apply(p)
	fmt.Println(len(written), "files written")
	p, _ = deploy.PlanCodex(o)
	written, _ = deploy.Apply(p)
	fmt.Println(len(written), "files written the second time")
	u, _ := deploy.PlanUninstall("codex", home, false)
	deploy.Apply(u)
	_, err := os.Stat(filepath.Join(home, "rules"))
	fmt.Println("rules directory left:", err == nil)
	// Output:
	// create ROOT/codex-home/rules/hookify.rules
	// create ROOT/codex-home/hooks.json
	// rm -rf build: allow -> block [block-rm-rf hookify.rules:4]
	// rm -rf /: allow -> block [block-rm-rf hookify.rules:4]
	// rm -rf ~: allow -> block [block-rm-rf]
	// sudo rm -rf /var/lib: allow -> block [block-rm-rf]
	// 3 files written
	// 0 files written the second time
	// rules directory left: false
}
