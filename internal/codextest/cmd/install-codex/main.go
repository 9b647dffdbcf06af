// Command install-codex installs the pinned Codex CLI that the execpolicy
// conformance tests run (the same installation the tests would make on first
// use) and prints its path. CI runs it before the tests.
package main

import (
	"fmt"
	"os"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

func main() {
	bin, err := codextest.Locate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "install-codex:", err)
		os.Exit(1)
	}
	fmt.Println(bin)
}
