// Package agenthooks lists the hooks Codex and Claude Code would run for a
// project, read from every configuration layer each agent merges
// (agent-hooks.md A2, A3, B3): Codex's managed requirements.toml [hooks],
// the user's and the project's hooks.json and config.toml [hooks]; Claude
// Code's user, project and local settings.json. For Codex it also says
// whether the hook passed review ([hooks.state."<key>"] in the user's
// config.toml), as far as that can be known without Codex.
//
// It reads files through the functions of [Env] and runs nothing; it does
// not decide what a hook would answer.
package agenthooks

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/BurntSushi/toml"
)

// Hook is one handler of one matcher group.
type Hook struct {
	Agent string `json:"agent"` // "codex" or "claude"
	// Layer is managed, user or project (codex); user, project or local (claude).
	Layer   string `json:"layer"`
	Source  string `json:"source"` // the file that declares it
	Event   string `json:"event"`
	Matcher string `json:"matcher,omitempty"`
	Type    string `json:"type"`
	Command string `json:"command,omitempty"`
	Timeout int    `json:"timeout,omitempty"` // seconds; 0: the agent's default
	Async   bool   `json:"async,omitempty"`
	// Key is Codex's name for the hook in [hooks.state]: the source path,
	// the event in snake case, the group's and the handler's index.
	Key string `json:"key,omitempty"`
	// Trust is Codex's review status (see Trust*); "" for Claude Code.
	Trust Trust `json:"trust,omitempty"`
	// TrustedHash is the hash recorded when the hook was reviewed.
	TrustedHash string `json:"trusted_hash,omitempty"`
	// Note says why the agent would not run it, if it would not.
	Note string `json:"note,omitempty"`
}

// Trust is whether Codex runs a hook without review.
type Trust string

const (
	// TrustManaged: a managed (requirements.toml) hook needs no review.
	TrustManaged Trust = "managed"
	// TrustUntrusted: no trusted_hash is recorded under the hook's key:
	// Codex skips it (codex exec silently) until it is reviewed in /hooks.
	TrustUntrusted Trust = "untrusted"
	// TrustDisabled: [hooks.state."<key>"] enabled = false.
	TrustDisabled Trust = "disabled"
	// TrustUnknown: a trusted_hash is recorded, but whether it is the hash
	// of the current definition only Codex can say (its hash format is not
	// documented; `codex app-server` hooks/list reports it).
	TrustUnknown Trust = "unknown"
	// TrustProjectUntrusted: the project is not trusted
	// ([projects."<dir>"] trust_level): Codex loads none of its hooks.
	TrustProjectUntrusted Trust = "project-untrusted"
)

// Env is where the agents' configuration is, and how to read it.
type Env struct {
	Home string
	// CodexHome is $CODEX_HOME ("" means Home/.codex).
	CodexHome string
	// CodexManagedDir holds Codex's managed requirements.toml ("" for none).
	CodexManagedDir string
	// Dir is the directory the agent is started in.
	Dir string
	// ClaudeProjectDir is $CLAUDE_PROJECT_DIR ("" means Dir).
	ClaudeProjectDir string
	// ReadFile reads a file; a missing file is an error satisfying
	// errors.Is(err, fs.ErrNotExist).
	ReadFile func(string) ([]byte, error)
	// Exists reports whether a path exists (project root markers).
	Exists func(string) bool
	// NotExist reports whether an error of ReadFile means a missing file.
	NotExist func(error) bool
}

// Problem is a configuration file that could not be read.
type Problem struct {
	File string `json:"file"`
	Err  string `json:"error"`
}

func (p Problem) String() string { return p.File + ": " + p.Err }

// List returns the hooks of both agents, Codex's first, each agent's in the
// order of its layers.
func List(env Env) ([]Hook, []Problem) {
	l := &lister{env: env}
	l.codex()
	l.claude()
	return l.hooks, l.problems
}

type lister struct {
	env      Env
	hooks    []Hook
	problems []Problem
}

// read returns a file's bytes, nil for a missing file (no problem).
func (l *lister) read(path string) []byte {
	b, err := l.env.ReadFile(path)
	if err != nil {
		if l.env.NotExist == nil || !l.env.NotExist(err) {
			l.problems = append(l.problems, Problem{File: path, Err: err.Error()})
		}
		return nil
	}
	return b
}

