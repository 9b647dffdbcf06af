package sources

import (
	"reflect"
	"testing"
	"testing/fstest"
)

func ruleFile(name string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("---\nname: " + name + "\nevent: bash\npattern: x\n---\n")}
}

func layeredFS() fstest.MapFS {
	return fstest.MapFS{
		"etc/codex/hookify/b-managed.md":           ruleFile("dup"),
		"etc/codex/hookify/a-managed.md":           ruleFile("managed-only"),
		"etc/codex/hookify/notes.txt":              ruleFile("ignored"),
		"proj/.git/HEAD":                           {Data: []byte("ref")},
		"proj/sub/dir/.keep":                       {},
		"proj/.codex/hookify/z.md":                 ruleFile("dup"),
		"proj/.codex/hookify/y.md":                 ruleFile("project"),
		"proj/.codex/hookify/.hidden.md":           ruleFile("hidden"),
		"proj/.codex/hookify/bad.md":               {Data: []byte("---\nconditions:\n- s\n---\n")},
		"proj/.claude/hookify.c.local.md":          ruleFile("claude"),
		"proj/.claude/hookify.c2.local.md":         ruleFile("claude"),
		"proj/.claude/hookify.user-dup.local.md":   ruleFile("user-dup"),
		"proj/.claude/hookify.forgot.md":           ruleFile("forgot"),
		"proj/.claude/settings.json":               {Data: []byte("{}")},
		"home/u/.codex/hookify/u.md":               ruleFile("user"),
		"home/u/.codex/hookify/user-dup.md":        ruleFile("user-dup"),
		"home/u/.codex/hookify/sub/nested.md":      ruleFile("nested"),
		"rules/r.md":                               ruleFile("rule-dir"),
		"elsewhere/.claude/hookify.other.local.md": ruleFile("other"),
	}
}

func TestDiscoverLayers(t *testing.T) {
	m := layeredFS()
	d := Discover(Layout{FS: m, ManagedDir: DefaultManagedDir, HomeDir: "/home/u"}, "/proj/sub/dir")
	if d.ProjectRoot != "/proj" {
		t.Errorf("project root %q", d.ProjectRoot)
	}
	var got []string
	for _, f := range d.Rules {
		got = append(got, f.Layer.String()+" "+f.Path+" "+f.Rule.Name)
	}
	want := []string{
		"managed /etc/codex/hookify/a-managed.md managed-only",
		"managed /etc/codex/hookify/b-managed.md dup",
		"project /proj/.codex/hookify/y.md project",
		"project-claude /proj/.claude/hookify.c.local.md claude",
		"project-claude /proj/.claude/hookify.c2.local.md claude", // same layer: both kept
		"project-claude /proj/.claude/hookify.user-dup.local.md user-dup",
		"user /home/u/.codex/hookify/u.md user",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rules\n got %q\nwant %q", got, want)
	}
	var shadowed []string
	for _, f := range d.Shadowed {
		shadowed = append(shadowed, f.Path+" by "+f.ShadowedBy.Path)
	}
	wantShadowed := []string{
		"/proj/.codex/hookify/z.md by /etc/codex/hookify/b-managed.md",
		"/home/u/.codex/hookify/user-dup.md by /proj/.claude/hookify.user-dup.local.md",
	}
	if !reflect.DeepEqual(shadowed, wantShadowed) {
		t.Errorf("shadowed\n got %q\nwant %q", shadowed, wantShadowed)
	}
	var diags []string
	for _, x := range d.Problems {
		diags = append(diags, string(x.Kind)+" "+x.Error())
	}
	wantDiags := []string{
		"malformed /proj/.codex/hookify/bad.md:3:1: 'str' object has no attribute 'get'",
		"shadowed /proj/.codex/hookify/z.md:2:1: warning: rule 'dup' (project) is shadowed by the managed rule of the same name in /etc/codex/hookify/b-managed.md",
		"not-local /proj/.claude/hookify.forgot.md: warning: hookify ignores this file: rule files in .claude must be named hookify.<name>.local.md (rename it to hookify.forgot.local.md)",
		"shadowed /home/u/.codex/hookify/user-dup.md:2:1: warning: rule 'user-dup' (user) is shadowed by the project-claude rule of the same name in /proj/.claude/hookify.user-dup.local.md",
	}
	if !reflect.DeepEqual(diags, wantDiags) {
		t.Errorf("diagnostics\n got %q\nwant %q", diags, wantDiags)
	}
}

func TestDiscoverRuleDirOverrides(t *testing.T) {
	d := Discover(Layout{FS: layeredFS(), ManagedDir: DefaultManagedDir, HomeDir: "/home/u", RuleDir: "/rules"}, "/proj")
	if len(d.Rules) != 1 || d.Rules[0].Rule.Name != "rule-dir" || d.Rules[0].Layer != LayerRuleDir {
		t.Errorf("rules %+v", d.Rules)
	}
}

func TestDiscoverNoGit(t *testing.T) {
	d := Discover(Layout{FS: layeredFS()}, "/elsewhere")
	if d.ProjectRoot != "/elsewhere" || len(d.Rules) != 1 || d.Rules[0].Rule.Name != "other" {
		t.Errorf("%+v", d)
	}
	// A directory without .git anywhere above: the cwd itself is the root.
	d = Discover(Layout{FS: layeredFS()}, "/rules")
	if d.ProjectRoot != "/rules" || len(d.Rules) != 0 {
		t.Errorf("%+v", d)
	}
	// cwd = home: the project .codex layer is the user layer; it is read once
	// and nothing shadows itself.
	d = Discover(Layout{FS: layeredFS(), HomeDir: "/home/u"}, "/home/u")
	if d.ProjectRoot != "/home/u" || len(d.Rules) != 2 || len(d.Shadowed) != 0 || d.Rules[0].Layer != LayerProject {
		t.Errorf("%+v", d)
	}
}
