package lint

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// path lints one named file or directory.
func (l *linter) path(p string) {
	st, err := os.Stat(p)
	if err != nil {
		kind := sources.ProblemCannotRead
		if errors.Is(err, fs.ErrNotExist) {
			kind = sources.ProblemMissing
		}
		l.problem(sources.Problem{Kind: kind, Path: p, Text: err.Error()})
		return
	}
	if !st.IsDir() {
		l.file(p, true)
		return
	}
	// A directory: its rule files, and those of the layouts inside it
	// (.claude/hookify.*.local.md and settings, .codex/hookify, .codex/rules).
	l.dir(p, func(string) bool { return true })
	l.dir(filepath.Join(p, ".claude"), func(name string) bool {
		return strings.HasPrefix(name, "hookify.") || name == "settings.json" || name == "settings.local.json"
	})
	l.dir(filepath.Join(p, ".codex", "hookify"), func(string) bool { return true })
	l.dir(filepath.Join(p, ".codex", "rules"), func(string) bool { return true })
}

// dir lints the rule files directly in dir that keep passes.
func (l *linter) dir(dir string, keep func(string) bool) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, ".") || !keep(n) || classify(n) == kindOther {
			continue
		}
		names = append(names, n)
	}
	sort.Strings(names)
	var rulesFiles []execpolicy.File
	for _, n := range names {
		p := filepath.Join(dir, n)
		if classify(n) == kindCodexRules {
			if data, ok := l.read(p); ok {
				rulesFiles = append(rulesFiles, execpolicy.File{Name: p, Data: data})
			}
			continue
		}
		l.file(p, false)
	}
	l.codexRules(rulesFiles)
}

// file lints one file; named says the user named it (a file of unknown
// kind is then a problem, not skipped).
func (l *linter) file(p string, named bool) {
	switch classify(p) {
	case kindHookify:
		if data, ok := l.read(p); ok {
			l.hookifyFile(p, data)
		}
	case kindCodexRules:
		if data, ok := l.read(p); ok {
			l.codexRules([]execpolicy.File{{Name: p, Data: data}})
		}
	case kindPermission:
		l.permission(p)
	default:
		if named {
			l.problem(sources.Problem{Kind: sources.ProblemNotASource, Path: p,
				Text: "not a rule file lint knows (hookify .md, Codex .rules, Claude settings .json, genesis.key / .yaml)"})
		}
	}
}

func (l *linter) read(p string) ([]byte, bool) {
	data, err := sysfile.ReadRegular(p, sysfile.MaxFileSize)
	if err != nil {
		l.problem(sources.Problem{Kind: sources.ProblemCannotRead, Path: p, Text: err.Error()})
		return nil, false
	}
	l.files++
	return data, true
}

// discover lints what the layered discovery finds from Cwd: hookify rules
// of every layer (with the collisions between layers), the Codex rules
// directories of the same layers (~/.codex/rules, <dir>/.codex/rules) and
// the Claude Code settings files.
func (l *linter) discover() {
	env := l.opts.Env
	d := sources.Discover(env.Layout(), hookify.SlashPath(l.opts.Cwd))
	for _, p := range d.Problems {
		l.problem(p)
	}
	for _, f := range d.Rules {
		p := filepath.FromSlash(f.Path)
		if data, ok := l.read(p); ok {
			l.hookifyFile(p, data)
		}
	}
	var dirs []string
	if env.ManagedDir != "" {
		dirs = append(dirs, filepath.Join(filepath.Dir(env.ManagedDir), "rules"))
	}
	if env.Home != "" {
		dirs = append(dirs, filepath.Join(env.Home, ".codex", "rules"))
		l.permissionIfExists(filepath.Join(env.Home, ".claude", "settings.json"))
	}
	for _, dir := range d.Dirs {
		dir = filepath.FromSlash(dir)
		dirs = append(dirs, filepath.Join(dir, ".codex", "rules"))
		l.permissionIfExists(filepath.Join(dir, ".claude", "settings.json"))
		l.permissionIfExists(filepath.Join(dir, ".claude", "settings.local.json"))
	}
	for _, dir := range dirs {
		l.dir(dir, func(n string) bool { return classify(n) == kindCodexRules })
	}
}

func (l *linter) permissionIfExists(p string) {
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
		l.permission(p)
	}
}

// lineCol is the position of byte offset off in text.
func lineCol(text string, off int) ir.Pos {
	line, start := 1, 0
	for i := 0; i < off && i < len(text); i++ {
		if text[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	return ir.Pos{Line: line, Col: off - start + 1}
}
