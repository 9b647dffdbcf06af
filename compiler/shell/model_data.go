package shell

import (
	"path"
	"slices"
	"strings"
)

// classifyData reports which words of an argv its program treats as data
// (reads, prints, searches for or sends as a message, and never runs),
// with the reason; nil when none is. Only literal words are data: a
// substitution inside a word runs, and is a command of its own anyway.
//
// The argv is the command after unwrapping (xargs echo rm gives echo
// rm), and a git argv is normalised ([ParseGit]). What is data:
//   - every argument of a program that only prints, looks up or ignores
//     its arguments: echo, printf, man, info, whatis, apropos, tldr,
//     help, type, which, whereis, command -v/-V, :, true, false;
//   - every argument of an invocation that prints help or a version
//     (--help, -help, --version, -version anywhere, a lone trailing -h
//     after subcommand words, NAME help …) or that only previews (a dry
//     run: --dry-run, --dryrun, --what-if, --simulate, --check for
//     ansible, -n for make, rsync and git clean/push/rm/add/mv, -s for
//     apt-get, kubectl auth can-i);
//   - search patterns: grep-like tools' pattern, git grep's, git log
//     -S/-G/--grep/--author, jq's filter, a sed script that only prints,
//     deletes or substitutes, an awk program that runs nothing;
//   - messages: git commit/tag/merge/notes/stash -m, gh and glab
//     --title/--body/--message.
func classifyData(argv []string, literal []bool, code *Code) ([]bool, string) {
	if len(argv) == 0 {
		return nil, ""
	}
	name := path.Base(argv[0])
	all := func(reason string) ([]bool, string) {
		data := make([]bool, len(argv))
		any := false
		for i := 1; i < len(argv); i++ {
			data[i] = literal[i]
			any = any || data[i]
		}
		if !any {
			return nil, ""
		}
		return data, reason
	}
	switch name {
	case "echo", "printf":
		return all(name + " prints its arguments")
	case "man", "info", "whatis", "apropos", "tldr", "help", "type", "which", "whereis":
		return all(name + " only looks its arguments up")
	case ":", "true", "false":
		return all(name + " ignores its arguments")
	case "command":
		if len(argv) > 1 && (strings.HasPrefix(argv[1], "-v") || strings.HasPrefix(argv[1], "-V")) {
			return all("command " + argv[1] + " only looks its arguments up")
		}
	}
	if reason, prints := helpOrPreview(name, argv); reason != "" {
		data, why := all(reason)
		if prints && literal[0] {
			// Help and version output run nothing: the program's name
			// is data too (shred --help shreds nothing).
			if data == nil {
				data = make([]bool, len(argv))
			}
			data[0] = true
			why = reason
		}
		return data, why
	}
	var idx []int
	reason := ""
	switch name {
	case "grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack", "pgrep", "git-grep":
		short, long := grepArgOpts(name)
		idx, reason = patternArgs(argv, 1, short, long), "the search pattern of "+name
	case "git":
		if g, ok := ParseGit(argv); ok && !g.Uncertain {
			norm, why := gitDataArgs(g.Argv)
			idx, reason = indexesByValue(argv, g.Argv, norm), why
		} else {
			idx, reason = gitDataArgs(argv)
		}
	case "gh", "glab":
		idx = optionValues(argv, []string{"-t", "--title", "-b", "--body", "-m", "--message", "-n", "--notes", "--description"})
		reason = "a title or message of " + name
	case "fzf", "sk":
		idx, reason = optionValues(argv, []string{"-q", "--query", "-f", "--filter"}), "the query of "+name
	case "semgrep", "ast-grep", "sg", "comby":
		idx, reason = optionValues(argv, []string{"-e", "--pattern", "-p"}), "the search pattern of "+name
	case "jq", "yq", "gojq", "jaq":
		idx, reason = jqFilter(argv), "the filter of "+name
	case "sed", "gsed":
		idx, reason = sedScript(argv), "a sed script that only prints, deletes or substitutes"
	case "awk", "gawk", "mawk", "nawk":
		if code != nil && len(code.Shell) == 0 && len(code.Dynamic) == 0 {
			for i := 1; i < len(argv); i++ {
				if argv[i] == code.Text {
					idx = append(idx, i)
					break
				}
			}
			reason = "an awk program that runs no command"
		}
	}
	if len(idx) == 0 {
		return nil, ""
	}
	data := make([]bool, len(argv))
	any := false
	for _, i := range idx {
		if i > 0 && i < len(argv) && literal[i] {
			data[i] = true
			any = true
		}
	}
	if !any {
		return nil, ""
	}
	return data, reason
}

