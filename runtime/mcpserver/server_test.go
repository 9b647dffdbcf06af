package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/runtime/audit"
)

func TestToolsListedWithSchemas(t *testing.T) {
	e := newTestEnv(t, nil)
	cs := e.connect(t, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		in, _ := json.Marshal(tool.InputSchema)
		out, _ := json.Marshal(tool.OutputSchema)
		if !strings.Contains(string(in), `"type":"object"`) || !strings.Contains(string(out), `"type":"object"`) {
			t.Errorf("%s: input schema %s, output schema %s", tool.Name, in, out)
		}
		if tool.Description == "" || tool.Annotations == nil {
			t.Errorf("%s: no description or annotations", tool.Name)
			continue
		}
		// A tool that can replace or remove a rule (create_rule with
		// overwrite) must say so, so that clients ask the user first.
		switch tool.Name {
		case "hookify_create_rule", "hookify_set_rule_enabled", "hookify_delete_rule":
			if a := tool.Annotations; a.ReadOnlyHint || a.DestructiveHint == nil || !*a.DestructiveHint {
				t.Errorf("%s: annotations %+v, want destructiveHint", tool.Name, a)
			}
		}
	}
	slices.Sort(names)
	want := slices.Clone(ToolNames)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
}

func TestEveryTool(t *testing.T) {
	e := newTestEnv(t, nil)
	writeFile(t, filepath.Join(e.rules, "block-rm-rf.md"), blockRm)
	writeFile(t, filepath.Join(e.rules, "warn-env.md"), "---\nname: warn-env\nevent: file\npattern: \\.env$\n---\nCareful with .env files.\n")
	writeFile(t, filepath.Join(e.rules, "warn-prompt.md"), "---\nname: warn-prompt\nevent: prompt\npattern: deploy\n---\nDeploys need a ticket.\n")
	writeFile(t, filepath.Join(e.rules, "stop-tests.md"), "---\nname: stop-tests\nevent: stop\naction: block\nconditions:\n  - field: transcript\n    operator: not_contains\n    pattern: npm test\n---\nRun the tests first.\n")
	writeFile(t, filepath.Join(e.managed, "managed-push.md"), "---\nname: no-force-push\nevent: bash\naction: block\npattern: push\\s+--force\n---\nNo force pushes.\n")
	cs := e.connect(t, nil)

	d := ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": "rm -rf /"})
	if d.Decision != "block" || !slices.Equal(d.MatchedRules, []string{"block-rm-rf"}) || d.Messages[0] != "No recursive deletes." {
		t.Errorf("evaluate_shell: %+v", d)
	}
	if d.Execpolicy == nil || d.Execpolicy.Decision != "forbidden" {
		t.Errorf("evaluate_shell: execpolicy %+v", d.Execpolicy)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": "ls -l"}); d.Decision != "allow" || len(d.MatchedRules) != 0 || d.Execpolicy.Decision != "none" {
		t.Errorf("evaluate_shell ls: %+v %+v", d, d.Execpolicy)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": "git push --force origin main"}); d.Decision != "block" || d.MatchedRules[0] != "no-force-push" {
		t.Errorf("managed rule: %+v", d)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_file_edit", map[string]any{"file_path": "/p/.env", "new_text": "KEY=1"}); d.Decision != "allow" {
		// warn-env matches new_text, which does not end in .env
		t.Errorf("evaluate_file_edit: %+v", d)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_file_edit", map[string]any{"file_path": "/p/x", "old_text": "a", "new_text": "see .env"}); d.Decision != "warn" || d.MatchedRules[0] != "warn-env" {
		t.Errorf("evaluate_file_edit (edit): %+v", d)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_prompt", map[string]any{"user_prompt": "please deploy to prod"}); d.Decision != "warn" || d.Messages[0] != "Deploys need a ticket." {
		t.Errorf("evaluate_prompt: %+v", d)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_stop", map[string]any{"transcript": "edited files"}); d.Decision != "block" {
		t.Errorf("evaluate_stop: %+v", d)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_stop", map[string]any{"transcript": "ran npm test: ok"}); d.Decision != "allow" {
		t.Errorf("evaluate_stop with tests: %+v", d)
	}

	ex := ok[Explanation](t, cs, "hookify_explain", map[string]any{"command": "sudo rm -rf /tmp/x"})
	if ex.Decision != "block" || len(ex.Rules) != 1 {
		t.Fatalf("explain: %+v", ex)
	}
	c := ex.Rules[0].Conditions[0]
	if ex.Rules[0].File != filepath.Join(e.rules, "block-rm-rf.md") || c.Operator != "regex_match" || c.Pattern != `rm\s+-rf` ||
		c.ReadField != "command" || c.Value != "sudo rm -rf /tmp/x" || c.Line != 6 || !strings.Contains(c.Why, "matches command") {
		t.Errorf("explain: %+v", ex.Rules[0])
	}
	// The command model: what bash runs, the view that matched, and a
	// block that only warns because it matched a commit message.
	if ex.Model == nil || !slices.Contains(ex.Model.Commands, "rm -rf /tmp/x") || ex.Rules[0].View != "executed command" {
		t.Errorf("explain, command model: %+v, view %q", ex.Model, ex.Rules[0].View)
	}
	ex = ok[Explanation](t, cs, "hookify_explain", map[string]any{"command": `git commit -m "never rm -rf /tmp/x"`})
	if ex.Decision != "warn" || len(ex.Rules) != 1 || !strings.Contains(ex.Rules[0].Demoted, "message of git commit") {
		t.Errorf("explain, demoted: %+v", ex)
	}

	list := ok[RuleList](t, cs, "hookify_list_rules", map[string]any{})
	if len(list.Rules) != 5 {
		t.Errorf("list: %+v", list)
	}
	for _, r := range list.Rules {
		if (r.Layer == "managed") == r.Writable {
			t.Errorf("list: %s in %s writable=%v", r.Name, r.Layer, r.Writable)
		}
	}
	if l := ok[RuleList](t, cs, "hookify_list_rules", map[string]any{"event": "bash"}); len(l.Rules) != 2 {
		t.Errorf("list bash: %+v", l)
	}

	cr := ok[CreateResult](t, cs, "hookify_create_rule", map[string]any{"name": "warn sudo", "event": "bash", "pattern": `\bsudo\b`, "message_markdown": "Sudo **again**?"})
	if !cr.OK || cr.File != filepath.Join(e.rules, "warn-sudo.md") || cr.Layer != "project" {
		t.Errorf("create: %+v", cr)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": "sudo ls"}); d.Decision != "warn" || d.MatchedRules[0] != "warn sudo" {
		t.Errorf("created rule: %+v", d)
	}
	if r := ok[EditResult](t, cs, "hookify_set_rule_enabled", map[string]any{"name": "warn sudo", "enabled": false}); !r.OK || !r.Changed || r.Enabled == nil || *r.Enabled {
		t.Errorf("set_rule_enabled: %+v", r)
	}
	if r := ok[EditResult](t, cs, "hookify_delete_rule", map[string]any{"name": "warn sudo"}); !r.OK || !r.Deleted {
		t.Errorf("delete_rule: %+v", r)
	}

	h := ok[Health](t, cs, "hookify_health", map[string]any{})
	if !h.OK || h.Version != "test" || h.Counts.Total != 5 || h.Counts.Block != 3 || h.Counts.Warn != 2 || h.FailMode != "open" || h.Semantics != "fixed" {
		t.Errorf("health: %+v", h)
	}
	cfg := ok[Config](t, cs, "hookify_get_config", map[string]any{})
	if cfg.Project != e.project || !slices.Equal(cfg.WriteLayers, []string{"project"}) || len(cfg.Tools) != len(ToolNames) || cfg.AuditLog != e.audit {
		t.Errorf("config: %+v", cfg)
	}
	em := ok[EmitResult](t, cs, "hookify_emit_execpolicy", map[string]any{"out_dir": "codex/rules"})
	want := filepath.Join(e.project, ".codex", "hookify-build", "codex", "rules")
	if !em.OK || em.OutDir != want || len(em.Files) != 2 || em.Counts.Emitted == 0 {
		t.Errorf("emit: %+v", em)
	}
	data, err := os.ReadFile(filepath.Join(want, "hookify.rules"))
	if err != nil || !strings.Contains(string(data), `"rm"`) {
		t.Errorf("hookify.rules: %v\n%s", err, data)
	}

	// Every evaluation is in the audit log.
	var n int
	if _, err := audit.Read(e.audit, 1, func(en *audit.Entry) {
		n++
		if en.Command != "mcp" || en.Tool == "" || en.Decision == "" {
			t.Errorf("audit entry %+v", en)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if n != 11 {
		t.Errorf("%d audit entries, want 11 (one per evaluation)", n)
	}
}

// TestRoundTrip: create → list → disable → evaluate (no longer matches) →
// enable → evaluate → delete, through the protocol.
func TestRoundTrip(t *testing.T) {
	e := newTestEnv(t, nil)
	cs := e.connect(t, nil)
	args := map[string]any{"command": "terraform destroy -auto-approve"}
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", args); d.Decision != "allow" {
		t.Fatalf("before: %+v", d)
	}
	cr := ok[CreateResult](t, cs, "hookify_create_rule", map[string]any{
		"name": "no-destroy", "event": "bash", "action": "block",
		"conditions":       []map[string]any{{"field": "command", "operator": "regex_match", "pattern": `terraform\s+destroy`}},
		"message_markdown": "Ask before destroying infrastructure.",
	})
	before, err := os.ReadFile(cr.File)
	if err != nil {
		t.Fatal(err)
	}
	list := ok[RuleList](t, cs, "hookify_list_rules", map[string]any{})
	if len(list.Rules) != 1 || list.Rules[0].Name != "no-destroy" || !list.Rules[0].Enabled || list.Rules[0].Action != "block" || list.Rules[0].File != cr.File {
		t.Fatalf("list: %+v", list)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", args); d.Decision != "block" {
		t.Fatalf("created: %+v", d)
	}
	ok[EditResult](t, cs, "hookify_set_rule_enabled", map[string]any{"name": "no-destroy", "enabled": false})
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", args); d.Decision != "allow" || len(d.MatchedRules) != 0 {
		t.Fatalf("disabled: %+v", d)
	}
	if l := ok[RuleList](t, cs, "hookify_list_rules", map[string]any{}); len(l.Rules) != 0 {
		t.Errorf("list without include_disabled: %+v", l)
	}
	if l := ok[RuleList](t, cs, "hookify_list_rules", map[string]any{"include_disabled": true}); len(l.Rules) != 1 || l.Rules[0].Enabled {
		t.Errorf("list include_disabled: %+v", l)
	}
	ok[EditResult](t, cs, "hookify_set_rule_enabled", map[string]any{"name": "no-destroy", "enabled": true})
	after, _ := os.ReadFile(cr.File)
	if string(after) != string(before) {
		t.Errorf("disable + enable changed the file:\n%s\n---\n%s", before, after)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", args); d.Decision != "block" {
		t.Fatalf("enabled again: %+v", d)
	}
	ok[EditResult](t, cs, "hookify_delete_rule", map[string]any{"name": "no-destroy"})
	if _, err := os.Stat(cr.File); !os.IsNotExist(err) {
		t.Errorf("deleted file: %v", err)
	}
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", args); d.Decision != "allow" {
		t.Fatalf("deleted: %+v", d)
	}
	if msg := fails(t, cs, "hookify_set_rule_enabled", map[string]any{"name": "no-destroy", "enabled": true}); !strings.Contains(msg, "Rule not found") {
		t.Errorf("unknown rule: %s", msg)
	}
}

