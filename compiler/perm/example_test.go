package perm_test

import (
	"fmt"

	"github.com/hookifyc/hookifyc/compiler/perm"
)

// The decision a pattern is listed under changes how it matches: a deny
// rule sees through wrappers and matches any part of a compound command,
// an allow rule must cover every part.
func ExampleMatchCommand() {
	for _, cmd := range []string{"git push origin main", "cd x && git push", "sudo git push"} {
		fmt.Printf("%-22s allow=%v deny=%v\n", cmd,
			perm.MatchCommand("git push *", cmd, perm.Allow),
			perm.MatchCommand("git push *", cmd, perm.Deny))
	}
	// Output:
	// git push origin main   allow=true deny=true
	// cd x && git push       allow=false deny=true
	// sudo git push          allow=false deny=true
}

func ExampleTestPattern() {
	ok, err := perm.TestPattern("Read(./.env)", "Read", "/.env")
	fmt.Println(ok, err)
	_, err = perm.TestPattern("Bash(git push", "Bash", "git push")
	fmt.Println(err)
	// Output:
	// true <nil>
	// Bash(git push: col 14: missing ')' to close '(' at col 5
}
