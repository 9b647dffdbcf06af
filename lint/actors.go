package lint

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/internal/suggest"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

// claudeAgentTypes are the agent_type values of Claude Code's built-in
// subagents, as Claude Code 2.1.328 (the version the end-to-end tests
// run) defines them: its bundle has agentType:"general-purpose",
// "Explore", "Plan", "statusline-setup" and claude-code-guide. (Its
// comment-thread-analyst is dispatched by a pipeline, never for a
// user's calls.) Custom agents add theirs (.claude/agents).
var claudeAgentTypes = []string{"general-purpose", "Explore", "Plan", "statusline-setup", "claude-code-guide"}

// genesisActors reports the actors of a genesis file that no agent type
// Claude Code would send is named after: a built-in subagent type or a
// custom agent defined in the project's or the user's .claude/agents.
// permissions.actors.A applies only when the hook's actor is A (--actor,
// $HOOKIFYC_ACTOR, else the payload's agent_type, compared exactly), so
// "explore" for Explore is a set of rules that never applies: a warning
// with the type meant. A name close to none may be a plugin's agent, a
// Codex agent role or an --actor value: a note.
func (l *linter) genesisActors(p string, data []byte) {
	actors := perm.GenesisActors(data)
	if len(actors) == 0 {
		return
	}
	known := map[string]bool{}
	names := append([]string{}, claudeAgentTypes...)
	for _, n := range names {
		known[n] = true
	}
	for _, dir := range l.agentDirs(p) {
		for _, n := range agentNames(dir) {
			if !known[n] {
				known[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names[len(claudeAgentTypes):])
	for _, a := range actors {
		if known[a.Name] {
			continue
		}
		meant := ""
		for _, n := range names {
			if strings.EqualFold(n, a.Name) {
				meant = n
				break
			}
		}
		if meant == "" {
			meant = suggest.Closest(a.Name, names)
		}
		where := fmt.Sprintf("no built-in Claude Code subagent (%s) and no agent in .claude/agents or ~/.claude/agents is named %q", strings.Join(claudeAgentTypes, ", "), a.Name)
		if meant != "" {
			l.report(p, a.Pos, "genesis-actor-unknown", Warning,
				fmt.Sprintf("%s, so permissions.actors.%s applies to no subagent's calls (actors are compared exactly with the agent_type the agent sends; only --actor %s selects it)", where, a.Name, a.Name),
				fmt.Sprintf("write %s (the agent type %q)", meant, meant), nil)
			continue
		}
		l.report(p, a.Pos, "genesis-actor-unknown", Note,
			fmt.Sprintf("%s: permissions.actors.%s applies only to calls made with --actor %s ($HOOKIFYC_ACTOR) or by an agent whose agent_type is %s (a plugin's agent, a Codex agent role)", where, a.Name, a.Name, a.Name),
			"", nil)
	}
}

// agentDirs are the directories of custom agent definitions that apply to
// genesis file p: beside it, in the directory lint runs from, and the
// user's.
func (l *linter) agentDirs(p string) []string {
	dirs := []string{filepath.Join(filepath.Dir(p), ".claude", "agents")}
	if l.opts.Cwd != "" {
		dirs = append(dirs, filepath.Join(l.opts.Cwd, ".claude", "agents"))
	}
	if l.opts.Env.Home != "" {
		dirs = append(dirs, filepath.Join(l.opts.Env.Home, ".claude", "agents"))
	}
	return dirs
}

// agentNames are the agent types defined in dir: the name: of each
// agent file's frontmatter, else its file name without .md.
func agentNames(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") || !e.Type().IsRegular() {
			continue
		}
		name := strings.TrimSuffix(e.Name(), ".md")
		if data, err := readAgentHead(filepath.Join(dir, e.Name())); err == nil {
			if n := frontmatterName(data); n != "" {
				name = n
			}
		}
		out = append(out, name)
	}
	return out
}

// readAgentHead reads the first 8 KiB of an agent file (its frontmatter)
// if it is a regular file: a FIFO swapped in after the directory was
// listed is refused, not waited on.
func readAgentHead(p string) ([]byte, error) {
	data, err := sysfile.ReadRegular(p, sysfile.MaxFileSize)
	if len(data) > 8<<10 {
		data = data[:8<<10]
	}
	return data, err
}

// frontmatterName is the name: value of a --- frontmatter, unquoted.
func frontmatterName(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	first := true
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if first {
			if line != "---" {
				return ""
			}
			first = false
			continue
		}
		if line == "---" {
			return ""
		}
		if v, ok := strings.CutPrefix(line, "name:"); ok {
			v = strings.TrimSpace(v)
			if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
				v = v[1 : len(v)-1]
			}
			return v
		}
	}
	return ""
}