// TestReload: a rule file changed behind the server's back is read again
// on the next call, however close in time.
func TestReload(t *testing.T) {
	e := newTestEnv(t, nil)
	cs := e.connect(t, nil)
	p := filepath.Join(e.rules, "r.md")
	args := map[string]any{"command": "make deploy"}
	for i, tc := range []struct{ file, want string }{
		{"", "allow"},
		{"---\nname: r\nevent: bash\npattern: deploy\n---\nw\n", "warn"},
		{"---\nname: r\nevent: bash\naction: block\npattern: deploy\n---\nw\n", "block"},
		{"---\nname: r\nevent: bash\naction: block\npattern: deplox\n---\nw\n", "allow"},
	} {
		if tc.file != "" {
			writeFile(t, p, tc.file)
		}
		if d := ok[Decision](t, cs, "hookify_evaluate_shell", args); d.Decision != tc.want {
			t.Errorf("step %d: %s, want %s", i, d.Decision, tc.want)
		}
	}
	// An old, settled snapshot is reused, and still sees a change.
	old := time.Now().Add(-time.Hour)
	os.Chtimes(p, old, old)
	os.Chtimes(e.rules, old, old)
	os.Chtimes(e.managed, old, old)
	e.srv.racy = 0 // Chtimes set the change times to now
	e.srv.invalidate()
	ok[Decision](t, cs, "hookify_evaluate_shell", args)
	sn := e.srv.snapshot()
	if !sn.reusable || e.srv.snapshot() != sn {
		t.Fatalf("a settled snapshot is not reused (reusable=%v)", sn.reusable)
	}
	writeFile(t, p, "---\nname: r\nevent: bash\naction: block\npattern: deploy\n---\nw\n")
	os.Chtimes(p, old, old) // same mtime: the change time and size still tell
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", args); d.Decision != "block" {
		t.Errorf("after an edit keeping mtime: %s", d.Decision)
	}
}

