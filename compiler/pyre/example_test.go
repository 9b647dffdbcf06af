package pyre_test

import (
	"fmt"

	"github.com/hookifyc/hookifyc/compiler/pyre"
)

// hookify compiles every pattern with re.IGNORECASE and searches the value.
func ExampleCompile() {
	re, err := pyre.Compile(`\brm\s+-rf\b`, pyre.Options{IgnoreCase: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range []string{"sudo RM -rf /", "rm -rfx"} {
		ok, err := re.Search(s)
		fmt.Println(s, ok, err)
	}
	// Output:
	// sudo RM -rf / true <nil>
	// rm -rfx false <nil>
}

// Errors are Python's: str() of the re.error, with its position.
func ExampleCompile_error() {
	_, err := pyre.Compile(`(?P<x>a)(?P<x>b)`, pyre.Options{IgnoreCase: true})
	fmt.Println(err)
	_, err = pyre.Compile(`a{2,1}`, pyre.Options{IgnoreCase: true})
	fmt.Println(err)
	// Output:
	// redefinition of group name 'x' as group 2; was group 1 at position 12
	// min repeat greater than max repeat at position 2
}

// Python's IGNORECASE also lets 's' match U+017F (ſ).
func ExampleRegexp_Search() {
	re := pyre.MustCompile(`^ssh\b`, pyre.Options{IgnoreCase: true})
	ok, _ := re.Search("ſsh host")
	fmt.Println(ok)
	// Output:
	// true
}
