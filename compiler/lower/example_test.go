package lower_test

import (
	"fmt"
	"os"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/compiler/perm"
)

const rule = `---
name: warn-env-files
event: file
conditions:
  - field: file_path
    operator: regex_match
    pattern: \.env$
---
This file may hold secrets.
`

const settings = `{"permissions": {"deny": ["Bash(git push *)"]}}`

func Example() {
	r, diag := hookify.ReadRule("warn-env-files.md", []byte(rule))
	if diag != nil {
		fmt.Println(diag)
		return
	}
	perms, _, err := perm.LoadSettings("settings.json", []byte(settings), perm.LoadOptions{BaseDir: "/project"})
	if err != nil {
		fmt.Println(err)
		return
	}
	ls, err := lower.Lower(append([]*ir.Rule{r}, perms...), lower.LowerOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range ls {
		fmt.Printf("%s: %s: %s\n", l.Rule.Source, l.Rule.Name, l.Verdict)
		for _, pr := range l.Rules {
			fmt.Printf("  %s %s\n", pr.PatternString(), pr.Decision)
		}
	}
	out, err := lower.EmitLowered(ls, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(out)
	// Output:
	// warn-env-files.md:1:1: warn-env-files: runtime
	// settings.json:1:27: Bash(git push *): partial
	//   ["git", "push"] forbidden
	// prefix_rule(pattern=["git", "push"], decision="forbidden", justification="Bash(git push *) (deny)", match=[["git", "push"], ["git", "push", "arg"]], not_match=[["git"], ["git", "pushx"]])
}
