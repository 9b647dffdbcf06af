package shell

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// analyzed returns the executed commands' texts of a line (data-only
// records left out), its data spans' text and its dynamic parts.
func analyzed(t *testing.T, line string) (cmds, data, dyn []string, m *Model) {
	t.Helper()
	m = Analyze(line, ModelOptions{})
	for _, e := range m.Commands {
		if !e.OnlyData() {
			cmds = append(cmds, e.Text())
		}
	}
	for _, d := range m.Data {
		data = append(data, line[d.Start:d.End])
	}
	for _, d := range m.Dynamic {
		dyn = append(dyn, d.Text)
	}
	return cmds, data, dyn, m
}

// TestAnalyzeExecuted: the commands bash would run, in every syntactic
// position and behind every disguise the model resolves.
func TestAnalyzeExecuted(t *testing.T) {
	cases := []struct {
		line string
		want []string // each must be among the executed commands
	}{
		// Spelled through the shell.
		{`r''m -rf x`, []string{"rm -rf x"}},
		{`"r"m -fr ..`, []string{"rm -fr .."}},
		{`\rm -rf x`, []string{"rm -rf x"}},
		{`{rm,-rf,x}`, []string{"rm -rf x"}},
		{`$'\x72\x6d' -rf x`, []string{"rm -rf x"}},
		{`$'\162\155' -rf x`, []string{"rm -rf x"}},
		{`X=rm; $X -rf y`, []string{"rm -rf y"}},
		// Subscripts bash evaluates, wherever a name or arithmetic is read.
		{`declare a[$(rm -rf x)]=1`, []string{"rm -rf x"}},
		{`printf -v 'a[$(rm -rf x)]' %s 1`, []string{"rm -rf x"}},
		{`read 'a[$(rm -rf x)]' <<< 1`, []string{"rm -rf x"}},
		{`test -v 'a[$(rm -rf x)]'`, []string{"rm -rf x"}},
		{`unset 'a[$(rm -rf x)]'`, []string{"rm -rf x"}},
		{`let 'a[$(rm -rf x)]=1'`, []string{"rm -rf x"}},
		{`x='a[$(rm -rf x)]'; (( x ))`, []string{"rm -rf x"}},
		{`: $(( 'a[$(rm -rf x)]' ))`, []string{"rm -rf x"}},
		{`for ((i='a[$(rm -rf x)]';0;)); do :; done`, []string{"rm -rf x"}},
		// -- before the command, and shells, clients and tools that run text.
		{`trap -- 'rm -rf x' EXIT`, []string{"rm -rf x"}},
		{`time -- rm -rf x`, []string{"rm -rf x"}},
		{`echo 'rm -rf x' > s.sh; . -- s.sh`, []string{"rm -rf x"}},
		{`echo 'rm -rf x' > y.sh; sh ./y.sh`, []string{"rm -rf x"}},
		{`echo 'rm -rf x' | sh -s -- a b`, []string{"rm -rf x"}},
		{`echo 'rm -rf x' 2>/dev/null | sh`, []string{"rm -rf x"}},
		{`{ echo 'rm -rf x'; } | sh`, []string{"rm -rf x"}},
		{"cat <<'E' | bash\nrm -rf x\nE", []string{"rm -rf x"}},
		{`echo 'rm -rf x' > e.sh; BASH_ENV=e.sh bash -c true`, []string{"rm -rf x"}},
		{`man -P 'rm -rf x' ls`, []string{"rm -rf x"}},
		{`git -c man.viewer=v -c man.v.cmd='rm -rf x;' log --help`, []string{"rm -rf x"}},
		{`psql -c '\! rm -rf x'`, []string{"rm -rf x"}},
		{`psql -c '\o |rm -rf x' -c 'SELECT 1'`, []string{"rm -rf x"}},
		{`psql -c 'SELECT 1' -o '|rm -rf x'`, []string{"rm -rf x"}},
		{"psql <<'E'\n\\! rm -rf x\nE", []string{"rm -rf x"}},
		{`psql -c "COPY t TO PROGRAM 'rm -rf x'"`, []string{"rm -rf x"}},
		{`sqlite3 db '.shell rm -rf x'`, []string{"rm -rf x"}},
		{`sqlite3 -cmd '.system rm -rf x' db 'SELECT 1'`, []string{"rm -rf x"}},
		{`sqlite3 db ".output '|rm -rf x'" 'SELECT 1'`, []string{"rm -rf x"}},
		{`sed -e'1e rm -rf x' in.txt`, []string{"rm -rf x"}},
		{`sed --expression='1e rm -rf x' in.txt`, []string{"rm -rf x"}},
		{"sed '1{e rm -rf x\n}' in.txt", []string{"rm -rf x"}},
		{`python3 /dev/stdin <<< 'import os; os.system("rm -rf x")'`, []string{"rm -rf x"}},
		{`awk 'BEGIN{print "rm -rf x" | "sh"}'`, []string{"rm -rf x"}},
		{`awk 'BEGIN{printf("%s\n", "rm -rf x") | "sh"; close("sh")}'`, []string{"rm -rf x"}},
		{"awk -f - <<'E'\nBEGIN { system(\"rm -rf x\") }\nE", []string{"rm -rf x"}},
		{"make -n -f - <<'E'\nall:\n\t+rm -rf x\nE", []string{"rm -rf x"}},
		{"make -f - <<'E'\nX := $(shell rm -rf x)\nall: ; @true\nE", []string{"rm -rf x"}},
		{"ed -s /dev/null <<'E'\n!rm -rf x\nq\nE", []string{"rm -rf x"}},
		{"vim -es -u NONE <<'E'\n:silent !rm -rf x\nq!\nE", []string{"rm -rf x"}},
		{`echo 'rm -rf x' | sed e`, []string{"rm -rf x"}},
		{"sed -f - /dev/null <<'E'\n1e rm -rf x\nE", []string{"rm -rf x"}},
		{`echo 'rm -rf x' > y.sh; mv y.sh z.sh; bash z.sh`, []string{"rm -rf x"}},
		{`git grep -O'rm -rf x' 1`, []string{"rm -rf x"}},
		{`echo 'rm -rf x' > y.sh; bash $PWD/y.sh`, []string{"rm -rf x"}},
		{`echo 'rm -rf x' > /tmp/sb/y.sh; cd /tmp/sb; bash y.sh`, []string{"rm -rf x"}},
		{`declare -a a='(rm -rf x)'; "${a[@]}"`, []string{"rm -rf x"}},
		{`t=$(mktemp); echo 'rm -rf x' > "$t"; bash "$t"`, []string{"rm -rf x"}},
		{"bash -c 'source /dev/stdin' <<'E'\nrm -rf x\nE", []string{"rm -rf x"}},
		{`echo 'rm -rf x' | script -qc sh /dev/null`, []string{"rm -rf x"}},
		{"shopt -s expand_aliases; alias r='rm -rf'\nr x", []string{"rm -rf x"}},
		{"shopt -s expand_aliases; alias ls='rm -rf x;'\nls", []string{"rm -rf x"}},
		{"PS4='$(rm -rf x)'; set -x; :", []string{"rm -rf x"}},
		// A later +n undoes -n; an option's value is no flag.
		{`bash -o noexec +o noexec -c 'rm -rf x'`, []string{"rm -rf x"}},
		{`bash -n +n -c 'rm -rf x'`, []string{"rm -rf x"}},
		{`bash --rcfile -n -c 'rm -rf x'`, []string{"rm -rf x"}},
		{"psql <<'E'\nSELECT '--' \\! rm -rf x\nE", []string{"rm -rf x"}},
		{"psql <<'E'\nSELECT 1 /* -- */ \\! rm -rf x\nE", []string{"rm -rf x"}},
		{"v='$(rm -rf x)'; echo ${v@P}", []string{"rm -rf x"}},
		{`p=r q=m; $p$q -fr /srv`, []string{"rm -fr /srv"}},
		{`export X=rm; $X -rf y`, []string{"rm -rf y"}},
		{`f() { local X=rm; $X -rf z; }; f`, []string{"rm -rf z"}},
		{`X=r; X+=m; $X -rf y`, []string{"rm -rf y"}},
		{`$(command -v rm) -fr ~/x`, []string{"rm -fr ~/x"}},
		{"`type -P rm` -rf x", []string{"rm -rf x"}},
		{`$(echo rm) -rf z`, []string{"rm -rf z"}},
		{`rm '-rf' x`, []string{"rm -rf x"}},
		{`git push '-f'`, []string{"git push -f"}},
		{`X=ls; false && X=rm; $X -rf /`, []string{"ls -rf /", "rm -rf /"}},
		{`for c in ls rm; do $c -rf d; done`, []string{"ls -rf d", "rm -rf d"}},
		// Syntax that hides commands from a text prefix.
		{`if true; then chmod -R 777 yy; fi`, []string{"chmod -R 777 yy"}},
		{`for f in a; do rm -rf $f; done`, []string{"rm -rf a"}},
		{`! rm -rf x`, []string{"rm -rf x"}},
		{"echo `rm -rf x`", []string{"rm -rf x"}},
		{`2>/dev/null rm -rf x`, []string{"rm -rf x"}},
		{`case $x in a) rm -rf x;; esac`, []string{"rm -rf x"}},
		{`coproc rm -rf x`, []string{"rm -rf x"}},
		{`while read l; do rm -rf "$l"; done < list`, []string{`rm -rf "$l"`}},
		{`(cd build && rm -rf out)`, []string{"cd build", "rm -rf out"}},
		{`diff <(rm -rf a) b`, []string{"rm -rf a"}},
		{"git push \\\n  --force", []string{"git push --force"}},
		// Wrappers, each with its own options.
		{`sudo -u root -E rm -rf x`, []string{"rm -rf x"}},
		{`stdbuf -o0 rm -rf x`, []string{"rm -rf x"}},
		{`ionice -c3 rm -rf x`, []string{"rm -rf x"}},
		{`setsid -f rm -rf x`, []string{"rm -rf x"}},
		{`chrt -f 10 rm -rf x`, []string{"rm -rf x"}},
		{`taskset -c 1 rm -rf x`, []string{"rm -rf x"}},
		{`flock /tmp/l rm -rf x`, []string{"rm -rf x"}},
		{`flock -x /tmp/l -c 'rm -rf x'`, []string{"rm -rf x"}},
		{`unshare -r rm -rf x`, []string{"rm -rf x"}},
		{`busybox rm -rf x`, []string{"rm -rf x"}},
		{`su -c 'rm -rf x' root`, []string{"rm -rf x"}},
		{`runuser -u app -- rm -rf x`, []string{"rm -rf x"}},
		{`watch -n 1 rm -rf x`, []string{"rm -rf x"}},
		{`fakeroot rm -rf x`, []string{"rm -rf x"}},
		{`strace -f -o /tmp/t rm -rf x`, []string{"rm -rf x"}},
		{`ltrace rm -rf x`, []string{"rm -rf x"}},
		{`caffeinate -i rm -rf x`, []string{"rm -rf x"}},
		{`systemd-run --user --scope rm -rf x`, []string{"rm -rf x"}},
		{`parallel rm -rf ::: a b`, []string{"rm -rf a", "rm -rf b"}},
		{`fd -t d node_modules -x rm -rf`, []string{"rm -rf"}},
		{`find . -name '*.o' -exec rm -f {} \;`, []string{"rm -f '{}'"}},
		{`find . -execdir rm -rf {} +`, []string{"rm -rf '{}'"}},
		{`ssh host rm -rf /var/www`, []string{"rm -rf /var/www"}},
		{`docker exec web rm -rf /data`, []string{"rm -rf /data"}},
		{`kubectl exec pod -- rm -rf /data`, []string{"rm -rf /data"}},
		{`bash -c "sh -c 'rm -rf x'"`, []string{"rm -rf x"}},
		{`nohup nice -n 5 timeout 9 env A=1 rm -rf x`, []string{"rm -rf x"}},
		// Scripts handed to a shell.
		{`echo 'rm -rf /' | sh`, []string{"rm -rf /"}},
		{`printf 'rm -rf %s\n' / | bash`, []string{"rm -rf /"}},
		{`sh <<< 'rm -rf y'`, []string{"rm -rf y"}},
		{"bash <<'EOF'\nrm -rf z\nEOF", []string{"rm -rf z"}},
		{`eval 'rm -rf x'`, []string{"rm -rf x"}},
		{`X=rm; eval "$X -rf x"`, []string{"rm -rf x"}},
		{`echo 'rm -rf /' > s.sh; bash s.sh`, []string{"rm -rf /"}},
		{"cat > s.sh <<'EOF'\nrm -rf /\nEOF\nsource s.sh", []string{"rm -rf /"}},
		{`echo 'rm -rf /' | xargs -I{} bash -c {}`, []string{"rm -rf /"}},
		{`trap 'rm -rf x' EXIT`, []string{"rm -rf x"}},
		// Interpreter code handing strings to a shell.
		{`python3 -c "import os; os.system('rm -rf x')"`, []string{"rm -rf x"}},
		{`node -e "require('child_process').execSync('rm -rf y')"`, []string{"rm -rf y"}},
		{`ruby -e 'system("rm -rf z")'`, []string{"rm -rf z"}},
		{`perl -e 'system("rm -rf z")'`, []string{"rm -rf z"}},
		{`awk 'BEGIN { system("rm -rf w") }'`, []string{"rm -rf w"}},
		// git's global options and abbreviations.
		{`git -C . push --force`, []string{"git push --force"}},
		{`git -c clean.requireForce=false clean -d`, []string{"git clean -d -c clean.requireForce=false"}},
		{`git reset --har`, []string{"git reset --hard"}},
		{`git clean --fo`, []string{"git clean --force"}},
		// Positional parameters, arrays, IFS, empty pieces.
		{`set -- rm -rf /; exec "$@"`, []string{"rm -rf /"}},
		{`f() { rm "$@"; }; f -rf x`, []string{"rm -rf x"}},
		{`a=(rm -rf /); sudo "${a[@]}"`, []string{"rm -rf /"}},
		{`rm${IFS}-rf${IFS}/`, []string{"rm -rf /"}},
		{`IFS=_; c=rm_-rf_/; $c`, []string{"rm -rf /"}},
		{`r$(true)m -rf x`, []string{"rm -rf x"}},
		{`r${UNSET}m -rf x`, []string{"rm -rf x"}},
		{`$(true) rm -rf x`, []string{"rm -rf x"}},
		{`echo -e 'rm -rf x' | sh`, []string{"rm -rf x"}},
		{`printf 'rm -rf x' > s.sh; bash s.sh`, []string{"rm -rf x"}},
		{`coproc dd if=/dev/zero of=/dev/sda`, []string{"dd if=/dev/zero of=/dev/sda"}},
		// Scripts from process substitutions and standard input.
		{`sh <(echo 'rm -rf x')`, []string{"rm -rf x"}},
		{`bash /dev/stdin <<< 'rm -rf x'`, []string{"rm -rf x"}},
		{`echo 'rm -rf x' > >(sh)`, []string{"rm -rf x"}},
		{`echo 'rm -rf x' | tee >(sh)`, []string{"rm -rf x"}},
		// Commands programs run from settings and options.
		{`git -c alias.x='reset --hard' x`, []string{"git reset --hard"}},
		{`git -c alias.x='!rm -rf x' x`, []string{"rm -rf x"}},
		{`git -c core.editor='rm -rf x;' commit`, []string{"rm -rf x"}},
		{`GIT_EDITOR='rm -rf x;' git commit`, []string{"rm -rf x"}},
		{`git rebase -x 'rm -rf x' HEAD~1`, []string{"rm -rf x"}},
		{`sed -n '1e rm -rf x' f`, []string{"rm -rf x"}},
		{`vim -c ':!rm -rf x' -c q`, []string{"rm -rf x"}},
		{`ssh -o ProxyCommand='rm -rf x' host`, []string{"rm -rf x"}},
		{`rsync -e 'rm -rf x;' a b:c`, []string{"rm -rf x"}},
		{`npx -c 'rm -rf x'`, []string{"rm -rf x"}},
		{`uv run rm -rf x`, []string{"rm -rf x"}},
		{`/usr/lib/git-core/git-push --force`, []string{"git push --force"}},
		{`f(){ f | f & }; f`, []string{"<fork-bomb> f"}},
		// CLI globals before the subcommand.
		{`kubectl -n prod delete ns x`, []string{"kubectl delete ns x -n prod"}},
		{`az --subscription s vm delete -n v`, []string{"az vm delete --subscription s -n v"}},
	}
	for _, c := range cases {
		cmds, _, _, m := analyzed(t, c.line)
		if m.Err != nil {
			t.Errorf("%q: %v", c.line, m.Err)
			continue
		}
		for _, w := range c.want {
			if !slices.Contains(cmds, w) {
				t.Errorf("%q: %q not among the executed commands %q", c.line, w, cmds)
			}
		}
	}
}

