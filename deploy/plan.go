package deploy

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
)

// FileChange is one file a plan would create, change or remove.
type FileChange struct {
	// Rel is the path relative to the plan's directory, slash-separated.
	Rel     string
	Existed bool
	Old     []byte
	// New is the content to write; Remove means delete the file.
	New    []byte
	Remove bool
	// Perm is the mode of a new file (an existing one keeps its own).
	Perm fs.FileMode
}

// Changed reports whether applying the change would alter the file.
func (c *FileChange) Changed() bool {
	if c.Remove {
		return c.Existed
	}
	return !c.Existed || !bytes.Equal(c.Old, c.New)
}

// Plan is what apply (or uninstall) would do in one directory.
type Plan struct {
	Target string // "codex" or "claude"
	// Dir is the directory planned for: CODEX_HOME, <project>/.codex,
	// <project>/.claude or ~/.claude.
	Dir string
	// Files are the files considered, changed or not, in a fixed order.
	Files []*FileChange
	// Result is the compilation installed (nil for uninstall).
	Result *driver.Result
	// Behaviour lists the commands whose decision would change.
	Behaviour []Behaviour
	// Sampled is how many commands the behavioural diff checked, and
	// FromLog how many of them came from the audit log.
	Sampled, FromLog int
	// Conflicts are files or entries apply would overwrite without owning
	// them; apply refuses while there are any (plan with Force to take
	// them over).
	Conflicts []string
	// Notes are remarks for the user (where hooks go, trust, ...).
	Notes []string
	// HookCommand is the command the installed hooks run ("" for none).
	HookCommand string

	state      *State // the state to record; nil: remove the state file
	stateOld   []byte // the state file's content, nil when absent
	uninstall  bool
	managed    bool // a staged fleet layout: no install state
	createdDir []string
	// confine is the project of a project plan: the guarded agent writes
	// there, and a symlink it plants (a file, or .codex itself) must not
	// aim apply or uninstall at a file outside it. Empty: no bound (a
	// user's dotfile manager links ~/.codex files elsewhere).
	confine string
}

// compileChecked compiles copts for a plan: sources with errors, or
// without a rule, are an *ErrSources.
func compileChecked(copts driver.Options) (*driver.Result, error) {
	res, err := driver.Compile(copts)
	if err != nil {
		return nil, err
	}
	if len(res.Errors()) > 0 {
		return nil, &ErrSources{Result: res}
	}
	if len(res.Rules) == 0 {
		return nil, &ErrSources{Result: res, Empty: true}
	}
	return res, nil
}

// newPlan starts target's install plan of res into o.Dir, with the install
// state found there (a fresh one when there is none); an install of the
// other target is an error, as the new state would drop its files.
func newPlan(target string, o Options, res *driver.Result) (*Plan, *State, error) {
	st, stOld, err := readState(o.Dir)
	if err != nil {
		return nil, nil, err
	}
	if st == nil {
		st = &State{Version: 1, Files: map[string]*FileState{}}
	}
	if st.Target != "" && st.Target != target {
		return nil, nil, fmt.Errorf("%s holds an install of `hookifyc apply %s`", o.Dir, st.Target)
	}
	p := &Plan{Target: target, Dir: o.Dir, Result: res, stateOld: stOld}
	if o.Project {
		p.confine = filepath.Dir(o.Dir)
	}
	return p, st, nil
}

// checkConfined refuses a project plan whose files (or the install state)
// resolve, through symlinks, outside the project.
func (p *Plan) checkConfined() error {
	if p.confine == "" {
		return nil
	}
	paths := []string{p.Path(StateFile)}
	for _, f := range p.Files {
		if f.Changed() {
			paths = append(paths, p.Path(f.Rel))
		}
	}
	for _, path := range paths {
		real, err := resolveExisting(path)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if !inDirs(real, []string{p.confine}) {
			return fmt.Errorf("%s resolves to %s, outside the project %s (a symbolic link): nothing written", path, real, p.confine)
		}
	}
	return nil
}

// resolveExisting resolves the symlinks of path, or of its nearest
// existing ancestor when it does not exist yet.
func resolveExisting(path string) (string, error) {
	rest := ""
	for {
		real, err := filepath.EvalSymlinks(path)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(path)
		if parent == path {
			return "", err
		}
		rest = filepath.Join(filepath.Base(path), rest)
		path = parent
	}
}

// Changed reports whether apply would change any file.
func (p *Plan) Changed() bool {
	for _, f := range p.Files {
		if f.Changed() {
			return true
		}
	}
	return false
}

// Path is the absolute path of a planned file.
func (p *Plan) Path(rel string) string {
	return filepath.Join(p.Dir, filepath.FromSlash(rel))
}

