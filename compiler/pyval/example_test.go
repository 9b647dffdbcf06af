package pyval_test

import (
	"fmt"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// A hook's stdin read as hookify's json.load reads it, then str() and
// json.dumps of the result, with CPython's error text for bad input.
func ExampleLoadJSON() {
	v, err := pyval.LoadJSON(`{"tool_input": {"command": "ls", "timeout": 1.0, "bg": true, "x": null}}`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(pyval.ToStr(v))
	fmt.Println(string(pyval.Dumps(v)))
	_, err = pyval.LoadJSON(`{"a": }`)
	fmt.Println(err)
	// Output:
	// {'tool_input': {'command': 'ls', 'timeout': 1.0, 'bg': True, 'x': None}}
	// {"tool_input": {"command": "ls", "timeout": 1.0, "bg": true, "x": null}}
	// Expecting value: line 1 column 7 (char 6)
}