// TestAnalyzeData: what bash treats as data, and what it does not.
func TestAnalyzeData(t *testing.T) {
	cases := []struct {
		line     string
		data     []string // spans of the line that must be data
		notData  []string // spans that must not be
		masked   string   // a command whose masked text must appear
		unmasked string   // a command that must have no data
	}{
		{line: `git commit -m "docs: never force push to main"`, data: []string{`"docs: never force push to main"`}},
		{line: `echo "TRUNCATE sessions;"`, data: []string{`"TRUNCATE sessions;"`}},
		{line: `rg -n 'drop table' db/`, data: []string{`'drop table'`}, notData: []string{`db/`}},
		{line: `grep -e 'rm -rf' -r .`, data: []string{`'rm -rf'`}},
		{line: `git log -S 'force' --oneline`, data: []string{`'force'`}},
		{line: `helm uninstall --help`, masked: `'' '' ''`},
		{line: `wipefs --version`, masked: `'' ''`},
		{line: `kubectl auth can-i delete secrets`, data: []string{"delete"}},
		{line: `kubectl delete ns tmp --dry-run=server`, data: []string{"ns", "tmp"}},
		{line: `xargs echo rm -rf`, data: []string{"rm", "-rf"}},
		{line: `ruby -e 'puts "rm -rf is blocked here"'`, data: []string{`"rm -rf is blocked here"`}},
		{line: `jq '.[] | select(.cmd == "rm -rf")' f.json`, data: []string{`'.[] | select(.cmd == "rm -rf")'`}},
		{line: `sed -n '/dropDatabase/p' f`, data: []string{`'/dropDatabase/p'`}},
		{line: "ls # rm -rf /", data: []string{"# rm -rf /"}},
		// Not data: what runs, or what the model cannot classify.
		{line: `echo "$(rm -rf x)"`, unmasked: "rm -rf x"},
		{line: `sed 's/x/rm -rf \//e' f`, notData: []string{`'s/x/rm -rf \//e'`}},
		{line: `rm -rf x --help`, notData: []string{"-rf", "--help"}},
		{line: `rm -rf x --dry-run`, notData: []string{"-rf"}},
		{line: `psql <<< 'DROP TABLE x'`, notData: []string{`'DROP TABLE x'`}},
		{line: `bash -c 'echo hi; rm -rf x'`, unmasked: "rm -rf x"},
		{line: `echo "rm -rf /" | sh`, unmasked: "rm -rf /"},
		// A dry run the last flag undoes, or a help flag that is not one.
		{line: `kubectl delete ns prod --dry-run=server --dry-run=none`, unmasked: "kubectl delete ns prod --dry-run=server --dry-run=none"},
		{line: `git push -n --force --no-dry-run origin HEAD:main`, unmasked: "git push -n --force --no-dry-run origin HEAD:main"},
		{line: `kubectl delete --raw /api/v1/namespaces/prod --dry-run=server`, unmasked: "kubectl delete --raw /api/v1/namespaces/prod --dry-run=server"},
		{line: `rsync -a --delete --exclude -n src/ dst`, unmasked: "rsync -a --delete --exclude -n src/ dst"},
		{line: `git clean -fdx -e --help`, unmasked: "git clean -fdx -e --help"},
		{line: `kubectl delete ns prod -n --dry-run=server`, unmasked: "kubectl delete ns prod -n --dry-run=server"},
		{line: `kubectl delete ns prod help`, unmasked: "kubectl delete ns prod help"},
		{line: `kill -9 -1 --help`, unmasked: "kill -9 -1 --help"},
		{line: `sed -Ei 's/a/b/' notes.txt`, unmasked: "sed -Ei s/a/b/ notes.txt"},
		{line: `git push -o --force --force origin HEAD:main`, unmasked: "git push -o --force --force origin HEAD:main"},
		{line: `shutdown now -h`, unmasked: "shutdown now -h"},
		{line: `dropdb help`, unmasked: "dropdb help"},
		{line: `aws s3 rb s3://b help`, masked: `'' '' '' '' ''`},
		{line: `dropdb --help`, masked: `'' ''`},
	}
	for _, c := range cases {
		_, data, _, m := analyzed(t, c.line)
		for _, d := range c.data {
			if !slices.Contains(data, d) {
				t.Errorf("%q: %q is not data (data: %q)", c.line, d, data)
			}
		}
		for _, d := range c.notData {
			if slices.Contains(data, d) {
				t.Errorf("%q: %q is data", c.line, d)
			}
		}
		if c.masked != "" {
			found := false
			for _, e := range m.Commands {
				found = found || e.MaskedText() == c.masked
			}
			if !found {
				t.Errorf("%q: no command masks to %q", c.line, c.masked)
			}
		}
		if c.unmasked != "" {
			found := false
			for _, e := range m.Commands {
				found = found || (e.Text() == c.unmasked && e.MaskedText() == c.unmasked)
			}
			if !found {
				t.Errorf("%q: %q is not a command without data", c.line, c.unmasked)
			}
		}
	}
}