// readTOML decodes a TOML file; nil for a missing or broken one.
func (l *lister) readTOML(path string) map[string]any {
	b := l.read(path)
	if b == nil {
		return nil
	}
	var m map[string]any
	if _, err := toml.Decode(string(b), &m); err != nil {
		l.problems = append(l.problems, Problem{File: path, Err: err.Error()})
		return nil
	}
	return m
}

// readJSON decodes a JSON object file; nil for a missing or broken one.
func (l *lister) readJSON(path string) map[string]any {
	b := l.read(path)
	if b == nil {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		l.problems = append(l.problems, Problem{File: path, Err: err.Error()})
		return nil
	}
	return m
}

// groups returns the hooks declared in a "hooks" table: event name → matcher
// groups → handlers, in event-name order (Codex and Claude Code keep no
// order between events), skipping entries that are not events.
func groups(agent, layer, source string, table map[string]any) []Hook {
	var events []string
	for ev, v := range table {
		if _, ok := v.([]any); ok {
			events = append(events, ev)
		}
		if _, ok := v.([]map[string]any); ok {
			events = append(events, ev)
		}
	}
	sort.Strings(events)
	var out []Hook
	for _, ev := range events {
		for gi, g := range list(table[ev]) {
			matcher, _ := g["matcher"].(string)
			for hi, h := range list(g["hooks"]) {
				hook := Hook{Agent: agent, Layer: layer, Source: source, Event: ev, Matcher: matcher}
				hook.Type, _ = h["type"].(string)
				hook.Command, _ = h["command"].(string)
				if hook.Command == "" {
					if args := list2(h["args"]); len(args) > 0 {
						hook.Command = strings.Join(args, " ")
					}
				}
				hook.Timeout = number(h["timeout"])
				if hook.Timeout == 0 {
					hook.Timeout = number(h["timeoutSec"])
				}
				hook.Async, _ = h["async"].(bool)
				if agent == "codex" {
					hook.Key = fmt.Sprintf("%s:%s:%d:%d", source, snake(ev), gi, hi)
					switch {
					case hook.Type != "command":
						hook.Note = fmt.Sprintf("not run: Codex runs command hooks only (type %q)", hook.Type)
					case hook.Async:
						hook.Note = "not run: Codex skips async hooks"
					}
				}
				out = append(out, hook)
			}
		}
	}
	return out
}

// list returns v as a list of tables (TOML arrays of tables, JSON arrays of
// objects); other elements are dropped.
func list(v any) []map[string]any {
	switch v := v.(type) {
	case []map[string]any:
		return v
	case []any:
		var out []map[string]any
		for _, e := range v {
			if m, ok := e.(map[string]any); ok {
				out = append(out, m)
			}
		}
		return out
	}
	return nil
}

