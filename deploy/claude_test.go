package deploy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A user-written .claude/settings.json: their keys, their hooks, the
// hookify plugin still enabled.
const userSettings = `{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "permissions": {
    "allow": ["Bash(npm test *)"],
    "deny": ["Read(./.env)"]
  },
  "env": {"FOO": "bar"},
  "hooks": {
    "PreToolUse": [
      {"matcher": "Edit", "hooks": [{"type": "command", "command": "prettier --check"}]}
    ]
  },
  "enabledPlugins": {"hookify@claude-plugins-official": true}
}
`

func TestClaudePlanApplyUninstall(t *testing.T) {
	_, rules := fixture(t)
	project := filepath.Join(t.TempDir(), "app")
	dir := filepath.Join(project, ".claude")
	must(t, os.MkdirAll(dir, 0o755))
	write(t, filepath.Join(dir, "settings.json"), userSettings, 0o644)
	before := snapshot(t, project)

	o := opts(dir, rules)
	o.Project = true
	p, err := PlanClaude(o)
	must(t, err)
	sameSnap(t, "plan", before, snapshot(t, project), true)
	if !strings.Contains(strings.Join(p.Notes, "\n"), "hookify plugin is still enabled") {
		t.Errorf("notes: %v", p.Notes)
	}
	_, err = Apply(p)
	must(t, err)
	data, _ := os.ReadFile(filepath.Join(dir, "settings.json"))
	var got, want map[string]any
	must(t, json.Unmarshal(data, &got))
	must(t, json.Unmarshal([]byte(userSettings), &want))
	for k, v := range want {
		if k == "hooks" {
			continue
		}
		a, _ := json.Marshal(v)
		b, _ := json.Marshal(got[k])
		if string(a) != string(b) {
			t.Errorf("key %s changed: %s -> %s", k, a, b)
		}
	}
	// Every byte before "hooks" and after its value is the user's.
	if !strings.HasPrefix(string(data), userSettings[:strings.Index(userSettings, `"hooks"`)]) || !strings.HasSuffix(string(data), userSettings[strings.Index(userSettings, `  "enabledPlugins"`)-2:]) {
		t.Errorf("settings.json outside hooks changed:\n%s", data)
	}
	if !strings.Contains(string(data), `{"matcher": "Edit", "hooks": [{"type": "command", "command": "prettier --check"}]}`) {
		t.Errorf("the user's hook group changed:\n%s", data)
	}
	hooks := got["hooks"].(map[string]any)
	for _, ev := range ClaudeEvents {
		gs, _ := hooks[ev].([]any)
		found := false
		for _, g := range gs {
			b, _ := json.Marshal(g)
			if strings.Contains(string(b), "hook --agent claude") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no hookifyc hook:\n%s", ev, data)
		}
	}
	after := snapshot(t, project)
	p, err = PlanClaude(o)
	must(t, err)
	if p.Changed() {
		t.Errorf("second plan: %s", p.Diff())
	}
	w, err := Apply(p)
	must(t, err)
	if len(w) > 0 {
		t.Errorf("second apply wrote %v", w)
	}
	sameSnap(t, "second apply", after, snapshot(t, project), true)

	u, err := PlanUninstall("claude", dir, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	sameSnap(t, "uninstall", before, snapshot(t, project), false)
}

func TestClaudeFreshSettings(t *testing.T) {
	_, rules := fixture(t)
	dir := filepath.Join(t.TempDir(), "home", ".claude")
	p, err := PlanClaude(opts(dir, rules))
	must(t, err)
	_, err = Apply(p)
	must(t, err)
	data, _ := os.ReadFile(filepath.Join(dir, "settings.json"))
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%v:\n%s", err, data)
	}
	u, err := PlanUninstall("claude", dir, false)
	must(t, err)
	_, err = Apply(u)
	must(t, err)
	if exists(dir) {
		t.Errorf("uninstall left %s", dir)
	}
}
