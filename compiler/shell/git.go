package shell

import (
	"slices"
	"strings"
	"sync"
)

// GitCommand is a git invocation with its global options taken apart and the
// long options of its subcommand written out in full, so that a rule written
// for "git push --force" also sees "git -C repo push --forc".
type GitCommand struct {
	// Argv is the invocation as rules should see it: "git", the subcommand,
	// then its arguments, with the global options removed and the
	// subcommand's unambiguous long-option abbreviations expanded the way
	// git's parse-options resolves them (--har → --hard, --forc for clean →
	// --force, --no-verif → --no-verify, --no-no-verify → --verify). A
	// stuck value is kept (--force-w=main → --force-with-lease=main). A "--"
	// or "--end-of-options" and everything after it is kept unchanged, and
	// so are option values, operands, short options and anything git would
	// reject as unknown or ambiguous. For the modes that run no subcommand
	// (--version, --help, -v, -h, --exec-path, --html-path, --man-path,
	// --info-path, --list-cmds=…) Argv is "git", the mode word and the
	// remaining words unchanged. When Uncertain, Argv is the input
	// unchanged.
	Argv []string
	// Config holds the values of the -c NAME=VALUE and --config-env
	// NAME=ENVVAR global options, in order, as written
	// ("clean.requireForce=false").
	Config []string
	// Dirs holds the values of -C DIR, --git-dir and --work-tree, in order.
	Dirs []string
	// Globals holds the global option words removed from Argv, values
	// included, in order (["-C", "repo", "--no-pager"]).
	Globals []string
	// Uncertain is set, with Reason, when a global option is not one git
	// accepts (git then exits without running anything), an option value is
	// missing, or the subcommand is defined by a -c alias.NAME option (git
	// ignores an alias that names one of its own commands). Config, Dirs
	// and Globals then hold the global options read before the problem.
	Uncertain bool
	// Reason explains Uncertain.
	Reason string
}

// ParseGit normalises a git invocation. argv[0] must be git, by bare name or
// absolute path (/usr/bin/git); for anything else ParseGit returns false.
//
// Global options are matched exactly, as git's own top-level parser does:
// "git --no-pag log" is rejected by git and reported Uncertain here. The
// subcommands whose long options are expanded are push, reset, clean,
// branch, checkout, switch, restore, stash and its subcommands, rebase,
// commit, tag, update-ref, reflog expire/delete/exists, gc, merge, pull,
// fetch, remote and its subcommands, worktree and its subcommands, rm and mv
// (option tables of git 2.49). filter-branch and submodule parse their
// options in shell scripts that accept no abbreviations; they, and every
// other subcommand, keep their arguments unchanged.
func ParseGit(argv []string) (GitCommand, bool) {
	if len(argv) == 0 || !isGitName(argv[0]) {
		return GitCommand{}, false
	}
	var g GitCommand
	i, mode, reason := g.takeGlobals(argv)
	if reason == "" && !mode && i < len(argv) && g.definesAlias(argv[i]) {
		reason = "git: subcommand " + argv[i] + " is defined by a -c alias option"
	}
	if reason != "" {
		g.Argv = append([]string(nil), argv...)
		g.Uncertain, g.Reason = true, reason
		return g, true
	}
	g.Argv = append(make([]string, 0, len(argv)-i+1), "git")
	switch {
	case i == len(argv):
	case mode:
		g.Argv = append(g.Argv, argv[i:]...)
	default:
		g.Argv = append(g.Argv, argv[i])
		spec, ok := gitSpecs()[argv[i]]
		if !ok {
			g.Argv = append(g.Argv, argv[i+1:]...)
			break
		}
		g.Argv = gitExpand(g.Argv, spec, argv[i+1:])
	}
	return g, true
}

// isGitName reports whether name is git by bare name or absolute path.
// Relative paths such as ./git are the user's own programs.
func isGitName(name string) bool {
	if strings.HasPrefix(name, "/") {
		name = name[strings.LastIndexByte(name, '/')+1:]
	}
	return name == "git"
}

// gitValueOptions are the global options that take their value as the next
// word or after "=", and where that value is recorded.
var gitValueOptions = map[string]string{
	"-C":             "dir",
	"-c":             "config",
	"--config-env":   "config",
	"--git-dir":      "dir",
	"--work-tree":    "dir",
	"--namespace":    "",
	"--attr-source":  "",
	"--super-prefix": "",
	"--shallow-file": "",
}