func TestLayers(t *testing.T) {
	e := newTestEnv(t, nil)
	userRules := filepath.Join(e.home, ".codex", "hookify")
	writeFile(t, filepath.Join(userRules, "u.md"), "---\nname: user-rule\nevent: bash\naction: block\npattern: curl\n---\nu\n")
	writeFile(t, filepath.Join(e.managed, "m.md"), "---\nname: managed-rule\nevent: bash\naction: block\npattern: wget\n---\nm\n")
	cs := e.connect(t, nil)
	for _, name := range []string{"user-rule", "managed-rule"} {
		for _, tool := range []string{"hookify_set_rule_enabled", "hookify_delete_rule"} {
			args := map[string]any{"name": name}
			if tool == "hookify_set_rule_enabled" {
				args["enabled"] = false
			}
			msg := fails(t, cs, tool, args)
			if !strings.Contains(msg, "may not change") {
				t.Errorf("%s %s: %s", tool, name, msg)
			}
		}
	}
	if msg := fails(t, cs, "hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "x", "message_markdown": "m", "layer": "user"}); !strings.Contains(msg, "may not write the user layer") {
		t.Errorf("create in user layer: %s", msg)
	}
	if msg := fails(t, cs, "hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "x", "message_markdown": "m", "layer": "managed"}); !strings.Contains(msg, "may not write the managed layer") {
		t.Errorf("create in managed layer: %s", msg)
	}
	// A project rule with a user rule's name is created beside it; both apply.
	ok[CreateResult](t, cs, "hookify_create_rule", map[string]any{"name": "user-rule", "event": "bash", "pattern": "x", "message_markdown": "m"})
	l := ok[RuleList](t, cs, "hookify_list_rules", map[string]any{})
	collided := 0
	for _, r := range l.Rules {
		if r.Name == "user-rule" && len(r.Collisions) == 1 {
			collided++
		}
	}
	if collided != 2 {
		t.Errorf("collisions: %+v", l.Rules)
	}
	// Disabling by that name changes the project rule only.
	ok[EditResult](t, cs, "hookify_set_rule_enabled", map[string]any{"name": "user-rule", "enabled": false})
	if d := ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": "curl x"}); d.Decision != "block" {
		t.Errorf("the user rule was switched off: %+v", d)
	}

	// With --write user, user rules can be changed, managed ones never.
	eu := newTestEnv(t, func(o *Options) { o.WriteLayers = []string{LayerUser} })
	writeFile(t, filepath.Join(eu.home, ".codex", "hookify", "u.md"), "---\nname: user-rule\nevent: bash\naction: block\npattern: curl\n---\nu\n")
	writeFile(t, filepath.Join(eu.managed, "m.md"), "---\nname: managed-rule\nevent: bash\naction: block\npattern: wget\n---\nm\n")
	csu := eu.connect(t, nil)
	ok[EditResult](t, csu, "hookify_set_rule_enabled", map[string]any{"name": "user-rule", "enabled": false})
	fails(t, csu, "hookify_set_rule_enabled", map[string]any{"name": "managed-rule", "enabled": false})
	cr := ok[CreateResult](t, csu, "hookify_create_rule", map[string]any{"name": "u2", "event": "bash", "pattern": "x", "message_markdown": "m"})
	if cr.File != filepath.Join(eu.home, ".codex", "hookify", "u2.md") {
		t.Errorf("user create: %+v", cr)
	}

	// Without writable layers nothing changes.
	er := newTestEnv(t, func(o *Options) { o.WriteLayers = nil })
	writeFile(t, filepath.Join(er.rules, "p.md"), blockRm)
	csr := er.connect(t, nil)
	fails(t, csr, "hookify_set_rule_enabled", map[string]any{"name": "block-rm-rf", "enabled": false})
	fails(t, csr, "hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "x", "message_markdown": "m"})
}

