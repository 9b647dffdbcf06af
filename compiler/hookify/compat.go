package hookify

import (
	"io/fs"
	"path"
	"strings"
	"time"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// CompatDir is the directory hookify globs, relative to the process working
// directory.
const CompatDir = ".claude"

// IsLocalRuleName reports whether a file name matches hookify's glob pattern
// hookify.*.local.md as Python's fnmatch does on POSIX: case-sensitive, and
// "*" may be empty or contain anything (hookify..local.md matches).
func IsLocalRuleName(name string) bool {
	return len(name) >= len("hookify.")+len(".local.md") &&
		strings.HasPrefix(name, "hookify.") && strings.HasSuffix(name, ".local.md")
}

// isNotLocalName reports a hookify.*.md name that lacks the ".local" segment
// hookify requires, so that hookify silently ignores the file.
func isNotLocalName(name string) bool {
	return len(name) >= len("hookify.")+len(".md") &&
		strings.HasPrefix(name, "hookify.") && strings.HasSuffix(name, ".md") &&
		!IsLocalRuleName(name)
}

// CompatEntry is one file found by hookify's glob, in hookify's order.
type CompatEntry struct {
	Path string      // ".claude/<name>", as hookify reports it
	Rule *ir.Rule    // nil when hookify skips the file
	Diag *Diagnostic // what hookify prints for a skipped file, else nil
}

// CompatResult is the outcome of DiscoverCompat.
type CompatResult struct {
	// Entries are the files in raw directory order (never sorted): the order
	// in which hookify reads them, prints their diagnostics and joins their
	// messages.
	Entries []CompatEntry
	// Warnings are hookifyc's own notes (DiagNotLocal), which hookify never
	// prints.
	Warnings []*Diagnostic
}

// Rules returns the rules that were read, in order.
func (c *CompatResult) Rules() []*ir.Rule {
	var rs []*ir.Rule
	for _, e := range c.Entries {
		if e.Rule != nil {
			rs = append(rs, e.Rule)
		}
	}
	return rs
}

// DiscoverCompat is hookify's load_rules discovery and reading:
// glob('.claude/hookify.*.local.md') in fsys, which must be rooted at the
// process working directory (os.DirFS(".")), in raw directory order. Every
// matching name is read, a directory or a broken symlink included (it yields a
// DiagCannotRead entry). A missing or unreadable .claude yields no entries.
// Filtering by event and enabled is the engine's (engine.EventFilter and
// engine.Considers).
func DiscoverCompat(fsys fs.FS) *CompatResult {
	res := &CompatResult{}
	// glob swallows OSErrors: no .claude (or not a directory) means no
	// rules, and a listing that fails midway keeps the names read so far.
	names, _ := listDirRaw(fsys, CompatDir)
	var jobs []loadJob
	for _, name := range names {
		if IsLocalRuleName(name) {
			p := CompatDir + "/" + name
			jobs = append(jobs, loadJob{p, p})
		}
	}
	loaded := loadAll(fsys, jobs, time.Time{})
	for _, name := range names {
		p := CompatDir + "/" + name
		switch {
		case IsLocalRuleName(name):
			l := loaded[0]
			loaded = loaded[1:]
			res.Entries = append(res.Entries, CompatEntry{Path: p, Rule: l.rule, Diag: l.diag})
		case isNotLocalName(name):
			res.Warnings = append(res.Warnings, notLocal(p, name))
		}
	}
	return res
}

func notLocal(path, name string) *Diagnostic {
	want := strings.TrimSuffix(name, ".md") + ".local.md"
	return &Diagnostic{
		Kind: DiagNotLocal,
		Path: path,
		Msg:  "hookify ignores this file: rule files in .claude must be named hookify.<name>.local.md (rename it to " + want + ")",
	}
}

// listDirRaw lists a directory of fsys in raw (getdents) order. Unlike
// fs.ReadDir and os.ReadDir it never sorts: on an OSFS (and with os.DirFS,
// whose directories are *os.File) the names come in the kernel's order, which
// is the order of Python's os.scandir.
func listDirRaw(fsys fs.FS, dir string) ([]string, error) {
	if o, ok := fsys.(osFS); ok {
		if !fs.ValidPath(dir) {
			return nil, &fs.PathError{Op: "open", Path: dir, Err: fs.ErrInvalid}
		}
		return readDirNames(path.Join(o.root, dir), dir)
	}
	f, err := fsys.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if rn, ok := f.(interface {
		Readdirnames(n int) ([]string, error)
	}); ok {
		return rn.Readdirnames(-1)
	}
	rd, ok := f.(fs.ReadDirFile)
	if !ok {
		return nil, &fs.PathError{Op: "readdir", Path: dir, Err: fs.ErrInvalid}
	}
	ents, err := rd.ReadDir(-1)
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	return names, err
}
