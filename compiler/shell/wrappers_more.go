package shell

import (
	"slices"
	"strings"
)

// moreWrapper returns the parser of a wrapper beyond the classic ones of
// wrapperFor: programs that run a command given on their command line,
// each with its own option grammar (nil for any other name). A switch,
// not a table: nothing is built before it is needed.
func moreWrapper(name string) stripFunc {
	switch name {
	case "ionice":
		return stripOpts(optSpec{
			tool: "ionice", flags: "t", withArg: "cnpPu",
			long:  []string{"class=", "classdata=", "pid=", "pgid=", "uid=", "ignore", "help", "version"},
			modes: []string{"p", "P", "u", "pid", "pgid", "uid", "help", "version"},
		})
	case "setsid":
		return stripOpts(optSpec{
			tool: "setsid", flags: "cfw",
			long:  []string{"ctty", "fork", "wait", "help", "version"},
			modes: []string{"help", "version"},
		})
	case "chrt":
		return stripOperands(optSpec{
			tool: "chrt", flags: "abdfioRrmpv", withArg: "TPD",
			long: []string{"all-tasks", "batch", "deadline", "fifo", "idle", "other", "rr", "reset-on-fork",
				"max", "pid", "verbose", "help", "version", "sched-runtime=", "sched-period=", "sched-deadline="},
			modes: []string{"m", "p", "max", "pid", "help", "version"},
		}, 1)
	case "taskset":
		return stripOperands(optSpec{
			tool: "taskset", flags: "ac",
			long:  []string{"all-tasks", "cpu-list", "help", "version"},
			modes: []string{"p", "pid", "help", "version"},
		}, 1)
	case "flock":
		return stripFlock
	case "unshare":
		return stripUnshare
	case "busybox":
		return stripBusybox
	case "su":
		return stripSu("su")
	case "runuser":
		return stripRunuser
	case "watch":
		return stripWatch
	case "fakeroot":
		return stripOpts(optSpec{tool: "fakeroot", flags: "uhv", withArg: "lisb", long: []string{"lib=", "faked=", "unknown-is-real", "help", "version"}, modes: []string{"h", "v", "help", "version"}})
	case "strace":
		return stripOpts(optSpec{tool: "strace", flags: "cCdDfFhiqrtTvVxyzZwk", withArg: "abeEIoOpPsSuUX", long: []string{"help", "version", "output=", "trace=", "signal=", "status=", "string-limit=", "summary-only", "follow-forks", "output-separately", "user=", "env=", "attach=", "absolute-timestamps?", "relative-timestamps?", "syscall-times?", "decode-fds?", "no-abbrev", "verbose=", "quiet?", "seccomp-bpf", "columns=", "summary-columns=", "summary-sort-by="}, modes: []string{"h", "V", "help", "version"}})
	case "ltrace":
		return stripOpts(optSpec{tool: "ltrace", flags: "bcCfhiLrStTV", withArg: "aAeDFIlnopsuwx", long: []string{"help", "version", "output=", "demangle", "library=", "indent=", "align="}, modes: []string{"h", "V", "help", "version"}})
	case "caffeinate":
		return stripOpts(optSpec{tool: "caffeinate", flags: "dimsu", withArg: "tw"})
	case "systemd-run":
		return stripOpts(optSpec{
			tool: "systemd-run", flags: "rdtPqGSh", withArg: "puEHM",
			long: []string{"user", "system", "scope", "remain-after-exit", "same-dir", "pty", "pipe", "quiet", "wait", "collect",
				"shell", "no-block", "no-ask-password", "help", "version", "property=", "unit=", "description=", "slice=",
				"slice-inherit", "uid=", "gid=", "nice=", "setenv=", "working-directory=", "host=", "machine=", "on-active=",
				"on-boot=", "on-startup=", "on-unit-active=", "on-unit-inactive=", "on-calendar=", "on-clock-change",
				"on-timezone-change", "timer-property=", "path-property=", "socket-property=", "service-type=", "send-sighup",
				"expand-environment=", "json=", "job-mode="},
			modes: []string{"h", "help", "version"},
		})
	case "parallel":
		return stripParallel
	case "fd":
		return stripFd
	case "fdfind":
		return stripFd
	case "find":
		return stripFind
	case "ssh":
		return stripSSH
	case "docker":
		return stripContainer("docker")
	case "podman":
		return stripContainer("podman")
	case "nerdctl":
		return stripContainer("nerdctl")
	case "kubectl":
		return stripKubectl
	case "oc":
		return stripKubectl
	case "chroot":
		return stripOperands(optSpec{tool: "chroot", long: []string{"userspec=", "groups=", "skip-chdir", "help", "version"}, modes: []string{"help", "version"}}, 1)
	case "script":
		return stripScriptCmd
	case "nsenter":
		return stripOpts(optSpec{tool: "nsenter", flags: "aFe", withArg: "tSGZ", optArg: "muinpUCTrw", long: []string{"all", "target=", "mount?", "uts?", "ipc?", "net?", "pid?", "user?", "cgroup?", "time?", "setuid=", "setgid=", "preserve-credentials", "root?", "wd?", "no-fork", "follow-context", "env", "help", "version"}, modes: []string{"help", "version"}})
	case "sg":
		return stripSu("sg")
	case "sshpass":
		return stripOpts(optSpec{tool: "sshpass", flags: "evhV", withArg: "fdpP", modes: []string{"h", "V"}})
	case "pkexec":
		return stripOpts(optSpec{tool: "pkexec", long: []string{"user=", "disable-internal-agent", "keep-cwd", "help", "version"}, modes: []string{"help", "version"}})
	case "unbuffer":
		return stripOpts(optSpec{tool: "unbuffer", flags: "p"})
	case "rlwrap":
		return stripOpts(optSpec{tool: "rlwrap", flags: "cimnAhRrv", withArg: "abCDeEfFgHlMoOpPqsSwz"})
	case "firejail":
		return stripFirejail
	case "proxychains":
		return stripOpts(optSpec{tool: "proxychains", flags: "q", withArg: "f"})
	case "proxychains4":
		return stripOpts(optSpec{tool: "proxychains4", flags: "q", withArg: "f"})
	case "torsocks":
		return stripOpts(optSpec{tool: "torsocks", flags: "diqh", withArg: "uapP", long: []string{"shell", "isolate", "quiet", "debug", "user=", "pass=", "address=", "port=", "help", "version"}, modes: []string{"h", "help", "version"}})
	case "at":
		return stripAt
	case "batch":
		return stripAt
	case "tmux":
		return stripTmux
	case "fish":
		return stripShell("zsh")
	case "tcsh":
		return stripShell("zsh")
	case "csh":
		return stripShell("zsh")
	case "xonsh":
		return stripShell("zsh")
	case "nu":
		return stripShell("zsh")
	case "yash":
		return stripShell("zsh")
	case "elvish":
		return stripShell("zsh")
	case "pwsh":
		return stripPwsh
	case "powershell":
		return stripPwsh
	case "setpriv":
		return stripLeadingOptions("setpriv", nil)
	case "capsh":
		return stripCapsh
	case "lxc-attach":
		return stripAfterDashes("lxc-attach")
	case "machinectl":
		return stripMachinectl
	case "screen":
		return stripLeadingOptions("screen", []string{"-S", "-c", "-e", "-h", "-L", "-Logfile", "-p", "-s", "-t", "-T", "-X"})
	case "npx":
		return stripRunner("npx", nil)
	case "npm":
		return stripRunner("npm", []string{"exec", "x"})
	case "pnpm":
		return stripRunner("pnpm", []string{"exec", "dlx"})
	case "yarn":
		return stripRunner("yarn", []string{"exec", "dlx"})
	case "bunx":
		return stripRunner("bunx", nil)
	case "uv":
		return stripRunner("uv", []string{"run"})
	case "uvx":
		return stripRunner("uvx", nil)
	case "poetry":
		return stripRunner("poetry", []string{"run"})
	case "pipenv":
		return stripRunner("pipenv", []string{"run"})
	case "bundle":
		return stripRunner("bundle", []string{"exec"})
	case "direnv":
		return stripDirenv
	case "devbox":
		return stripRunner("devbox", []string{"run"})
	case "mise":
		return stripRunner("mise", []string{"exec", "x"})
	case "asdf":
		return stripRunner("asdf", []string{"exec"})
	case "rbenv":
		return stripRunner("rbenv", []string{"exec"})
	case "pyenv":
		return stripRunner("pyenv", []string{"exec"})
	case "conda":
		return stripRunner("conda", []string{"run"})
	case "dotenv":
		return stripAfterDashes("dotenv")
	case "cross-env":
		return stripCrossEnv
	case "nix-shell":
		return stripNixShell
	case "arch":
		return stripArch
	case "rtk":
		return stripRtk
	}
	return nil
}