// helpOrPreview returns why an invocation only prints help, a version or
// a preview, or ""; prints is true for help and version output (which
// runs nothing at all).
//
// Only forms the program is known to honour count: a help or version
// flag beside nothing but subcommand words (kubectl delete --help; rm -rf
// x --help is not, since BSD rm takes --help as a file to delete), and
// the dry-run options of the tools that have one (a --dry-run given to rm
// is a file name or an error, never a promise).
func helpOrPreview(name string, argv []string) (reason string, prints bool) {
	args := argv[1:]
	scripted := isInterpreterName(name) && len(args) > 0 && !strings.HasPrefix(args[0], "-")
	for i, a := range args {
		if a == "--" {
			break
		}
		if noHelp[name] && (len(args) > 1 || a == "-h" || a == "-V" || a == "help") || isOptionValue(name, args, i) {
			// kill -9 -1 --help signals first; git clean -e --help
			// excludes a file named --help and cleans.
			continue
		}
		switch a {
		case "--help", "-help", "--version", "-version", "--usage":
			// Not beside an operand of a program that may not honour it
			// there (BSD touch x --help creates x and a file --help).
			if helpAnywhere[name] || allOptions(args) {
				return "a " + a + " invocation prints and runs nothing", true
			}
		case "-h", "-V":
			if len(args) == 1 || a == "-h" && helpAnywhere[name] {
				return "a lone " + a + " prints help or a version", true
			}
		case "help":
			// Only as the first word (kubectl help delete; the AWS CLI's
			// is the last: aws s3 rb help); elsewhere it is an operand
			// (kubectl delete ns help deletes namespace help).
			if allWords(args) && len(args) <= 5 && (helpAnywhere[name] && i == 0 || name == "aws" && i == len(args)-1 || scripted && i == 1 || i == 0 && len(args) == 1 && !isShellName(name) && !isInterpreterName(name)) {
				return name + " help prints help", true
			}
		}
	}
	if why := dryRun(name, argv); why != "" {
		// A preview acts on nothing: the program's name is data too.
		return why, true
	}
	return "", false
}

// noHelp are programs that act before, or instead of, printing help
// when anything else is on the line (or for -h, -V, help): bash's kill
// signals the pids before it complains about --help, killall5 ignores
// it, shutdown -h means halt, mkfs -V is verbose, dropdb help drops a
// database named help. A lone --help still prints help.
var noHelp = map[string]bool{
	"kill": true, "killall5": true, "shutdown": true, "reboot": true, "halt": true, "poweroff": true,
	"mkfs": true, "mke2fs": true, "dropdb": true, "dropuser": true,
}

// valueOptions are, per program, the options whose value is the next
// word: a --help, -n or --dry-run there is that value, not a flag
// (git clean -e --help, kubectl delete ns x -n --dry-run=server).
var valueOptions = map[string][]string{
	"git": {"-o", "--push-option", "-e", "--exclude", "--receive-pack", "--exec", "-m", "-F", "--file", "-C", "-c",
		"--git-dir", "--work-tree", "--namespace", "-b", "-B", "--orphan", "--reference", "--template", "-s", "--strategy",
		"-X", "--strategy-option", "--expire", "--onto", "-u", "--upload-pack", "--repo", "--author", "--date", "--message"},
	"kubectl": {"-n", "--namespace", "-l", "--selector", "-o", "--output", "-f", "--filename", "--context", "--cluster",
		"--user", "-c", "--container", "--field-selector", "-s", "--server", "--token", "--kubeconfig", "--raw",
		"--grace-period", "--timeout", "--cascade", "--as", "--as-group", "-k", "--kustomize", "--type", "--from-literal", "--image"},
	"rsync": {"--exclude", "--include", "--log-file", "--suffix", "--backup-dir", "--partial-dir", "--exclude-from",
		"--include-from", "--files-from", "-e", "--rsh", "--rsync-path", "--filter", "-f", "--temp-dir", "-T",
		"--compare-dest", "--link-dest", "--copy-dest", "--chmod", "--chown", "--bwlimit", "--timeout", "--port",
		"--password-file", "--out-format", "--log-file-format", "--max-size", "--min-size", "--max-delete",
		"--modify-window", "--iconv", "--checksum-choice", "--compress-choice", "-B", "--block-size", "--info",
		"--debug", "--usermap", "--groupmap", "-M", "--remote-option", "--contimeout", "--sockopts", "--write-batch", "--read-batch"},
	"helm":      {"-n", "--namespace", "-f", "--values", "--set", "--set-string", "--kube-context", "--kubeconfig", "--version", "--timeout", "-o", "--output"},
	"docker":    {"-f", "--file", "-t", "--tag", "-e", "--env", "-v", "--volume", "--name", "-p", "--publish", "--filter", "--format", "-H", "--host", "--context", "-c", "--config"},
	"terraform": {"-var", "-var-file", "-target", "-chdir", "-state", "-out"},
}

