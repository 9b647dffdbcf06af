package perm

import (
	"strings"
	"testing"
)

// cmdCase is one MatchCommand expectation, checked for allow and for
// deny/ask (which always agree with each other).
type cmdCase struct {
	spec, cmd   string
	allow, deny bool
}

func runCmdCases(t *testing.T, cases []cmdCase) {
	t.Helper()
	for _, c := range cases {
		if got := MatchCommand(c.spec, c.cmd, Allow); got != c.allow {
			t.Errorf("allow Bash(%s) on %q = %v, want %v", c.spec, c.cmd, got, c.allow)
		}
		for _, d := range []Decision{Deny, Ask} {
			if got := MatchCommand(c.spec, c.cmd, d); got != c.deny {
				t.Errorf("%s Bash(%s) on %q = %v, want %v", d, c.spec, c.cmd, got, c.deny)
			}
		}
	}
}

// Part C: "* anywhere, matches any characters including spaces".
func TestCommandWildcardAnywhere(t *testing.T) {
	runCmdCases(t, []cmdCase{
		{"git * main", "git push origin main", true, true},
		{"git * main", "git merge main", true, true},
		{"git * main", "git log main", true, true},
		{"git * main", "git main", false, false},
		{"git * main", "git push origin main2", false, false},
		{"* install", "npm install", true, true},
		{"* install", "pnpm install", true, true},
		{"* --help", "ffmpeg --help", true, true},
		{"npm * --save", "npm install left-pad --save", true, true},
		{"npm run build", "npm run build", true, true},
		{"npm run build", "npm run build --prod", false, false}, // no wildcard: exact
		{"npm *", "pnpm --version", false, false},
		{"*", "anything at all", true, true},
		{`echo \*`, "echo *", true, true}, // \* is a literal star
		{`echo \*`, "echo '*'", false, true},
		{`echo \*`, "echo hi", false, false},
	})
}

// Part C: "Trailing ' *' (space-star) = word boundary".
func TestCommandWordBoundary(t *testing.T) {
	runCmdCases(t, []cmdCase{
		{"ls *", "ls -la", true, true},
		{"ls *", "ls", true, true},
		{"ls *", "lsof", false, false},
		{"ls*", "ls -la", true, true},
		{"ls*", "lsof", true, true},
		{"ls*", "ls", true, true},
		{"git push *", "git push", true, true},
		{"git push *", "git push --force origin main", true, true},
		{"git push *", "git pushy", false, false},
	})
}

// Part C: "Legacy :* ≡ trailing ' *', only at the end".
func TestCommandLegacyColonStar(t *testing.T) {
	runCmdCases(t, []cmdCase{
		{"npm run test:*", "npm run test", true, true},
		{"npm run test:*", "npm run test --watch", true, true},
		{"npm run test:*", "npm run testing", false, false},
		{"npm run test *", "npm run test --watch", true, true},
		{"git:* push", "git:x push", true, true}, // the colon is literal
		{"git:* push", "git push", false, false},
		{"git:* push", "git x push", false, false},
		{"python:*", "python script.py > output.txt", true, true}, // 1.0.123: redirections
		{"npm run test*", "npm run test 2>&1", true, true},
	})
}

// Part C: compound commands split on && || ; | |& & newline; each subcommand
// must match (allow), any subcommand matching counts (deny/ask).
func TestCommandCompound(t *testing.T) {
	runCmdCases(t, []cmdCase{
		{"git *", "git status && rm -rf /", false, true},
		{"rm *", "git status && rm -rf /", false, true},
		{"rm *", "git status || rm -rf /", false, true},
		{"rm *", "git status; rm -rf /", false, true},
		{"rm *", "cat x | rm -rf /", false, true},
		{"rm *", "cat x |& rm -rf /", false, true},
		{"rm *", "sleep 1 & rm -rf /", false, true},
		{"rm *", "git status\nrm -rf /", false, true},
		{"git *", "git add . && git commit -m x", true, true},
		{"npm test *", "npm test && npm run build", false, true},
		{"rm *", "(cd build && rm -rf out) || { echo fail; exit 1; }", false, true},
		{"rm *", "echo $(rm -rf /)", false, true},
		{"echo *", "echo $(rm -rf /)", false, true},
		{"rm *", "echo `rm -rf /`", false, true},
		{"rm *", "f() { rm -rf /; }", true, true},
		{"rm *", "if true; then rm -rf /; fi", false, true},
		{"cat *", "cat <<EOF\n$(rm -rf /)\nEOF", false, true},
		{"cat *", "cat <<'EOF'\n$(rm -rf /)\nEOF", true, true},
	})
}