// TestAnalyzeDynamic: what cannot be known without running the line is
// reported, with a reason.
func TestAnalyzeDynamic(t *testing.T) {
	for _, line := range []string{
		`$X -rf /`, `"$1" -rf /`, `$(curl -s x) -rf /`, `/bin/r? -rf x`, `curl -fsSL x | sh`,
		`base64 -d <<< cm0= | bash`, `eval "$x"`, `bash -c "$y"`, `python3 -c "import os; os.system(cmd)"`,
		`true && X=rm; $X -rf /`, `source "$F"`,
	} {
		_, _, dyn, _ := analyzed(t, line)
		if len(dyn) == 0 {
			t.Errorf("%q: nothing reported dynamic", line)
		}
	}
	for _, line := range []string{`ls -la`, `X=ls; $X -la`, `git status && npm test`, `echo 'rm -rf /' | sh`} {
		if _, _, dyn, _ := analyzed(t, line); len(dyn) > 0 {
			t.Errorf("%q: dynamic %q", line, dyn)
		}
	}
}

// TestAnalyzeSyntaxError: a line that does not parse runs nothing from
// its error's line on (bash reads a line whole before running it); the
// lines before it run.
func TestAnalyzeSyntaxError(t *testing.T) {
	cmds, data, _, m := analyzed(t, "rm -rf a\necho 'unterminated")
	if m.Err == nil || !slices.Contains(cmds, "rm -rf a") {
		t.Errorf("lines before the error: %q (err %v)", cmds, m.Err)
	}
	if len(data) != 1 || !strings.HasPrefix(data[0], "echo") {
		t.Errorf("the rest should be data: %q", data)
	}
	cmds, _, _, m = analyzed(t, "rm -rf a; echo 'unterminated")
	if m.Err == nil || len(cmds) != 0 {
		t.Errorf("one line: nothing runs, got %q", cmds)
	}
	only := 0
	for _, e := range m.Commands {
		if e.OnlyData() && e.Text() == "rm -rf a" {
			only++
		}
	}
	if only != 1 {
		t.Errorf("the pieces of a line that does not parse are recorded as data")
	}
	// Errors bash does not share (mvdan/sh is stricter) are no excuse: the
	// pieces run as far as the model knows, and the line is dynamic.
	for _, line := range []string{
		"rm -rf victim; echo $(( 1 1 ))",
		"true || echo $(( 1 1 )); echo ${#x}; rm -rf victim", // ${#x} is no comment
		"rm -rf victim\ncat <<EOF\nunterminated",
	} {
		cmds, _, dyn, m := analyzed(t, line)
		if m.Err == nil || len(dyn) == 0 || !slices.Contains(cmds, "rm -rf victim") {
			t.Errorf("%q: commands %q, dynamic %q (err %v)", line, cmds, dyn, m.Err)
		}
	}
}

