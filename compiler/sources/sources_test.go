package sources

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

func write(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const mdRule = "---\nname: %s\nevent: bash\npattern: rm\n---\nNo.\n"

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	md := write(t, dir, "one.md", strings.Replace(mdRule, "%s", "one", 1))
	rulesDir := filepath.Join(dir, "rules")
	write(t, rulesDir, "b.md", strings.Replace(mdRule, "%s", "b", 1))
	write(t, rulesDir, "a.md", strings.Replace(mdRule, "%s", "a", 1))
	write(t, rulesDir, "skip.txt", "not a rule")
	write(t, rulesDir, "bad.md", "no frontmatter")
	genesis := write(t, dir, "genesis.key", "version: 1\npermissions:\n  deny: [\"Bash(rm -rf *)\", \"Read(\"]\n")
	yml := write(t, dir, "policy.yml", "permissions:\n  ask: [\"Bash(git push *)\"]\n")
	settings := write(t, dir, "proj/.claude/settings.json", `{"permissions": {"allow": ["Bash(go test *)"]}}`)

	rules, problems := Load([]string{md, rulesDir, genesis, yml, settings}, "", nil)
	var names []string
	for _, r := range rules {
		names = append(names, string(r.Origin)+":"+r.Name)
	}
	want := "hookify:one hookify:a hookify:b permission:Bash(rm -rf *) permission:Bash(git push *) permission:Bash(go test *)"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("rules:\n got %s\nwant %s", got, want)
	}
	if r := rules[5]; r.Permission == nil || r.Permission.BaseDir != filepath.ToSlash(filepath.Join(dir, "proj")) || r.Action != ir.ActionAllow {
		t.Errorf("settings rule %+v %+v", r, r.Permission)
	}
	var errs, warns []string
	for _, p := range problems {
		if p.Warning {
			warns = append(warns, p.Error())
		} else {
			errs = append(errs, p.Error())
		}
	}
	if len(errs) != 2 || !strings.Contains(errs[0], "bad.md") || !strings.Contains(errs[1], "genesis.key:3:") {
		t.Errorf("errors %q", errs)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], `unknown key "version"`) {
		t.Errorf("warnings %q", warns)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	txt := write(t, dir, "notes.txt", "hello")
	if _, probs := Load([]string{txt}, "", nil); len(probs) != 1 || !strings.Contains(probs[0].Text, "not a recognised rule source") {
		t.Errorf("txt: %v", probs)
	}
	// A missing source is a problem, and the other sources still load.
	ok := write(t, dir, "kept.md", strings.Replace(mdRule, "%s", "kept", 1))
	if rules, probs := Load([]string{filepath.Join(dir, "missing.md"), ok}, "", nil); len(probs) != 1 || probs[0].Warning || len(rules) != 1 {
		t.Errorf("missing source: %d rules, problems %v", len(rules), probs)
	}
	// A .json file that is not settings, and malformed JSON / YAML, are
	// problems: the other sources still load.
	other := write(t, dir, "package.json", `{"name": "x"}`)
	broken := write(t, dir, "broken.json", `{"permissions": [`)
	badYAML := write(t, dir, "bad.yaml", "permissions: [unclosed\n")
	md := write(t, dir, "ok.md", strings.Replace(mdRule, "%s", "ok", 1))
	rules, problems := Load([]string{other, broken, badYAML, md}, "", nil)
	var errs []Problem
	for _, p := range problems {
		if !p.Warning {
			errs = append(errs, p)
		}
	}
	if len(rules) != 1 || len(errs) != 3 {
		t.Fatalf("rules %d, problems %v", len(rules), problems)
	}
	for i, want := range []string{"package.json", "broken.json:1:", "bad.yaml:1:"} {
		if !strings.Contains(errs[i].Error(), want) {
			t.Errorf("problem %d = %+v, want %q", i, errs[i], want)
		}
	}
}