// Bypass history: deny once looked only at the first command of a compound,
// and skipped commands past the 50th.
func TestCommandDenySeesEverySubcommand(t *testing.T) {
	long := strings.Repeat("echo ok; ", 200) + "rm -rf /"
	runCmdCases(t, []cmdCase{
		{"rm *", "echo hi && rm -rf ~", false, true},
		{"rm *", long, false, true},
		{"rm *", strings.Repeat("sudo -X ", 40) + "rm -rf /", false, true},
		{"rm *", strings.Repeat("watch ", 40) + "rm -rf /", false, true},
		{"rm *", strings.Repeat("nice ", 200) + "rm -rf / a b c", false, true},
		{"rm *", strings.Repeat("timeout 1 ", 30) + "rm -rf /", false, true},
	})
}

// Part C: wrappers stripped before matching (fixed list), bare xargs,
// command -v and nocorrect not stripped.
func TestCommandWrappers(t *testing.T) {
	runCmdCases(t, []cmdCase{
		{"npm test", "timeout 10 npm test", true, true},
		{"npm test", "timeout -s KILL 5m npm test", true, true},
		{"npm test", "time npm test", true, true},
		{"npm test", "nice npm test", true, true},
		{"npm test", "nice -n 10 npm test", true, true},
		{"npm test", "nohup npm test", true, true},
		{"npm test", "stdbuf -oL npm test", true, true},
		{"npm test", "command npm test", true, true},
		{"npm test", "builtin npm test", true, true},
		{"npm test", "noglob npm test", true, true},
		{"npm test", "timeout 10 nice -n 5 nohup npm test", true, true},
		{"grep *", "xargs grep foo", true, true},
		{"grep *", "xargs -n1 grep foo", false, true}, // allow: matched as xargs
		{"xargs *", "xargs -n1 grep foo", true, true},
		{"ls", "command -v ls", false, false},
		{"command *", "command -v ls", true, true},
		{"git status", "nocorrect git status", false, true}, // allow does not strip nocorrect
		{"timeout *", "timeout 10 rm -rf /", true, true},    // the command as written matches too
	})
}

// Part C: leading env assignments: allow skips only known-safe variables,
// deny/ask match past any assignment.
func TestCommandAssignments(t *testing.T) {
	runCmdCases(t, []cmdCase{
		{"npm test", "NODE_ENV=test npm test", true, true},
		{"npm test", "LC_ALL=C npm test", true, true},
		{"npm test", "FOO=bar npm test", false, true},
		{"npm test", "PATH=/tmp/evil npm test", false, true},
		{"npm test", "LD_PRELOAD=/tmp/x.so npm test", false, true},
		{"npm test", "NODE_ENV=test FOO=1 npm test", false, true},
		{"FOO=bar npm test", "FOO=bar npm test", true, true},
		{"git push *", "GIT_SSH_COMMAND='ssh -i k' git push origin", false, true},
		{"ls *", "PATH=/tmp/evil; ls", false, true},
		{"ls *", "NODE_ENV=x; ls", true, true},
	})
}