// gitFlagOptions are the global options without a value.
var gitFlagOptions = []string{
	"-p", "--paginate", "-P", "--no-pager", "--no-replace-objects", "--no-lazy-fetch",
	"--no-optional-locks", "--no-advice", "--bare", "--literal-pathspecs",
	"--no-literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs",
}

// takeGlobals consumes the global options of argv (after argv[0]) like git's
// handle_options. It returns the index of the subcommand (len(argv) when
// there is none), whether that word is a mode that runs no subcommand, and a
// reason when the options are not understood.
func (g *GitCommand) takeGlobals(argv []string) (next int, mode bool, reason string) {
	i := 1
	for i < len(argv) {
		a := argv[i]
		if a == "" || a[0] != '-' {
			return i, false, ""
		}
		if gitIsMode(a) {
			return i, true, ""
		}
		if strings.HasPrefix(a, "--exec-path=") || slices.Contains(gitFlagOptions, a) {
			g.Globals = append(g.Globals, a)
			i++
			continue
		}
		name, value, stuck := strings.Cut(a, "=")
		dest, ok := gitValueOptions[name]
		switch {
		case !ok || (stuck && (name == "-C" || name == "-c" || name == "--shallow-file")):
			return i, false, "git: unknown global option " + a
		case stuck:
			g.Globals = append(g.Globals, a)
			i++
		case i+1 >= len(argv):
			return i, false, "git: global option " + a + " needs a value"
		default:
			value = argv[i+1]
			g.Globals = append(g.Globals, a, value)
			i += 2
		}
		switch dest {
		case "dir":
			g.Dirs = append(g.Dirs, value)
		case "config":
			g.Config = append(g.Config, value)
		}
	}
	return i, false, ""
}

// gitIsMode reports whether a global option word makes git print something
// and exit instead of running a subcommand. git treats any word starting
// with --exec-path but not --exec-path= as the query.
func gitIsMode(a string) bool {
	switch a {
	case "--version", "-v", "--help", "-h", "--html-path", "--man-path", "--info-path":
		return true
	}
	if strings.HasPrefix(a, "--list-cmds=") {
		return true
	}
	return strings.HasPrefix(a, "--exec-path") && !strings.HasPrefix(a, "--exec-path=")
}

// definesAlias reports whether a -c or --config-env option defines the
// subcommand as an alias (alias.NAME; the variable name is case-insensitive).
// git ignores aliases that name its own commands, among them every command
// of gitSpecs.
func (g *GitCommand) definesAlias(sub string) bool {
	if _, ok := gitSpecs()[sub]; ok {
		return false
	}
	for _, c := range g.Config {
		key, _, _ := strings.Cut(c, "=")
		if section, name, ok := strings.Cut(key, "."); ok &&
			strings.EqualFold(section, "alias") && strings.EqualFold(name, sub) {
			return true
		}
	}
	return false
}

// gitExpand appends args to out with the long-option abbreviations expanded
// according to spec, emulating git's parse_options: options may follow
// operands, "--" and "--end-of-options" end them, a value taken from the next
// word is kept as is, and for a command with subcommands the first operand
// selects the subcommand.
func gitExpand(out []string, spec gitSpec, args []string) []string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if spec.verbatim || a == "--" || a == "--end-of-options" {
			return append(out, args[i:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			if spec.subs == nil {
				out = append(out, a)
				continue
			}
			if sub, ok := spec.subs[a]; ok {
				out = append(out, a)
				spec = sub
				continue
			}
			// Not a subcommand: these words are for the default mode.
			return gitExpand(out, spec.fallback(), args[i:])
		}
		var word string
		var takesNext, known bool
		if a[1] == '-' {
			word, takesNext, known = spec.longOption(a)
		} else {
			word, takesNext, known = a, spec.shortTakesNext(a[1:]), spec.shortKnown(a[1])
		}
		if !known && spec.subs != nil && spec.unknownFallback {
			return gitExpand(out, spec.fallback(), args[i:])
		}
		out = append(out, word)
		if takesNext && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
	}
	return out
}

