package shell

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// Cases marked "git 2.49:" or "git 2.39:" were checked by running that git
// (2.49.0 built from source, 2.39.5 from the distribution) in a scratch
// repository with a bare remote: accepted means git ran the command as the
// expanded option, ambiguous/unknown means git refused it and ran nothing.
func TestParseGit(t *testing.T) {
	tests := []struct {
		name      string
		argv      []string
		want      []string
		config    []string
		dirs      []string
		uncertain bool
	}{
		// Push.
		{"git 2.39 and 2.49: push --forc is ambiguous", gitWords("git push --forc --dry-run origin main"), gitWords("git push --forc --dry-run origin main"), nil, nil, false},
		{"push --force is exact", gitWords("git push --force origin main"), gitWords("git push --force origin main"), nil, nil, false},
		{"git 2.39 and 2.49: push --force-w is --force-with-lease", gitWords("git push --force-w origin"), gitWords("git push --force-with-lease origin"), nil, nil, false},
		{"git 2.49: push --force-w=main keeps its value", gitWords("git push --force-w=main"), gitWords("git push --force-with-lease=main"), nil, nil, false},
		{"git 2.39 and 2.49: push --no-verif is --no-verify", gitWords("git push --no-verif"), gitWords("git push --no-verify"), nil, nil, false},
		{"git 2.39 and 2.49: push --verif negates --no-verify", gitWords("git push --verif"), gitWords("git push --verify"), nil, nil, false},
		{"git 2.39 and 2.49: push --no-no-verify is --verify", gitWords("git push --no-no-verify"), gitWords("git push --verify"), nil, nil, false},
		{"git 2.49: push --f is ambiguous", gitWords("git push --f"), gitWords("git push --f"), nil, nil, false},
		{"git 2.49: push --fo is ambiguous", gitWords("git push --fo"), gitWords("git push --fo"), nil, nil, false},
		{"git 2.39 and 2.49: push --no-forc is ambiguous", gitWords("git push --no-forc"), gitWords("git push --no-forc"), nil, nil, false},
		{"git 2.49: push --no-force-w is --no-force-with-lease", gitWords("git push --no-force-w"), gitWords("git push --no-force-with-lease"), nil, nil, false},
		{"git 2.39 and 2.49: push --del is --delete", gitWords("git push --del origin main"), gitWords("git push --delete origin main"), nil, nil, false},
		{"git 2.49: push --d is ambiguous", gitWords("git push --d origin main"), gitWords("git push --d origin main"), nil, nil, false},
		{"git 2.49: push --re=origin is ambiguous", gitWords("git push --re=origin"), gitWords("git push --re=origin"), nil, nil, false},
		{"git 2.49: push --no-thi is --no-thin", gitWords("git push --no-thi"), gitWords("git push --no-thin"), nil, nil, false},
		{"git 2.49: push --ipv is ambiguous", gitWords("git push --ipv"), gitWords("git push --ipv"), nil, nil, false},
		{"git 2.49: push --no-ipv4 is unknown (no negation)", gitWords("git push --no-ipv4"), gitWords("git push --no-ipv4"), nil, nil, false},
		{"git 2.49: push --bra is --branches", gitWords("git push --bra"), gitWords("git push --branches"), nil, nil, false},
		{"push options after operands", gitWords("git push origin main --forc"), gitWords("git push origin main --forc"), nil, nil, false},
		{"push --mirr after operands", gitWords("git push origin --mirr"), gitWords("git push origin --mirror"), nil, nil, false},
		{"push --repo takes the next word", gitWords("git push --rep --force-w"), gitWords("git push --repo --force-w"), nil, nil, false},
		{"push -o takes the next word", gitWords("git push -o --del origin"), gitWords("git push -o --del origin"), nil, nil, false},
		{"push -fo cluster takes the next word", gitWords("git push -fo --del origin"), gitWords("git push -fo --del origin"), nil, nil, false},
		{"push -ovalue attached", gitWords("git push -o--x --del"), gitWords("git push -o--x --delete"), nil, nil, false},
		{"push --no-repo takes no value", gitWords("git push --no-rep --del"), gitWords("git push --no-repo --delete"), nil, nil, false},
		{"git 2.49: --end-of-options ends options", gitWords("git push origin --end-of-options --forc --del"), gitWords("git push origin --end-of-options --forc --del"), nil, nil, false},
		{"-- ends options", gitWords("git push -- --del"), gitWords("git push -- --del"), nil, nil, false},
		// Clean, reset, branch.
		{"git 2.39 and 2.49: clean --fo is --force", gitWords("git clean --fo -n"), gitWords("git clean --force -n"), nil, nil, false},
		{"git 2.49: clean --f is --force", gitWords("git clean --f -d"), gitWords("git clean --force -d"), nil, nil, false},
		{"git 2.49: clean --dry is --dry-run", gitWords("git clean --dry -f"), gitWords("git clean --dry-run -f"), nil, nil, false},
		{"git 2.49: clean --no-f is --no-force", gitWords("git clean --no-f -n"), gitWords("git clean --no-force -n"), nil, nil, false},
		{"git 2.49: clean --ex takes the next word", gitWords("git clean --ex --fo -f"), gitWords("git clean --exclude --fo -f"), nil, nil, false},
		{"clean -e takes the next word", gitWords("git clean -e --fo"), gitWords("git clean -e --fo"), nil, nil, false},
		{"git 2.39 and 2.49: reset --har is --hard", gitWords("git reset --har"), gitWords("git reset --hard"), nil, nil, false},
		{"git 2.39 and 2.49: reset --h is --hard (--help is matched exactly)", gitWords("git reset --h HEAD"), gitWords("git reset --hard HEAD"), nil, nil, false},
		{"reset --no-hard is unknown", gitWords("git reset --no-har"), gitWords("git reset --no-har"), nil, nil, false},
		{"reset --hard=x keeps the value", gitWords("git reset --ha=x"), gitWords("git reset --hard=x"), nil, nil, false},
		{"git 2.49: branch --del is --delete", gitWords("git branch --del tmp"), gitWords("git branch --delete tmp"), nil, nil, false},
		{"git 2.49: branch --d is --delete", gitWords("git branch --d tmp"), gitWords("git branch --delete tmp"), nil, nil, false},
		{"git 2.49: branch --forc is --force", gitWords("git branch --forc x"), gitWords("git branch --force x"), nil, nil, false},
		{"git 2.49: branch -u takes the next word", gitWords("git branch -u --forc"), gitWords("git branch -u --forc"), nil, nil, false},
		{"branch --set-upstream-to takes the next word", gitWords("git branch --set-upstream-t --del"), gitWords("git branch --set-upstream-to --del"), nil, nil, false},
		{"branch --contains takes the next word", gitWords("git branch --cont --del"), gitWords("git branch --contains --del"), nil, nil, false},
		// Commit, tag, checkout.
		{"git 2.49: commit -m takes the message", gitWords("git commit -m --forc --amen"), gitWords("git commit -m --forc --amend"), nil, nil, false},
		{"git 2.49: commit --allow-e is ambiguous", gitWords("git commit --allow-e"), gitWords("git commit --allow-e"), nil, nil, false},
		{"commit --mess takes the next word", gitWords("git commit --mess --amend"), gitWords("git commit --message --amend"), nil, nil, false},
		{"commit -am takes the next word", gitWords("git commit -am --no-verif"), gitWords("git commit -am --no-verif"), nil, nil, false},
		{"commit --no-verif", gitWords("git commit --no-verif -m x"), gitWords("git commit --no-verify -m x"), nil, nil, false},
		{"commit -S optional attached", gitWords("git commit -S --no-verif"), gitWords("git commit -S --no-verify"), nil, nil, false},
		{"git 2.49: tag -m takes the message", gitWords("git tag -m --forc t1"), gitWords("git tag -m --forc t1"), nil, nil, false},
		{"git 2.49: tag --forc is --force", gitWords("git tag --forc t2"), gitWords("git tag --force t2"), nil, nil, false},
		{"tag --del", gitWords("git tag --del v1"), gitWords("git tag --delete v1"), nil, nil, false},
		{"git 2.49: checkout -b takes the branch", gitWords("git checkout -b --forc"), gitWords("git checkout -b --forc"), nil, nil, false},
		{"git 2.49: checkout --for is --force", gitWords("git checkout --for main"), gitWords("git checkout --force main"), nil, nil, false},
		{"git 2.49: switch --disc is --discard-changes", gitWords("git switch --disc main"), gitWords("git switch --discard-changes main"), nil, nil, false},
		{"git 2.49: restore --stag is --staged", gitWords("git restore --stag f"), gitWords("git restore --staged f"), nil, nil, false},
		{"git 2.49: restore --s is ambiguous", gitWords("git restore --s HEAD f"), gitWords("git restore --s HEAD f"), nil, nil, false},
		// Stash, reflog, worktree, remote.
		{"git 2.49: stash --incl is stash push --include-untracked", gitWords("git stash --incl"), gitWords("git stash --include-untracked"), nil, nil, false},
		{"stash push --keep", gitWords("git stash push --keep -m --forc"), gitWords("git stash push --keep-index -m --forc"), nil, nil, false},
		{"git 2.49: stash pop --ind is --index", gitWords("git stash pop --ind"), gitWords("git stash pop --index"), nil, nil, false},
		{"stash drop --qui", gitWords("git stash drop --qui"), gitWords("git stash drop --quiet"), nil, nil, false},
		{"stash list takes no abbreviations", gitWords("git stash list --qui"), gitWords("git stash list --qui"), nil, nil, false},
		{"stash create keeps its message words", gitWords("git stash create --qui"), gitWords("git stash create --qui"), nil, nil, false},
		{"stash pathspec is push", gitWords("git stash -- --incl"), gitWords("git stash -- --incl"), nil, nil, false},
		{"git 2.49: reflog expire --dry is --dry-run", gitWords("git reflog expire --dry --al"), gitWords("git reflog expire --dry-run --all"), nil, nil, false},
		{"reflog expire --expire takes the next word", gitWords("git reflog expire --expire --al"), gitWords("git reflog expire --expire --al"), nil, nil, false},
		{"reflog default show is left alone", gitWords("git reflog --al"), gitWords("git reflog --al"), nil, nil, false},
		{"git 2.49: worktree add --det", gitWords("git worktree add --det /tmp/wt"), gitWords("git worktree add --detach /tmp/wt"), nil, nil, false},
		{"worktree remove --forc", gitWords("git worktree remove --forc wt"), gitWords("git worktree remove --force wt"), nil, nil, false},
		{"worktree unknown subcommand", gitWords("git worktree frob --forc"), gitWords("git worktree frob --forc"), nil, nil, false},
		{"git 2.49: remote --verb then sub", gitWords("git remote --verb show"), gitWords("git remote --verbose show"), nil, nil, false},
		{"git 2.49: remote add --fet", gitWords("git remote add --fet x url"), gitWords("git remote add --fetch x url"), nil, nil, false},
		{"remote set-url --del", gitWords("git remote set-url --del origin u"), gitWords("git remote set-url --delete origin u"), nil, nil, false},
		// Others.
		{"git 2.49: rebase --abo is --abort", gitWords("git rebase --abo"), gitWords("git rebase --abort"), nil, nil, false},
		{"git 2.49: rebase --exe=true", gitWords("git rebase --exe=true HEAD"), gitWords("git rebase --exec=true HEAD"), nil, nil, false},
		{"rebase -x takes the next word", gitWords("git rebase -x --abo"), gitWords("git rebase -x --abo"), nil, nil, false},
		{"git 2.49: merge --ff-o is --ff-only", gitWords("git merge --ff-o main"), gitWords("git merge --ff-only main"), nil, nil, false},
		{"git 2.49: merge --no-ff-o is unknown (no negation)", gitWords("git merge --no-ff-o main"), gitWords("git merge --no-ff-o main"), nil, nil, false},
		{"git 2.49: fetch --pru is ambiguous", gitWords("git fetch --pru"), gitWords("git fetch --pru"), nil, nil, false},
		{"fetch --prune-t", gitWords("git fetch --prune-t"), gitWords("git fetch --prune-tags"), nil, nil, false},
		{"git 2.49: pull --no-reb --ff-o", gitWords("git pull --no-reb --ff-o origin main"), gitWords("git pull --no-rebase --ff-only origin main"), nil, nil, false},
		{"git 2.49: gc --aggr --no-pru", gitWords("git gc --aggr --no-pru"), gitWords("git gc --aggressive --no-prune"), nil, nil, false},
		{"gc --pru=now", gitWords("git gc --pru=now"), gitWords("git gc --prune=now"), nil, nil, false},
		{"git 2.49: update-ref --no-d -d", gitWords("git update-ref --no-d -d refs/heads/x"), gitWords("git update-ref --no-deref -d refs/heads/x"), nil, nil, false},
		{"update-ref -m takes the next word", gitWords("git update-ref -m --std x y"), gitWords("git update-ref -m --std x y"), nil, nil, false},
		{"git 2.49: rm --cach --dry", gitWords("git rm --cach --dry f"), gitWords("git rm --cached --dry-run f"), nil, nil, false},
		{"git 2.49: mv --dry", gitWords("git mv --dry f g"), gitWords("git mv --dry-run f g"), nil, nil, false},
		{"git 2.39: submodule rejects abbreviations", gitWords("git submodule deinit --forc x"), gitWords("git submodule deinit --forc x"), nil, nil, false},
		{"filter-branch is not parse-options", gitWords("git filter-branch --forc"), gitWords("git filter-branch --forc"), nil, nil, false},
		{"unknown subcommand kept", gitWords("git frobnicate --forc"), gitWords("git frobnicate --forc"), nil, nil, false},
		// Global options.
		{"absolute path", gitWords("/usr/bin/git -C repo push --forc"), gitWords("git push --forc"), nil, gitWords("repo"), false},
		{"-C and -c", gitWords("git -C a -c clean.requireForce=false -C b clean --fo"), gitWords("git clean --force"), gitWords("clean.requireForce=false"), gitWords("a b"), false},
		{"git 2.49: --git-dir as next word", gitWords("git --git-dir .git --work-tree=. log"), gitWords("git log"), nil, gitWords(".git ."), false},
		{"--config-env both forms", gitWords("git --config-env=core.pager=P --config-env a.b=E status"), gitWords("git status"), gitWords("core.pager=P a.b=E"), nil, false},
		{"flag options", gitWords("git -P --no-pager -p --bare --no-optional-locks --literal-pathspecs --no-advice status"), gitWords("git status"), nil, nil, false},
		{"value options", gitWords("git --namespace=n --namespace n --attr-source HEAD --exec-path=/x status"), gitWords("git status"), nil, nil, false},
		{"git 2.49: -C '' is accepted", []string{"git", "-C", "", "log"}, gitWords("git log"), nil, []string{""}, false},
		{"--version mode", gitWords("git --version"), gitWords("git --version"), nil, nil, false},
		{"-h mode keeps the rest", gitWords("git -C x -h push"), gitWords("git -h push"), nil, gitWords("x"), false},
		{"git 2.49: --exec-path query", gitWords("git --exec-pathfoo push --forc"), gitWords("git --exec-pathfoo push --forc"), nil, nil, false},
		{"--list-cmds= query", gitWords("git --list-cmds=main"), gitWords("git --list-cmds=main"), nil, nil, false},
		{"bare git", gitWords("git"), gitWords("git"), nil, nil, false},
		{"git 2.39 and 2.49: --no-pag is unknown (no abbreviations)", gitWords("git --no-pag log"), gitWords("git --no-pag log"), nil, nil, true},
		{"git 2.49: --git-d= is unknown", gitWords("git --git-d=.git log"), gitWords("git --git-d=.git log"), nil, nil, true},
		{"git 2.49: -C. is unknown", gitWords("git -C. log"), gitWords("git -C. log"), nil, nil, true},
		{"git 2.49: -c=x is unknown", gitWords("git -c=x log"), gitWords("git -c=x log"), nil, nil, true},
		{"git 2.49: --list-cmds without = is unknown", gitWords("git --list-cmds"), gitWords("git --list-cmds"), nil, nil, true},
		{"git 2.49: --shallow-file= is unknown", gitWords("git --shallow-file=x log"), gitWords("git --shallow-file=x log"), nil, nil, true},
		{"-C without a value", gitWords("git -C"), gitWords("git -C"), nil, nil, true},
		{"-c without a value", gitWords("git status -c"), gitWords("git status -c"), nil, nil, false},
		{"git 2.49: -c alias.NAME defines the subcommand", gitWords("git -c alias.zz=!rm zz"), gitWords("git -c alias.zz=!rm zz"), gitWords("alias.zz=!rm"), nil, true},
		{"git 2.49: alias names are case-insensitive", gitWords("git -c Alias.ZZ=!rm zz"), gitWords("git -c Alias.ZZ=!rm zz"), gitWords("Alias.ZZ=!rm"), nil, true},
		{"git 2.49: an alias cannot hide push", gitWords("git -c alias.push=!rm push --forc"), gitWords("git push --forc"), gitWords("alias.push=!rm"), nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, ok := ParseGit(tt.argv)
			if !ok {
				t.Fatalf("ParseGit(%q) not ok", tt.argv)
			}
			if !slices.Equal(g.Argv, tt.want) {
				t.Errorf("Argv = %q, want %q", g.Argv, tt.want)
			}
			if !slices.Equal(g.Config, tt.config) {
				t.Errorf("Config = %q, want %q", g.Config, tt.config)
			}
			if !slices.Equal(g.Dirs, tt.dirs) {
				t.Errorf("Dirs = %q, want %q", g.Dirs, tt.dirs)
			}
			if g.Uncertain != tt.uncertain || g.Uncertain != (g.Reason != "") {
				t.Errorf("Uncertain = %v (%q), want %v", g.Uncertain, g.Reason, tt.uncertain)
			}
		})
	}
}

