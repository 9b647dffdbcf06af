package sources

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// Load reads every source in order. A source that cannot be used at all
// (missing, unreadable, not a rule source) is a problem like a malformed rule
// file: the other sources are still read, so one moved file never silences
// every rule. home tells ~/.claude/settings.json from project settings; a
// non-nil cache is used for hookify rule files as by hookify.CachedOSFS.
func Load(paths []string, home string, cache hookify.RuleCache) ([]*ir.Rule, []Problem) {
	var rules []*ir.Rule
	var problems []Problem
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			kind := ProblemCannotRead
			if errors.Is(err, fs.ErrNotExist) {
				kind = ProblemMissing
			}
			problems = append(problems, Problem{Kind: kind, Path: p, Text: "source: " + pathErrorText(err)})
			continue
		}
		if !st.IsDir() && !strings.EqualFold(filepath.Ext(p), ".md") {
			rs, probs := loadPermissions(p, home)
			rules = append(rules, rs...)
			problems = append(problems, probs...)
			continue
		}
		files := []string{p}
		if st.IsDir() {
			files, err = markdownFiles(p)
			if err != nil {
				problems = append(problems, Problem{Kind: ProblemCannotRead, Path: p, Text: "source: " + pathErrorText(err)})
				continue
			}
		}
		for _, l := range hookify.LoadFiles(files, cache) {
			if l.Diag != nil {
				problems = append(problems, fromDiagnostic(l.Diag))
				continue
			}
			rules = append(rules, l.Rule)
		}
	}
	return rules, problems
}

// pathErrorText is err without the path a *fs.PathError repeats.
func pathErrorText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return err.Error()
}

// loadPermissions reads a genesis file or Claude Code settings; any other
// file is a problem.
func loadPermissions(path, home string) ([]*ir.Rule, []Problem) {
	data, err := sysfile.ReadRegular(path, sysfile.MaxFileSize)
	if err != nil {
		return nil, []Problem{{Kind: ProblemCannotRead, Path: path, Text: "source: " + pathErrorText(err)}}
	}
	kind := perm.Detect(path, data)
	if kind == perm.KindUnknown && !strings.EqualFold(filepath.Ext(path), ".json") {
		return nil, []Problem{{Kind: ProblemNotASource, Path: path, Text: "not a recognised rule source (want a hookify .md file, a directory of them, " +
			"a genesis.key / *.yaml file, or Claude Code settings JSON with \"permissions\" or \"hooks\")"}}
	}
	// perm.ReadFile derives the base directory of /path specifiers from
	// the file's absolute path.
	rules, diags, err := perm.LoadPath(path, data, perm.LoadOptions{Home: home})
	var problems []Problem
	for i := range diags {
		problems = append(problems, fromPermDiag(path, &diags[i]))
	}
	if err != nil {
		// The file as a whole is unusable (not YAML, not JSON, not a
		// mapping): report it and go on, as for a malformed rule file.
		pos, msg := splitLocation(path, err.Error())
		problems = append(problems, Problem{Kind: ProblemMalformed, Path: path, Pos: pos, Text: msg})
	}
	return rules, problems
}

func markdownFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		// Dot files are editor droppings (.#x.md), not rules.
		if e.Type()&fs.ModeType == fs.ModeDir || !isMarkdownName(e.Name()) {
			continue
		}
		files = append(files, filepath.Join(dir, e.Name()))
	}
	sort.Strings(files)
	return files, nil
}

// splitLocation splits "path[:line[:col]]: msg", as the permission readers
// word their errors, into the position and the message.
func splitLocation(path, text string) (ir.Pos, string) {
	rest, ok := strings.CutPrefix(text, path+":")
	if !ok {
		return ir.Pos{}, text
	}
	var nums [2]int
	n := 0
	for n < 2 {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i >= len(rest) || rest[i] != ':' {
			break
		}
		nums[n], _ = strconv.Atoi(rest[:i])
		rest = rest[i+1:]
		n++
	}
	return ir.Pos{Line: nums[0], Col: nums[1]}, strings.TrimPrefix(rest, " ")
}
