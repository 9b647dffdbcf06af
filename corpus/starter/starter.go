// Package starter holds hookifyc's starter rule pack: hookify markdown
// rules (MIT, written for hookifyc), written against the commands bash
// will run (the command model, docs/compat.md fix 21: each pattern
// anchors at an executed command's start). It covers recursive and forced
// deletes, git force pushes, remote deletes, resets, cleans, branch
// deletes, discarded work and history rewrites, databases and framework
// resets, cloud, cluster, infrastructure and container teardown, disk and
// file-system tools, permission blasts, downloads run as code, code known
// only at run time, fork bombs, dotfiles and keys, the crontab, shell
// history, interpreter one-liners that delete trees, killing every
// process, shutdown, the firewall, rsync --delete onto a home, deleting
// users, and secrets and credential files in edits. `hookifyc init` writes
// it; its accuracy on the shared command corpus and on the labelled sets
// of internal/benchtables is tested here and reported in
// docs/benchmarks.md.
package starter

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.md
var files embed.FS

// versions lists every version of every file of the pack that hookifyc
// has shipped, current ones included ("SHA256  NAME" per line): hookifyc
// init --update replaces a file that holds one of them, which nobody
// edited. TestVersionsListed fails until a changed file's new digest is
// added; keep the old lines.
//
//go:embed versions.sha256
var versions string

// Shipped reports whether data is a version of the pack's file name that
// hookifyc shipped (versions.sha256).
func Shipped(name string, data []byte) bool {
	return strings.Contains("\n"+versions, "\n"+Digest(data)+"  "+name+"\n")
}

// Digest is the hex SHA-256 of a starter file's content, as
// versions.sha256 and init's manifest write it.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

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