// stripArch: macOS arch [-arch NAME | -NAME]… [-e VAR=VALUE] [-d VAR] COMMAND.
func stripArch(words []Word) (step, *errUncertain) {
	i := 1
	for i < len(words) && words[i].Literal && strings.HasPrefix(words[i].Value, "-") {
		switch words[i].Value {
		case "-arch", "-e", "-d":
			i++
		case "--":
			return finish(words, i+1, "", "arch", nil)
		}
		i++
	}
	return finish(words, i, "", "arch", nil)
}

// stripRtk: rtk (a command proxy that shortens output for agents) runs
// `rtk COMMAND …` and `rtk proxy COMMAND …`.
func stripRtk(words []Word) (step, *errUncertain) {
	i := 1
	if i < len(words) && words[i].Literal && words[i].Value == "proxy" {
		i++
	}
	if i < len(words) && words[i].Literal && strings.HasPrefix(words[i].Value, "-") {
		return step{kind: stepNone}, nil
	}
	return finish(words, i, "", "rtk", nil)
}

// stripOperands returns a parser for a wrapper that takes options, then n
// operands of its own (chrt's priority, taskset's mask), then the command.
func stripOperands(spec optSpec, n int) stripFunc {
	return func(words []Word) (step, *errUncertain) {
		res, err := parseOpts(words, 1, spec)
		if err != nil {
			return step{}, err
		}
		if res.mode != "" {
			return step{kind: stepNone}, nil
		}
		i := res.next
		for k := 0; k < n; k++ {
			if i >= len(words) {
				return step{kind: stepNone}, nil
			}
			if !words[i].Literal {
				return step{}, uncertainf("%s: operand %s is not literal", spec.tool, words[i].Raw)
			}
			i++
		}
		return finish(words, i, "", spec.tool, nil)
	}
}