// TestAnalyzeBeyondBounds: a line past the model's bounds (or holding
// both \r and \x01) is dynamic, and its pieces are commands, so a rule
// that would match one still does; nested loops and long word lists stay
// cheap (loops nested 300 deep once took 2^depth passes).
func TestAnalyzeBeyondBounds(t *testing.T) {
	for _, line := range []string{
		"true; rm -rf x #\x01\r",
		strings.Repeat("(", MaxNesting+10) + "rm -rf x" + strings.Repeat(")", MaxNesting+10),
		strings.Repeat("true && ", 12000) + "rm -rf x",
		strings.Repeat("echo hi; ", 25000) + "rm -rf x", // past the statement budget
	} {
		cmds, _, dyn, _ := analyzed(t, line)
		if len(dyn) == 0 || !slices.ContainsFunc(cmds, func(c string) bool { return strings.HasPrefix(c, "rm -rf x") }) {
			t.Errorf("%.40q…: commands %.5q, dynamic %.2q", line, cmds, dyn)
		}
	}
	for _, line := range []string{
		"rm -rf x; echo " + strings.Repeat("a", MaxCommandBytes), // too long: judged by its pieces
		strings.Repeat("while true; do ", 300) + "rm -rf x; " + strings.Repeat("done; ", 300),
		strings.Repeat("for i in a b; do ", 300) + "rm -rf x; " + strings.Repeat("done; ", 300),
		"echo " + strings.Repeat("a ", 100000) + "; rm -rf x",
	} {
		if cmds, _, _, _ := analyzed(t, line); !slices.Contains(cmds, "rm -rf x") {
			t.Errorf("%.40q…: rm -rf x not found", line)
		}
	}
}

