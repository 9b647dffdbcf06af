// Package starter holds hookifyc's starter rule pack: hookify markdown
// rules (MIT, written for hookifyc) against destructive file deletion, git
// history rewriting and force pushes, disk and file-system tools,
// permission blasts, database drops, cloud and cluster teardown,
// pipe-to-shell installs, secrets and credential files in edits, and
// shell-history and SSH key exfiltration. `hookifyc init` writes it; its
// accuracy on the shared command corpus is tested here and reported in
// docs/benchmarks.md.
package starter

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.md
var files embed.FS

// FS is the pack: one hookify rule per .md file at its root.
func FS() fs.FS { return files }

// Names lists the rule files of the pack, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}
