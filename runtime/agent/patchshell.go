package agent

import (
	"path"
	"slices"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

// Patches applied through a shell command. Codex 0.169.0 sends shell calls
// to the hook as Bash {command: <script>} and then, before running them,
// intercepts two script shapes and applies the patch itself (observed with
// the real binary: the hook sees Bash, the file is written):
//
//	apply_patch <<'EOF'          (or applypatch; any heredoc delimiter,
//	*** Begin Patch               quoted or not: the body is used as
//	…                             written, without expansions)
//	EOF
//
//	cd DIR && apply_patch <<'EOF' (DIR one word or quoted string, relative
//	…                             to the cwd)
//
// as the whole script, also inside `bash|sh|zsh -c|-lc SCRIPT` argvs and for
// the argv ["apply_patch"|"applypatch", PATCH]. Every other shell command
// runs in the shell, where `apply_patch` and `applypatch` are Codex's helper
// executables on PATH: they apply their one argument, or standard input, in
// the shell's working directory, with the same grammar.
//
// So any command that runs apply_patch, applypatch or
// `codex --codex-run-as-apply-patch` is a patch. When the patch text is
// visible (a literal argument, heredoc or here-string) it is parsed exactly;
// otherwise (a pipe, a file, expansions, a script we cannot parse or that
// changes directory in ways we do not follow) the command is uncertain.

// shellPatch is the patch text of one apply_patch invocation.
type shellPatch struct {
	text string
	// dirs are the directories, relative to the cwd, that the patch may be
	// applied in; empty means the cwd only.
	dirs []string
	// lenient: the text may still be expanded by the shell; every path named
	// in it is reported too.
	lenient bool
}

// uncertainPatch is a command whose apply_patch effect cannot be known.
type uncertainPatch struct {
	reason string
	text   string // the text to scan for paths
}

type shellPatches struct {
	patches   []shellPatch
	uncertain []uncertainPatch
}

// maxScriptDepth bounds the recursion into `bash -c SCRIPT`.
const maxScriptDepth = 8

var applyPatchNames = []string{"apply_patch", "applypatch", "codex-run-as-apply-patch"}

// mentionsApplyPatch is the cheap test every shell command goes through:
// it names apply_patch, also once the quotes and backslashes that the
// shell drops from a word are left out (apply_pat”ch, "apply"_patch,
// a\pply_patch and a line continuation inside the name all run Codex's
// apply_patch helper). It never copies s: commands can be megabytes.
func mentionsApplyPatch(s string) bool {
	quoted := strings.ContainsAny(s, `'"\`)
	for _, n := range applyPatchNames {
		if strings.Contains(s, n) {
			return true
		}
		if !quoted {
			continue
		}
		for rest := s; ; {
			i := strings.IndexByte(rest, n[0])
			if i < 0 {
				break
			}
			rest = rest[i+1:]
			if hasPrefixUnquoted(rest, n[1:]) {
				return true
			}
		}
	}
	return false
}

// hasPrefixUnquoted reports whether s starts with prefix once quotes,
// backslashes and the newlines they escape are left out.
func hasPrefixUnquoted(s, prefix string) bool {
	for k := 0; prefix != ""; k++ {
		if k == len(s) {
			return false
		}
		switch c := s[k]; {
		case c == prefix[0]:
			prefix = prefix[1:]
		case c == '\'', c == '"', c == '\\', c == '\n' && k > 0 && s[k-1] == '\\':
		default:
			return false
		}
	}
	return true
}

// mayApplyPatch reports a script worth analysing for patches: it names
// apply_patch or holds a patch's file markers (a name built by the shell,
// as $'\x61pply_patch', is not literal, but its patch text is).
func mayApplyPatch(s string) bool {
	return mentionsApplyPatch(s) || strings.Contains(s, "*** ") && scanHasMarker(s)
}

// findShellPatches finds the patches a shell command string applies.
func findShellPatches(command string) shellPatches {
	var sp shellPatches
	if mayApplyPatch(command) {
		sp.script(command, 0)
	}
	return sp
}

// findArgvPatches finds the patches an argv applies (a shell call whose
// command is an argument vector, as Codex's shell tools send it).
func findArgvPatches(argv []string) shellPatches {
	var sp shellPatches
	if !mayApplyPatch(strings.Join(argv, "\x00")) {
		return sp
	}
	if len(argv) == 2 && isApplyPatchName(argv[0]) {
		sp.patches = append(sp.patches, shellPatch{text: argv[1]})
		return sp
	}
	if script, ok := shellScript(argv); ok {
		sp.script(script, 1)
		return sp
	}
	sp.script(shell.Canonical(argv), 1)
	return sp
}

func isApplyPatchName(name string) bool {
	switch path.Base(name) {
	case "apply_patch", "applypatch":
		return true
	}
	return false
}

// shellScript recognises `bash|sh|zsh|dash -c|-lc SCRIPT`, pwsh/powershell
// [-NoProfile] -Command SCRIPT and cmd /c SCRIPT (Codex reads all of them as
// bash scripts when it looks for apply_patch).
func shellScript(argv []string) (string, bool) {
	if len(argv) < 3 {
		return "", false
	}
	name := strings.ToLower(path.Base(argv[0]))
	name = strings.TrimSuffix(name, ".exe")
	switch name {
	case "bash", "sh", "zsh", "dash":
		if len(argv) == 3 && isDashC(argv[1]) {
			return argv[2], true
		}
	case "pwsh", "powershell":
		rest := argv[1:]
		if len(rest) == 3 && strings.EqualFold(rest[0], "-noprofile") {
			rest = rest[1:]
		}
		if len(rest) == 2 && strings.EqualFold(rest[0], "-command") {
			return rest[1], true
		}
	case "cmd":
		if len(argv) == 3 && strings.EqualFold(argv[1], "/c") {
			return argv[2], true
		}
	}
	return "", false
}

// isDashC reports an option cluster holding c (-c, -lc, -ic, -xc …).
func isDashC(a string) bool {
	if len(a) < 2 || a[0] != '-' || !strings.Contains(a, "c") {
		return false
	}
	for _, c := range a[1:] {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func (sp *shellPatches) uncertainf(text, reason string) {
	sp.uncertain = append(sp.uncertain, uncertainPatch{reason: reason, text: text})
}

// invocation is one apply_patch command found in a script.
type invocation struct {
	index int // in the script's command list
	cmd   shell.SimpleCommand
	args  []shell.Word
	// chdir is the directory a wrapper runs apply_patch in (env -C DIR,
	// sudo -D DIR), relative to the script's directory; "" for none.
	chdir string
}

// script analyses a shell script.
func (sp *shellPatches) script(src string, depth int) {
	cmds, err := shell.Parse(src)
	if err != nil {
		sp.uncertainf(src, "the command cannot be parsed as a shell script ("+err.Error()+")")
		return
	}
	if len(cmds) == 1 && depth < maxScriptDepth {
		if argv, ok := cmds[0].LiteralArgv(); ok && len(cmds[0].Redirs) == 0 {
			if s, ok := shellScript(argv); ok {
				if mayApplyPatch(s) {
					sp.script(s, depth+1)
				}
				return
			}
		}
	}
	var invs []invocation
	var cds []int // indexes of commands that change directory
	var cdWords map[int][]shell.Word
	// hidden: a command that may change directory, or define what a later
	// command does, where we cannot see it (a command name that is not
	// literal, eval of what we cannot unwrap, source, alias, shopt).
	hidden, hiddenAt := "", -1 // the first such command, and its index
	// safeBefore: every command before the current one is one that cannot
	// change how a later cd resolves (no CDPATH, no hidden change).
	safeBefore := make([]bool, len(cmds)+1)
	safeBefore[0] = true
	for i, c := range cmds {
		safeBefore[i+1] = safeBefore[i] && plainCommand(c)
		raw := src[c.Span.Start:c.Span.End]
		for _, in := range shell.UnwrapCommand(c) {
			if in.Uncertain && mentionsApplyPatch(raw) {
				sp.uncertainf(src, "a command that mentions apply_patch could not be unwrapped ("+in.Reason+")")
				continue
			}
			if in.Uncertain && hidden == "" {
				hidden, hiddenAt = in.Reason, i
			}
			if len(in.Words) == 0 {
				continue
			}
			name := path.Base(in.Words[0].String())
			if hidden == "" {
				switch {
				case !in.Words[0].Literal:
					hidden, hiddenAt = "the command name "+in.Words[0].Raw+" is not literal", i
				case name == "source" || name == "." || name == "eval" || name == "alias" || name == "shopt" || name == "enable" || name == "builtin" ||
					name == "trap" || name == "mapfile" || name == "readarray":
					hidden, hiddenAt = name+" runs or defines what we do not follow", i
				}
			}
			var args []shell.Word
			switch {
			case name == "cd" || name == "pushd" || name == "popd" || name == "chdir":
				cds = append(cds, i)
				if cdWords == nil {
					cdWords = map[int][]shell.Word{}
				}
				cdWords[i] = in.Words // unwrapped: eval 'cd sub' is cd sub
				continue
			case isApplyPatchName(in.Words[0].String()):
				args = in.Words[1:]
			case name == "codex" && len(in.Words) >= 2 && in.Words[1].String() == "--codex-run-as-apply-patch":
				args = in.Words[2:]
			default:
				if !in.Words[0].Literal && mentionsApplyPatch(in.Words[0].Raw) {
					sp.uncertainf(src, "the command name "+in.Words[0].Raw+" is not literal")
				}
				continue
			}
			if scriptLayer(in.Wrappers) {
				// Unwrapped from a nested script: its redirections are not
				// visible here.
				sp.uncertainf(src, "apply_patch runs inside a nested script ("+in.Wrappers[len(in.Wrappers)-1].Name+")")
				continue
			}
			invs = append(invs, invocation{index: i, cmd: c, args: args, chdir: wrapperDir(in.Wrappers)})
		}
	}
	if len(invs) == 0 {
		if len(sp.uncertain) == 0 && strings.Contains(src, "*** ") && scanHasMarker(src) {
			// apply_patch is named and file markers are there, but no
			// command we can see runs it ($x <<EOF, "$(…)" …).
			sp.uncertainf(src, "the command names apply_patch but runs it in a way we cannot follow")
		}
		return
	}
	// Only a script that is nothing but its commands (no brace group, loop,
	// time, ! or comment around them) has the shapes Codex applies itself,
	// and runs a followed cd once.
	bare := bareScript(src, cmds)
	dirs, dirsCertain := patchDirs(src, cmds, cds, cdWords, invs)
	if len(cds) > 0 && (!bare || !safeBefore[cds[0]] || strings.Contains(strings.ReplaceAll(src, "\\\n", ""), "CDPATH")) {
		// A loop may run the cd again; CDPATH, or what a command before
		// it may set, makes cd D go elsewhere than D.
		dirsCertain = false
	}
	if !dirsCertain {
		sp.uncertainf(src, "the command changes directory before apply_patch in a way we cannot follow")
	}
	// In a loop or a function, what comes after an apply_patch in the text
	// may run before it: then any hidden change counts.
	if hidden != "" && (hiddenAt < invs[len(invs)-1].index || !bare) {
		// What ran before apply_patch may have changed the directory the
		// paths are resolved in: the paths are checked as written, and
		// the fail mode decides.
		sp.uncertainf(src, "a command before apply_patch may change its directory ("+hidden+")")
	}
	// The shapes Codex applies itself: `apply_patch <<EOF` alone, or after
	// one followed `cd DIR &&`; the apply_patch command bare in both (one
	// literal word, no wrapper, no argument, no assignment).
	last := cmds[len(cmds)-1]
	intercepted := bare && len(invs) == 1 && invs[0].index == len(cmds)-1 && codexShape(last) &&
		(len(cmds) == 1 || len(cmds) == 2 && len(dirs) == 1 && dirsCertain)
	for _, inv := range invs {
		sp.invocation(src, inv, dirs, intercepted)
	}
}

// bareScript reports whether src is its commands and nothing more: no
// text before the first one, between two only && or ;, after each only
// the here-documents it reads (each on its own lines, then the end), and
// no comment. A brace group, a loop, time or ! around the commands, which
// the command list does not show, makes it false: Codex then runs the
// script in the shell (which expands an unquoted heredoc) and a cd in a
// loop runs more than once.
func bareScript(src string, cmds []shell.SimpleCommand) bool {
	pos := 0
	for i, c := range cmds {
		if c.Context != 0 || c.Span.Start < pos || c.Span.End > len(src) {
			return false // nested in a substitution, subshell, pipeline…
		}
		gap := strings.TrimSpace(src[pos:c.Span.Start])
		if i == 0 && gap != "" || i > 0 && gap != "" && gap != "&&" && gap != ";" {
			return false
		}
		pos = c.Span.End
		heredocs := false
		for _, r := range c.Redirs {
			if r.Heredoc == nil {
				continue
			}
			if !heredocs {
				// The rest of the operator's line is blank; the bodies
				// follow, one after the other.
				if line, _, _ := strings.Cut(src[pos:], "\n"); strings.TrimSpace(line) != "" {
					return false
				}
				heredocs = true
			}
			_, end, ok := heredocSource(src, r)
			if !ok || end < 0 {
				return false
			}
			pos = max(pos, end)
		}
	}
	return strings.TrimSpace(src[pos:]) == ""
}

// codexShape reports whether c is an apply_patch command as Codex takes
// it over: its one word the literal base name, nothing else but its
// redirections.
func codexShape(c shell.SimpleCommand) bool {
	return c.Context == 0 && len(c.Assigns) == 0 && len(c.Words) == 1 && c.Words[0].Literal &&
		isApplyPatchName(c.Words[0].Raw) && c.Words[0].Raw == path.Base(c.Words[0].Raw)
}

// plainCommand reports whether c is a command that cannot change how a
// later cd resolves or where it runs: a literal mkdir, touch, ls, pwd,
// true, test or [, with no assignment (CDPATH=…) and no wrapper.
func plainCommand(c shell.SimpleCommand) bool {
	if len(c.Assigns) > 0 || len(c.Words) == 0 || !c.Words[0].Literal {
		return false
	}
	for _, r := range c.Redirs {
		if strings.HasPrefix(r.Fd, "{") {
			return false // {CDPATH}>/dev/null assigns CDPATH
		}
	}
	switch c.Words[0].Value {
	case "mkdir", "touch", "ls", "pwd", "true", "test", "[", "cd", "pushd", "popd", "apply_patch", "applypatch":
		return true
	}
	return false
}

// scriptLayer reports a wrapper layer that runs a script (bash -c, eval,
// bash <<).
func scriptLayer(ws []shell.Wrapper) bool {
	for _, w := range ws {
		if strings.HasSuffix(w.Name, " -c") || strings.HasSuffix(w.Name, " <<") || w.Name == "eval" {
			return true
		}
	}
	return false
}

// scanHasMarker reports whether text names a file marker.
func scanHasMarker(text string) bool {
	for _, m := range scanMarkers {
		if strings.Contains(text, m.marker) {
			return true
		}
	}
	return false
}

// patchDirs returns the directories the invocations may run in, relative to
// the cwd ("" is the cwd), and whether they are known. Codex's
// `cd DIR && apply_patch` gives DIR; a cd joined by another operator gives
// both DIR and the cwd (the cd may fail); anything else that changes
// directory is not followed.
func patchDirs(src string, cmds []shell.SimpleCommand, cds []int, cdWords map[int][]shell.Word, invs []invocation) ([]string, bool) {
	if len(cds) == 0 {
		return nil, true
	}
	// One cd, right before the one apply_patch (after commands that do not
	// change directory: mkdir -p d && cd d && apply_patch …).
	if len(cds) == 1 && len(invs) == 1 && cds[0] == invs[0].index-1 {
		cd, next := cmds[cds[0]], cmds[invs[0].index]
		if argv, ok := cd.LiteralArgv(); ok && len(argv) == 2 && argv[0] == "cd" && len(cd.Assigns) == 0 && cd.Context == next.Context {
			dir := argv[1]
			if dir != "" && dir != "-" && !strings.HasPrefix(dir, "-") {
				if strings.TrimSpace(src[cd.Span.End:next.Span.Start]) == "&&" {
					return []string{dir}, true
				}
				return []string{dir, ""}, true
			}
		}
	}
	// Not followed: the cwd and every directory named, as the shell would
	// read it and as written (Codex joins the word as written when it
	// intercepts `cd ~ && apply_patch …`).
	dirs := []string{""}
	for _, i := range cds {
		if ws := cdWords[i]; len(ws) == 2 {
			if ws[1].Literal {
				dirs = append(dirs, ws[1].Value)
			}
			dirs = append(dirs, ws[1].Raw, strings.Trim(ws[1].Raw, `'"`))
		}
	}
	slices.Sort(dirs)
	return slices.Compact(dirs), false
}

