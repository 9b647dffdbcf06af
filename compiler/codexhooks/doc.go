// Package codexhooks writes the Codex configuration that complements a
// compiled `.rules` file (spec agent-hooks.md Part A, codex-execpolicy.md
// §11):
//
//   - a hooks.json fragment and the equivalent config.toml [hooks] tables
//     that route the calls the prefix rules do not fully cover (rules whose
//     verdict is not exact) to `hookifyc hook --agent codex`: PreToolUse
//     for Bash and file rules, UserPromptSubmit and Stop as needed ([Plan]);
//   - a managed requirements.toml [rules] prefix_rules block
//     ([Requirements]), which Codex only accepts with the decisions prompt
//     and forbidden.
//
// Every string is escaped by a serializer (encoding/json, [QuoteTOML]), so
// rule text can never inject JSON or TOML. The package is pure: bytes out,
// no I/O.
package codexhooks