// stripFlock: flock [options] FILE COMMAND…, flock [options] FILE -c
// COMMAND, or flock [options] FD (no command).
func stripFlock(words []Word) (step, *errUncertain) {
	spec := optSpec{tool: "flock", flags: "sxeunoFv", withArg: "wEc",
		long:  []string{"shared", "exclusive", "unlock", "nonblock", "nb", "close", "no-fork", "verbose", "help", "version", "timeout=", "wait=", "conflict-exit-code=", "command="},
		modes: []string{"help", "version"}}
	res, err := parseOpts(words, 1, spec)
	if err != nil {
		return step{}, err
	}
	for _, o := range res.opts {
		if o.name == "c" || o.name == "command" {
			return scriptStep(words, o, "flock")
		}
	}
	i := res.next + 1 // the lock file
	if i >= len(words) {
		return step{kind: stepNone}, nil
	}
	if w := words[i]; w.Literal && (w.Value == "-c" || w.Value == "--command") {
		if i+1 >= len(words) {
			return step{}, uncertainf("flock: -c without a command")
		}
		return scriptStep(words, option{name: "c", value: words[i+1].String(), word: words[i+1]}, "flock")
	}
	return finish(words, i, res.mode, "flock", nil)
}

// scriptStep is the step of a wrapper whose option o holds a script.
func scriptStep(words []Word, o option, tool string) (step, *errUncertain) {
	if o.word.Raw != "" && !o.word.Literal {
		return step{}, uncertainf("%s: command %s is not literal", tool, o.word.Raw)
	}
	return step{kind: stepScript, layer: words, script: o.value}, nil
}

func stripUnshare(words []Word) (step, *errUncertain) {
	spec := optSpec{tool: "unshare", flags: "mUinpuCTfrcl", withArg: "SGRwk",
		long: []string{"mount?", "uts?", "ipc?", "net?", "pid?", "user?", "cgroup?", "time?", "fork", "kill-child?",
			"mount-proc?", "mount-binfmt?", "map-root-user", "map-current-user", "map-auto", "map-user=", "map-group=",
			"map-users=", "map-groups=", "propagation=", "setgroups=", "keep-caps", "setuid=", "setgid=", "root=", "wd=",
			"monotonic=", "boottime=", "load-interp=", "help", "version"},
		modes: []string{"help", "version"}}
	return stripOpts(spec)(words)
}

