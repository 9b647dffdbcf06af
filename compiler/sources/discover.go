package sources

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

// Layer is a level of the layered discovery; a lower value is a higher
// priority.
type Layer int

const (
	LayerManaged       Layer = iota + 1 // /etc/codex/hookify/*.md
	LayerProject                        // <project>/.codex/hookify/*.md
	LayerProjectClaude                  // <project>/.claude/hookify.*.local.md
	LayerUser                           // ~/.codex/hookify/*.md
	LayerRuleDir                        // $HOOKIFY_RULE_DIR/*.md (replaces all others)
)

func (l Layer) String() string {
	switch l {
	case LayerManaged:
		return "managed"
	case LayerProject:
		return "project"
	case LayerProjectClaude:
		return "project-claude"
	case LayerUser:
		return "user"
	case LayerRuleDir:
		return "rule-dir"
	}
	return "unknown"
}

// DefaultManagedDir is the managed (fleet) rule directory of a Unix machine.
// Discovery never reads it by itself: the command passes it in Layout.
const DefaultManagedDir = "/etc/codex/hookify"

// Layout says where the layered discovery looks. All paths are absolute,
// slash-separated paths inside FS, which is rooted at "/" (os.DirFS("/") in
// production; an fstest.MapFS in tests).
type Layout struct {
	FS         fs.FS
	ManagedDir string // "" disables the managed layer; normally DefaultManagedDir
	HomeDir    string // "" disables the user layer (~/.codex/hookify)
	// RuleDir is HOOKIFY_RULE_DIR: when set, its *.md files are the only rules.
	RuleDir string
}

// Found is one rule file found by Discover.
type Found struct {
	Layer Layer
	Path  string   // absolute path
	Rule  *ir.Rule // always non-nil
	// ShadowedBy is the higher-layer rule with the same name that hides this
	// one (nil for an active rule).
	ShadowedBy *Found
}

// Discovery is the outcome of Discover.
type Discovery struct {
	ProjectRoot string
	// Rules are the active rules, disabled ones included (the engine checks
	// Enabled), ordered by layer, then file name.
	Rules []*Found
	// Shadowed are the rules hidden by a same-named rule of a higher layer.
	Shadowed []*Found
	// Problems: files that cannot be read or are malformed (errors), .claude
	// files missing ".local" and one ProblemShadowed per shadowed rule
	// (warnings).
	Problems []Problem
}

// ProjectRoot walks up from cwd to the nearest directory that contains .git
// (a directory, or a file as in worktrees). Without one, it is the nearest
// directory holding rules (.codex/hookify, or a .claude with
// hookify.*.local.md files), so that rules keep applying when the agent
// works in a subdirectory of a project that is not a git repository; without
// either, it is cwd itself.
func ProjectRoot(fsys fs.FS, cwd string) string {
	return projectRoot(fsys, cwd, &lister{fsys: fsys})
}

// lister lists directories of fsys, each once: Discover lists the project's
// .claude both to find the project root and to read its rules.
type lister struct {
	fsys fs.FS
	memo map[string]listing
}

type listing struct {
	names []string
	err   error
}

func (l *lister) list(dir string) ([]string, error) {
	if r, ok := l.memo[dir]; ok {
		return r.names, r.err
	}
	names, err := hookify.ListDir(l.fsys, dir)
	if l.memo == nil {
		l.memo = map[string]listing{}
	}
	l.memo[dir] = listing{names, err}
	return names, err
}

func projectRoot(fsys fs.FS, cwd string, ls *lister) string {
	cwd = path.Clean(cwd)
	marked := ""
	for dir := cwd; ; dir = path.Dir(dir) {
		if _, err := fs.Stat(fsys, fsPath(path.Join(dir, ".git"))); err == nil {
			return dir
		}
		if marked == "" && holdsRules(fsys, dir, ls) {
			marked = dir
		}
		if dir == "/" || dir == "." {
			if marked != "" {
				return marked
			}
			return cwd
		}
	}
}

// holdsRules reports whether dir has project rules of its own.
func holdsRules(fsys fs.FS, dir string, ls *lister) bool {
	if st, err := fs.Stat(fsys, fsPath(path.Join(dir, ".codex", "hookify"))); err == nil && st.IsDir() {
		return true
	}
	names, err := ls.list(fsPath(path.Join(dir, hookify.CompatDir)))
	if err != nil {
		return false
	}
	for _, n := range names {
		if hookify.IsLocalRuleName(n) {
			return true
		}
	}
	return false
}

