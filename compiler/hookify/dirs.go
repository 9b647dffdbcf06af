package hookify

import (
	"io/fs"
	"time"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// ListDir lists dir of fsys in the kernel's order, never sorted (see
// listDirRaw): the order hookify's os.scandir sees.
func ListDir(fsys fs.FS, dir string) ([]string, error) { return listDirRaw(fsys, dir) }

// LoadRules reads and parses the rule files names of fsys, as LoadRule does,
// on all cores when there are enough of them. displays[i] is how names[i]
// is named in diagnostics. Results are in the order of names.
func LoadRules(fsys fs.FS, names, displays []string) []Loaded {
	return LoadRulesBy(fsys, names, displays, time.Time{})
}

// LoadRulesBy is LoadRules that stops reading at deadline (when not zero):
// the first file not read has a DiagDeadline saying how many were left,
// the others neither rule nor diagnostic.
func LoadRulesBy(fsys fs.FS, names, displays []string, deadline time.Time) []Loaded {
	jobs := make([]loadJob, len(names))
	for i := range names {
		jobs[i] = loadJob{name: names[i], display: displays[i]}
	}
	res := loadAll(fsys, jobs, deadline)
	out := make([]Loaded, len(res))
	for i, r := range res {
		out[i] = Loaded{Rule: r.rule, Diag: r.diag}
	}
	return out
}

// CheckLocalName returns the diagnostic for a file of .claude that hookify
// silently ignores because its name lacks the ".local" segment
// (hookify.x.md), or nil.
func CheckLocalName(path, name string) *Diagnostic {
	if isNotLocalName(name) {
		return notLocal(path, name)
	}
	return nil
}

// PyRepr is Python's repr() of a str, as hookify's messages quote names.
func PyRepr(s string) string { return pyStrRepr(s) }

// NameKeyPos is where a rule's name: key is, or 1:1 without one.
func NameKeyPos(r *ir.Rule) ir.Pos {
	if p, ok := r.KeyPos.Get("name"); ok {
		return p
	}
	return ir.Pos{Line: 1, Col: 1}
}