// TestLinksRefused: links planted in the project cannot lead the server
// into another directory or another file.
func TestLinksRefused(t *testing.T) {
	e := newTestEnv(t, nil)
	userRules := filepath.Join(e.home, ".codex", "hookify")
	writeFile(t, filepath.Join(userRules, "u.md"), "---\nname: user-rule\nevent: bash\naction: block\npattern: curl\n---\nu\n")
	cs := e.connect(t, nil)

	// The project layer's directory is a link to the user layer.
	os.RemoveAll(e.rules)
	if err := os.Symlink(userRules, e.rules); err != nil {
		t.Fatal(err)
	}
	msg := fails(t, cs, "hookify_set_rule_enabled", map[string]any{"name": "user-rule", "enabled": false})
	if !strings.Contains(msg, "refused") {
		t.Errorf("linked layer dir: %s", msg)
	}
	fails(t, cs, "hookify_delete_rule", map[string]any{"name": "user-rule"})
	fails(t, cs, "hookify_create_rule", map[string]any{"name": "x", "event": "bash", "pattern": "x", "message_markdown": "m"})
	if _, err := os.Stat(filepath.Join(userRules, "u.md")); err != nil {
		t.Fatal(err)
	}

	// A rule file that is a link, or a hard link, to the user's rule.
	os.Remove(e.rules)
	os.MkdirAll(e.rules, 0o755)
	os.Symlink(filepath.Join(userRules, "u.md"), filepath.Join(e.rules, "sym.md"))
	if msg := fails(t, cs, "hookify_set_rule_enabled", map[string]any{"name": "user-rule", "enabled": false}); !strings.Contains(msg, "may not change") && !strings.Contains(msg, "refused") {
		t.Errorf("symlinked rule: %s", msg)
	}
	os.Remove(filepath.Join(e.rules, "sym.md"))
	if err := os.Link(filepath.Join(userRules, "u.md"), filepath.Join(e.rules, "hard.md")); err == nil {
		if msg := fails(t, cs, "hookify_set_rule_enabled", map[string]any{"name": "user-rule", "enabled": false}); !strings.Contains(msg, "hard links") {
			t.Errorf("hard-linked rule: %s", msg)
		}
	}
	data, _ := os.ReadFile(filepath.Join(userRules, "u.md"))
	if r, diag := hookify.ReadRule("u.md", data); diag != nil || !r.Enabled {
		t.Errorf("the user rule changed: %s", data)
	}

	// out_dir's base is a link out of the project.
	outside := filepath.Join(e.root, "outside")
	os.MkdirAll(outside, 0o755)
	os.Symlink(outside, filepath.Join(e.project, ".codex", "hookify-build"))
	if msg := fails(t, cs, "hookify_emit_execpolicy", map[string]any{}); !strings.Contains(msg, "outside") {
		t.Errorf("linked out base: %s", msg)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("written outside: %v", ents)
	}
}