// stripBusybox: busybox APPLET ARGS runs the applet.
func stripBusybox(words []Word) (step, *errUncertain) {
	if len(words) < 2 {
		return step{kind: stepNone}, nil
	}
	if !words[1].Literal {
		return step{}, uncertainf("busybox: applet %s is not literal", words[1].Raw)
	}
	if strings.HasPrefix(words[1].Value, "-") {
		return step{kind: stepNone}, nil // --list, --help
	}
	return step{kind: stepStrip, layer: words[:1], rest: words[1:]}, nil
}

// stripSu handles su and sg: the command is the value of -c/--command
// (sg also takes it as the operand after the group).
func stripSu(tool string) stripFunc {
	return func(words []Word) (step, *errUncertain) {
		for i := 1; i < len(words); i++ {
			w := words[i]
			if !w.Literal {
				continue
			}
			switch {
			case w.Value == "-c" || w.Value == "--command" || w.Value == "--session-command":
				if i+1 >= len(words) {
					return step{}, uncertainf("%s: %s without a command", tool, w.Value)
				}
				return scriptStep(words, option{name: "c", value: words[i+1].String(), word: words[i+1]}, tool)
			case strings.HasPrefix(w.Value, "--command=") || strings.HasPrefix(w.Value, "--session-command="):
				_, v, _ := strings.Cut(w.Value, "=")
				return step{kind: stepScript, layer: words, script: v}, nil
			case len(w.Value) > 2 && strings.HasPrefix(w.Value, "-c") && w.Value[1] != '-':
				return step{kind: stepScript, layer: words, script: w.Value[2:]}, nil
			}
		}
		if tool == "sg" && len(words) >= 3 && words[1].Literal && !strings.HasPrefix(words[1].Value, "-") {
			var parts []string
			for _, w := range words[2:] {
				if !w.Literal {
					return step{}, uncertainf("sg: command word %s is not literal", w.Raw)
				}
				parts = append(parts, w.Value)
			}
			return step{kind: stepScript, layer: words, script: strings.Join(parts, " ")}, nil
		}
		return step{kind: stepNone}, nil
	}
}

// stripRunuser: runuser -u USER [--] COMMAND, or su-style with -c.
func stripRunuser(words []Word) (step, *errUncertain) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w.Literal && (w.Value == "-u" || w.Value == "--user") {
			j := i + 2
			for j < len(words) && words[j].Literal && strings.HasPrefix(words[j].Value, "-") && words[j].Value != "--" {
				j++
			}
			if j < len(words) && words[j].Literal && words[j].Value == "--" {
				j++
			}
			return finish(words, j, "", "runuser", nil)
		}
	}
	return stripSu("runuser")(words)
}

// stripWatch: watch runs its operands joined by spaces through sh -c,
// or directly with -x/--exec.
func stripWatch(words []Word) (step, *errUncertain) {
	spec := optSpec{tool: "watch", flags: "bcegtxprwq", withArg: "n", optArg: "d",
		long: []string{"interval=", "differences?", "no-title", "beep", "errexit", "chgexit", "color", "no-color",
			"exec", "precise", "no-wrap", "no-linewrap", "equexit=", "shotsdir=", "help", "version"},
		modes: []string{"help", "version"}}
	res, err := parseOpts(words, 1, spec)
	if err != nil {
		return step{}, err
	}
	for _, o := range res.opts {
		if o.name == "x" || o.name == "exec" {
			return finish(words, res.next, res.mode, "watch", nil)
		}
	}
	if res.next >= len(words) || res.mode != "" {
		return step{kind: stepNone}, nil
	}
	return joinedScript(words, res.next, "watch", "watch")
}

// joinedScript is a step for a wrapper that joins its operands from i on
// with spaces and hands them to a shell.
func joinedScript(words []Word, i int, tool, label string) (step, *errUncertain) {
	parts := make([]string, 0, len(words)-i)
	for _, w := range words[i:] {
		if !w.Literal {
			return step{}, uncertainf("%s: command word %s is not literal", tool, w.Raw)
		}
		parts = append(parts, w.Value)
	}
	return step{kind: stepScript, layer: words[:i], script: strings.Join(parts, " "), label: label}, nil
}