// TestAnalyzeBounded: hostile lines stay bounded.
func TestAnalyzeBounded(t *testing.T) {
	for _, line := range []string{
		strings.Repeat("a; ", 60000),
		strings.Repeat("{a,b}", 40),
		"X=" + strings.Repeat("$X$X", 1000),
		strings.Repeat("f(){ f; }; ", 1000) + "f",
		strings.Repeat("bash -c '", 30) + "rm -rf x" + strings.Repeat("'", 30),
		strings.Repeat("eval ", 200) + "rm -rf x",
		strings.Repeat("(", 2000) + "ls" + strings.Repeat(")", 2000),
	} {
		m := Analyze(line, ModelOptions{})
		if len(m.Commands) > MaxModelCommands || len(m.Dynamic) > 64 {
			t.Errorf("%.40q…: %d commands, %d dynamic", line, len(m.Commands), len(m.Dynamic))
		}
	}
}

// TestAnalyzeMatchesBash: for commands whose words the model claims to
// know, real bash gives each program the same argv (bash prints it with
// printf '%s\0' in place of the command).
func TestAnalyzeMatchesBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed for this test: %v", err)
	}
	lines := []string{
		`r''m -rf x`, `"r"m -fr ..`, `\rm -r\f x`, `{rm,-rf,x}`, `$'\x72\x6d' -rf $'a\tb'`, `$'\u00e9' x`,
		`X=rm; $X -rf y`, `p=r q=m; $p$q -fr /srv`, `X='a b'; rm $X "$X"`, `X=r; X+=m; $X x`,
		`rm a{1..3}b`, `rm {a,b}{c,d}`, `rm x{a..c}`, `cmd "a\"b" 'c'"d" e\ f`, `rm "" ''`,
		`cmd '%s' {x,y,z}`, `X=rm; eval "$X -rf x"`, `rm $'\101\x42\u0043'`,
	}
	for _, line := range lines {
		m := Analyze(line, ModelOptions{})
		if m.Err != nil {
			t.Fatalf("%q: %v", line, m.Err)
		}
		var model [][]string
		for _, e := range m.Commands {
			if e.OnlyData() || !allTrue(e.Literal) || e.Argv[0] == "git" {
				continue
			}
			model = append(model, e.Argv)
		}
		// Every program is one that does not exist: bash hands its argv
		// to command_not_found_handle, which prints it.
		cmd := exec.Command(bash, "-c", printer+line)
		cmd.Env = []string{"LC_ALL=C.UTF-8", "PATH=/nonexistent"}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%q: bash: %v", line, err)
		}
		var truth [][]string
		for _, rec := range bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n")) {
			if len(rec) == 0 {
				continue
			}
			fields := strings.Split(strings.TrimSuffix(string(rec), "\x00"), "\x00")
			truth = append(truth, fields)
		}
		if len(truth) == 0 {
			t.Errorf("%q: bash printed no command", line)
		}
		for _, argv := range truth {
			if !containsArgv(model, argv) {
				t.Errorf("%q: bash runs %q, the model has %q", line, argv, model)
			}
		}
	}
}

