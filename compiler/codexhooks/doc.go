// Package codexhooks writes the Codex configuration that goes with a
// compiled .rules file:
//
//   - the hooks that send what the prefix rules do not fully cover (rules
//     whose verdict is not exact) to `hookifyc hook --agent codex`, as a
//     hooks.json fragment or the equivalent config.toml [hooks] tables
//     ([PlanFor], [Plan.JSON], [Plan.TOML]);
//   - a managed requirements.toml [rules] prefix_rules block
//     ([Requirements]), which Codex accepts only with the decisions prompt
//     and forbidden.
//
// It does not decide what is lowered (package lower does) and does no I/O.
// Every string goes through a serializer (encoding/json, [QuoteTOML]), so
// rule text cannot inject JSON or TOML, and deceptive characters (bidi
// controls, zero-width characters, ...) are written escaped. The formats
// are those of the shared specs agent-hooks.md Part A and
// codex-execpolicy.md §11.
package codexhooks
