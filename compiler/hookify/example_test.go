package hookify_test

import (
	"fmt"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

const rule = `---
name: block-rm-rf
enabled: true
event: bash
action: block
conditions:
  - field: command
    operator: regex_match
    pattern: rm\s+-rf\s+/
---
Do not delete the root directory.
`

func ExampleReadRule() {
	r, diag := hookify.ReadRule(".claude/hookify.block-rm-rf.local.md", []byte(rule))
	if diag != nil {
		fmt.Println(diag)
		return
	}
	fmt.Println(r.Name, r.Event, r.Action, r.Enabled)
	for _, c := range r.Conditions {
		fmt.Printf("%s:%s: %s %s %s\n", r.Source.File, c.Pos, c.Field, c.Operator, c.Pattern)
	}
	fmt.Printf("%q\n", r.Message)
	// Output:
	// block-rm-rf bash block true
	// .claude/hookify.block-rm-rf.local.md:7:3: command regex_match rm\s+-rf\s+/
	// "Do not delete the root directory."
}

// A file that hookify skips comes back as a diagnostic with its position
// and the exact line hookify prints to stderr for it.
func ExampleReadRule_malformed() {
	_, diag := hookify.ReadRule(".claude/hookify.x.local.md", []byte("---\nname: x\nconditions:\n  - oops\n---\n"))
	fmt.Println(diag)
	fmt.Println(diag.Hookify)
	// Output:
	// .claude/hookify.x.local.md:4:3: 'str' object has no attribute 'get'
	// Error: Malformed rule file .claude/hookify.x.local.md: 'str' object has no attribute 'get'
}

// ParseFrontmatter is hookify's own frontmatter reader, quirks included:
// quotes are stripped rather than parsed, only true and false become
// booleans, and an inline dict splits on every comma.
func ExampleParseFrontmatter() {
	fm := hookify.ParseFrontmatter("---\nname: 'x'\nenabled: yes\nconditions:\n  - field: command, operator: contains, pattern: a,b\n---\nbody\n")
	for _, k := range fm.Keys {
		fmt.Printf("%s %s %q\n", k.Pos, k.Key, k.Raw)
	}
	fmt.Println(pyval.Repr(fm.Values))
	fmt.Printf("%q\n", fm.Message)
	// Output:
	// 2:1 name "'x'"
	// 3:1 enabled "yes"
	// 4:1 conditions ""
	// {'name': 'x', 'enabled': 'yes', 'conditions': [{'field': 'command', 'operator': 'contains', 'pattern': 'a'}]}
	// "body"
}