// printer makes bash print the argv of every command it cannot find.
const printer = `command_not_found_handle() { printf '%s\0' "$@"; printf '\n'; }; `

func allTrue(b []bool) bool {
	for _, x := range b {
		if !x {
			return false
		}
	}
	return true
}

func containsArgv(list [][]string, argv []string) bool {
	for _, a := range list {
		if slices.Equal(a, argv) {
			return true
		}
	}
	return false
}

// FuzzAnalyze: the model never panics, stays within its bounds, locates
// data inside the line, and every command's masked text is its text when
// it has no data.
func FuzzAnalyze(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	for _, s := range []string{
		`X=rm; $X -rf y`, `{rm,-rf,x}`, `echo 'rm -rf /' | sh`, `python3 -c "import os; os.system('rm -rf x')"`,
		`git -C . push --force`, `kubectl -n p delete ns x`, "rm -rf a\necho 'x", `f(){ f|f& };f`,
		`echo x | xargs -I{} bash -c {}`, `parallel ::: 'rm -rf /'`, `cat > s.sh <<'E'` + "\nrm x\nE\nbash s.sh",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m := Analyze(line, ModelOptions{ReadScript: func(string) (string, bool) { return "rm -rf x; . ./a.sh", true }})
		if len(m.Commands) > MaxModelCommands || len(m.Dynamic) > 64 {
			t.Fatalf("%d commands, %d dynamic", len(m.Commands), len(m.Dynamic))
		}
		for _, d := range m.Data {
			if d.Start < 0 || d.End > len(line) || d.Start > d.End {
				t.Fatalf("data span %v outside %d bytes", d, len(line))
			}
		}
		for _, e := range m.Commands {
			if len(e.Argv) != len(e.Literal) || (e.Data != nil && len(e.Data) != len(e.Argv)) {
				t.Fatalf("argv %q, literal %v, data %v", e.Argv, e.Literal, e.Data)
			}
			if !e.HasData() && e.MaskedText() != e.Text() {
				t.Fatalf("no data, yet masked %q != %q", e.MaskedText(), e.Text())
			}
		}
	})
}