// Discover is the layered discovery of the fixed semantics, from the event's
// cwd (an absolute path): managed > project .codex/hookify > project
// .claude/hookify.*.local.md > user ~/.codex/hookify, or only
// Layout.RuleDir when it is set. Files are read as UTF-8 whatever the locale.
// When two layers define a rule with the same name, the higher layer wins and
// the other is returned in Shadowed (rules of one layer never shadow each
// other, as in hookify). Directories that do not exist are skipped silently.
func Discover(l Layout, cwd string) *Discovery {
	ls := &lister{fsys: l.FS}
	d := &Discovery{ProjectRoot: projectRoot(l.FS, cwd, ls)}
	type dir struct {
		layer Layer
		path  string
	}
	var dirs []dir
	if l.RuleDir != "" {
		dirs = []dir{{LayerRuleDir, l.RuleDir}}
	} else {
		if l.ManagedDir != "" {
			dirs = append(dirs, dir{LayerManaged, l.ManagedDir})
		}
		dirs = append(dirs,
			dir{LayerProject, path.Join(d.ProjectRoot, ".codex", "hookify")},
			dir{LayerProjectClaude, path.Join(d.ProjectRoot, hookify.CompatDir)})
		if l.HomeDir != "" {
			dirs = append(dirs, dir{LayerUser, path.Join(l.HomeDir, ".codex", "hookify")})
		}
	}
	byName := map[string]*Found{}
	seen := map[string]bool{}
	for _, dr := range dirs {
		if seen[dr.path] {
			continue // e.g. cwd = home: project .codex/hookify is the user layer
		}
		seen[dr.path] = true
		names, err := ls.list(fsPath(dr.path))
		if err != nil {
			// An absent layer is normal; a rule directory that was named but
			// is missing, or a layer that exists but cannot be read, would
			// silently drop its rules.
			if dr.layer == LayerRuleDir || !errors.Is(err, fs.ErrNotExist) {
				d.Problems = append(d.Problems, Problem{
					Kind: ProblemCannotRead, Path: dr.path,
					Text: "cannot read the " + dr.layer.String() + " rule directory: " + hookify.PyOSError(err, dr.path),
				})
			}
			continue
		}
		names = slices.Clone(names) // the listing is shared with projectRoot
		sort.Strings(names)
		wanted := func(name string) bool {
			if dr.layer == LayerProjectClaude {
				return hookify.IsLocalRuleName(name)
			}
			return isMarkdownName(name)
		}
		var fsNames, displays []string
		for _, name := range names {
			if wanted(name) {
				p := path.Join(dr.path, name)
				fsNames, displays = append(fsNames, fsPath(p)), append(displays, p)
			}
		}
		loaded := hookify.LoadRules(l.FS, fsNames, displays)
		var layer []*Found
		for _, name := range names {
			p := path.Join(dr.path, name)
			if dr.layer == LayerProjectClaude {
				if diag := hookify.CheckLocalName(p, name); diag != nil {
					d.Problems = append(d.Problems, fromDiagnostic(diag))
				}
			}
			if !wanted(name) {
				continue
			}
			r, diag := loaded[0].Rule, loaded[0].Diag
			loaded = loaded[1:]
			if diag != nil {
				d.Problems = append(d.Problems, fromDiagnostic(diag))
				continue
			}
			layer = append(layer, &Found{Layer: dr.layer, Path: p, Rule: r})
		}
		for _, f := range layer {
			if hi, ok := byName[f.Rule.Name]; ok && hi.Layer != f.Layer {
				f.ShadowedBy = hi
				d.Shadowed = append(d.Shadowed, f)
				d.Problems = append(d.Problems, Problem{
					Kind:    ProblemShadowed,
					Warning: true,
					Path:    f.Path,
					Pos:     hookify.NameKeyPos(f.Rule),
					Text: "rule " + hookify.PyRepr(f.Rule.Name) + " (" + f.Layer.String() + ") is shadowed by the " +
						hi.Layer.String() + " rule of the same name in " + hi.Path,
				})
				continue
			}
			d.Rules = append(d.Rules, f)
		}
		for _, f := range layer {
			if _, ok := byName[f.Rule.Name]; !ok && f.ShadowedBy == nil {
				byName[f.Rule.Name] = f
			}
		}
	}
	return d
}

// isMarkdownName is glob "*.md": hidden names are skipped, as by Python's glob.
func isMarkdownName(name string) bool {
	return strings.HasSuffix(name, ".md") && !strings.HasPrefix(name, ".")
}

// fsPath turns an absolute slash path into an fs.FS path of a file system
// rooted at "/".
func fsPath(p string) string {
	p = strings.TrimPrefix(path.Clean(p), "/")
	if p == "" {
		return "."
	}
	return p
}