func TestParseGitNotGit(t *testing.T) {
	for _, argv := range [][]string{nil, {}, {"./git", "push"}, {"gitx"}, {"bin/git", "push"}, {"hub", "push"}} {
		if _, ok := ParseGit(argv); ok {
			t.Errorf("ParseGit(%q) ok, want not git", argv)
		}
	}
}

func TestParseGitGlobals(t *testing.T) {
	g, _ := ParseGit(gitWords("git -C r --no-pager -c a=b push"))
	if want := gitWords("-C r --no-pager -c a=b"); !slices.Equal(g.Globals, want) {
		t.Errorf("Globals = %q, want %q", g.Globals, want)
	}
}

// TestParseGitSpecs checks the option tables: every entry decodes to a
// name, and no name is listed twice in one table.
func TestParseGitSpecs(t *testing.T) {
	var check func(path string, spec gitSpec)
	check = func(path string, spec gitSpec) {
		seen := map[string]bool{}
		for _, enc := range spec.long {
			l := decodeGitLong(enc)
			if l.name == "" || strings.ContainsAny(l.name, "=?! ") || seen[l.name] {
				t.Errorf("%s: bad or repeated long option %q", path, enc)
			}
			seen[l.name] = true
		}
		for name, sub := range spec.subs {
			check(path+" "+name, sub)
		}
	}
	for name, spec := range gitSpecs() {
		check(name, spec)
	}
}