// TestCreateLints: a new rule goes through `hookifyc lint`: warnings come
// back with the rule written.
func TestCreateLints(t *testing.T) {
	e := newTestEnv(t, nil)
	cs := e.connect(t, nil)
	cr := ok[CreateResult](t, cs, "hookify_create_rule", map[string]any{"name": "broad", "event": "bash", "pattern": "e", "message_markdown": "m"})
	if !cr.OK || len(cr.Diagnostics) == 0 {
		t.Errorf("broad pattern: %+v", cr)
	}
	t.Logf("%q", cr.Diagnostics)
}

// A server started in the home directory has the user layer's directory
// as its project layer: its rules are not writable without --write user,
// and list_rules says so.
func TestProjectIsHome(t *testing.T) {
	e := newTestEnv(t, func(o *Options) { o.Project = filepath.Join(filepath.Dir(o.Project), "home"); o.Env.Dir = o.Project })
	writeFile(t, filepath.Join(e.home, ".codex", "hookify", "u.md"), "---\nname: urule\nevent: bash\naction: block\npattern: danger\n---\nx\n")
	cs := e.connect(t, nil)
	if l := ok[RuleList](t, cs, "hookify_list_rules", map[string]any{}); len(l.Rules) != 1 || l.Rules[0].Writable {
		t.Errorf("rules %+v, want urule not writable", l.Rules)
	}
	if msg := fails(t, cs, "hookify_set_rule_enabled", map[string]any{"name": "urule", "enabled": false}); !strings.Contains(msg, "may not change") {
		t.Errorf("disable: %s", msg)
	}
}