// stripParallel: GNU parallel [options] COMMAND ::: ARGS. A command given
// as one word with spaces is run by a shell.
func stripParallel(words []Word) (step, *errUncertain) {
	withArg := map[string]bool{"-j": true, "--jobs": true, "-S": true, "--sshlogin": true, "-a": true, "--arg-file": true,
		"-d": true, "--delimiter": true, "-E": true, "-I": true, "-n": true, "--max-args": true, "-N": true, "-L": true,
		"-s": true, "--delay": true, "--timeout": true, "--retries": true, "--joblog": true, "--results": true,
		"--env": true, "--tmpdir": true, "--workdir": true, "--colsep": true, "-C": true, "--halt": true, "--tag-string": true,
		"--load": true, "--memfree": true, "--basefile": true, "--return": true, "--transfer-file": true}
	i := 1
	for i < len(words) {
		w := words[i]
		if !w.Literal {
			return step{}, uncertainf("parallel: argument %s is not literal", w.Raw)
		}
		if w.Value == "--" {
			i++
			break
		}
		if !strings.HasPrefix(w.Value, "-") || isParallelSep(w.Value) {
			break
		}
		if withArg[w.Value] {
			i++
		}
		i++
	}
	end := i
	for end < len(words) && !(words[end].Literal && isParallelSep(words[end].Value)) {
		end++
	}
	var args []Word // the arguments of the first ::: source
	for j := end + 1; j < len(words) && !(words[j].Literal && isParallelSep(words[j].Value)) && len(args) < 8; j++ {
		args = append(args, words[j])
	}
	if i >= end {
		if len(args) == 0 {
			return step{kind: stepNone}, nil // commands read from the input
		}
		// parallel ::: CMD…: each argument is a command line.
		var parts []string
		for _, a := range args {
			if !a.Literal {
				return step{}, uncertainf("parallel: command %s is not literal", a.Raw)
			}
			parts = append(parts, a.Value)
		}
		return step{kind: stepScript, layer: words, script: strings.Join(parts, "\n"), label: "parallel"}, nil
	}
	if end == i+1 && words[i].Literal && strings.ContainsAny(words[i].Value, " \t;|&") {
		return step{kind: stepScript, layer: words[:i], script: words[i].Value, label: "parallel"}, nil
	}
	cmd := words[i:end]
	if len(args) == 0 {
		return step{kind: stepStrip, layer: words[:i], rest: cmd}, nil
	}
	// Each argument fills {} in the command, or is appended to it.
	var runs [][]Word
	for _, a := range args {
		if !a.Literal {
			runs = append(runs, cmd)
			continue
		}
		filled := replaceWords(cmd, "{}", a.Value)
		if equalWords(filled, cmd) {
			filled = append(append([]Word(nil), cmd...), a)
		}
		runs = append(runs, filled)
	}
	return step{kind: stepStrip, layer: words[:i], rest: runs[0], more: runs[1:]}, nil
}

func equalWords(a, b []Word) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Value != b[i].Value || a[i].Raw != b[i].Raw {
			return false
		}
	}
	return true
}

func isParallelSep(s string) bool {
	return s == ":::" || s == "::::" || s == ":::+" || s == "::::+"
}

// stripFd: fd … -x/--exec/-X/--exec-batch COMMAND [;].
func stripFd(words []Word) (step, *errUncertain) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		if !w.Literal {
			continue
		}
		switch w.Value {
		case "-x", "--exec", "-X", "--exec-batch":
			end := i + 1
			for end < len(words) && !(words[end].Literal && words[end].Value == ";") {
				end++
			}
			if end == i+1 {
				return step{}, uncertainf("fd: %s without a command", w.Value)
			}
			return step{kind: stepStrip, layer: words[:i+1], rest: words[i+1 : end]}, nil
		}
	}
	return step{kind: stepNone}, nil
}