// isOptionValue reports whether args[i] is the value of the option just
// before it.
func isOptionValue(name string, args []string, i int) bool {
	if name == "oc" {
		name = "kubectl"
	}
	if i == 0 {
		return false
	}
	return slices.Contains(valueOptions[name], args[i-1])
}

// helpAnywhere are the programs that print help and do nothing else when
// --help (or -h) stands anywhere among their arguments: those with their
// own option parser, the same on every platform (git, and the cobra,
// urfave and Python CLIs of cloud tools). GNU tools do too, but BSD and
// busybox ones read a later --help as an operand (rm -rf x --help removes
// a file named --help on macOS), so they are not here.
var helpAnywhere = map[string]bool{
	"git": true, "docker": true, "podman": true, "kubectl": true, "oc": true, "helm": true, "gh": true, "glab": true,
	"terraform": true, "tofu": true, "terragrunt": true, "aws": true, "gcloud": true, "az": true, "pulumi": true,
	"flux": true, "argocd": true, "kind": true, "minikube": true, "eksctl": true, "vercel": true, "fly": true, "flyctl": true,
	"firebase": true, "heroku": true, "doctl": true, "npm": true, "cargo": true, "go": true,
}

// dryRunOptions are, per program, the options that make it only show what
// it would do. Read only.
var dryRunOptions = map[string][]string{
	"kubectl": {"--dry-run"}, "oc": {"--dry-run"}, "helm": {"--dry-run"}, "argocd": {"--dry-run"},
	"flux": {"--dry-run"}, "skaffold": {"--dry-run"}, "kustomize": {"--dry-run"},
	"rsync": {"--dry-run"}, "rclone": {"--dry-run"}, "restic": {"--dry-run"}, "borg": {"--dry-run"},
	"make": {"--dry-run", "--just-print", "--recon"}, "gmake": {"--dry-run", "--just-print", "--recon"},
	"apt-get": {"-s", "--simulate", "--just-print", "--dry-run", "--no-act", "--recon", "--assume-no"},
	"apt":     {"-s", "--simulate", "--just-print", "--dry-run", "--no-act", "--recon", "--assume-no"},
	"ansible": {"--check", "-C"}, "ansible-playbook": {"--check", "-C"},
	"npm": {"--dry-run"}, "pnpm": {"--dry-run"}, "yarn": {"--dry-run"}, "cargo": {"--dry-run"},
	"pip": {"--dry-run"}, "pip3": {"--dry-run"}, "uv": {"--dry-run"}, "poetry": {"--dry-run"}, "brew": {"--dry-run"},
	"aws": {"--dryrun", "--dry-run", "--generate-cli-skeleton"}, "certbot": {"--dry-run"}, "zypper": {"--dry-run"},
	"dnf": {"--assumeno"}, "yum": {"--assumeno"}, "az": {"--what-if"}, "pulumi": {"--preview-only"},
	"wipefs": {"-n", "--no-act"}, "sfdisk": {"-n", "--no-act"}, "mke2fs": {"-n"},
	"docker": {"--dry-run"}, "docker-compose": {"--dry-run"}, "podman": {"--dry-run"},
	"zfs": {"-n"}, "zpool": {"-n"}, "sgdisk": {"--pretend", "-P"}, "rake": {"-n", "--dry-run", "-T", "--tasks", "-D", "--describe", "-W", "--where"},
	"shutdown": {"-c", "--show", "-k"}, "mkfs.ext2": {"-n"}, "mkfs.ext3": {"-n"}, "mkfs.ext4": {"-n"},
	"semgrep": {"--dry-run"}, "terraform": {}, "rails": {"-T", "--tasks", "-D", "--describe", "-n", "--dry-run"},
	"mkfs.xfs": {"-N"}, "lvremove": {"--test", "-t"}, "vgremove": {"--test", "-t"}, "pvremove": {"--test", "-t"},
}