// gitSpec describes the options of a git subcommand as its parse-options
// table declares them.
type gitSpec struct {
	// flags are the short options without an argument.
	flags string
	// withArg are the short options with a required argument (attached or
	// the next word).
	withArg string
	// optArg are the short options whose optional argument must be attached.
	optArg string
	// long lists the long options: "name" takes no argument, "name=" requires
	// one (after = or as the next word), "name?" takes an optional one after
	// =; a leading "!" marks an option that cannot be negated
	// (PARSE_OPT_NONEG: no --no-NAME form, or for a no-NAME option no
	// --NAME form).
	long []string
	// exact: abbreviations are not accepted (PARSE_OPT_KEEP_UNKNOWN_OPT).
	exact bool
	// verbatim: the arguments are not parse-options options; nothing is
	// expanded.
	verbatim bool
	// subs are the subcommands, selected by the first operand.
	subs map[string]gitSpec
	// dflt names the subcommand that receives the arguments when none is
	// given ("" leaves them unchanged).
	dflt string
	// unknownFallback: an unknown option before the subcommand also selects
	// the default (PARSE_OPT_SUBCOMMAND_OPTIONAL with KEEP_UNKNOWN_OPT).
	unknownFallback bool
}

// fallback returns the spec for words given to a command with subcommands
// when no subcommand was named.
func (s gitSpec) fallback() gitSpec {
	if sub, ok := s.subs[s.dflt]; ok && s.dflt != "" {
		return sub
	}
	return gitSpec{verbatim: true}
}

// gitLong is one decoded entry of gitSpec.long.
type gitLong struct {
	name  string
	arg   byte // 0, '=' (required) or '?' (optional, after = only)
	noneg bool
}

func decodeGitLong(s string) gitLong {
	var l gitLong
	if strings.HasPrefix(s, "!") {
		l.noneg, s = true, s[1:]
	}
	if n := len(s); n > 0 && (s[n-1] == '=' || s[n-1] == '?') {
		l.arg, s = s[n-1], s[:n-1]
	}
	l.name = s
	return l
}

// longOption resolves a "--name[=value]" word the way parse_long_opt does
// (git 2.45 and later): exact matches win, then a unique prefix of an
// option or of its negation; "no-" prefixes are normalised on both sides.
// It returns the word to report, whether the option takes the next word as
// its value, and whether the option is known.
func (s gitSpec) longOption(a string) (word string, takesNext, known bool) {
	arg := a[2:]
	argEnd := strings.IndexByte(arg, '=')
	if argEnd < 0 {
		argEnd = len(arg)
	}
	start, unset, noNo := 0, false, false
	if strings.HasPrefix(arg, "no-") {
		start = 3
		if strings.HasPrefix(arg[3:], "no-") {
			start, noNo = 6, true
		} else {
			unset = true
		}
	}
	prefix := arg[min(start, argEnd):argEnd]
	var abbrev gitLong
	var abbrevUnset bool
	matches := 0
	register := func(l gitLong, u bool) {
		matches++
		abbrev, abbrevUnset = l, u
	}
	for _, enc := range s.long {
		l := decodeGitLong(enc)
		name, optUnset := l.name, false
		if rest, ok := strings.CutPrefix(name, "no-"); ok {
			name, optUnset = rest, true
		} else if noNo {
			continue
		}
		if unset != optUnset && l.noneg {
			continue
		}
		if rest, ok := strings.CutPrefix(arg[start:], name); ok && (rest == "" || rest[0] == '=') {
			return gitSpell(arg, argEnd, l, unset != optUnset)
		}
		if s.exact {
			continue
		}
		if strings.HasPrefix(name, prefix) {
			register(l, unset != optUnset)
		}
		if !l.noneg && strings.HasPrefix("no-", arg) {
			register(l, !optUnset)
		}
	}
	if matches != 1 {
		// Unknown, or ambiguous: git refuses it and runs nothing.
		return a, false, matches > 1
	}
	return gitSpell(arg, argEnd, abbrev, abbrevUnset)
}

// gitSpell writes a resolved long option in full, keeping a stuck value.
func gitSpell(arg string, argEnd int, l gitLong, unset bool) (string, bool, bool) {
	name := l.name
	if unset {
		if rest, ok := strings.CutPrefix(name, "no-"); ok {
			name = rest
		} else {
			name = "no-" + name
		}
	}
	takesNext := l.arg == '=' && !unset && argEnd == len(arg)
	return "--" + name + arg[argEnd:], takesNext, true
}