// stripFind: find … -exec/-execdir/-ok/-okdir COMMAND … ; (or +); each
// action is a command.
func stripFind(words []Word) (step, *errUncertain) {
	var cmds [][]Word
	first := -1
	for i := 1; i < len(words); i++ {
		w := words[i]
		if !w.Literal {
			continue
		}
		switch w.Value {
		case "-exec", "-execdir", "-ok", "-okdir":
			end := i + 1
			for end < len(words) && !(words[end].Literal && (words[end].Value == ";" || words[end].Value == "+")) {
				end++
			}
			if end == i+1 {
				return step{}, uncertainf("find: %s without a command", w.Value)
			}
			if first < 0 {
				first = i + 1
			}
			cmds = append(cmds, words[i+1:end])
			i = end
		}
	}
	if len(cmds) == 0 {
		return step{kind: stepNone}, nil
	}
	return step{kind: stepStrip, layer: words[:first], rest: cmds[0], more: cmds[1:]}, nil
}

// stripSSH: ssh [options] HOST COMMAND… runs the command words, joined
// by spaces, in the remote user's shell.
func stripSSH(words []Word) (step, *errUncertain) {
	spec := optSpec{tool: "ssh", flags: "46AaCfGgKkMNnqsTtVvXxYy", withArg: "BbcDEeFIiJLlmOoPpQRSWw", modes: []string{"V", "G", "Q"}}
	res, err := parseOpts(words, 1, spec)
	if err != nil {
		return step{}, err
	}
	if res.mode != "" || res.next+1 >= len(words) {
		return step{kind: stepNone}, nil
	}
	if !words[res.next].Literal {
		return step{}, uncertainf("ssh: host %s is not literal", words[res.next].Raw)
	}
	return joinedScript(words, res.next+1, "ssh", "ssh "+words[res.next].Value)
}

// stripContainer: docker/podman exec [options] CONTAINER COMMAND…, and
// run [options] IMAGE COMMAND….
func stripContainer(tool string) stripFunc {
	return func(words []Word) (step, *errUncertain) {
		i := 1
		if i < len(words) && words[i].Literal && words[i].Value == "compose" {
			i++
			for i < len(words) && words[i].Literal && strings.HasPrefix(words[i].Value, "-") {
				i++ // compose's own flags without values (-f FILE is uncertain)
			}
		}
		if i >= len(words) || !words[i].Literal {
			return step{kind: stepNone}, nil
		}
		var spec optSpec
		switch words[i].Value {
		case "exec":
			spec = optSpec{tool: tool + " exec", flags: "dit", withArg: "euwT",
				long: []string{"detach", "interactive", "tty", "privileged", "env=", "env-file=", "user=", "workdir=", "detach-keys=", "index=", "no-TTY"}}
		case "run":
			spec = optSpec{tool: tool + " run", flags: "ditP", withArg: "vepwulmhc",
				long: []string{"detach", "interactive", "tty", "rm", "privileged", "init", "read-only", "publish-all",
					"volume=", "env=", "publish=", "workdir=", "user=", "name=", "network=", "net=", "entrypoint=", "mount=",
					"label=", "env-file=", "platform=", "cpus=", "memory=", "device=", "add-host=", "hostname=", "cap-add=",
					"cap-drop=", "security-opt=", "tmpfs=", "ulimit=", "restart=", "pull=", "log-driver=", "log-opt=", "gpus=",
					"ipc=", "pid=", "shm-size=", "stop-signal=", "runtime=", "dns=", "expose=", "link=", "userns=", "group-add=",
					"cidfile=", "volumes-from=", "label-file=", "health-cmd=", "no-healthcheck", "quiet", "sig-proxy?", "oom-kill-disable"}}
		default:
			return step{kind: stepNone}, nil
		}
		res, err := parseOpts(words, i+1, spec)
		if err != nil {
			return step{}, err
		}
		if res.next+1 >= len(words) {
			return step{kind: stepNone}, nil
		}
		return step{kind: stepStrip, layer: words[:res.next+1], rest: words[res.next+1:]}, nil
	}
}

// stripKubectl: kubectl exec … -- COMMAND….
func stripKubectl(words []Word) (step, *errUncertain) {
	if len(words) < 2 || !words[1].Literal || (words[1].Value != "exec" && words[1].Value != "debug") {
		return step{kind: stepNone}, nil
	}
	for i := 2; i < len(words); i++ {
		if words[i].Literal && words[i].Value == "--" {
			if i+1 >= len(words) {
				return step{kind: stepNone}, nil
			}
			return step{kind: stepStrip, layer: words[:i+1], rest: words[i+1:]}, nil
		}
	}
	return step{kind: stepNone}, nil
}

