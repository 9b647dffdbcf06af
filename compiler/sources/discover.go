package sources

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

// Layer is a level of the layered discovery. Layers are listed in trust
// order: a lower value is more trusted.
type Layer int

const (
	LayerManaged       Layer = iota + 1 // /etc/codex/hookify/*.md
	LayerUser                           // ~/.codex/hookify/*.md
	LayerProject                        // <dir>/.codex/hookify/*.md
	LayerProjectClaude                  // <dir>/.claude/hookify.*.local.md
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

// Trust is how far a layer's rules are trusted: the machine's
// administrator (managed), the user (user, rule-dir), or the repository
// the agent works in (project layers), which the user may just have cloned
// and which the agent itself can write.
func (l Layer) Trust() string {
	switch l {
	case LayerManaged:
		return "managed"
	case LayerUser, LayerRuleDir:
		return "user"
	}
	return "project"
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
	// Deadline, when not zero, is when reading stops: the directories and
	// rule files not read by then are a ProblemDeadline, and the rules read
	// (the managed and user layers first) are the discovery's.
	Deadline time.Time
	// ProjectPatternBytes, when not zero, bounds the bytes of the patterns
	// of the project layers' rules, in discovery order: a rule that would
	// pass it is left out, a ProblemPatternBudget. A hook sets it: the
	// guarded agent writes those layers, and a compiled pattern can hold
	// about 80 bytes of memory for each of its bytes (a hook the kernel
	// kills for memory makes no decision, and the call runs).
	ProjectPatternBytes int
}

// DefaultProjectPatternBytes is what a hook (and the MCP server) allow
// the project layers' rules in patterns (Layout.ProjectPatternBytes):
// 1 MiB, five times what a thousand rules of the longest patterns real
// projects write (about 200 bytes) would hold. The engine bounds their
// translations as well (engine.DefaultUntrustedPatternBytes).
const DefaultProjectPatternBytes = 1 << 20

// Found is one rule file found by Discover.
type Found struct {
	Layer Layer
	Path  string   // absolute path
	Rule  *ir.Rule // always non-nil
	// Collides are the rules of other layers with the same name. They all
	// apply: no layer can switch off, replace or weaken another's rule.
	Collides []*Found

	nextSameName *Found // the next rule found with its name
}

// Discovery is the outcome of Discover.
type Discovery struct {
	// Dirs are the project directories whose rules were read: the start
	// directories and all their ancestors, nearest first.
	Dirs []string
	// Rules are all rules found, disabled ones included (the engine checks
	// Enabled), in trust order: managed, user, then the project layers
	// (nearest directory first), each in file name order.
	Rules []*Found
	// Problems: files that cannot be read or are malformed (errors), .claude
	// files missing ".local" and one ProblemCollision per rule whose name a
	// more trusted layer also uses (warnings).
	Problems []Problem
}

// Discover is the layered discovery of the fixed semantics: managed, then
// user ~/.codex/hookify, then the project layers (.codex/hookify/*.md and
// .claude/hookify.*.local.md) of every start directory and each of its
// ancestors up to the root; or only Layout.RuleDir when it is set.
//
// The start directories are those the caller trusts to name the project
// (for a hook: what the guarded agent cannot change, see runtime/hook). No
// marker decides where a project ends: reading every ancestor means that a
// .git the agent creates, or a cd into a subdirectory, can add directories
// but never hide one. Directories that do not exist are skipped silently;
// a rule directory that exists but cannot be read is a problem.
//
// Rules of different layers never shadow each other: a project rule with
// the name of a managed or user rule is evaluated beside it and reported
// (ProblemCollision), so that a cloned repository can add rules but never
// disable, replace or weaken the user's or the administrator's. Rules of
// one layer with the same name all apply, as in hookify.
func Discover(l Layout, starts ...string) *Discovery {
	d := &Discovery{}
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
		if l.HomeDir != "" {
			dirs = append(dirs, dir{LayerUser, path.Join(l.HomeDir, ".codex", "hookify")})
		}
		d.Dirs = projectDirs(starts)
		for _, p := range d.Dirs {
			dirs = append(dirs,
				dir{LayerProject, path.Join(p, ".codex", "hookify")},
				dir{LayerProjectClaude, path.Join(p, hookify.CompatDir)})
		}
	}
	var byName map[string]*Found // the first rule found with each name (made with the first rules' count)
	projectBytes := 0            // the patterns of the project layers' rules so far
	seen := map[string]bool{}
	for _, dr := range dirs {
		dirPath := fsPath(dr.path)
		if seen[dirPath] {
			continue // e.g. a project directory's .codex/hookify is the user layer
		}
		if !l.Deadline.IsZero() && time.Now().After(l.Deadline) {
			d.Problems = append(d.Problems, Problem{Kind: ProblemDeadline, Path: dr.path,
				Text: "the " + dr.layer.String() + " rule directory was not read: the call's deadline passed"})
			continue
		}
		seen[dirPath] = true
		names, err := hookify.ListDir(l.FS, dirPath)
		if err != nil && isNotDir(err) {
			err = errNotDir
		}
		if err != nil {
			// An absent layer is normal; a rule directory that was named but
			// is missing, or a layer that exists but cannot be read, would
			// silently drop its rules.
			if dr.layer == LayerRuleDir || !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, errNotDir) {
				d.Problems = append(d.Problems, Problem{
					Kind: ProblemCannotRead, Path: dr.path,
					Text: "cannot read the " + dr.layer.String() + " rule directory: " + hookify.PyOSError(err, dr.path),
				})
			}
			continue
		}
		sort.Strings(names)
		wanted := func(name string) bool {
			if dr.layer == LayerProjectClaude {
				return hookify.IsLocalRuleName(name)
			}
			return isMarkdownName(name)
		}
		prefix, fsPrefix := namePrefixes(dr.path)
		// The discovery's paths are absolute: a file's name in the FS is
		// its display path without the leading slash, sharing its memory.
		shared := prefix == "/"+fsPrefix
		fsNames, displays := make([]string, 0, len(names)), make([]string, 0, len(names))
		for _, name := range names {
			if !wanted(name) {
				continue
			}
			display := prefix + name
			fsName := display[1:]
			if !shared {
				fsName = fsPrefix + name
			}
			fsNames, displays = append(fsNames, fsName), append(displays, display)
		}
		if byName == nil && len(fsNames) > 0 {
			byName = make(map[string]*Found, len(fsNames))
		}
		loaded := hookify.LoadRulesBy(l.FS, fsNames, displays, l.Deadline)
		var found []Found
		if len(loaded) > 0 {
			found = make([]Found, 0, len(loaded))
		}
		d.Rules = slices.Grow(d.Rules, len(loaded))
		for _, name := range names {
			if !wanted(name) {
				// A rule file name is never one hookify ignores for a
				// missing ".local".
				if dr.layer == LayerProjectClaude {
					if diag := hookify.CheckLocalName(prefix+name, name); diag != nil {
						d.Problems = append(d.Problems, fromDiagnostic(diag))
					}
				}
				continue
			}
			p := displays[0]
			displays = displays[1:]
			r, diag := loaded[0].Rule, loaded[0].Diag
			loaded = loaded[1:]
			if diag != nil {
				d.Problems = append(d.Problems, fromDiagnostic(diag))
				continue
			}
			if r == nil {
				continue // not read before the deadline (counted above)
			}
			if l.ProjectPatternBytes > 0 && dr.layer.Trust() == "project" {
				n := patternBytes(r)
				if projectBytes+n > l.ProjectPatternBytes {
					d.Problems = append(d.Problems, Problem{Kind: ProblemPatternBudget, Path: p,
						Text: fmt.Sprintf("rule %s left out: with its %d bytes of patterns, the project layers' rules would pass %d bytes of patterns in all", hookify.PyRepr(r.Name), n, l.ProjectPatternBytes)})
					continue
				}
				projectBytes += n
			}
			found = append(found, Found{Layer: dr.layer, Path: p, Rule: r})
			f := &found[len(found)-1]
			var last *Found
			for other := byName[r.Name]; other != nil; other = other.nextSameName {
				last = other
				if other.Layer == f.Layer {
					continue
				}
				f.Collides = append(f.Collides, other)
				other.Collides = append(other.Collides, f)
				if other.Layer.Trust() != f.Layer.Trust() {
					d.Problems = append(d.Problems, Problem{
						Kind:    ProblemCollision,
						Warning: true,
						Path:    f.Path,
						Pos:     hookify.NameKeyPos(f.Rule),
						Text: "rule " + hookify.PyRepr(r.Name) + " (" + f.Layer.String() + ") has the name of the " +
							other.Layer.String() + " rule in " + other.Path + "; both apply (a " + f.Layer.Trust() +
							" rule cannot replace or switch off a " + other.Layer.Trust() + " rule)",
					})
				}
			}
			if last == nil {
				byName[r.Name] = f
			} else {
				last.nextSameName = f
			}
			d.Rules = append(d.Rules, f)
		}
	}
	return d
}

