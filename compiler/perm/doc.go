// Package perm reads Claude Code permission patterns — `Tool` and
// `Tool(specifier)` — and matches tool calls against them with Claude Code's
// semantics (agent-hooks.md Part C). It does not decide a hook's answer: the
// engine evaluates permission rules, read into the IR, through [MatchRule].
//
//   - [Parse] turns a pattern such as `Bash(git push *)`, `Read(./.env)`,
//     `WebFetch(domain:*.example.com)`, `mcp__github__*` or
//     `Agent(model:opus)` into a [Pattern]; errors carry the column.
//   - Matchers, all pure functions: [MatchCommand] (Bash specifiers, with
//     compound commands split and wrappers stripped through package
//     compiler/shell), [MatchPath] (gitignore-style Read/Edit specifiers on
//     top of doublestar), [MatchDomain] (WebFetch domains), [MatchTool]
//     (tool names and MCP globs) and [Pattern.Matches], which dispatches on
//     the tool call. [PrepareCommand] parses a command once for many Bash
//     specifiers; [MatchRule] evaluates a rule read by the loaders.
//   - Loaders that turn Claude Code settings JSON ([LoadSettings]) and
//     genesis.key YAML ([LoadGenesis]) into IR rules with the file:line:col
//     of every pattern (rules carry ir.Permission; conditions use
//     ir.OpPermCommand, ir.OpPermPath, ir.OpPermDomain and [OpPermParam]);
//     [Detect] tells the two apart and [Load] dispatches on it.
//   - [TestPattern] and [TestPatternIn] for `hookifyc rules test-pattern`.
//
// The decision a pattern is listed under changes how it matches
// ([Decision]): allow rules must match every subcommand of a compound
// command and see through a short, fixed list of wrappers; deny and ask rules
// match when any subcommand matches and see through every wrapper and
// assignment hookifyc understands. Where Claude Code's documentation leaves a
// choice open, allow rules take the narrower reading and deny/ask rules the
// broader one.
//
// Nothing here reads files, the environment or the clock, except [ReadFile],
// a thin wrapper around the byte-level loaders.
package perm
