package lower

import (
	"github.com/hookifyc/hookifyc/compiler/execpolicy"
)

// Codex core resolves a program path (absolute, relative or ~/) to its
// basename when no rule is keyed by the path itself, and then applies the
// basename's rules: `/nix/store/…/bin/git push` meets the rules of `git`.
// A host_executable(name, paths) declaration narrows that fallback to the
// listed paths, and it is global: it applies to every file's rules of that
// name, the user's default.rules and the managed policy included. A
// declaration in a compiled file would therefore make the user's own rules
// stop applying at every other path (a user rule forbidding `git push`
// would no longer catch /nix/store/…/bin/git push).
//
// So the compiled file declares nothing: its rules reach a program of
// their name wherever it lives, as the user's own rules do, and soundness
// is defined on canonical(argv) with the program replaced by its basename
// (docs/compile.md). For forbidden and prompt rules that only refuses or
// asks more; allow rules are lowered only on request
// (LowerOptions.Allow), and the report says they reach every path.

// EmitLowered writes the lowered rules as a `.rules` file (execpolicy.Emit,
// which loads its output back and checks every example).
func EmitLowered(ls []Lowered, header string) ([]byte, error) {
	return execpolicy.Emit(PrefixRules(ls), header)
}