// invocation collects the patch texts of one apply_patch command: its one
// argument, its heredoc or here-string. intercepted says the script has
// the shape Codex applies itself (heredoc bodies are then used as written).
func (sp *shellPatches) invocation(src string, inv invocation, dirs []string, intercepted bool) {
	var texts []shellPatch
	heredoc, stdin := false, false
	for _, r := range inv.cmd.Redirs {
		if r.Fd != "" && r.Fd != "0" {
			continue
		}
		switch r.Op {
		case "<<", "<<-":
			if r.Heredoc == nil {
				continue
			}
			heredoc = true
			h := r.Heredoc
			// The body as the parser read it, and as the source has it
			// (Codex's reading when it intercepts: line continuations kept).
			bodies := []string{h.Raw}
			if b, _, ok := heredocSource(src, r); ok && b != h.Raw {
				bodies = append(bodies, b)
			}
			switch {
			case h.Literal:
				if h.Value != h.Raw {
					bodies = append(bodies, h.Value)
				}
				for _, b := range bodies {
					texts = append(texts, shellPatch{text: b})
				}
			default:
				// Codex takes the body as written when it intercepts; the
				// shell would expand it, which may add lines: every path
				// named is reported, in the directories followed, and an
				// expansion the shell runs is a problem besides.
				if !intercepted {
					sp.uncertainf(src, "the heredoc given to apply_patch has expansions")
				}
				for _, b := range bodies {
					texts = append(texts, shellPatch{text: b, lenient: true})
				}
			}
		case "<<<":
			heredoc = true
			if r.Target.Literal {
				texts = append(texts, shellPatch{text: r.Target.Value + "\n"})
			} else {
				sp.uncertainf(src, "the here-string given to apply_patch has expansions")
			}
		case "<", "<>", "<&":
			stdin = true
			if len(inv.args) == 0 {
				sp.uncertainf(src, "apply_patch reads its patch from "+r.Target.Raw)
			}
		}
	}
	switch {
	case len(inv.args) == 1 && inv.args[0].Literal:
		texts = append(texts, shellPatch{text: inv.args[0].Value})
	case len(inv.args) == 1:
		sp.uncertainf(src, "the patch given to apply_patch is not literal ("+inv.args[0].Raw+")")
	case len(inv.args) == 0 && !heredoc && !stdin:
		sp.uncertainf(src, "apply_patch reads its patch from standard input")
	}
	if inv.chdir != "" {
		// env -C DIR apply_patch …: the paths are DIR's. The wrapper's
		// chdir resolves DIR through symbolic links (unlike the shell's cd
		// and Codex, which read it as text), so link/.. may be elsewhere.
		if slices.Contains(strings.Split(inv.chdir, "/"), "..") {
			sp.uncertainf(src, "apply_patch runs in "+inv.chdir+", whose .. a symbolic link may send elsewhere")
		}
		var in []string
		for _, d := range dirs {
			in = append(in, joinPath(d, inv.chdir))
		}
		if len(dirs) == 0 {
			in = []string{inv.chdir}
		}
		dirs = in
	}
	for _, t := range texts {
		t.dirs = dirs
		sp.patches = append(sp.patches, t)
	}
}

