package deploy

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/hookifyc/hookifyc/compiler/codexhooks"
	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// ClaudeSettings is the Claude Code settings file, relative to .claude.
const ClaudeSettings = "settings.json"

// ClaudeEvents are the events hookifyc's Claude Code hooks run on, as the
// hookify plugin's do.
var ClaudeEvents = []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"}

// ClaudeCommand is the hook command: the quoted hookifyc path and "hook",
// or the quoted hookBinary (hookifyc-hook) when there is one, then
// "--agent claude" and the sources (none: the layered discovery).
func ClaudeCommand(hookifyc, hookBinary string, sources []string) (string, error) {
	cmd, err := codexhooks.Program(hookifyc, hookBinary)
	if err != nil {
		return "", err
	}
	cmd += " --agent claude"
	for _, p := range sources {
		if !filepath.IsAbs(p) {
			return "", fmt.Errorf("the path %q in the hook command must be absolute", p)
		}
		for _, r := range p {
			if unicode.IsControl(r) || r == unicode.ReplacementChar {
				return "", fmt.Errorf("the path %q holds a control character or invalid UTF-8", p)
			}
		}
		cmd += " " + shell.Quote(p)
	}
	return cmd, nil
}

// PlanClaude plans hookifyc's hooks in a Claude Code settings file
// (<dir>/settings.json: ~/.claude or <project>/.claude): one group per
// event of ClaudeEvents running `hookifyc hook --agent claude`, spliced
// into the user's settings with every other byte kept. The rules are
// compiled first so that nothing is installed from sources with errors.
func PlanClaude(o Options) (*Plan, error) {
	if err := checkBinary(o); err != nil {
		return nil, err
	}
	copts := o.Compile
	copts.Targets = 0
	res, err := compileChecked(copts)
	if err != nil {
		return nil, err
	}
	p, st, err := newPlan("claude", o, res)
	if err != nil {
		return nil, err
	}
	cmd, err := ClaudeCommand(o.Hookifyc, o.HookBinary, absSources(copts))
	if err != nil {
		return nil, err
	}
	p.HookCommand = cmd
	add := EventGroups{Events: ClaudeEvents, Groups: map[string][][]byte{}}
	for _, ev := range ClaudeEvents {
		g, _ := json.Marshal(map[string]any{"hooks": []map[string]any{{"type": "command", "command": cmd, "timeout": 10}}})
		add.Groups[ev] = [][]byte{textsafe.EscapeJSON(g)}
	}
	f, err := p.change(ClaudeSettings, nil)
	if err != nil {
		return nil, err
	}
	p.conflictForeignHook(ClaudeSettings, f.Old, st.HookCommands, o.Force)
	owned := ownedGroup(st.HookCommands, o.Force)
	// f.Old is nil for a file that does not exist yet.
	if f.New, err = spliceHooks(f.Old, owned, add); err != nil {
		return nil, fmt.Errorf("%s: %v", p.Path(ClaudeSettings), err)
	}
	for _, name := range []string{ClaudeSettings, "settings.local.json"} {
		data, err := readFile(filepath.Join(o.Dir, name))
		if err != nil {
			p.Notes = append(p.Notes, "cannot tell whether the hookify plugin is enabled: "+cannotRead(err)+" (if it is, every call would be judged twice)")
			continue
		}
		keys, ok := enabledHookifyPlugins(data)
		if !ok {
			p.Notes = append(p.Notes, fmt.Sprintf("%s is not valid JSON: Claude Code ignores it", filepath.Join(o.Dir, name)))
		}
		for _, k := range keys {
			p.Notes = append(p.Notes, fmt.Sprintf("the hookify plugin is still enabled in %s (%s): every call would be judged twice; disable it: claude plugin disable hookify", filepath.Join(o.Dir, name), k))
		}
	}
	if n := hookBinaryNote(o); n != "" {
		p.Notes = append(p.Notes, n)
	}
	if o.Project {
		p.Notes = append(p.Notes, "project settings hooks run in every session of the project, -p included")
	}

	newSt := &State{Version: 1, Target: "claude", HookCommands: []string{cmd}, Files: map[string]*FileState{}, Dirs: st.Dirs}
	fs := &FileState{Existed: f.Existed, Before: f.Old, After: sum(f.New)}
	if old := st.Files[ClaudeSettings]; old != nil {
		fs.Existed, fs.Before = old.Existed, old.Before
	}
	newSt.Files[ClaudeSettings] = fs
	if !exists(o.Dir) && !slices.Contains(newSt.Dirs, ".") {
		newSt.Dirs = append(newSt.Dirs, ".")
	}
	p.state = newSt

	eng := engine.New(engine.Options{Semantics: engine.Fixed, Home: o.Home})
	before := &guard{rules: res.Rules, eng: eng, hook: f.Existed && hasCommand(f.Old, st.HookCommands)}
	after := &guard{rules: res.Rules, eng: eng, hook: true}
	p.Behaviour, p.Sampled, p.FromLog = behaviourDiff(before, after, o)
	return p, nil
}

// hasCommand reports whether a hooks document has a PreToolUse group
// running one of cmds.
func hasCommand(doc []byte, cmds []string) bool {
	eg, err := groupsOf(doc)
	if err != nil {
		return false
	}
	for _, g := range eg.Groups["PreToolUse"] {
		for _, c := range hookCommands(g) {
			if slices.Contains(cmds, c) {
				return true
			}
		}
	}
	return false
}

// enabledHookifyPlugins are the hookify plugin keys (hookify@<marketplace>)
// a Claude Code settings file enables, sorted; ok is false when data is not
// JSON (nil data, a file that does not exist, enables none).
func enabledHookifyPlugins(data []byte) (keys []string, ok bool) {
	if data == nil {
		return nil, true
	}
	var s struct {
		EnabledPlugins map[string]any `json:"enabledPlugins"`
	}
	if json.Unmarshal(data, &s) != nil {
		return nil, false
	}
	for k, v := range s.EnabledPlugins {
		if strings.HasPrefix(k, "hookify@") && v == true {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys, true
}
