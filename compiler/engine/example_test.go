package engine_test

import (
	"fmt"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

const blockRmRf = `---
name: block-rm-rf
event: bash
action: block
conditions:
  - field: command
    operator: regex_match
    pattern: rm\s+-rf\s+/
---
Do not delete the root directory.
`

// warnSudo uses hookify's legacy top-level pattern: key.
const warnSudo = `---
name: warn-sudo
event: bash
pattern: \bsudo\b
---
sudo runs as root.
`

// read reads one hookify rule file's text.
func read(path, text string) *ir.Rule {
	r, diag := hookify.ReadRule(path, []byte(text))
	if diag != nil {
		panic(diag)
	}
	return r
}

func Example() {
	rules := []*ir.Rule{read("block-rm-rf.md", blockRmRf), read("warn-sudo.md", warnSudo)}
	e := engine.New(engine.Options{Semantics: engine.Fixed})
	for _, cmd := range []string{"rm -rf /", "SUDO ls", "ls"} {
		res := e.Evaluate(rules, engine.BashEvent(cmd))
		fmt.Printf("%s: %s\n", cmd, res.Decision())
		if msg := res.Message(); msg != "" {
			fmt.Println(msg)
		}
	}
	// Output:
	// rm -rf /: block
	// **[block-rm-rf]**
	// Do not delete the root directory.
	// SUDO ls: warn
	// **[warn-sudo]**
	// sudo runs as root.
	// ls: allow
}

// With Options.Explain, a result says which value each condition of a
// matching rule was tested on.
func ExampleOptions_explain() {
	rules := []*ir.Rule{read("block-rm-rf.md", blockRmRf)}
	e := engine.New(engine.Options{Semantics: engine.Fixed, Explain: true})
	res := e.Evaluate(rules, engine.BashEvent("sudo rm -rf /tmp/x"))
	for _, x := range res.Explanations {
		for _, c := range x.Conditions {
			fmt.Printf("%s: %s %s %s on %q\n", x.Rule.Name, c.Field, c.Condition.Operator, c.Condition.Pattern, c.Value)
		}
	}
	// Output:
	// block-rm-rf: command regex_match rm\s+-rf\s+/ on "sudo rm -rf /tmp/x"
}