// shortDryRun are programs whose -n in a cluster of short options is a
// dry run.
var shortDryRun = map[string]bool{"rsync": true, "rclone": true, "make": true, "gmake": true, "borg": true, "wipefs": true, "zfs": true}

// dryRun returns why a program's own dry-run option makes the invocation
// a preview, or "".
func dryRun(name string, argv []string) string {
	args := argv[1:]
	if name == "git" {
		return gitDryRun(argv)
	}
	if (name == "kubectl" || name == "oc") && len(args) >= 2 && args[0] == "auth" && args[1] == "can-i" {
		return "kubectl auth can-i only asks"
	}
	if name == "redis-cli" {
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if u := strings.ToUpper(a); u == "COMMAND" || u == "ACL" || u == "HELP" {
				return "redis-cli " + a + " only describes commands"
			}
			break
		}
	}
	if name == "az" && len(args) >= 1 && args[0] == "find" {
		return "az find only searches the documentation"
	}
	if name == "php" && len(args) >= 1 && path.Base(args[0]) == "artisan" && slices.Contains(args, "--pretend") {
		return "a dry run (artisan --pretend)"
	}
	opts := dryRunOptions[name]
	// The last word about it counts: --dry-run --no-dry-run and
	// --dry-run --dry-run=none both run for real.
	why := ""
	for i, a := range args {
		if a == "--" {
			break
		}
		if (name == "kubectl" || name == "oc") && (a == "--raw" || strings.HasPrefix(a, "--raw=")) {
			return "" // kubectl --raw sends the request as it is, dry run or not
		}
		if isOptionValue(name, args, i) {
			continue
		}
		for _, o := range opts {
			long, isLong := strings.CutPrefix(o, "--")
			switch v, hasValue := strings.CutPrefix(a, o+"="); {
			case a == o:
				why = "a dry run (" + name + " " + a + ")"
			case hasValue && isLong:
				why = ""
				if v != "none" && v != "false" && v != "0" && v != "" {
					why = "a dry run (" + name + " " + a + ")"
				}
			case isLong && (a == "--no-"+long || a == "--no"+long):
				why = ""
			}
		}
		if shortDryRun[name] && isShortCluster(a) && strings.Contains(a[1:], "n") {
			why = "a dry run (" + name + " " + a + ")"
		}
	}
	return why
}

// gitDryRun returns why a git invocation is a dry run, or "".
func gitDryRun(argv []string) string {
	if g, ok := ParseGit(argv); ok && !g.Uncertain {
		argv = g.Argv
	}
	if len(argv) < 2 {
		return ""
	}
	sub := argv[1]
	why := "" // the last word about it counts (--dry-run --no-dry-run runs)
	for i, a := range argv[2:] {
		if a == "--" {
			break
		}
		if isOptionValue("git", argv[2:], i) {
			continue // git clean -e -n excludes a file named -n
		}
		switch {
		case a == "--dry-run" && (sub == "push" || sub == "clean" || sub == "add" || sub == "rm" || sub == "mv" || sub == "commit" || sub == "fetch" || sub == "filter-repo" || sub == "reflog" || sub == "prune" || sub == "worktree"):
			why = "a dry run (git " + sub + " --dry-run)"
		case a == "--no-dry-run" || a == "--no-analyze":
			why = ""
		case sub == "filter-repo" && a == "--analyze":
			why = "git filter-repo --analyze only reports"
		case sub == "push" && a == "-n":
			why = "a dry run (git push -n)"
		case (sub == "clean" || sub == "rm" || sub == "add" || sub == "mv" || sub == "reflog" || sub == "prune") && isShortCluster(a) && strings.Contains(a[1:], "n"):
			why = "a dry run (git " + sub + " " + a + ")"
		}
	}
	return why
}

// isShortCluster reports a cluster of short options (-abc), not a long
// option or a negative number.
func isShortCluster(a string) bool {
	if len(a) < 2 || a[0] != '-' || a[1] == '-' {
		return false
	}
	for _, c := range a[1:] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// allOptions reports arguments that are all options: with no operand, a
// --help among them makes any getopt-style program print help (or fail)
// and act on nothing.
func allOptions(args []string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" || a == "--" || len(a) > 1 && a[1] >= '0' && a[1] <= '9' {
			return false // an operand, or a number (kill -9 -1)
		}
	}
	return true
}