// wrapperDir returns the directory that wrappers (env -C DIR, env
// --chdir=DIR, sudo -D DIR) make the command run in, relative to the
// script's: each layer's own (the last one it was given, as the wrapper's
// option parser read it: shell.Wrapper.Dir), joined layer by layer.
func wrapperDir(ws []shell.Wrapper) string {
	dir := ""
	for _, w := range ws {
		if w.Dir != "" {
			dir = joinPath(dir, w.Dir)
		}
	}
	return dir
}

// heredocSource returns a here-document's body as the source has it: the
// lines after the operator's line up to the delimiter line (tabs before it
// stripped for <<-), without the final newline; and the offset just after
// the delimiter line, or -1 when the source ends before one.
func heredocSource(src string, r shell.Redirect) (body string, end int, ok bool) {
	if r.Heredoc == nil || !r.Target.Literal {
		return "", -1, false
	}
	start := r.Heredoc.Span.Start
	if start < 0 || start > len(src) {
		return "", -1, false
	}
	delim := r.Target.Value
	end = -1
	var b strings.Builder
	for off := start; off < len(src); {
		line, _, found := strings.Cut(src[off:], "\n")
		cmp := strings.TrimSuffix(line, "\r")
		if r.Op == "<<-" {
			cmp = strings.TrimLeft(cmp, "\t")
		}
		next := off + len(line) + 1
		if cmp == delim || line == delim {
			end = min(next, len(src))
			break
		}
		b.WriteString(line)
		if !found {
			break
		}
		b.WriteString("\n")
		off = next
	}
	return strings.TrimRight(b.String(), "\n"), end, true
}