func TestParseGitHostile(t *testing.T) {
	argv := []string{"git", "push"}
	for range 100000 {
		argv = append(argv, "--no-")
	}
	start := time.Now()
	g, _ := ParseGit(argv)
	if len(g.Argv) != len(argv) {
		t.Errorf("len(Argv) = %d, want %d", len(g.Argv), len(argv))
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}

func FuzzParseGit(f *testing.F) {
	for _, seed := range []string{
		"git push --forc --dry-run origin main", "git -C a -c x=y clean --fo", "git stash --incl",
		"git remote --verb add --fet x u", "git commit -m --forc --amen", "git --no-pag log",
		"git push --no-no-verify --force-w=main", "git reflog expire --expire --al", "git -c alias.x=y x",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		argv := strings.Split(line, " ")
		g, ok := ParseGit(argv)
		if !ok {
			return
		}
		if len(g.Argv) == 0 || (g.Argv[0] != "git" && !g.Uncertain) {
			t.Fatalf("Argv %q does not start with git", g.Argv)
		}
		if g.Uncertain && !slices.Equal(g.Argv, argv) {
			t.Fatalf("uncertain Argv %q differs from the input %q", g.Argv, argv)
		}
		if len(g.Argv)+len(g.Globals) != len(argv) && !g.Uncertain {
			t.Fatalf("Argv %q and Globals %q do not account for %q", g.Argv, g.Globals, argv)
		}
	})
}

// gitWords splits a test argv on spaces.
func gitWords(line string) []string { return strings.Fields(line) }