// allWords reports words that are not options (subcommands).
func allWords(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}

// grepArgOpts returns the short options of a grep-like tool that take an
// argument, and its long ones.
func grepArgOpts(name string) (short string, long []string) {
	switch name {
	case "rg":
		return "ABCEMTdefgjmrt", []string{"after-context", "before-context", "context", "encoding", "max-columns", "type-not", "max-depth", "regexp", "file", "glob", "iglob", "threads", "max-count", "replace", "type", "colors", "sort", "sortr", "path-separator", "pre", "pre-glob", "type-add", "engine", "max-filesize", "field-match-separator", "field-context-separator", "context-separator", "dfa-size-limit", "regex-size-limit", "ignore-file", "hostname-bin", "hyperlink-format"}
	case "ag":
		return "ABCGgmp", []string{"after", "before", "context", "file-search-regex", "max-count", "path-to-ignore", "ignore", "ignore-dir", "depth", "pager", "workers"}
	case "pgrep":
		return "gGPstuUF", []string{"group", "pgroup", "parent", "session", "terminal", "euid", "uid", "pidfile", "ns", "nslist", "signal", "delimiter", "d"}
	}
	return "ABCDdefm", []string{"after-context", "before-context", "context", "devices", "directories", "regexp", "file", "max-count", "include", "exclude", "exclude-dir", "exclude-from", "label", "binary-files", "color", "colour", "group-separator"}
}

// patternArgs returns the index of the search pattern(s) of a grep-like
// argv: the values of -e/--regexp, else the first operand.
func patternArgs(argv []string, start int, short string, long []string) []int {
	var idx []int
	first := -1
	fromFile := false
	for i := start; i < len(argv); i++ {
		a := argv[i]
		if a == "--" {
			if first < 0 && i+1 < len(argv) {
				first = i + 1
			}
			break
		}
		switch {
		case strings.HasPrefix(a, "--"):
			n, v, hasV := strings.Cut(a[2:], "=")
			if n == "regexp" {
				if hasV {
					idx = append(idx, i)
				} else if i+1 < len(argv) {
					idx = append(idx, i+1)
				}
			}
			if n == "file" {
				fromFile = true
			}
			if !hasV && containsString(long, n) {
				i++
			}
			_ = v
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				if strings.IndexByte(short, a[j]) < 0 {
					continue
				}
				if a[j] == 'e' {
					if j+1 < len(a) {
						idx = append(idx, i)
					} else if i+1 < len(argv) {
						idx = append(idx, i+1)
					}
				}
				if a[j] == 'f' {
					fromFile = true
				}
				if j+1 == len(a) {
					i++
				}
				break
			}
		default:
			if first < 0 {
				first = i
			}
		}
		if first >= 0 {
			break
		}
	}
	if len(idx) == 0 && !fromFile && first >= 0 {
		idx = append(idx, first)
	}
	return idx
}

func containsString(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// gitDataArgs returns the data words of a normalised git argv.
func gitDataArgs(argv []string) ([]int, string) {
	if len(argv) < 2 {
		return nil, ""
	}
	sub := argv[1]
	switch sub {
	case "commit", "tag", "merge", "notes", "stash", "revert", "cherry-pick":
		return optionValues(argv, []string{"-m", "--message"}), "the message of git " + sub
	case "push":
		return optionValues(argv, []string{"-o", "--push-option"}), "a push option's text (git push -o)"
	case "log", "show", "shortlog", "whatchanged", "rev-list", "reflog":
		return optionValues(argv, []string{"-S", "-G", "--grep", "--author", "--committer"}), "a search of git " + sub
	case "grep":
		short, long := grepArgOpts("grep")
		return patternArgs(argv, 2, short, long), "the search pattern of git grep"
	}
	return nil, ""
}

// optionValues returns the indexes of the values of the given options
// (-m VALUE, -mVALUE, --message VALUE, --message=VALUE); a word that
// holds its option as well (-mVALUE) is returned whole.
func optionValues(argv []string, opts []string) []int {
	var idx []int
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		if a == "--" {
			break
		}
		for _, o := range opts {
			switch {
			case a == o:
				if i+1 < len(argv) {
					idx = append(idx, i+1)
					i++
				}
			case strings.HasPrefix(o, "--") && strings.HasPrefix(a, o+"="):
				idx = append(idx, i)
			case len(o) == 2 && !strings.HasPrefix(o, "--") && strings.HasPrefix(a, o) && len(a) > 2 && !strings.HasPrefix(a, "--"):
				idx = append(idx, i)
			default:
				continue
			}
			break
		}
	}
	return idx
}