// stripScriptCmd: util-linux script -c COMMAND [FILE].
func stripScriptCmd(words []Word) (step, *errUncertain) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		if !w.Literal {
			continue
		}
		if w.Value == "-c" || w.Value == "--command" || isShortCluster(w.Value) && strings.HasSuffix(w.Value, "c") {
			if i+1 >= len(words) {
				return step{}, uncertainf("script: -c without a command")
			}
			return scriptStep(words, option{name: "c", value: words[i+1].String(), word: words[i+1]}, "script")
		}
		if v, ok := strings.CutPrefix(w.Value, "--command="); ok {
			return step{kind: stepScript, layer: words, script: v}, nil
		}
	}
	return step{kind: stepNone}, nil
}

// stripFirejail: firejail [--option[=value]…] COMMAND.
func stripFirejail(words []Word) (step, *errUncertain) {
	i := 1
	for i < len(words) && words[i].Literal && strings.HasPrefix(words[i].Value, "--") {
		if words[i].Value == "--" {
			i++
			break
		}
		i++
	}
	return finish(words, i, "", "firejail", nil)
}

// stripAt: at and batch read the commands to run later on their standard
// input.
func stripAt(words []Word) (step, *errUncertain) {
	for _, w := range words[1:] {
		if w.Literal && (w.Value == "-l" || w.Value == "-r" || w.Value == "-d" || w.Value == "-c" || w.Value == "-f") {
			return step{kind: stepNone}, nil // list, remove, show or a file
		}
	}
	return step{kind: stepStdin, layer: words}, nil
}

// stripTmux: tmux new-session/new-window/split-window/respawn-pane …
// SHELL-COMMAND, and send-keys … KEYS (typed into a shell).
func stripTmux(words []Word) (step, *errUncertain) {
	i := 1
	for i < len(words) && words[i].Literal && strings.HasPrefix(words[i].Value, "-") {
		if strings.ContainsAny(words[i].Value[1:], "LSfc") && len(words[i].Value) == 2 {
			i++ // -L socket, -S path, -f file, -c command
		}
		i++
	}
	if i >= len(words) || !words[i].Literal {
		return step{kind: stepNone}, nil
	}
	sub := words[i].Value
	argOpts := "tscnFxyelpTb"
	switch sub {
	case "new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp", "send-keys", "send":
	default:
		return step{kind: stepNone}, nil
	}
	j := i + 1
	for j < len(words) && words[j].Literal && strings.HasPrefix(words[j].Value, "-") && words[j].Value != "--" {
		v := words[j].Value
		if len(v) == 2 && strings.IndexByte(argOpts, v[1]) >= 0 {
			j++
		}
		j++
	}
	if j < len(words) && words[j].Literal && words[j].Value == "--" {
		j++
	}
	if j >= len(words) {
		return step{kind: stepNone}, nil
	}
	if sub == "send-keys" || sub == "send" {
		var parts []string
		for _, w := range words[j:] {
			if !w.Literal {
				return step{}, uncertainf("tmux: key %s is not literal", w.Raw)
			}
			switch w.Value {
			case "Enter", "C-m", "KPEnter", "C-j":
				parts = append(parts, "\n")
			case "Space":
				parts = append(parts, " ")
			default:
				parts = append(parts, w.Value)
			}
		}
		return step{kind: stepScript, layer: words[:j], script: strings.Join(parts, ""), label: "tmux send-keys"}, nil
	}
	return joinedScript(words, j, "tmux", "tmux "+sub)
}

// stripLeadingOptions: a wrapper whose options come first (those in
// withArg take the next word), then the command.
func stripLeadingOptions(tool string, withArg []string) stripFunc {
	return func(words []Word) (step, *errUncertain) {
		i := 1
		for i < len(words) && words[i].Literal && strings.HasPrefix(words[i].Value, "-") {
			v := words[i].Value
			i++
			if v == "--" {
				break
			}
			for _, o := range withArg {
				if v == o {
					i++
				}
			}
		}
		return finish(words, i, "", tool, nil)
	}
}

