// Package deploy puts compiled rules into an agent's configuration and
// keeps them there: it plans the files a target needs (Codex: the
// rules/hookify.rules file, the hooks in hooks.json or config.toml; Claude
// Code: the hooks of a settings.json), shows them as a unified diff and a
// behavioural diff, applies them atomically and idempotently, and
// uninstalls them, restoring every file it changed to its previous bytes
// when nothing else changed it since. Doctor checks an installation.
//
// What it edits it owns and recognises: a delimited block in config.toml
// (edited as text, never re-serialised), hook groups whose commands it
// recorded in its state file (spliced into the JSON, every other byte
// kept), and the rules file it generated. It never touches Codex's
// default.rules and refuses to overwrite what it does not own unless
// forced. What it replaced is kept in the state file
// (<dir>/hookifyc/install.json) for uninstall.
//
// The package reads and writes files under the directories it is given; it
// reads no environment and prints nothing: cmd/hookifyc does that.
package deploy
