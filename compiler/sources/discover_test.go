package sources

import (
	"path"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func ruleFile(name string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("---\nname: " + name + "\nevent: bash\npattern: x\n---\n")}
}

func blockRule(name string, enabled bool) *fstest.MapFile {
	e := "true"
	if !enabled {
		e = "false"
	}
	return &fstest.MapFile{Data: []byte("---\nname: " + name + "\nenabled: " + e + "\nevent: bash\npattern: rm\naction: block\n---\nNo.\n")}
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

func foundList(d *Discovery) []string {
	var got []string
	for _, f := range d.Rules {
		got = append(got, f.Layer.String()+" "+f.Path+" "+f.Rule.Name)
	}
	return got
}

func TestDiscoverLayers(t *testing.T) {
	d := Discover(Layout{FS: layeredFS(), ManagedDir: DefaultManagedDir, HomeDir: "/home/u"}, "/proj/sub/dir")
	if want := []string{"/proj/sub/dir", "/proj/sub", "/proj", "/"}; !reflect.DeepEqual(d.Dirs, want) {
		t.Errorf("dirs %q, want %q", d.Dirs, want)
	}
	want := []string{
		"managed /etc/codex/hookify/a-managed.md managed-only",
		"managed /etc/codex/hookify/b-managed.md dup",
		"user /home/u/.codex/hookify/u.md user",
		"user /home/u/.codex/hookify/user-dup.md user-dup",
		"project /proj/.codex/hookify/y.md project",
		"project /proj/.codex/hookify/z.md dup", // collides with the managed rule: both apply
		"project-claude /proj/.claude/hookify.c.local.md claude",
		"project-claude /proj/.claude/hookify.c2.local.md claude", // same layer: both kept
		"project-claude /proj/.claude/hookify.user-dup.local.md user-dup",
	}
	if got := foundList(d); !reflect.DeepEqual(got, want) {
		t.Errorf("rules\n got %q\nwant %q", got, want)
	}
	var diags []string
	for _, x := range d.Problems {
		diags = append(diags, string(x.Kind)+" "+x.Error())
	}
	wantDiags := []string{
		"malformed /proj/.codex/hookify/bad.md:3:1: 'str' object has no attribute 'get'",
		"collision /proj/.codex/hookify/z.md:2:1: warning: rule 'dup' (project) has the name of the managed rule in /etc/codex/hookify/b-managed.md; both apply (a project rule cannot replace or switch off a managed rule)",
		"not-local /proj/.claude/hookify.forgot.md: warning: hookify ignores this file: rule files in .claude must be named hookify.<name>.local.md (rename it to hookify.forgot.local.md)",
		"collision /proj/.claude/hookify.user-dup.local.md:2:1: warning: rule 'user-dup' (project-claude) has the name of the user rule in /home/u/.codex/hookify/user-dup.md; both apply (a project rule cannot replace or switch off a user rule)",
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
	if len(d.Rules) != 1 || d.Rules[0].Rule.Name != "other" {
		t.Errorf("%+v", foundList(d))
	}
	d = Discover(Layout{FS: layeredFS()}, "/rules")
	if len(d.Rules) != 0 {
		t.Errorf("%+v", foundList(d))
	}
	// start = home: the project .codex layer is the user layer; it is read
	// once, as the user layer.
	d = Discover(Layout{FS: layeredFS(), HomeDir: "/home/u"}, "/home/u")
	if len(d.Rules) != 2 || d.Rules[0].Layer != LayerUser || len(d.Problems) != 0 {
		t.Errorf("%+v %v", foundList(d), d.Problems)
	}
}

// TestDiscoverCannotBeEscaped: what the agent can do from inside a tool
// call (create a .git, cd into a subdirectory or out of the project, send
// a relative or root cwd) never drops a project rule, as long as one start
// directory is one it cannot change (issue: an agent cannot walk past the
// guard).
func TestDiscoverCannotBeEscaped(t *testing.T) {
	fsys := fstest.MapFS{
		"repo/.git/HEAD":                      {Data: []byte("ref")},
		"repo/.claude/hookify.rm.local.md":    blockRule("no-rm", true),
		"repo/.codex/hookify/push.md":         ruleFile("no-push"),
		"repo/sub/.git/HEAD":                  {Data: []byte("ref")}, // mkdir -p sub/.git
		"repo/mod/.git":                       {Data: []byte("gitdir: ../.git/modules/mod")},
		"repo/mod/x/.keep":                    {},
		"elsewhere/.keep":                     {},
		"repo/sub/.claude/hookify.x.local.md": ruleFile("added-by-agent"),
	}
	want := []string{"project-claude /repo/.claude/hookify.rm.local.md no-rm", "project /repo/.codex/hookify/push.md no-push"}
	for _, starts := range [][]string{
		{"/repo"},
		{"/repo", "/repo/sub"},       // cd sub, with sub/.git
		{"/repo", "/repo/mod/x"},     // a submodule's .git file
		{"/repo", "/elsewhere"},      // cd out of the project
		{"/repo", "."},               // a relative cwd
		{"/repo", "/"},               // the root as cwd
		{"/repo/sub", "/repo/mod/x"}, // no start at the root: ancestors still reach it
	} {
		d := Discover(Layout{FS: fsys}, starts...)
		got := map[string]bool{}
		for _, f := range foundList(d) {
			got[f] = true
		}
		for _, w := range want {
			if !got[w] {
				t.Errorf("starts %q: %s missing from %q", starts, w, foundList(d))
			}
		}
	}
}

// TestClonedRepoCannotWeaken: a repository rule named like the user's
// block rule, disabled or turned into a warning, leaves the user's rule in
// force, and says so.
func TestClonedRepoCannotWeaken(t *testing.T) {
	for _, repoRule := range []*fstest.MapFile{
		blockRule("no-rm", false),
		{Data: []byte("---\nname: no-rm\nevent: bash\npattern: nothing-matches-this\naction: warn\n---\n")},
	} {
		fsys := fstest.MapFS{
			"home/u/.codex/hookify/no-rm.md": blockRule("no-rm", true),
			"repo/.codex/hookify/x.md":       repoRule,
		}
		d := Discover(Layout{FS: fsys, HomeDir: "/home/u"}, "/repo")
		var user *Found
		for _, f := range d.Rules {
			if f.Layer == LayerUser && f.Rule.Name == "no-rm" {
				user = f
			}
		}
		if user == nil || !user.Rule.Enabled || !user.Rule.Blocks() {
			t.Fatalf("the user's rule is not in force: %q", foundList(d))
		}
		if len(d.Rules) != 2 || len(user.Collides) != 1 {
			t.Errorf("rules %q, collisions %d", foundList(d), len(user.Collides))
		}
		if len(d.Problems) != 1 || d.Problems[0].Kind != ProblemCollision || !strings.Contains(d.Problems[0].Text, "both apply") {
			t.Errorf("problems %v", d.Problems)
		}
	}
}

// TestDiscoverReadsEachDirectoryOnce: a layer named by an uncleaned path
// (a managed directory with a trailing slash that is also the user layer)
// is read once, not once per spelling.
func TestDiscoverReadsEachDirectoryOnce(t *testing.T) {
	fsys := fstest.MapFS{"h/.codex/hookify/a.md": ruleFile("a")}
	d := Discover(Layout{FS: fsys, ManagedDir: "/h/.codex/hookify/", HomeDir: "/h"}, "/h")
	if len(d.Rules) != 1 || len(d.Problems) != 0 {
		t.Errorf("rules %d problems %v, want 1 rule and no problem", len(d.Rules), d.Problems)
	}
}

// TestMarkdownNamesAgree: a rule file named X.MD counts in a layer
// directory as it does in a directory named as a SOURCE.
func TestMarkdownNamesAgree(t *testing.T) {
	fsys := fstest.MapFS{"home/u/.codex/hookify/UPPER.MD": ruleFile("upper")}
	d := Discover(Layout{FS: fsys, HomeDir: "/home/u"}, "/nowhere")
	if len(d.Rules) != 1 || d.Rules[0].Rule.Name != "upper" {
		t.Errorf("rules %q", foundList(d))
	}
}

// TestDiscoverDeadline: past its deadline the discovery reads nothing more
// and says so for each directory left; a deadline not reached changes
// nothing.
func TestDiscoverDeadline(t *testing.T) {
	l := Layout{FS: layeredFS(), ManagedDir: DefaultManagedDir, HomeDir: "/home/u"}
	all := Discover(l, "/proj/sub/dir")
	l.Deadline = time.Now().Add(time.Hour)
	if got := Discover(l, "/proj/sub/dir"); !reflect.DeepEqual(foundList(got), foundList(all)) {
		t.Errorf("a deadline far off changed the rules: %v", foundList(got))
	}
	l.Deadline = time.Now().Add(-time.Second)
	d := Discover(l, "/proj/sub/dir")
	if len(d.Rules) != 0 {
		t.Errorf("rules read past the deadline: %v", foundList(d))
	}
	n := 0
	for _, p := range d.Problems {
		if p.Kind == ProblemDeadline && p.Costly() && strings.Contains(p.Text, "deadline passed") {
			n++
		}
	}
	if n == 0 || n != len(d.Problems) {
		t.Errorf("problems %+v, want one deadline problem a directory", d.Problems)
	}
}

// TestNamePrefixes: a rule file's path is its directory's prefix and its
// name, the same as joining and cleaning them.
func TestNamePrefixes(t *testing.T) {
	for _, dir := range []string{"/", ".", "", "a", "a/", "/a/b", "/a/b/", "a/../b", "./x/.codex/hookify", "//a//b"} {
		display, fsys := namePrefixes(dir)
		if want := path.Join(dir, "r.md"); display+"r.md" != want {
			t.Errorf("namePrefixes(%q) display %q, want %q", dir, display+"r.md", want)
		}
		if want := fsPath(path.Join(dir, "r.md")); fsys+"r.md" != want {
			t.Errorf("namePrefixes(%q) fs %q, want %q", dir, fsys+"r.md", want)
		}
	}
}

// TestProjectPatternBytes: the project layers' rules share a budget of
// pattern bytes, in discovery order; a rule that would pass it is left out
// with a problem, and the managed and user layers' rules never count.
func TestProjectPatternBytes(t *testing.T) {
	big := func(name string, n int) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte("---\nname: " + name + "\nevent: bash\npattern: " + strings.Repeat("x", n) + "\n---\n")}
	}
	fsys := fstest.MapFS{
		"home/u/.codex/hookify/u.md":      big("user", 900),
		"proj/.codex/hookify/a.md":        big("a", 400),
		"proj/.codex/hookify/b.md":        big("b", 400),
		"proj/.codex/hookify/c.md":        big("c", 400), // 1,200 > 1,000: left out
		"proj/.codex/hookify/d.md":        big("d", 100), // still fits
		"proj/.claude/hookify.e.local.md": big("e", 150), // passes it
	}
	d := Discover(Layout{FS: fsys, HomeDir: "/home/u", ProjectPatternBytes: 1000}, "/proj")
	var names []string
	for _, f := range d.Rules {
		names = append(names, f.Rule.Name)
	}
	if want := []string{"user", "a", "b", "d"}; !reflect.DeepEqual(names, want) {
		t.Errorf("rules %q, want %q", names, want)
	}
	var left []string
	for _, p := range d.Problems {
		if p.Kind == ProblemPatternBudget {
			if !p.Costly() || !strings.Contains(p.Text, "would pass 1000 bytes of patterns") {
				t.Errorf("problem %v", p)
			}
			left = append(left, path.Base(p.Path))
		}
	}
	if want := []string{"c.md", "hookify.e.local.md"}; !reflect.DeepEqual(left, want) {
		t.Errorf("left out %q, want %q", left, want)
	}
	// No budget: every rule.
	if d := Discover(Layout{FS: fsys, HomeDir: "/home/u"}, "/proj"); len(d.Rules) != 6 {
		t.Errorf("without a budget, %d rules", len(d.Rules))
	}
}
