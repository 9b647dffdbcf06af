package deploy

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
)

// PlanUninstall plans the removal of what apply installed in dir: every
// file it changed goes back to its bytes from before the first apply when
// nothing else changed it since (its content is still what apply wrote);
// otherwise only what hookifyc owns is removed from it (its config.toml
// block, its hook groups, its rules file) and the rest is left as it is.
// Without a state file there is nothing to uninstall. project marks dir as
// a project's (<project>/.codex or .claude): nothing outside the project
// is written through a symlink planted there.
func PlanUninstall(target, dir string, project bool) (*Plan, error) {
	st, stOld, err := readState(dir)
	if err != nil {
		return nil, err
	}
	p := &Plan{Target: target, Dir: dir, stateOld: stOld, uninstall: true}
	if project {
		p.confine = filepath.Dir(dir)
	}
	if st == nil {
		return p, nil
	}
	if st.Target != "" && st.Target != target {
		return nil, fmt.Errorf("%s was installed by `hookifyc apply %s`, not %s", dir, st.Target, target)
	}
	p.createdDir = st.Dirs
	rels := make([]string, 0, len(st.Files))
	for rel := range st.Files {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		fs := st.Files[rel]
		f, err := p.change(rel, nil)
		if err != nil {
			return nil, err
		}
		if !f.Existed {
			f.Remove = true // already gone
			continue
		}
		if sum(f.Old) == fs.After {
			if fs.Existed {
				f.New = fs.Before
			} else {
				f.Remove = true
			}
			continue
		}
		// Changed by someone else since: take out only what is ours.
		f.New, err = removeOurs(rel, f.Old, st.HookCommands)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p.Path(rel), err)
		}
		if f.New == nil {
			f.Remove = true
		} else if !bytes.Equal(f.New, f.Old) {
			p.Notes = append(p.Notes, fmt.Sprintf("%s changed since apply: only hookifyc's part is removed", p.Path(rel)))
		} else {
			p.Notes = append(p.Notes, fmt.Sprintf("%s changed since apply and holds nothing of hookifyc's: left as it is", p.Path(rel)))
		}
	}
	return p, nil
}

// removeOurs takes hookifyc's part out of a file that changed since apply;
// nil means remove the file.
func removeOurs(rel string, data []byte, cmds []string) ([]byte, error) {
	switch rel {
	case CodexRules:
		if generatedByUs(data) {
			return nil, nil
		}
		return data, nil
	case CodexConfig:
		return RemoveBlock(data)
	case CodexHooks, ClaudeSettings:
		return spliceHooks(data, func(g []byte) bool {
			cs := hookCommands(g)
			if len(cs) == 0 {
				return false
			}
			for _, c := range cs {
				if !slices.Contains(cmds, c) {
					return false
				}
			}
			return true
		}, EventGroups{})
	}
	return data, nil
}
