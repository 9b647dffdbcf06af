// Package shell turns agent command lines into argument vectors that guard
// rules can be checked against. It parses and unwraps; it never expands or
// runs anything: a word whose value would depend on an expansion is reported
// as not literal rather than guessed.
//
// It has three parts:
//
//   - [Parse] parses a command string as bash (with mvdan.cc/sh/v3/syntax) and
//     returns every simple command in it, in source order: the stages of
//     pipelines and lists, the bodies of subshells, { } groups, if, for, while
//     and case clauses and function definitions, and the commands inside $(…),
//     `…`, <(…), >(…), ${…}, $((…)) and unquoted here-document bodies. Each
//     word is unquoted by this package (not by the parser): a word is
//     [Word.Literal] only when its value does not depend on the environment,
//     the file system or expansions, so a literal value is exactly what the
//     program receives as an argument.
//   - [Unwrap] and [UnwrapCommand] strip command wrappers (sudo, env, command,
//     builtin, exec, nohup, nice, timeout, time, stdbuf, doas, xargs, noglob,
//     nocorrect, eval and bash/sh/zsh/dash -c SCRIPT) recursively and report
//     the inner commands and the wrappers removed. Option shapes that are not
//     understood stop the unwrapping and mark the result [Inner.Uncertain].
//   - [Canonical], [Quote] and [SplitShlex] reproduce Python's shlex.join,
//     shlex.quote and shlex.split (POSIX mode). Canonical is the
//     "canonical(argv)" of the execpolicy lowering contract. SplitShlex is
//     not how Codex splits the string examples of a prefix_rule: Codex uses
//     the Rust shlex crate, which differs on comments, '\r',
//     backslash-newline and \$ \` inside double quotes (see
//     compiler/execpolicy's SplitExample).
//
// Limits and deliberate choices: input longer than [MaxCommandBytes] or
// nesting brackets deeper than [MaxNesting] is rejected before parsing (a
// Go stack overflow would crash the process); input must be valid UTF-8 and
// may not contain both \r and \x01; wrapper unwrapping stops after
// [MaxUnwrapDepth] layers. Semantics are bash's: non-interactive, no
// aliases, extglob patterns treated as globs, a UTF-8 locale for $'\u…',
// '\r' an ordinary character. Two places where mvdan.cc/sh reads input
// differently from bash, and which could hide a command, are corrected: a
// backslash-newline ending a comment, and CR LF line endings (details
// in parse.go). zsh-only expansions such as =cmd are not modelled.
//
// All functions are safe for concurrent use: every call creates its own
// parser.
package shell