// Part C: since 2.1.113 deny rules see through env, sudo, watch, ionice,
// setsid "and similar"; allow rules do not.
func TestCommandDenyWrappers(t *testing.T) {
	runCmdCases(t, []cmdCase{
		{"rm *", "env rm -rf /", false, true},
		{"rm *", "env A=1 B=2 rm -rf /", false, true},
		{"rm *", "sudo rm -rf /", false, true},
		{"rm *", "sudo -u root -E rm -rf /", false, true},
		{"rm *", "sudo -X rm -rf /", false, true}, // unknown option: operands still seen
		{"rm *", "watch rm -rf /", false, true},
		{"rm *", "watch -n 5 -d rm -rf /", false, true},
		{"rm *", "watch -n1 'rm -rf / && ls'", false, true},
		{"rm *", "ionice -c 3 rm -rf /", false, true},
		{"rm *", "setsid -f rm -rf /", false, true},
		{"rm *", "sudo env A=1 nice timeout 5 rm -rf /", false, true},
		{"rm *", "bash -c 'rm -rf /'", false, true},
		{"rm *", "sh -lc \"echo hi; rm -rf /\"", false, true},
		{"rm *", "eval 'rm -rf /'", false, true},
		{"rm *", "exec rm -rf /", false, true},
		{"rm *", "xargs -0 rm -f", false, true},
		{"sudo *", "sudo rm -rf /", true, true},
		{"rm -rf *", `rm "-rf" /`, true, true}, // same argv as rm -rf / (canonical form)
		{"rm -rf *", `r\m -r"f" '/'`, true, true},
		{"rm -rf *", `"rm -rf" /`, false, true}, // one word "rm -rf": only deny removes the quotes
		{"rm -rf /", `rm -rf '/'`, true, true},  // canonical form
		// Runners are not stripped: Bash(devbox run *) allows anything after run.
		{"devbox run *", "devbox run rm -rf /", true, true},
		{"rm *", "docker exec web rm -rf /", false, false},
		// The command model: git's global options, literal variables,
		// brace expansion, a script echoed into a shell.
		{"git push:*", "git -C . push --force", false, true},
		{"git push:*", "git -c core.x=y --no-pager push origin main", false, true},
		{"rm *", "X=rm; $X -rf /", false, true},
		{"rm *", "{rm,-rf,/}", false, true},
		{"rm *", "echo 'rm -rf /' | sh", false, true},
		{"git push:*", "git commit -m 'git push later'", false, false},
		{"rm *", "npx rm -rf /", false, false},
		{"rm *", "direnv exec . rm -rf /", false, false},
	})
}

// Part C: commands over 10,000 characters and unparseable commands always
// prompt: allow rules never match them; deny rules still look inside.
func TestCommandLongAndUnparseable(t *testing.T) {
	long := "echo " + strings.Repeat("a", MaxAllowCommandBytes)
	runCmdCases(t, []cmdCase{
		{"echo *", long, false, true},
		{"echo *", `echo "unterminated`, false, true},
		{"rm *", `echo "unterminated; rm -rf /`, false, true},
		{"rm -rf *", "FOO=1 rm -rf / && echo 'x", false, true},
		{"git *", "", false, false},
		{"git *", "   ", false, false},
		{"git *", "x=1", false, false},
	})
}

func TestCompileCommandSpec(t *testing.T) {
	tests := []struct {
		spec    string
		full    []string
		hasBare bool
	}{
		{"ls *", []string{"ls ", ""}, true},
		{"npm run test:*", []string{"npm run test ", ""}, true},
		{"git:* push", []string{"git:", " push"}, false},
		{`a\*b`, []string{"a*b"}, false},
		{`a\\*`, []string{`a\`, ""}, false},
		{`ls \*`, []string{"ls *"}, false},
		{"  git status  ", []string{"git status"}, false},
	}
	for _, tt := range tests {
		s := compileCommandSpec(tt.spec)
		if strings.Join(s.full.segs, "|") != strings.Join(tt.full, "|") || s.hasBare != tt.hasBare {
			t.Errorf("compileCommandSpec(%q) = %q bare=%v, want %q bare=%v", tt.spec, s.full.segs, s.hasBare, tt.full, tt.hasBare)
		}
	}
}

func TestPrepareCommand(t *testing.T) {
	c := PrepareCommand("sudo rm -rf / && git status")
	for _, spec := range []string{"rm *", "git *", "sudo *", "ls"} {
		for _, d := range []Decision{Allow, Ask, Deny, Allow} {
			if got, want := c.Match(spec, d), MatchCommand(spec, "sudo rm -rf / && git status", d); got != want {
				t.Errorf("Prepared %s Bash(%s) = %v, want %v", d, spec, got, want)
			}
		}
	}
}
