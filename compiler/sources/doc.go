// Package sources finds rule sources and reads them into IR rules: the
// SOURCES arguments of hookifyc's commands ([Load]) or, without them, the
// layered discovery of the default semantics ([Discover]); [Find] picks one
// of the two as every command does. Which of the rules apply to an event is
// the engine's decision, not this package's.
//
// A SOURCES file is recognised by its name and content: a .md file is a
// hookify rule (any name, not only hookify.*.local.md); genesis.key, *.yaml
// and *.yml are genesis files and a JSON object with a top-level
// "permissions" or "hooks" key is Claude Code settings (both read by
// compiler/perm into permission rules); a directory contributes its *.md
// files in name order (the ~/.codex/hookify/ layout).
//
// Nothing here reads the environment or fixed paths of the machine by
// itself: the managed directory, the home directory, HOOKIFY_RULE_DIR and
// the file system come in through [Layout] and [Env]. What cannot be used
// is returned as a [Problem] with its location, never dropped.
package sources