// stripAfterDashes: a wrapper that runs what follows its "--".
func stripAfterDashes(tool string) stripFunc {
	return func(words []Word) (step, *errUncertain) {
		for i := 1; i < len(words); i++ {
			if words[i].Literal && words[i].Value == "--" {
				return finish(words, i+1, "", tool, nil)
			}
		}
		return step{kind: stepNone}, nil
	}
}

// stripRunner: a tool that runs a command in its environment, directly
// (npx CMD, uvx CMD) or after a subcommand (uv run CMD, npm exec -- CMD,
// bundle exec CMD); -c/--call 'SCRIPT' runs a shell script (npx -c).
func stripRunner(tool string, subcommands []string) stripFunc {
	return func(words []Word) (step, *errUncertain) {
		i := 1
		if len(subcommands) > 0 {
			if i >= len(words) || !words[i].Literal || !slices.Contains(subcommands, words[i].Value) {
				return step{kind: stepNone}, nil
			}
			i++
		}
		for i < len(words) && words[i].Literal && strings.HasPrefix(words[i].Value, "-") {
			v := words[i].Value
			if v == "--" {
				i++
				break
			}
			if (v == "-c" || v == "--call") && i+1 < len(words) {
				return scriptStep(words, option{name: "c", value: words[i+1].String(), word: words[i+1]}, tool)
			}
			if strings.HasPrefix(v, "--call=") {
				return step{kind: stepScript, layer: words, script: strings.TrimPrefix(v, "--call=")}, nil
			}
			i++
			if (v == "-p" || v == "--package" || v == "-n" || v == "--name" || v == "--with" || v == "--from") && i < len(words) {
				i++
			}
		}
		return finish(words, i, "", tool, nil)
	}
}

// stripCapsh: capsh [options] -- ARGS runs /bin/bash ARGS.
func stripCapsh(words []Word) (step, *errUncertain) {
	for i := 1; i < len(words); i++ {
		if words[i].Literal && words[i].Value == "--" {
			rest := append([]Word{LiteralWord("bash")}, words[i+1:]...)
			return step{kind: stepStrip, layer: words[:i+1], rest: rest}, nil
		}
	}
	return step{kind: stepNone}, nil
}

// stripMachinectl: machinectl shell [USER@]MACHINE [CMD …].
func stripMachinectl(words []Word) (step, *errUncertain) {
	if len(words) < 4 || !words[1].Literal || words[1].Value != "shell" {
		return step{kind: stepNone}, nil
	}
	i := 2
	for i < len(words) && words[i].Literal && strings.HasPrefix(words[i].Value, "-") {
		i++
	}
	return finish(words, i+1, "", "machinectl", nil)
}

// stripDirenv: direnv exec DIR CMD.
func stripDirenv(words []Word) (step, *errUncertain) {
	if len(words) < 4 || !words[1].Literal || words[1].Value != "exec" {
		return step{kind: stepNone}, nil
	}
	return finish(words, 3, "", "direnv", nil)
}

// stripCrossEnv: cross-env NAME=VALUE… CMD.
func stripCrossEnv(words []Word) (step, *errUncertain) {
	i := 1
	for i < len(words) && words[i].Literal && strings.Contains(words[i].Value, "=") {
		i++
	}
	return finish(words, i, "", "cross-env", nil)
}

// stripNixShell: nix-shell … --run|--command SCRIPT.
func stripNixShell(words []Word) (step, *errUncertain) {
	for i := 1; i+1 < len(words); i++ {
		if words[i].Literal && (words[i].Value == "--run" || words[i].Value == "--command") {
			return scriptStep(words, option{name: "run", value: words[i+1].String(), word: words[i+1]}, "nix-shell")
		}
	}
	return step{kind: stepNone}, nil
}

// stripPwsh: pwsh -c/-Command SCRIPT runs PowerShell, whose common
// aliases (rm, del) read like shell commands: the script is modelled as
// shell text.
func stripPwsh(words []Word) (step, *errUncertain) {
	for i := 1; i+1 < len(words); i++ {
		if v := strings.ToLower(words[i].Value); words[i].Literal && (v == "-c" || v == "-command") {
			return scriptStep(words, option{name: "c", value: words[i+1].String(), word: words[i+1]}, "pwsh")
		}
	}
	return step{kind: stepNone}, nil
}