// patternBytes is the length of a rule's patterns.
func patternBytes(r *ir.Rule) int {
	n := 0
	for i := range r.Conditions {
		n += len(r.Conditions[i].Pattern)
	}
	return n
}

// projectDirs returns the absolute start directories and all their
// ancestors, nearest first, each once. Relative or empty starts are
// ignored: they name no directory the caller can vouch for.
func projectDirs(starts []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range starts {
		if !strings.HasPrefix(s, "/") {
			continue
		}
		for dir := path.Clean(s); ; dir = path.Dir(dir) {
			if !seen[dir] {
				seen[dir] = true
				out = append(out, dir)
			}
			if dir == "/" {
				break
			}
		}
	}
	return out
}

// errNotDir is what listing a path below a regular file fails with (e.g.
// .claude is a file): no rule directory, as when it is missing.
var errNotDir = errors.New("not a directory")

// isMarkdownName says whether a name in a hookifyc rule directory (a layer or
// a directory named as a SOURCE) is a rule file: any case of ".md", hidden
// names skipped. The .claude layer keeps hookify's own test
// (hookify.IsLocalRuleName).
func isMarkdownName(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".md") && !strings.HasPrefix(name, ".")
}

// namePrefixes are what joins a rule directory's listed names to it, as
// shown (path.Join(dir, name)) and in the file system (fsPath of that):
// a listed name has no slash and is not "." or "..", so joining is a
// concatenation (a hook does it for every rule file on every call).
func namePrefixes(dir string) (display, fsys string) {
	clean := path.Clean(dir)
	if display = strings.TrimSuffix(clean, "/") + "/"; display == "./" {
		display = ""
	}
	if fsys = fsPath(clean); fsys == "." {
		fsys = ""
	} else {
		fsys += "/"
	}
	return display, fsys
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
