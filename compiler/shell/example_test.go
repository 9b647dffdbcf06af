package shell_test

import (
	"fmt"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

func ExampleParse() {
	cmds, err := shell.Parse(`cd /tmp && echo "$(rm -rf build)" | tee log`)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range cmds {
		fmt.Printf("%q literal=%v\n", c.Argv(), c.Literal())
	}
	// Output:
	// ["cd" "/tmp"] literal=true
	// ["echo" "\"$(rm -rf build)\""] literal=false
	// ["rm" "-rf" "build"] literal=true
	// ["tee" "log"] literal=true
}

func ExampleUnwrap() {
	for _, in := range shell.Unwrap([]string{"sudo", "-u", "root", "env", "X=1", "bash", "-c", "git push -f; ls"}) {
		var names []string
		for _, w := range in.Wrappers {
			names = append(names, w.Name)
		}
		fmt.Printf("%q via %v env=%v\n", in.Argv(), names, in.Env)
	}
	// Output:
	// ["git" "push" "-f"] via [sudo env bash -c] env=[X=1]
	// ["ls"] via [sudo env bash -c] env=[X=1]
}

// Canonical is Python's shlex.join: the "canonical(argv)" that lowering
// proves prefix rules against.
func ExampleCanonical() {
	fmt.Println(shell.Canonical([]string{"git", "commit", "-m", "it's done"}))
	argv, _ := shell.SplitShlex(`git commit -m 'it'"'"'s done'`)
	fmt.Printf("%q\n", argv)
	// Output:
	// git commit -m 'it'"'"'s done'
	// ["git" "commit" "-m" "it's done"]
}
