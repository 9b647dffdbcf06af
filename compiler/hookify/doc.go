// Package hookify reads and writes Claude Code "hookify" rule files: a
// markdown body after a hand-written, non-YAML frontmatter.
//
// The reader is a faithful replica of the hookify plugin (Python 3.11):
// [ParseFrontmatter] reproduces its extract_frontmatter algorithm quirk for
// quirk (the first "---" anywhere ends the frontmatter, quotes are stripped
// rather than parsed, only true/false convert, inline dicts split on every
// comma, indents count Python whitespace code points, ...), [FromFrontmatter]
// is its Rule.from_dict, and [ReadRule] is its load_rule_file, including the
// exact stderr line hookify prints for a file it skips. Every top-level key,
// list item and dict key keeps its line:column so that errors can point at
// it; that bookkeeping never changes what is parsed.
//
// [DiscoverCompat] is hookify's own discovery: ./.claude/hookify.*.local.md
// relative to the process working directory, in raw directory order.
// [LoadRule], [LoadRules] and [LoadFiles] read rule files found some other
// way, through [OSFS] or, with a [RuleCache], [CachedOSFS]. The layered
// discovery of the default semantics is package sources'; deciding which
// rules apply to an event (event and enabled) is the engine's.
//
// The writer edits files byte for byte: [SetEnabledBytes] changes only the
// value of the effective top-level enabled: line (or inserts one), [Render]
// produces a new rule file that reads back to the same rule, and the file
// wrappers [SetEnabled] and [Create] write atomically (temporary file in the
// same directory, fsync, rename), SetEnabled keeping the file's mode.
package hookify