func list2(v any) []string {
	var out []string
	if l, ok := v.([]any); ok {
		for _, e := range l {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func number(v any) int {
	switch n := v.(type) {
	case int64:
		return int(n)
	case float64:
		return int(n)
	}
	return 0
}

// snake turns an event name into Codex's key form: PreToolUse → pre_tool_use.
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

func table(m map[string]any, key string) map[string]any {
	t, _ := m[key].(map[string]any)
	return t
}

// codex lists Codex's hooks: managed, user, then the project's layers from
// its root down to Dir.
func (l *lister) codex() {
	codexHome := l.env.CodexHome
	if codexHome == "" && l.env.Home != "" {
		codexHome = filepath.Join(l.env.Home, ".codex")
	}
	var userConfig map[string]any
	if codexHome != "" {
		userConfig = l.readTOML(filepath.Join(codexHome, "config.toml"))
	}
	state := table(table(userConfig, "hooks"), "state")
	off := false
	if f := table(userConfig, "features"); f != nil {
		if v, ok := f["hooks"].(bool); ok && !v {
			off = true
		}
		if v, ok := f["codex_hooks"].(bool); ok && !v {
			off = true
		}
	}

	var found []Hook
	managedOnly := false
	if l.env.CodexManagedDir != "" {
		path := filepath.Join(l.env.CodexManagedDir, "requirements.toml")
		req := table(l.readTOML(path), "hooks")
		if v, ok := req["allow_managed_hooks_only"].(bool); ok && v {
			managedOnly = true
		}
		found = append(found, groups("codex", "managed", path, req)...)
	}
	if codexHome != "" {
		found = append(found, l.codexLayer("user", codexHome, userConfig)...)
	}
	projects := table(userConfig, "projects")
	dirs := l.projectDirs()
	for _, dir := range dirs {
		cdir := filepath.Join(dir, ".codex")
		if cdir == codexHome {
			continue
		}
		hooks := l.codexLayer("project", cdir, l.readTOML(filepath.Join(cdir, "config.toml")))
		if !projectTrusted(projects, dirs[0]) {
			for i := range hooks {
				hooks[i].Trust = TrustProjectUntrusted
			}
		}
		found = append(found, hooks...)
	}
	for i := range found {
		h := &found[i]
		switch {
		case h.Trust != "":
		case h.Layer == "managed":
			h.Trust = TrustManaged
		default:
			st := table(state, h.Key)
			h.TrustedHash, _ = st["trusted_hash"].(string)
			if v, ok := st["enabled"].(bool); ok && !v {
				h.Trust = TrustDisabled
			} else if h.TrustedHash != "" {
				h.Trust = TrustUnknown
			} else {
				h.Trust = TrustUntrusted
			}
		}
		if h.Note == "" {
			switch {
			case off:
				h.Note = "not run: [features] hooks = false"
			case managedOnly && h.Layer != "managed":
				h.Note = "not run: allow_managed_hooks_only"
			case h.Trust == TrustProjectUntrusted:
				h.Note = "not run: the project is not trusted"
			}
		}
	}
	l.hooks = append(l.hooks, found...)
}

// codexLayer lists the hooks of one config layer directory: hooks.json,
// then config.toml's [hooks].
func (l *lister) codexLayer(layer, dir string, config map[string]any) []Hook {
	path := filepath.Join(dir, "hooks.json")
	out := groups("codex", layer, path, table(l.readJSON(path), "hooks"))
	return append(out, groups("codex", layer, filepath.Join(dir, "config.toml"), table(config, "hooks"))...)
}

// projectDirs are Dir and its ancestors up to the project root (the
// nearest holding .git), root first; Dir alone when there is no root.
// Codex reads a .codex layer in each.
func (l *lister) projectDirs() []string {
	if l.env.Dir == "" {
		return nil
	}
	var dirs []string
	for d := l.env.Dir; ; {
		dirs = append(dirs, d)
		if l.env.Exists != nil && l.env.Exists(filepath.Join(d, ".git")) {
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			dirs = dirs[:1] // no project root: the directory alone
			break
		}
		d = parent
	}
	for i, j := 0, len(dirs)-1; i < j; i, j = i+1, j-1 {
		dirs[i], dirs[j] = dirs[j], dirs[i]
	}
	return dirs
}

// projectTrusted reports whether [projects."<root>"] trust_level =
// "trusted" names the project root. Codex 0.169.0 asks the root only: a
// trusted ancestor (or a trusted subdirectory the session starts in) does
// not load the project's hooks (checked with codex app-server hooks/list).
func projectTrusted(projects map[string]any, root string) bool {
	p := table(projects, root)
	lvl, _ := p["trust_level"].(string)
	return lvl == "trusted"
}

// claude lists Claude Code's hooks: user, project and local settings.
func (l *lister) claude() {
	project := l.env.ClaudeProjectDir
	if project == "" {
		project = l.env.Dir
	}
	type layer struct{ name, path string }
	var layers []layer
	if l.env.Home != "" {
		layers = append(layers, layer{"user", filepath.Join(l.env.Home, ".claude", "settings.json")})
	}
	if project != "" {
		layers = append(layers,
			layer{"project", filepath.Join(project, ".claude", "settings.json")},
			layer{"local", filepath.Join(project, ".claude", "settings.local.json")})
	}
	disabled := false
	var found []Hook
	for _, ly := range layers {
		s := l.readJSON(ly.path)
		if v, ok := s["disableAllHooks"].(bool); ok && v {
			disabled = true
		}
		found = append(found, groups("claude", ly.name, ly.path, table(s, "hooks"))...)
	}
	for i := range found {
		if disabled {
			found[i].Note = "not run: disableAllHooks"
		}
	}
	l.hooks = append(l.hooks, found...)
}