// A new rule may not take the name of a rule in another file of the same
// layer: the name would become ambiguous for set_rule_enabled and
// delete_rule.
func TestCreateRefusesNameOfAnotherFile(t *testing.T) {
	e := newTestEnv(t, nil)
	writeFile(t, filepath.Join(e.rules, "guard-old.md"), blockRm)
	cs := e.connect(t, nil)
	args := map[string]any{"name": "block-rm-rf", "event": "bash", "pattern": "x", "message_markdown": "m", "enabled": false}
	if msg := fails(t, cs, "hookify_create_rule", args); !strings.Contains(msg, "guard-old.md") {
		t.Errorf("create: %s", msg)
	}
	// Replacing the rule's own file stays possible with overwrite.
	writeFile(t, filepath.Join(e.rules, "block-rm-rf.md"), blockRm)
	os.Remove(filepath.Join(e.rules, "guard-old.md"))
	args["overwrite"] = true
	ok[CreateResult](t, cs, "hookify_create_rule", args)
}

// A handler's panic is the call's error answer, and the server goes on.
func TestToolPanicIsAnError(t *testing.T) {
	e := newTestEnv(t, nil)
	srv := e.srv.MCPServer()
	addTool(srv, "boom", readOnly("Boom"), func(context.Context, *mcp.CallToolRequest, Empty) (*mcp.CallToolResult, *Health, error) {
		panic("kaboom")
	}, "panics")
	cs := e.connect(t, srv)
	if msg := fails(t, cs, "boom", map[string]any{}); !strings.Contains(msg, "internal error") || !strings.Contains(msg, "kaboom") {
		t.Errorf("boom: %s", msg)
	}
	ok[Health](t, cs, "hookify_health", map[string]any{})
}

// TestEvaluatePlantedPatternsBounded: the project rules the model (this
// server's client) writes get the hook's bounds: patterns huge once
// translated are refused as problems, the user's rule still decides, and
// the server stays up.
func TestEvaluatePlantedPatternsBounded(t *testing.T) {
	e := newTestEnv(t, nil)
	writeFile(t, filepath.Join(e.home, ".codex", "hookify", "block-rm-rf.md"), blockRm)
	writeFile(t, filepath.Join(e.rules, "huge.md"), "---\nname: huge\nevent: bash\npattern: "+strings.Repeat(`\b`, 500_000)+"\n---\nm\n")
	for i := range 60 {
		writeFile(t, filepath.Join(e.rules, fmt.Sprintf("p%02d.md", i)), fmt.Sprintf("---\nname: p%d\nevent: bash\npattern: (?=r)%sr%d\n---\nm\n", i, strings.Repeat(`\b`, 1_400), i))
	}
	cs := e.connect(t, nil)
	d := ok[Decision](t, cs, "hookify_evaluate_shell", map[string]any{"command": "rm -rf /"})
	if d.Decision != "block" || !slices.Contains(d.MatchedRules, "block-rm-rf") {
		t.Fatalf("decision %+v", d)
	}
	all := strings.Join(d.Problems, "\n")
	for _, want := range []string{"translates to more than", "not compiled: the project's rules have used up their"} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q problem in %.600s", want, all)
		}
	}
}