// Diff is the unified diff of every change, labelled with absolute paths
// (/dev/null for a file created or removed).
func (p *Plan) Diff() string {
	var b strings.Builder
	for _, f := range p.Files {
		if !f.Changed() {
			continue
		}
		path := p.Path(f.Rel)
		from, to := path, path
		oldText, newText := string(f.Old), string(f.New)
		if !f.Existed {
			from = "/dev/null"
		}
		if f.Remove {
			to, newText = "/dev/null", ""
		}
		d := udiff.Unified(from, to, oldText, newText)
		if d == "" && f.Remove {
			d = fmt.Sprintf("--- %s\n+++ /dev/null\n(empty file removed)\n", path)
		}
		b.WriteString(d)
	}
	return b.String()
}

// Summary is one line per changed file: "create|change|remove PATH".
func (p *Plan) Summary() []string {
	var out []string
	for _, f := range p.Files {
		if !f.Changed() {
			continue
		}
		verb := "change"
		switch {
		case f.Remove:
			verb = "remove"
		case !f.Existed:
			verb = "create"
		}
		out = append(out, verb+" "+p.Path(f.Rel))
	}
	return out
}

// ErrConflict is Apply's error when the plan has conflicts.
var ErrConflict = errors.New("refusing to overwrite what hookifyc does not own")

// Apply writes the plan: first the state file (so that an interrupted
// apply can still be uninstalled), then each changed file atomically (a
// temporary file in the same directory, synced, renamed; an existing file
// keeps its mode, owner and hard links). A file whose content is no longer
// what was planned is not written (the error says so: plan again). It
// returns the paths written; nothing at all when nothing changed.
func Apply(p *Plan) ([]string, error) {
	if len(p.Conflicts) > 0 {
		return nil, fmt.Errorf("%w: %s", ErrConflict, strings.Join(p.Conflicts, "; "))
	}
	if err := p.checkConfined(); err != nil {
		return nil, err
	}
	for _, f := range p.Files {
		if !f.Changed() {
			continue
		}
		cur, err := readFile(p.Path(f.Rel))
		if err != nil {
			return nil, err
		}
		if (cur != nil) != f.Existed || !bytes.Equal(cur, f.Old) {
			return nil, fmt.Errorf("%s changed since it was planned; nothing written (plan again)", p.Path(f.Rel))
		}
	}
	var written []string
	statePath := p.Path(StateFile)
	if !p.uninstall && !p.managed {
		data := p.state.marshal()
		if !bytes.Equal(data, p.stateOld) {
			if err := os.MkdirAll(filepath.Dir(statePath), 0o700); err != nil {
				return nil, err
			}
			if err := atomicfile.Write(statePath, data, 0o600); err != nil {
				return nil, fmt.Errorf("recording the install state: %w", err)
			}
			written = append(written, statePath)
		}
	}
	for _, f := range p.Files {
		if !f.Changed() {
			continue
		}
		path := p.Path(f.Rel)
		var err error
		switch {
		case f.Remove:
			err = os.Remove(path)
		case f.Existed:
			// A symlinked file (a dotfile manager's) is rewritten where it
			// points, and stays a link.
			target := path
			if target, err = filepath.EvalSymlinks(path); err == nil {
				err = atomicfile.Rewrite(target, f.Old, f.New)
			}
		default:
			if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
				perm := f.Perm
				if perm == 0 {
					perm = 0o644
				}
				err = atomicfile.Create(path, f.New, perm)
			}
		}
		if err != nil {
			return written, fmt.Errorf("%s: %w", path, err)
		}
		written = append(written, path)
	}
	if p.uninstall {
		if p.stateOld != nil {
			if err := os.Remove(statePath); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return written, err
			}
			written = append(written, statePath)
			os.Remove(filepath.Dir(statePath)) // only when empty
		}
		dirs := append([]string{}, p.createdDir...)
		sort.Sort(sort.Reverse(sort.StringSlice(dirs))) // deepest first
		for _, d := range dirs {
			os.Remove(p.Path(d)) // only when empty
		}
	}
	return written, nil
}

// createdDirs returns the directories (relative, slash-separated) between
// dir and rel's parent that do not exist yet.
func createdDirs(dir, rel string) []string {
	var out []string
	for d := filepath.ToSlash(filepath.Dir(filepath.FromSlash(rel))); d != "." && d != "/" && d != ""; d = filepath.ToSlash(filepath.Dir(filepath.FromSlash(d))) {
		if !exists(filepath.Join(dir, filepath.FromSlash(d))) {
			out = append(out, d)
		}
	}
	return out
}
