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
		{"git 2.39 and 2.49: push --forc is ambiguous", fields("git push --forc --dry-run origin main"), fields("git push --forc --dry-run origin main"), nil, nil, false},
		{"push --force is exact", fields("git push --force origin main"), fields("git push --force origin main"), nil, nil, false},
		{"git 2.49: push --force-w is --force-with-lease", fields("git push --force-w origin"), fields("git push --force-with-lease origin"), nil, nil, false},
		{"git 2.49: push --force-w=main keeps its value", fields("git push --force-w=main"), fields("git push --force-with-lease=main"), nil, nil, false},
		{"git 2.49: push --no-verif is --no-verify", fields("git push --no-verif"), fields("git push --no-verify"), nil, nil, false},
		{"git 2.49: push --verif negates --no-verify", fields("git push --verif"), fields("git push --verify"), nil, nil, false},
		{"git 2.49: push --no-no-verify is --verify", fields("git push --no-no-verify"), fields("git push --verify"), nil, nil, false},
		{"git 2.49: push --f is ambiguous", fields("git push --f"), fields("git push --f"), nil, nil, false},
		{"git 2.49: push --fo is ambiguous", fields("git push --fo"), fields("git push --fo"), nil, nil, false},
		{"git 2.49: push --no-forc is ambiguous", fields("git push --no-forc"), fields("git push --no-forc"), nil, nil, false},
		{"git 2.49: push --no-force-w is --no-force-with-lease", fields("git push --no-force-w"), fields("git push --no-force-with-lease"), nil, nil, false},
		{"git 2.49: push --del is --delete", fields("git push --del origin main"), fields("git push --delete origin main"), nil, nil, false},
		{"git 2.49: push --d is ambiguous", fields("git push --d origin main"), fields("git push --d origin main"), nil, nil, false},
		{"git 2.49: push --re=origin is ambiguous", fields("git push --re=origin"), fields("git push --re=origin"), nil, nil, false},
		{"git 2.49: push --no-thi is --no-thin", fields("git push --no-thi"), fields("git push --no-thin"), nil, nil, false},
		{"git 2.49: push --ipv is ambiguous", fields("git push --ipv"), fields("git push --ipv"), nil, nil, false},
		{"git 2.49: push --no-ipv4 is unknown (no negation)", fields("git push --no-ipv4"), fields("git push --no-ipv4"), nil, nil, false},
		{"git 2.49: push --bra is --branches", fields("git push --bra"), fields("git push --branches"), nil, nil, false},
		{"push options after operands", fields("git push origin main --forc"), fields("git push origin main --forc"), nil, nil, false},
		{"push --mirr after operands", fields("git push origin --mirr"), fields("git push origin --mirror"), nil, nil, false},
		{"push --repo takes the next word", fields("git push --rep --force-w"), fields("git push --repo --force-w"), nil, nil, false},
		{"push -o takes the next word", fields("git push -o --del origin"), fields("git push -o --del origin"), nil, nil, false},
		{"push -fo cluster takes the next word", fields("git push -fo --del origin"), fields("git push -fo --del origin"), nil, nil, false},
		{"push -ovalue attached", fields("git push -o--x --del"), fields("git push -o--x --delete"), nil, nil, false},
		{"push --no-repo takes no value", fields("git push --no-rep --del"), fields("git push --no-repo --delete"), nil, nil, false},
		{"git 2.49: --end-of-options ends options", fields("git push origin --end-of-options --forc --del"), fields("git push origin --end-of-options --forc --del"), nil, nil, false},
		{"-- ends options", fields("git push -- --del"), fields("git push -- --del"), nil, nil, false},
		// Clean, reset, branch.
		{"git 2.39 and 2.49: clean --fo is --force", fields("git clean --fo -n"), fields("git clean --force -n"), nil, nil, false},
		{"git 2.49: clean --f is --force", fields("git clean --f -d"), fields("git clean --force -d"), nil, nil, false},
		{"git 2.49: clean --dry is --dry-run", fields("git clean --dry -f"), fields("git clean --dry-run -f"), nil, nil, false},
		{"git 2.49: clean --no-f is --no-force", fields("git clean --no-f -n"), fields("git clean --no-force -n"), nil, nil, false},
		{"git 2.49: clean --ex takes the next word", fields("git clean --ex --fo -f"), fields("git clean --exclude --fo -f"), nil, nil, false},
		{"clean -e takes the next word", fields("git clean -e --fo"), fields("git clean -e --fo"), nil, nil, false},
		{"git 2.39 and 2.49: reset --har is --hard", fields("git reset --har"), fields("git reset --hard"), nil, nil, false},
		{"git 2.49: reset --h is --hard (--help is matched exactly)", fields("git reset --h HEAD"), fields("git reset --hard HEAD"), nil, nil, false},
		{"reset --no-hard is unknown", fields("git reset --no-har"), fields("git reset --no-har"), nil, nil, false},
		{"reset --hard=x keeps the value", fields("git reset --ha=x"), fields("git reset --hard=x"), nil, nil, false},
		{"git 2.49: branch --del is --delete", fields("git branch --del tmp"), fields("git branch --delete tmp"), nil, nil, false},
		{"git 2.49: branch --d is --delete", fields("git branch --d tmp"), fields("git branch --delete tmp"), nil, nil, false},
		{"git 2.49: branch --forc is --force", fields("git branch --forc x"), fields("git branch --force x"), nil, nil, false},
		{"git 2.49: branch -u takes the next word", fields("git branch -u --forc"), fields("git branch -u --forc"), nil, nil, false},
		{"branch --set-upstream-to takes the next word", fields("git branch --set-upstream-t --del"), fields("git branch --set-upstream-to --del"), nil, nil, false},
		{"branch --contains takes the next word", fields("git branch --cont --del"), fields("git branch --contains --del"), nil, nil, false},
		// Commit, tag, checkout.
		{"git 2.49: commit -m takes the message", fields("git commit -m --forc --amen"), fields("git commit -m --forc --amend"), nil, nil, false},
		{"git 2.49: commit --allow-e is ambiguous", fields("git commit --allow-e"), fields("git commit --allow-e"), nil, nil, false},
		{"commit --mess takes the next word", fields("git commit --mess --amend"), fields("git commit --message --amend"), nil, nil, false},
		{"commit -am takes the next word", fields("git commit -am --no-verif"), fields("git commit -am --no-verif"), nil, nil, false},
		{"commit --no-verif", fields("git commit --no-verif -m x"), fields("git commit --no-verify -m x"), nil, nil, false},
		{"commit -S optional attached", fields("git commit -S --no-verif"), fields("git commit -S --no-verify"), nil, nil, false},
		{"git 2.49: tag -m takes the message", fields("git tag -m --forc t1"), fields("git tag -m --forc t1"), nil, nil, false},
		{"git 2.49: tag --forc is --force", fields("git tag --forc t2"), fields("git tag --force t2"), nil, nil, false},
		{"tag --del", fields("git tag --del v1"), fields("git tag --delete v1"), nil, nil, false},
		{"git 2.49: checkout -b takes the branch", fields("git checkout -b --forc"), fields("git checkout -b --forc"), nil, nil, false},
		{"git 2.49: checkout --for is --force", fields("git checkout --for main"), fields("git checkout --force main"), nil, nil, false},
		{"git 2.49: switch --disc is --discard-changes", fields("git switch --disc main"), fields("git switch --discard-changes main"), nil, nil, false},
		{"git 2.49: restore --stag is --staged", fields("git restore --stag f"), fields("git restore --staged f"), nil, nil, false},
		{"git 2.49: restore --s is ambiguous", fields("git restore --s HEAD f"), fields("git restore --s HEAD f"), nil, nil, false},
		// Stash, reflog, worktree, remote.
		{"git 2.49: stash --incl is stash push --include-untracked", fields("git stash --incl"), fields("git stash --include-untracked"), nil, nil, false},
		{"stash push --keep", fields("git stash push --keep -m --forc"), fields("git stash push --keep-index -m --forc"), nil, nil, false},
		{"git 2.49: stash pop --ind is --index", fields("git stash pop --ind"), fields("git stash pop --index"), nil, nil, false},
		{"stash drop --qui", fields("git stash drop --qui"), fields("git stash drop --quiet"), nil, nil, false},
		{"stash list takes no abbreviations", fields("git stash list --qui"), fields("git stash list --qui"), nil, nil, false},
		{"stash create keeps its message words", fields("git stash create --qui"), fields("git stash create --qui"), nil, nil, false},
		{"stash pathspec is push", fields("git stash -- --incl"), fields("git stash -- --incl"), nil, nil, false},
		{"git 2.49: reflog expire --dry is --dry-run", fields("git reflog expire --dry --al"), fields("git reflog expire --dry-run --all"), nil, nil, false},
		{"reflog expire --expire takes the next word", fields("git reflog expire --expire --al"), fields("git reflog expire --expire --al"), nil, nil, false},
		{"reflog default show is left alone", fields("git reflog --al"), fields("git reflog --al"), nil, nil, false},
		{"git 2.49: worktree add --det", fields("git worktree add --det /tmp/wt"), fields("git worktree add --detach /tmp/wt"), nil, nil, false},
		{"worktree remove --forc", fields("git worktree remove --forc wt"), fields("git worktree remove --force wt"), nil, nil, false},
		{"worktree unknown subcommand", fields("git worktree frob --forc"), fields("git worktree frob --forc"), nil, nil, false},
		{"git 2.49: remote --verb then sub", fields("git remote --verb show"), fields("git remote --verbose show"), nil, nil, false},
		{"git 2.49: remote add --fet", fields("git remote add --fet x url"), fields("git remote add --fetch x url"), nil, nil, false},
		{"remote set-url --del", fields("git remote set-url --del origin u"), fields("git remote set-url --delete origin u"), nil, nil, false},
		// Others.
		{"git 2.49: rebase --abo is --abort", fields("git rebase --abo"), fields("git rebase --abort"), nil, nil, false},
		{"git 2.49: rebase --exe=true", fields("git rebase --exe=true HEAD"), fields("git rebase --exec=true HEAD"), nil, nil, false},
		{"rebase -x takes the next word", fields("git rebase -x --abo"), fields("git rebase -x --abo"), nil, nil, false},
		{"git 2.49: merge --ff-o is --ff-only", fields("git merge --ff-o main"), fields("git merge --ff-only main"), nil, nil, false},
		{"git 2.49: merge --no-ff-o is unknown (no negation)", fields("git merge --no-ff-o main"), fields("git merge --no-ff-o main"), nil, nil, false},
		{"git 2.49: fetch --pru is ambiguous", fields("git fetch --pru"), fields("git fetch --pru"), nil, nil, false},
		{"fetch --prune-t", fields("git fetch --prune-t"), fields("git fetch --prune-tags"), nil, nil, false},
		{"git 2.49: pull --no-reb --ff-o", fields("git pull --no-reb --ff-o origin main"), fields("git pull --no-rebase --ff-only origin main"), nil, nil, false},
		{"git 2.49: gc --aggr --no-pru", fields("git gc --aggr --no-pru"), fields("git gc --aggressive --no-prune"), nil, nil, false},
		{"gc --pru=now", fields("git gc --pru=now"), fields("git gc --prune=now"), nil, nil, false},
		{"git 2.49: update-ref --no-d -d", fields("git update-ref --no-d -d refs/heads/x"), fields("git update-ref --no-deref -d refs/heads/x"), nil, nil, false},
		{"update-ref -m takes the next word", fields("git update-ref -m --std x y"), fields("git update-ref -m --std x y"), nil, nil, false},
		{"git 2.49: rm --cach --dry", fields("git rm --cach --dry f"), fields("git rm --cached --dry-run f"), nil, nil, false},
		{"git 2.49: mv --dry", fields("git mv --dry f g"), fields("git mv --dry-run f g"), nil, nil, false},
		{"git 2.39: submodule rejects abbreviations", fields("git submodule deinit --forc x"), fields("git submodule deinit --forc x"), nil, nil, false},
		{"filter-branch is not parse-options", fields("git filter-branch --forc"), fields("git filter-branch --forc"), nil, nil, false},
		{"unknown subcommand kept", fields("git frobnicate --forc"), fields("git frobnicate --forc"), nil, nil, false},
		// Global options.
		{"absolute path", fields("/usr/bin/git -C repo push --forc"), fields("git push --forc"), nil, fields("repo"), false},
		{"-C and -c", fields("git -C a -c clean.requireForce=false -C b clean --fo"), fields("git clean --force"), fields("clean.requireForce=false"), fields("a b"), false},
		{"git 2.49: --git-dir as next word", fields("git --git-dir .git --work-tree=. log"), fields("git log"), nil, fields(".git ."), false},
		{"--config-env both forms", fields("git --config-env=core.pager=P --config-env a.b=E status"), fields("git status"), fields("core.pager=P a.b=E"), nil, false},
		{"flag options", fields("git -P --no-pager -p --bare --no-optional-locks --literal-pathspecs --no-advice status"), fields("git status"), nil, nil, false},
		{"value options", fields("git --namespace=n --namespace n --attr-source HEAD --exec-path=/x status"), fields("git status"), nil, nil, false},
		{"git 2.49: -C '' is accepted", []string{"git", "-C", "", "log"}, fields("git log"), nil, []string{""}, false},
		{"--version mode", fields("git --version"), fields("git --version"), nil, nil, false},
		{"-h mode keeps the rest", fields("git -C x -h push"), fields("git -h push"), nil, fields("x"), false},
		{"git 2.49: --exec-path query", fields("git --exec-pathfoo push --forc"), fields("git --exec-pathfoo push --forc"), nil, nil, false},
		{"--list-cmds= query", fields("git --list-cmds=main"), fields("git --list-cmds=main"), nil, nil, false},
		{"bare git", fields("git"), fields("git"), nil, nil, false},
		{"git 2.39 and 2.49: --no-pag is unknown (no abbreviations)", fields("git --no-pag log"), fields("git --no-pag log"), nil, nil, true},
		{"git 2.49: --git-d= is unknown", fields("git --git-d=.git log"), fields("git --git-d=.git log"), nil, nil, true},
		{"git 2.49: -C. is unknown", fields("git -C. log"), fields("git -C. log"), nil, nil, true},
		{"git 2.49: -c=x is unknown", fields("git -c=x log"), fields("git -c=x log"), nil, nil, true},
		{"git 2.49: --list-cmds without = is unknown", fields("git --list-cmds"), fields("git --list-cmds"), nil, nil, true},
		{"git 2.49: --shallow-file= is unknown", fields("git --shallow-file=x log"), fields("git --shallow-file=x log"), nil, nil, true},
		{"-C without a value", fields("git -C"), fields("git -C"), nil, nil, true},
		{"-c without a value", fields("git status -c"), fields("git status -c"), nil, nil, false},
		{"git 2.49: -c alias.NAME defines the subcommand", fields("git -c alias.zz=!rm zz"), fields("git -c alias.zz=!rm zz"), fields("alias.zz=!rm"), nil, true},
		{"git 2.49: alias names are case-insensitive", fields("git -c Alias.ZZ=!rm zz"), fields("git -c Alias.ZZ=!rm zz"), fields("Alias.ZZ=!rm"), nil, true},
		{"git 2.49: an alias cannot hide push", fields("git -c alias.push=!rm push --forc"), fields("git push --forc"), fields("alias.push=!rm"), nil, false},
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
	g, _ := ParseGit(fields("git -C r --no-pager -c a=b push"))
	if want := fields("-C r --no-pager -c a=b"); !slices.Equal(g.Globals, want) {
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
	for name, spec := range gitSpecs {
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

// fields splits a test argv on spaces.
func fields(line string) []string { return strings.Fields(line) }