// shortTakesNext reports whether a cluster of short options ends with one
// that takes the next word as its value.
func (s gitSpec) shortTakesNext(cluster string) bool {
	for j := 0; j < len(cluster); j++ {
		c := cluster[j]
		switch {
		case strings.IndexByte(s.withArg, c) >= 0:
			return j == len(cluster)-1
		case strings.IndexByte(s.optArg, c) >= 0:
			return false
		case strings.IndexByte(s.flags, c) < 0:
			return false // unknown: git stops with an error
		}
	}
	return false
}

// shortKnown reports whether c is one of the spec's short options.
func (s gitSpec) shortKnown(c byte) bool {
	return strings.IndexByte(s.flags, c) >= 0 || strings.IndexByte(s.withArg, c) >= 0 ||
		strings.IndexByte(s.optArg, c) >= 0
}

// gitSpecs are the option tables of the git subcommands whose long options
// are expanded, taken from the --help-all output of git 2.49 (negatable
// options shown there as --[no-]NAME).
var gitSpecs = sync.OnceValue(gitSpecTable)

// gitSpecTable is gitSpecs' table (built when git is first seen, not at
// program start: a hook process pays for it only on git commands).
func gitSpecTable() map[string]gitSpec {
	return map[string]gitSpec{
		"push": {
			flags:   "vqdnfu46",
			withArg: "o",
			long: []string{
				"verbose", "quiet", "repo=", "all", "branches", "mirror", "delete", "tags",
				"dry-run", "porcelain", "force", "force-with-lease?", "force-if-includes",
				"recurse-submodules=", "thin", "receive-pack=", "exec=", "set-upstream",
				"progress", "prune", "no-verify", "follow-tags", "signed?", "atomic",
				"push-option=", "!ipv4", "!ipv6",
			},
		},
		"reset": {
			flags: "qpN",
			long: []string{
				"quiet", "no-refresh", "!mixed", "!soft", "!hard", "!merge", "!keep",
				"recurse-submodules?", "patch", "intent-to-add", "pathspec-from-file=",
				"pathspec-file-nul",
			},
		},
		"clean": {
			flags:   "qnfidxX",
			withArg: "e",
			long: []string{
				"quiet", "dry-run", "force", "interactive", "!exclude=",
			},
		},
		"branch": {
			flags:   "vqradDmMcClfi",
			withArg: "u",
			optArg:  "t",
			long: []string{
				"verbose", "quiet", "track?", "set-upstream", "set-upstream-to=", "unset-upstream",
				"color?", "!remotes", "!contains=", "!no-contains=", "!with=", "!without=",
				"abbrev?", "!all", "delete", "move", "omit-empty", "copy", "list", "show-current",
				"create-reflog", "edit-description", "force", "!merged=", "!no-merged=", "column?",
				"sort=", "points-at=", "ignore-case", "recurse-submodules", "format=",
			},
		},
		"checkout": {
			flags:   "lqmdf23p",
			withArg: "bB",
			optArg:  "t",
			long: []string{
				"guess", "overlay", "quiet", "recurse-submodules?", "progress", "merge",
				"conflict=", "detach", "track?", "force", "orphan=", "overwrite-ignore",
				"ignore-other-worktrees", "!ours", "!theirs", "patch", "ignore-skip-worktree-bits",
				"pathspec-from-file=", "pathspec-file-nul",
			},
		},
		"switch": {
			flags:   "qmdf",
			withArg: "cC",
			optArg:  "t",
			long: []string{
				"create=", "force-create=", "guess", "discard-changes", "quiet",
				"recurse-submodules?", "progress", "merge", "conflict=", "detach", "track?",
				"force", "orphan=", "overwrite-ignore", "ignore-other-worktrees",
			},
		},
		"restore": {
			flags:   "SWqm23p",
			withArg: "s",
			long: []string{
				"source=", "staged", "worktree", "ignore-unmerged", "overlay", "quiet",
				"recurse-submodules?", "progress", "merge", "conflict=", "!ours", "!theirs",
				"patch", "ignore-skip-worktree-bits", "pathspec-from-file=", "pathspec-file-nul",
			},
		},
		"rebase": {
			flags:   "qvnfmipk",
			withArg: "CxsX",
			optArg:  "Sr",
			long: []string{
				"onto=", "keep-base", "no-verify", "quiet", "verbose", "no-stat", "signoff",
				"committer-date-is-author-date", "reset-author-date", "ignore-date",
				"ignore-whitespace", "whitespace=", "force-rebase", "no-ff", "!continue", "!skip",
				"!abort", "!quit", "!edit-todo", "!show-current-patch", "!apply", "!merge",
				"!interactive", "preserve-merges", "rerere-autoupdate", "!empty=", "keep-empty",
				"autosquash", "update-refs", "gpg-sign?", "autostash", "exec=",
				"allow-empty-message", "rebase-merges?", "fork-point", "strategy=",
				"strategy-option=", "root", "reschedule-failed-exec", "reapply-cherry-picks",
			},
		},
		"commit": {
			flags:   "qvseaiponz",
			withArg: "FmcCt",
			optArg:  "Su",
			long: []string{
				"quiet", "verbose", "file=", "author=", "date=", "message=", "reedit-message=",
				"reuse-message=", "fixup=", "squash=", "reset-author", "!trailer=", "signoff",
				"template=", "edit", "cleanup=", "status", "gpg-sign?", "all", "include",
				"interactive", "patch", "only", "no-verify", "dry-run", "short", "branch",
				"ahead-behind", "porcelain", "long", "null", "amend", "no-post-rewrite",
				"untracked-files?", "pathspec-from-file=", "pathspec-file-nul", "allow-empty",
				"allow-empty-message",
			},
		},
		"tag": {
			flags:   "ldvaesfi",
			withArg: "mFu",
			optArg:  "n",
			long: []string{
				"!list", "!delete", "!verify", "annotate", "!message=", "file=", "!trailer=",
				"edit", "sign", "cleanup=", "local-user=", "force", "create-reflog", "column?",
				"!contains=", "!no-contains=", "!with=", "!without=", "!merged=", "!no-merged=",
				"omit-empty", "sort=", "points-at=", "format=", "color?", "ignore-case",
			},
		},
		"update-ref": {
			flags:   "dz",
			withArg: "m",
			long: []string{
				"no-deref", "stdin", "create-reflog",
			},
		},
		"gc": {
			flags: "q",
			long: []string{
				"quiet", "prune?", "cruft", "!max-cruft-size=", "aggressive", "auto", "detach",
				"force", "keep-largest-pack", "expire-to=",
			},
		},
		"merge": {
			flags:   "nevq",
			withArg: "sXmF",
			optArg:  "S",
			long: []string{
				"stat", "summary", "log?", "squash", "commit", "edit", "cleanup=", "ff",
				"!ff-only", "rerere-autoupdate", "verify-signatures", "strategy=",
				"strategy-option=", "message=", "!file=", "into-name=", "verbose", "quiet",
				"abort", "quit", "continue", "allow-unrelated-histories", "progress", "gpg-sign?",
				"autostash", "overwrite-ignore", "signoff", "no-verify",
			},
		},
		"pull": {
			flags:   "vqnaftpk46",
			withArg: "sXo",
			optArg:  "rSj",
			long: []string{
				"verbose", "quiet", "progress", "recurse-submodules?", "rebase?", "stat",
				"summary", "log?", "signoff?", "squash", "commit", "edit", "cleanup=", "ff",
				"!ff-only", "verify", "verify-signatures", "autostash", "strategy=",
				"strategy-option=", "gpg-sign?", "allow-unrelated-histories", "all", "append",
				"upload-pack=", "force", "tags", "prune", "jobs?", "dry-run", "keep", "depth=",
				"shallow-since=", "shallow-exclude=", "deepen=", "!unshallow", "update-shallow",
				"!refmap=", "server-option=", "ipv4", "ipv6", "negotiation-tip=",
				"show-forced-updates", "set-upstream",
			},
		},
		"fetch": {
			flags:   "vqafmtnpPku46",
			withArg: "jo",
			long: []string{
				"verbose", "quiet", "all", "set-upstream", "append", "atomic", "upload-pack=",
				"force", "multiple", "tags", "jobs=", "prefetch", "prune", "prune-tags",
				"recurse-submodules?", "dry-run", "porcelain", "write-fetch-head", "keep",
				"update-head-ok", "progress", "depth=", "shallow-since=", "shallow-exclude=",
				"deepen=", "!unshallow", "!refetch", "submodule-prefix=",
				"recurse-submodules-default=", "update-shallow", "!refmap=", "server-option=",
				"!ipv4", "!ipv6", "negotiation-tip=", "negotiate-only", "filter=",
				"auto-maintenance", "auto-gc", "show-forced-updates", "write-commit-graph",
				"stdin",
			},
		},
		"rm": {
			flags: "nqfr",
			long: []string{
				"dry-run", "quiet", "cached", "force", "ignore-unmatch", "sparse",
				"pathspec-from-file=", "pathspec-file-nul",
			},
		},
		"mv": {
			flags: "vnfk",
			long: []string{
				"verbose", "dry-run", "force", "sparse",
			},
		},
		"stash": {
			subs: map[string]gitSpec{
				"push": {
					flags:   "kSpqua",
					withArg: "m",
					long: []string{
						"keep-index", "staged", "patch", "quiet", "include-untracked", "all",
						"message=", "pathspec-from-file=", "pathspec-file-nul",
					},
				},
				"save": {
					flags:   "kSpqua",
					withArg: "m",
					long: []string{
						"keep-index", "staged", "patch", "quiet", "include-untracked", "all",
						"message=",
					},
				},
				"drop": {
					flags: "q",
					long: []string{
						"quiet",
					},
				},
				"clear": {},
				"pop": {
					flags: "q",
					long: []string{
						"quiet", "index",
					},
				},
				"apply": {
					flags: "q",
					long: []string{
						"quiet", "index",
					},
				},
				"branch": {},
				// list, show and store keep unknown options and accept no
				// abbreviations; create takes its message as plain words.
				"store":  {withArg: "m", flags: "q", long: []string{"quiet", "message="}, exact: true},
				"list":   {exact: true},
				"show":   {flags: "u", long: []string{"include-untracked", "!only-untracked"}, exact: true},
				"create": {verbatim: true},
			},
			dflt:            "push",
			unknownFallback: true,
		},
		"remote": {
			flags: "v",
			long:  []string{"verbose"},
			subs: map[string]gitSpec{
				"add": {
					flags:   "f",
					withArg: "tm",
					long: []string{
						"fetch", "tags", "track=", "master=", "mirror?",
					},
				},
				"rename": {
					long: []string{
						"progress",
					},
				},
				"remove": {},
				"set-head": {
					flags: "ad",
					long: []string{
						"auto", "delete",
					},
				},
				"set-branches": {
					long: []string{
						"add",
					},
				},
				"get-url": {
					long: []string{
						"push", "all",
					},
				},
				"set-url": {
					long: []string{
						"push", "add", "delete",
					},
				},
				"show": {
					flags: "n",
				},
				"prune": {
					flags: "n",
					long: []string{
						"dry-run",
					},
				},
				"update": {
					flags: "p",
					long: []string{
						"prune",
					},
				},
				"rm": {},
			},
		},
		"reflog": {
			subs: map[string]gitSpec{
				"expire": {
					flags: "n",
					long: []string{
						"dry-run", "rewrite", "updateref", "verbose", "!expire=",
						"!expire-unreachable=", "stale-fix", "all", "single-worktree",
					},
				},
				"delete": {
					flags: "n",
					long: []string{
						"dry-run", "rewrite", "updateref", "verbose",
					},
				},
				"exists": {},
				// show passes its options to the revision walker.
				"show": {verbatim: true},
				"list": {},
			},
			unknownFallback: true,
		},
		"worktree": {
			subs: map[string]gitSpec{
				"add": {
					flags:   "fdq",
					withArg: "bB",
					long: []string{
						"force", "orphan", "detach", "checkout", "lock", "reason=", "quiet",
						"track", "guess-remote", "relative-paths",
					},
				},
				"list": {
					flags: "vz",
					long: []string{
						"porcelain", "verbose", "expire=",
					},
				},
				"lock": {
					long: []string{
						"reason=",
					},
				},
				"move": {
					flags: "f",
					long: []string{
						"force", "relative-paths",
					},
				},
				"prune": {
					flags: "nv",
					long: []string{
						"dry-run", "verbose", "expire=",
					},
				},
				"remove": {
					flags: "f",
					long: []string{
						"force",
					},
				},
				"repair": {
					long: []string{
						"relative-paths",
					},
				},
				"unlock": {},
			},
		},
		// Shell scripts that match their options exactly.
		"filter-branch": {verbatim: true},
		"submodule":     {verbatim: true},
	}
}
