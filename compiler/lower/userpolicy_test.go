package lower

import (
	"testing"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
)

// userDefaultRules is a user's own ~/.codex/rules/default.rules, with
// rules on programs the compiled examples also cover (git, rm) and on
// others.
const userDefaultRules = `
prefix_rule(pattern = ["git", "push"], decision = "forbidden")
prefix_rule(pattern = ["git", "reset", "--hard"], decision = "prompt")
prefix_rule(pattern = ["rm"], decision = "prompt")
prefix_rule(pattern = ["curl"], decision = "forbidden")
prefix_rule(pattern = ["ls"], decision = "allow")
prefix_rule(pattern = ["npm", "test"], decision = "allow")
`

// TestUserPolicyNeverWeakened installs the compiled file of every case
// set beside a user's default.rules and checks, as Codex core matches
// (program paths resolved to their basename's rules), that every decision
// of the user's file alone is kept or made stricter. The programs are also
// written at the paths Nix, Linuxbrew and a home directory use, where a
// host_executable() declaration in the compiled file would have switched
// the user's rules off.
func TestUserPolicyNeverWeakened(t *testing.T) {
	user := execpolicy.File{Name: "default.rules", Data: []byte(userDefaultRules)}
	alone, err := execpolicy.Load([]execpolicy.File{user})
	if err != nil {
		t.Fatal(err)
	}
	opts := execpolicy.MatchOptions{ResolveHostExecutables: true, WorkDir: "/home/u/project", Home: "/home/u"}
	prefixes := []string{"", "/usr/bin/", "/bin/", "/nix/store/0a1b2c-git-2.47.0/bin/", "/home/linuxbrew/.linuxbrew/bin/", "/opt/homebrew/bin/", "./", "~/bin/", "../tools/"}
	argvs := [][]string{
		{"git", "push", "origin", "main"}, {"git", "push", "--force"}, {"git", "reset", "--hard", "HEAD~1"},
		{"rm", "-rf", "/"}, {"rm", "x"}, {"curl", "https://example.com"}, {"ls", "-la"}, {"npm", "test"},
		{"git", "status"}, {"git", "commit", "--no-verify", "-m", "x"},
	}
	argvs = append(argvs, corpusArgvs(t)...)
	var checked, stricter int
	for _, set := range goldenSets(t) {
		for _, allow := range []bool{false, true} {
			ls, err := Lower(set.rules, LowerOptions{Actor: "ci", Allow: allow})
			if err != nil {
				t.Fatal(err)
			}
			data, err := EmitLowered(ls, set.name)
			if err != nil {
				t.Fatal(err)
			}
			both, err := execpolicy.Load([]execpolicy.File{user, {Name: "hookify.rules", Data: data}})
			if err != nil {
				t.Fatal(err)
			}
			if len(both.HostExecutables) != 0 {
				t.Fatalf("%s: the compiled file declares host executables: %v", set.name, both.HostExecutables)
			}
			for _, argv := range argvs {
				for _, p := range prefixes {
					a := append([]string{p + argv[0]}, argv[1:]...)
					before, after := alone.CheckWith(a, opts).Decision, both.CheckWith(a, opts).Decision
					checked++
					if weaker(before, after, allow) {
						t.Errorf("%s (allow %v): %q: %v alone, %v with hookify.rules", set.name, allow, a, before, after)
					}
					if strictness(after) > strictness(before) {
						stricter++
					}
				}
			}
		}
	}
	t.Logf("%d decisions checked, %d made stricter, none weaker", checked, stricter)

	// The check is not vacuous: the declaration earlier versions emitted
	// (git at the standard paths only) switches the user's git rules off
	// at /nix/store/….
	gated, err := execpolicy.Load([]execpolicy.File{user, {Name: "hookify.rules", Data: []byte(`host_executable(name = "git", paths = ["/usr/bin/git", "/bin/git", "/usr/local/bin/git", "/opt/homebrew/bin/git"])`)}})
	if err != nil {
		t.Fatal(err)
	}
	a := []string{"/nix/store/0a1b2c-git-2.47.0/bin/git", "push"}
	if before, after := alone.CheckWith(a, opts).Decision, gated.CheckWith(a, opts).Decision; !weaker(before, after, false) {
		t.Errorf("a host_executable gate should weaken %q: %v → %v", a, before, after)
	}
}

// strictness orders Codex decisions: an allow runs outside the sandbox
// without asking, so it is looser than no rule at all.
func strictness(d execpolicy.Decision) int {
	switch d {
	case execpolicy.Allow:
		return 0
	case execpolicy.Prompt:
		return 2
	case execpolicy.Forbidden:
		return 3
	}
	return 1 // no rule
}

// weaker reports whether after weakens before. With allow rules lowered
// on request, only the user's prompt and forbidden decisions must hold.
func weaker(before, after execpolicy.Decision, allowLowered bool) bool {
	if allowLowered && strictness(before) <= 1 {
		return false
	}
	return strictness(after) < strictness(before)
}