// jqFilter returns the index of jq's filter and of its --arg values.
func jqFilter(argv []string) []int {
	var idx []int
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch a {
		case "-f", "--from-file":
			return idx
		case "--arg", "--argjson":
			if i+2 < len(argv) {
				idx = append(idx, i+2)
			}
			i += 2
			continue
		case "--slurpfile", "--rawfile":
			i += 2
			continue
		case "--indent", "-L", "--tab-size":
			i++
			continue
		case "--args", "--jsonargs":
			continue
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			continue
		}
		return append(idx, i)
	}
	return idx
}

// sedScript returns the index of a sed script that cannot run or write
// anything (no e, w, W or r commands or flags), when there is one.
func sedScript(argv []string) []int {
	var scripts []int
	first := -1
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "-e" || a == "--expression":
			if i+1 < len(argv) {
				scripts = append(scripts, i+1)
			}
			i++
		case strings.HasPrefix(a, "--expression="):
			return nil
		case a == "-f" || strings.HasPrefix(a, "--file"):
			return nil
		case strings.HasPrefix(a, "-i") || strings.HasPrefix(a, "--in-place") || isShortCluster(a) && strings.ContainsRune(a[1:], 'i'):
			return nil // edits files: not a search
		case strings.HasPrefix(a, "-") && a != "-":
		default:
			if first < 0 && len(scripts) == 0 {
				first = i
			}
		}
	}
	if len(scripts) == 0 && first >= 0 {
		scripts = []int{first}
	}
	for _, i := range scripts {
		if !quietSedScript(argv[i]) {
			return nil
		}
	}
	return scripts
}

// quietSedScript reports a sed script made only of addresses and the
// commands p, d, =, q, n, N, P, D, h, H, g, G, x, l, y and s with flags
// g, p, i, I, m, M and digits.
func quietSedScript(s string) bool {
	i := 0
	skipRegex := func(delim byte) bool {
		for i < len(s) {
			c := s[i]
			i++
			if c == '\\' {
				i++
				continue
			}
			if c == delim {
				return true
			}
			if c == '\n' {
				return false
			}
		}
		return false
	}
	address := func() bool {
		switch {
		case i < len(s) && s[i] == '/':
			i++
			return skipRegex('/')
		case i < len(s) && s[i] == '\\' && i+1 < len(s):
			d := s[i+1]
			i += 2
			return skipRegex(d)
		case i < len(s) && s[i] == '$':
			i++
		default:
			for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '~') {
				i++
			}
		}
		return true
	}
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == ';' || s[i] == '\n' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		if !address() {
			return false
		}
		if i < len(s) && s[i] == ',' {
			i++
			if !address() {
				return false
			}
		}
		for i < len(s) && (s[i] == ' ' || s[i] == '!') {
			i++
		}
		if i >= len(s) {
			return false
		}
		c := s[i]
		i++
		switch c {
		case 'p', 'd', '=', 'q', 'n', 'N', 'P', 'D', 'h', 'H', 'g', 'G', 'x', 'l', '{', '}':
		case 's', 'y':
			if i >= len(s) {
				return false
			}
			d := s[i]
			if d == '\\' || d == '\n' {
				return false
			}
			i++
			if !skipRegex(d) || !skipRegex(d) {
				return false
			}
			if c == 's' {
				for i < len(s) && strings.IndexByte("gpiImM0123456789", s[i]) >= 0 {
					i++
				}
			}
		default:
			return false
		}
	}
	return true
}

// indexesByValue maps indexes into norm to the indexes of argv that hold
// the same values (a normalised argv reorders and drops words).
func indexesByValue(argv, norm []string, idx []int) []int {
	isData := map[int]bool{}
	for _, i := range idx {
		isData[i] = true
	}
	var out []int
	for _, i := range idx {
		// A value that also stands in the argv as a word that is not
		// data (git push -o --force --force) marks nothing: which word
		// is which is not known, and a guess would hide a flag.
		allData := true
		for k, a := range norm {
			if k > 0 && a == norm[i] && !isData[k] {
				allData = false
			}
		}
		if !allData {
			continue
		}
		for j, a := range argv {
			if j > 0 && a == norm[i] && !slices.Contains(out, j) {
				out = append(out, j)
			}
		}
	}
	return out
}
