// Package sources turns the SOURCES arguments of hookifyc's commands (files
// and directories) into IR rules. A file is recognised by its name and
// content: a .md file is a hookify rule (any name, not only
// hookify.*.local.md); genesis.key, *.yaml and *.yml are genesis files and a
// JSON object with a top-level "permissions" or "hooks" key is Claude Code
// settings (both read by compiler/perm into permission rules); a directory
// contributes its *.md files in name order (the ~/.codex/hookify/ layout).
package sources

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
)

// Problem is a source that could not be used; Rule files that fail to parse
// are skipped and reported, never silently dropped. Warning marks a problem
// that did not cost a rule (e.g. an unknown key in a genesis file).
type Problem struct {
	Path    string
	Text    string
	Warning bool
}

func (p Problem) String() string { return p.Text }

// Load reads every source in order. A source that cannot be used at all
// (missing, unreadable, not a rule source) is a problem like a malformed rule
// file: the other sources are still read, so one moved file never silences
// every rule.
func Load(paths []string) ([]*ir.Rule, []Problem) { return LoadCached(paths, nil) }

// LoadCached is Load with a rule cache for the hookify rule files (see
// hookify.CachedOSFS); a nil cache reads every file.
func LoadCached(paths []string, cache hookify.RuleCache) ([]*ir.Rule, []Problem) {
	var rules []*ir.Rule
	var problems []Problem
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			problems = append(problems, Problem{Path: p, Text: fmt.Sprintf("source %s: %v", p, err)})
			continue
		}
		if !st.IsDir() && !strings.EqualFold(filepath.Ext(p), ".md") {
			rs, probs, err := loadPermissions(p)
			if err != nil {
				problems = append(problems, Problem{Path: p, Text: err.Error()})
				continue
			}
			rules = append(rules, rs...)
			problems = append(problems, probs...)
			continue
		}
		files := []string{p}
		if st.IsDir() {
			files, err = markdownFiles(p)
			if err != nil {
				problems = append(problems, Problem{Path: p, Text: err.Error()})
				continue
			}
		}
		for i, l := range hookify.LoadFiles(files, cache) {
			if l.Diag != nil {
				problems = append(problems, Problem{Path: files[i], Text: l.Diag.Error()})
				continue
			}
			rules = append(rules, l.Rule)
		}
	}
	return rules, problems
}

// loadPermissions reads a genesis file or Claude Code settings; any other
// file is an error.
func loadPermissions(path string) ([]*ir.Rule, []Problem, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("source %s: %w", path, err)
	}
	kind := perm.Detect(path, data)
	if kind == perm.KindUnknown && !strings.EqualFold(filepath.Ext(path), ".json") {
		return nil, nil, fmt.Errorf("source %s: not a recognised rule source (want a hookify .md file, a directory of them, "+
			"a genesis.key / *.yaml file, or Claude Code settings JSON with \"permissions\" or \"hooks\")", path)
	}
	// perm.ReadFile derives the base directory of /path specifiers from
	// the file's absolute path.
	home, _ := os.UserHomeDir() // tells ~/.claude/settings.json from project settings
	rules, diags, err := perm.ReadFile(path, perm.LoadOptions{Home: home})
	var problems []Problem
	for _, d := range diags {
		problems = append(problems, Problem{Path: path, Text: d.Error(), Warning: d.Severity == perm.SeverityWarning})
	}
	if err != nil {
		// The file as a whole is unusable (not YAML, not JSON, not a
		// mapping): report it and go on, as for a malformed rule file.
		problems = append(problems, Problem{Path: path, Text: err.Error()})
	}
	return rules, problems, nil
}

func markdownFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("source %s: %w", dir, err)
	}
	var files []string
	for _, e := range entries {
		// Dot files are editor droppings (.#x.md), not rules.
		if e.Type()&fs.ModeType == fs.ModeDir || !strings.HasSuffix(strings.ToLower(e.Name()), ".md") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		files = append(files, filepath.Join(dir, e.Name()))
	}
	sort.Strings(files)
	return files, nil
}