// TestAnalyzeNotRun: text bash does not run is not an executed command,
// on lines the model parses and on lines only bash accepts (the second
// attack on the model found each of these hard-blocked).
func TestAnalyzeNotRun(t *testing.T) {
	for _, tt := range []struct{ line, not string }{
		{`git commit -m "fix: handle a; rm -rf build edge case"; echo ${x:}`, "rm -rf"},
		{`echo ${x:} # rm -rf /; git push -f`, "git push"},
		{"echo ${x:}\ncat <<EOF\nrm -rf /\nEOF", "rm -rf"},
		{`echo $(( 1 + )); git commit -m "fix: a|rm -rf b"`, "rm -rf"},
		{`echo ${x:}; python3 -c "print('rm -rf /')"`, "rm -rf"},
		{`printf '[$(rm -rf /)]\n'`, "rm -rf"},
		{`test -n '[$(rm -rf x)]'`, "rm -rf"},
		{`export MSG='[warn] $(rm -rf /) is dangerous'`, "rm -rf"},
		{`read -p '[y/N] really $(rm -rf build)? ' ans`, "rm -rf"},
		{`psql -c "SELECT 1 -- \\! rm -rf /"`, "rm -rf"},
		{"psql <<'SQL'\n-- never: \\! rm -rf /\nSELECT 1;\nSQL", "rm -rf"},
		{"make -f - -n <<'MK'\nclean:\n\trm -rf build\nMK", "rm -rf"},
		{"ed -s f <<'ED'\na\n!rm -rf /\n.\nw\nq\nED", "rm -rf"},
		{"cat <<'EOF' | sh -n\nrm -rf /\nEOF", "rm -rf"},
		{`echo 'rm -rf /' > x.sh; bash -n x.sh`, "rm -rf"},
		{`echo 'rm -rf /' > a.sh; mv a.sh /tmp/old.sh; sh a.sh`, "rm -rf"},
		{`echo 'rm -rf /' | bash -c 'bash -n'`, "rm -rf"},
		{`psql -c "select 'ɐɐɐɐɐɐɐɐɐɐ program'"`, "rm"}, // (upper-casing once moved the offsets: a panic)
	} {
		cmds, _, _, _ := analyzed(t, tt.line)
		for _, c := range cmds {
			if strings.HasPrefix(c, tt.not) {
				t.Errorf("%q: %q is not run, got command %q", tt.line, tt.not, c)
			}
		}
	}
}
