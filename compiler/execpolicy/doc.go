// Package execpolicy is hookifyc's model of OpenAI Codex execpolicy `.rules`
// files (codex-cli 0.169.0): Starlark files of prefix_rule(), host_executable()
// and network_rule() calls.
//
// It loads and validates such files as Codex does ([Load], [LoadFile]),
// evaluates an argv against the loaded rules as `codex execpolicy check`
// does ([Policy.Check], [Policy.CheckJSON]), and writes rules back as a
// stable, injection-safe `.rules` file ([Emit]). It knows nothing of hookify
// or of where rules come from: turning hookify rules and permission patterns
// into prefix rules is package lower's job. It imports no other package of
// hookifyc, so it can validate any user's file on its own.
//
// Loading runs the files with go.starlark.net configured like Codex's
// starlark-rust "Extended" dialect (top-level for/if, def, recursion, global
// reassignment; no while, no set, no load, no print), with starlark-rust's
// semantics where the two differ. A lexical pre-pass (lexcheck.go) tokenizes
// the file as starlark-rust does: it rejects what starlark-rust rejects but
// go.starlark.net would accept (invalid UTF-8, a byte-order mark, tabs and
// other control characters or non-ASCII outside strings and comments), reads
// string literals with starlark-rust's escapes (`"\q"` is `\q`, `"\xe9"` is
// é, carriage returns inside strings are dropped, a raw string escapes either
// quote) and turns f-strings (`f"{x!r} and {len(y)}"`, any expression, !s/!r)
// into placeholders of the same extent, so that every position go.starlark.net
// reports is the file's own line:col. The syntax tree is then rewritten
// (rewrite.go) so that indexing, slicing, attributes, % and the arithmetic
// and comparison operators go through builtins with starlark-rust's meaning
// and errors (rust.go, rustfloat.go): strings are sequences of characters
// (len, s[i], s[a:b], find, elems(), ...), repr escapes as starlark-rust
// does, floats print as starlark-rust prints them (str(1e6) is "1e+06",
// str(123456789.0) "1.234568e+08"), "%c" is refused, and len, str, repr,
// type, hash, int, float, ord, chr, dir, getattr, hasattr and fail are
// starlark-rust's. String match/not_match examples are split as Codex splits
// them ([SplitExample]). Errors carry file:line:col and use Codex's wording;
// syntax errors are found as Codex's parser finds them (syntaxcheck.go), with
// its words and positions; type annotations are checked as Codex checks
// them (annotations.go).
//
// The conformance tests compare all this with the real Codex (recorded in
// testdata/codex/*.jsonl): TestConformanceSemantics (over 400 small files:
// values and errors of expressions and programs), TestConformanceRustPolicy
// (a policy written with f-strings, string indexing, floats and %, checked
// on about 1,800 argvs), TestConformanceSyntaxErrors (1,943 spoiled policies:
// syntax errors and what a typo leads to), TestConformanceAnnotations
// (1,201 annotated policies), and the check, emit, invalid,
// builtin-call and multi-file suites.
//
// Evaluation follows Codex exactly: rules are keyed by their first token;
// every matching rule is reported in insertion order; the decision is the
// strictest one (allow < prompt < forbidden); with host-executable resolution
// an unmatched program path falls back to the rules of its basename, gated by
// host_executable() declarations.
package execpolicy

// CodexVersion is the Codex CLI release whose execpolicy (and hooks)
// contract hookifyc reproduces (internal/version.Codex says the same;
// TestCodexVersion).
const CodexVersion = "0.169.0"
