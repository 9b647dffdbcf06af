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
// reassignment; no while, no set, no load, no print). A lexical pre-pass
// rejects what starlark-rust rejects but go.starlark.net would accept
// (invalid UTF-8, a byte-order mark, tabs and other control characters or
// non-ASCII outside strings and comments). Constructs that Codex accepts and
// go.starlark.net cannot run (f-strings) are reported as unsupported, never
// silently accepted. String match/not_match examples are split as Codex
// splits them ([SplitExample]). Errors carry file:line:col and use Codex's
// wording.
//
// Evaluation follows Codex exactly: rules are keyed by their first token;
// every matching rule is reported in insertion order; the decision is the
// strictest one (allow < prompt < forbidden); with host-executable resolution
// an unmatched program path falls back to the rules of its basename, gated by
// host_executable() declarations.
package execpolicy

// CodexVersion is the Codex CLI release whose execpolicy (and hooks)
// contract hookifyc reproduces.
const CodexVersion = "0.169.0"
