package shell

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// run models one argv: it records the command, then follows what it runs
// (wrappers, shell scripts, eval, source, functions, interpreter code). env
// is the shell's environment (eval, source and functions change it),
// cmdEnv the command's own (with its NAME=value prefixes). It returns the
// text of the innermost command.
func (m *modeler) run(s *src, words []Word, redirs []*syntax.Redirect, env, cmdEnv *varEnv, stdin *stdinSource, via []string) string {
	m.noteWrites(s, words, redirs, stdin)
	m.outputToShell(s, words, redirs, stdin, cmdEnv, via)
	consumed := false     // standard input is run as code
	var lastArgv []string // the innermost command
	defer func() {
		if !consumed && readsInputAsText(lastArgv) {
			m.redirData(s, redirs)
		}
	}()
	text := ""
	rendered := renderRedirs(s, redirs, env)
	for depth := 0; ; depth++ {
		for len(words) > 1 && words[0].Literal && words[0].Raw == words[0].Value && isEnvAssignment(words[0].Value) {
			words = words[1:] // an unquoted NAME=value the parser left in the words (coproc X=1 cmd)
		}
		if len(words) == 0 {
			return text
		}
		e := m.execOf(s, words, via, stdin)
		e.Redirs = rendered
		if e.Code == nil || !e.codeFromStdin {
			setStdin(&e, stdin)
		}
		switch {
		case e.Code != nil && e.codeFromStdin:
			m.markStdinLiterals(s, redirs, e.Code.Literals)
			// The program it reads is part of its text (python3 <<< CODE).
			e.Stdin, e.StdinKnown = e.Code.Text, true
			if len(e.Code.Literals) > 0 {
				e.stdinMasked = blankSpans(e.Code.Text, e.Code.Literals)
			}
		case e.StdinKnown && e.Code == nil && sqlClients[path.Base(e.Argv[0])] != nil:
			lits := sqlLiterals(e.Stdin)
			e.stdinMasked = blankSpans(e.Stdin, lits)
			m.markStdinLiterals(s, redirs, lits)
		}
		if !m.record(e) {
			return text
		}
		for _, a := range nameArgs(e.Argv) {
			m.subscriptSubst(a)
		}
		text = e.Text()
		name := words[0]
		lastArgv = e.Argv
		if name.Literal && strings.Contains(name.Value, "=") && len(words) > 1 {
			// Not a valid assignment (1A=2 cmd): bash looks for a
			// program of that name and runs nothing else.
			m.recordDataOnly(wordStrings(words[1:]), "words after "+name.Value+", which bash runs as a command name, not an assignment")
		}
		if !name.Literal {
			m.dynamic(text, "the command name "+name.Raw+" is known only at run time")
			// It may be empty, or a wrapper ($(true) rm -rf x, $SUDO rm
			// -rf x): every tail from a literal operand may be the
			// command that runs.
			for _, tail := range operandTails(words) {
				m.record(m.execOf(s, tail, append(slices.Clip(via), name.Raw+"?"), nil))
			}
			return text
		}
		if depth >= MaxUnwrapDepth {
			m.dynamic(text, "more than "+itoa(MaxUnwrapDepth)+" wrapper layers")
			return text
		}
		base := name.Value
		if !strings.Contains(base, "/") {
			if body, ok := m.funcs[base]; ok {
				// The function's positional parameters are its arguments.
				// A word known only at run time stands as written (the
				// call is then also reported as dynamic).
				saved, had := env.vals["@"]
				savedPartial := env.partial["@"]
				env.vals["@"] = []string{strings.Join(wordStrings(words[1:]), positionalSep)}
				env.partial["@"] = !allLiteral(words[1:])
				m.funcBody(s, base, body, env, stdin)
				env.partial["@"] = savedPartial
				if had {
					env.vals["@"] = saved
				} else {
					delete(env.vals, "@")
				}
				return text
			}
		}
		if base == "set" && len(words) > 1 && words[1].Literal && (words[1].Value == "--" || !strings.HasPrefix(words[1].Value, "-") && !strings.HasPrefix(words[1].Value, "+")) {
			// set -- a b c: the positional parameters.
			args := words[1:]
			if args[0].Value == "--" {
				args = args[1:]
			}
			if allLiteral(args) {
				env.set("@", strings.Join(wordStrings(args), positionalSep))
			} else {
				env.forget("@")
			}
			return text
		}
		if e.StdinKnown {
			for _, sh := range stdinCommands(e.Argv, e.Stdin) {
				m.script(sh, cmdEnv.child(), append(slices.Clip(via), path.Base(e.Argv[0])+" <"), text, false, s.depth+1)
			}
		}
		if e.StdinKnown && sqlClients[path.Base(e.Argv[0])] != nil {
			// SQL read from standard input: its client commands may
			// hand a shell a command (psql \! CMD, sqlite3 .shell CMD).
			for _, sh := range sqlShellEscapes(path.Base(e.Argv[0]), e.Stdin) {
				m.script(sh, cmdEnv.child(), append(slices.Clip(via), path.Base(e.Argv[0])), text, false, s.depth+1)
			}
		}
		if e.Code != nil {
			consumed = consumed || e.codeFromStdin
			m.interpreter(s, e, cmdEnv)
			for _, seg := range codeSegments(e.Code) {
				if len(seg) > 32 {
					seg = seg[:32]
				}
				m.recordDataOnly(seg, e.Code.Interpreter+" code read as if it were shell")
			}
			return text
		}
		if path.Base(base) == "git" {
			if g, ok := ParseGit(wordStrings(words)); ok && g.Uncertain {
				// git refuses global options it does not know and runs
				// nothing; what it would have run, had it accepted them,
				// is only data.
				argv := []string{"git"}
				i := 1
				for i < len(words) && strings.HasPrefix(words[i].Value, "-") {
					i++
				}
				m.recordDataOnly(append(argv, wordStrings(words[i:])...), g.Reason)
			}
		}
		if ops, ok := lookupOperands(e.Argv); ok {
			m.recordDataOnly(ops, path.Base(base)+" only looks its operands up")
		}
		if isInterpreterName(path.Base(base)) && len(words) == 1 && stdin != nil && !stdin.known {
			consumed = true
			m.dynamic(text, "runs its standard input ("+stdin.from+") as "+path.Base(base)+" code")
			return text
		}
		switch path.Base(base) {
		case "trap":
			// trap 'COMMANDS' SIGNAL… runs COMMANDS later, in this shell.
			if len(words) >= 2 && words[1].Literal && words[1].Value == "--" {
				words = append([]Word{words[0]}, words[2:]...)
			}
			if len(words) >= 3 && words[1].Literal && words[1].Value != "-" && !strings.HasPrefix(words[1].Value, "-") {
				m.script(words[1].Value, env, append(slices.Clip(via), "trap"), text, false, s.depth+1)
			} else if len(words) >= 3 && !words[1].Literal {
				m.dynamic(text, "trap runs "+words[1].Raw+", known only at run time")
			}
			return text
		case "shopt":
			if len(words) >= 3 && allLiteral(words) && words[1].Value == "-s" && slices.ContainsFunc(words[2:], func(w Word) bool { return w.Value == "expand_aliases" }) && m.aliases == nil {
				m.aliases = map[string]string{}
			}
		case "alias":
			// An alias runs its value only where it is used, and bash
			// expands no alias in a non-interactive line unless told to:
			// what it would run is data (and a command where it is used
			// after shopt -s expand_aliases).
			for _, w := range words[1:] {
				if n, v, ok := strings.Cut(w.Value, "="); ok && w.Literal && m.aliases != nil {
					m.aliases[n] = v
				}
				if _, v, ok := strings.Cut(w.Value, "="); ok && w.Literal {
					for _, seg := range crudeSegments(v) {
						m.recordDataOnly(seg, "the value of an alias, run only where the alias is used")
					}
				}
			}
			return text
		case "source", ".":
			if path.Base(base) == "." && base != "." {
				break
			}
			if len(words) > 2 && words[1].Literal && words[1].Value == "--" {
				words = append([]Word{words[0]}, words[2:]...)
			}
			if len(words) > 1 {
				m.scriptFile(s, words[1], env, append(slices.Clip(via), "source"), text, stdin)
			}
			return text
		}
		if strings.Contains(base, "/") {
			if _, strip := modelWrapperFor(base); strip == nil {
				m.scriptFile(s, name, cmdEnv.child(), append(slices.Clip(via), base), text, stdin)
				return text
			}
		}
		if isShellName(path.Base(base)) && len(words) > 1 && !words[1].Literal && strings.HasPrefix(words[1].Raw, "<(") {
			m.shellFile(s, words, cmdEnv, via, text, stdin) // bash <(echo …)
			return text
		}
		if isShellName(path.Base(base)) && len(words) > 1 && !words[1].Literal {
			if content, ok := m.writtenNamed(words[1].Raw); ok {
				// bash "$PWD/y.sh" after echo … > y.sh: most likely the
				// file written (the line stays dynamic).
				m.script(content, cmdEnv.child(), append(slices.Clip(via), path.Base(base)), text, false, s.depth+1)
			}
		}
		m.commandValues(s, wordStrings(words), cmdEnv, via, text)
		wname, strip := modelWrapperFor(base)
		if strip == nil {
			return text
		}
		if isShellName(wname) && shellNoExec(words) {
			return text // sh -n only reads the script for syntax errors
		}
		st, err := strip(words)
		if err != nil {
			// The wrapper's options are not understood: every tail that
			// starts at a literal operand may be the command it runs.
			for _, tail := range operandTails(words) {
				m.record(m.execOf(s, tail, append(slices.Clip(via), wname+"?"), nil))
			}
			m.dynamic(text, "the options of "+wname+" are not understood ("+err.reason+")")
			return text
		}
		switch st.kind {
		case stepNone:
			if isShellName(wname) && len(words) > 1 {
				m.shellFile(s, words, cmdEnv, via, text, stdin)
			}
			return text
		case stepStrip:
			via = append(slices.Clip(via), wname)
			for _, more := range st.more {
				m.run(s, more, nil, env, cmdEnv, stdin, via)
			}
			words = st.rest
			if (wname == "xargs" || wname == "parallel") && stdin != nil && stdin.known {
				// What it runs for input that is not this line's (the
				// same command in another call) is shown as data.
				m.recordDataOnly(wordStrings(words), wname+" runs it with words it reads")
				repl, ok := xargsReplace(st.layer)
				if wname == "parallel" {
					repl, ok = "{}", true
					if equalWords(replaceWords(words, "{}", "x"), words) {
						words = append(slices.Clip(words), LiteralWord("{}"))
					}
				}
				if ok {
					// xargs -I R runs the command once per input line,
					// R replaced by the line.
					lines := strings.Split(strings.TrimSuffix(stdin.text, "\n"), "\n")
					if len(lines) > 8 {
						lines = lines[:8]
					}
					for _, l := range lines[1:] {
						m.run(s, replaceWords(words, repl, l), nil, env, cmdEnv, nil, via)
					}
					words = replaceWords(words, repl, lines[0])
				} else if fields := strings.Fields(stdin.text); len(fields) <= 64 {
					// xargs appends the words it reads to the command.
					words = append(slices.Clip(words), LiteralWords(fields)...)
				}
				stdin = nil
			}
		case stepScript:
			label := wname + " -c"
			if st.label != "" {
				label = st.label
			}
			if wname == "eval" {
				m.script(st.script, env, append(slices.Clip(via), "eval"), text, false, s.depth+1)
			} else {
				m.scriptIn(st.script, cmdEnv.child(), append(slices.Clip(via), label), text, false, s.depth+1, stdin)
			}
			return text
		case stepStdin:
			consumed = true
			switch {
			case stdin == nil:
				// An interactive shell: nothing on the line for it to run.
			case stdin.known:
				m.script(stdin.text, cmdEnv.child(), append(slices.Clip(via), wname+" <"), text, false, s.depth+1)
			default:
				m.dynamic(text, "runs its standard input ("+stdin.from+") as a script")
			}
			return text
		}
	}
}

// interpreter models the shell commands that interpreter code runs.
func (m *modeler) interpreter(s *src, e Exec, env *varEnv) {
	via := append(slices.Clip(e.Via), e.Code.Interpreter)
	for _, sh := range e.Code.Shell {
		m.script(sh, env.child(), via, e.Text(), false, s.depth+1)
	}
	for _, why := range e.Code.Dynamic {
		m.dynamic(e.Text(), e.Code.Interpreter+" code hands a shell a command known only at run time: "+why)
	}
}

// shellFile models `bash FILE`: the script file the shell runs.
func (m *modeler) shellFile(s *src, words []Word, env *varEnv, via []string, text string, stdin *stdinSource) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w.Literal && w.Value != "-" && (strings.HasPrefix(w.Value, "-") || strings.HasPrefix(w.Value, "+")) {
			if w.Value == "--" {
				if i+1 < len(words) {
					m.scriptFile(s, words[i+1], env.child(), append(slices.Clip(via), path.Base(words[0].Value)), text, stdin)
				}
				return
			}
			continue
		}
		m.scriptFile(s, w, env.child(), append(slices.Clip(via), path.Base(words[0].Value)), text, stdin)
		return
	}
}

// scriptFile models a script file the line runs: one the line wrote
// itself with a literal redirection, or one ReadScript reads.
func (m *modeler) scriptFile(s *src, file Word, env *varEnv, via []string, text string, stdin *stdinSource) {
	if file.Literal && isStdinPath(file.Value) {
		switch {
		case stdin != nil && stdin.known:
			m.script(stdin.text, env, via, text, false, s.depth+1)
		case stdin != nil:
			m.dynamic(text, "runs its standard input ("+stdin.from+") as a script")
		}
		return
	}
	if !file.Literal {
		if out, ok := procSubstOutput(file.Raw); ok {
			// bash <(echo 'rm -rf x'): the script is the output.
			m.script(out, env, via, text, false, s.depth+1)
			return
		}
		if content, ok := m.writtenNamed(file.Raw); ok {
			// bash $PWD/y.sh after echo … > y.sh: the file written.
			m.script(content, env, via, text, false, s.depth+1)
		}
		m.dynamic(text, "runs the script "+file.Raw+", whose name is known only at run time")
		return
	}
	if content, ok := m.written[path.Clean(file.Value)]; ok {
		m.script(content, env, via, text, false, s.depth+1)
		return
	}
	if content, ok := m.writtenNamed(file.Value); ok {
		// Written under another spelling of its directory (after a cd,
		// or as /abs/dir/y.sh then y.sh): the one file of that name.
		m.script(content, env, via, text, false, s.depth+1)
		return
	}
	if m.opts.ReadScript == nil {
		return
	}
	content, ok := m.opts.ReadScript(file.Value)
	if !ok || len(content) > maxScriptBytes || strings.IndexByte(content, 0) >= 0 {
		return
	}
	if strings.HasPrefix(content, "#!") {
		line, _, _ := strings.Cut(content, "\n")
		fields := strings.Fields(line[2:])
		if len(fields) == 0 {
			return
		}
		interp := path.Base(fields[0])
		if interp == "env" && len(fields) > 1 {
			interp = fields[1]
		}
		if !isShellName(interp) {
			return
		}
	}
	m.script(content, env, via, text, false, s.depth+1)
}

// noteWrites remembers the content a literal redirection writes to a file
// (echo 'rm -rf x' > s.sh, cat > s.sh <<'EOF'), so that running the file
// later in the line runs that content.
func (m *modeler) noteWrites(s *src, words []Word, redirs []*syntax.Redirect, stdin *stdinSource) {
	for _, r := range redirs {
		if r.Op != syntax.RdrOut && r.Op != syntax.AppOut && r.Op != syntax.RdrClob && r.Op != syntax.RdrAll && r.Op != syntax.AppAll {
			continue
		}
		if r.N != nil && r.N.Value != "1" {
			continue
		}
		target := s.w.word(r.Word, argWord)
		if !target.Literal {
			// > "$t": kept by its text, for a later bash "$t".
			target.Value = rawKey(target.Raw)
		}
		content, known := "", false
		argv, lit := wordStrings(words), allLiteral(words)
		if lit {
			content, known = printOutput(argv)
			if !known && len(argv) >= 1 && (path.Base(argv[0]) == "cat" && len(argv) == 1 || path.Base(argv[0]) == "tee") {
				in := m.stdinOf(s, redirs, stdin)
				if in != nil && in.known {
					content, known = in.text, true
				}
			}
		}
		if !known {
			content = "" // unknown content: the file is written, by what is not known
			m.written[path.Clean(target.Value)] = "\x00"
			continue
		}
		if r.Op == syntax.AppOut || r.Op == syntax.AppAll {
			if old, ok := m.written[path.Clean(target.Value)]; ok && old != "\x00" {
				content = old + content
			}
		}
		if len(content) <= maxScriptBytes {
			m.written[path.Clean(target.Value)] = content
		}
	}
	// cp A B, mv A B, ln -s A B, install A B: B holds what A held.
	if len(words) >= 3 && allLiteral(words) {
		switch path.Base(words[0].Value) {
		case "cp", "mv", "ln", "install":
			var ops []string
			for _, w := range words[1:] {
				if !strings.HasPrefix(w.Value, "-") {
					ops = append(ops, w.Value)
				}
			}
			if len(ops) == 2 {
				if c, ok := m.written[path.Clean(ops[0])]; ok {
					m.written[path.Clean(ops[1])] = c
					if path.Base(words[0].Value) == "mv" {
						delete(m.written, path.Clean(ops[0]))
					}
				}
			}
		}
	}
	// tee FILE writes its input to FILE too.
	if len(words) >= 2 && words[0].Literal && path.Base(words[0].Value) == "tee" && stdin != nil && stdin.known {
		for _, w := range words[1:] {
			if w.Literal && !strings.HasPrefix(w.Value, "-") {
				m.written[path.Clean(w.Value)] = stdin.text
			}
		}
	}
}

// redirData marks the here-documents and here-strings of a command that
// does not run them as data.
func (m *modeler) redirData(s *src, redirs []*syntax.Redirect) {
	if !s.top {
		return
	}
	for _, r := range redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			if r.Hdoc != nil && isLiteralHeredoc(s, r) {
				m.dataSpan(s, r.Hdoc.Pos(), r.Hdoc.End())
			}
		case syntax.WordHdoc:
			if r.Word != nil && s.w.word(r.Word, argWord).Literal {
				m.dataSpan(s, r.Word.Pos(), r.Word.End())
			}
		}
	}
}

func isLiteralHeredoc(s *src, r *syntax.Redirect) bool {
	rd := s.w.redirect(r)
	return rd.Heredoc != nil && rd.Heredoc.Literal
}

// operandTails returns the tails of words that start at a literal operand
// (not an option, not an assignment), at most 8.
func operandTails(words []Word) [][]Word {
	var out [][]Word
	for i := 1; i < len(words) && len(out) < 8; i++ {
		w := words[i]
		if w.Literal && w.Value != "" && w.Value[0] != '-' && !isEnvAssignment(w.Value) {
			out = append(out, words[i:])
		}
	}
	return out
}

func allLiteral(words []Word) bool {
	for _, w := range words {
		if !w.Literal {
			return false
		}
	}
	return true
}

// isInterpreterName reports a program that runs code it reads on its
// standard input when given no script.
func isInterpreterName(name string) bool {
	switch {
	case strings.HasPrefix(name, "python"), name == "node", name == "nodejs", name == "ruby",
		name == "perl", name == "php", name == "lua", name == "tclsh", name == "deno", name == "bun":
		return true
	}
	return false
}

// awkStdinProgram returns the index of awk's -f that names standard
// input (awk -f - <<'EOF'), or -1.
func awkStdinProgram(argv []string) int {
	for i := 1; i+1 < len(argv); i++ {
		if argv[i] == "-f" && isStdinPath(argv[i+1]) {
			return i
		}
	}
	return -1
}

func isAwkName(name string) bool {
	return name == "awk" || name == "gawk" || name == "mawk" || name == "nawk"
}

func isShellName(name string) bool {
	switch name {
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "busybox sh":
		return true
	}
	return false
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// execOf builds the Exec of an argv: git normalised, interpreter code
// found, data words classified (and, in the line itself, their spans
// marked as data).
func (m *modeler) execOf(s *src, words []Word, via []string, stdin *stdinSource) Exec {
	e := Exec{Argv: wordStrings(words), Literal: make([]bool, len(words)), Via: slices.Clone(via)}
	for i, w := range words {
		e.Literal[i] = w.Literal
	}
	if len(words) == 0 || !words[0].Literal {
		return e
	}
	if code, ok := InterpreterCode(e.Argv, ""); ok && code.Text != "" {
		e.Code = &code
	} else if c := sqlCode(e.Argv); c != nil {
		e.Code = c
	} else if c := evalCode(e.Argv); c != nil {
		e.Code = c
	} else if stdin != nil && stdin.known && (isInterpreterName(path.Base(e.Argv[0])) || isAwkName(path.Base(e.Argv[0])) && awkStdinProgram(e.Argv) >= 0) {
		argv := e.Argv
		if len(argv) == 1 {
			argv = []string{argv[0], "-"}
		}
		if isAwkName(path.Base(argv[0])) {
			// awk -f - (or -f /dev/stdin) reads its program from standard input.
			i := awkStdinProgram(argv)
			argv = slices.Concat(argv[:i], []string{"--source=" + stdin.text}, argv[i+2:])
		}
		for i, a := range argv[1:] {
			if isStdinPath(a) {
				argv = slices.Concat(argv[:i+1], []string{"-"}, argv[i+2:]) // python3 /dev/stdin <<< CODE
				break
			}
		}
		if code, ok := InterpreterCode(argv, stdin.text); ok {
			e.Code, e.codeFromStdin = &code, true
		}
	}
	e.Data, e.DataReason = classifyData(e.Argv, e.Literal, e.Code)
	if e.Data != nil {
		m.markData(s, words, e.Data)
	}
	if e.Code != nil && !e.codeFromStdin {
		m.markCodeLiterals(s, words, e.Code)
	}
	if sub, ok := strings.CutPrefix(path.Base(e.Argv[0]), "git-"); ok && strings.Contains(e.Argv[0], "git-core/") && e.Literal[0] {
		// /usr/lib/git-core/git-push is git push.
		e.Argv = append([]string{"git", sub}, e.Argv[1:]...)
		e.Literal = append([]bool{true, true}, e.Literal[1:]...)
		if e.Data != nil {
			e.Data = append([]bool{false}, e.Data...)
		}
	}
	if path.Base(e.Argv[0]) == "git" {
		e = normaliseGit(e)
	} else if argv, lit, ok := normaliseCLI(e.Argv, e.Literal); ok {
		e.Data = remapData(e.Argv, e.Data, argv)
		e.Argv, e.Literal = argv, lit
	}
	return e
}

// remapData carries data flags over to a reordered argv, by value.
func remapData(old []string, data []bool, argv []string) []bool {
	if data == nil {
		return nil
	}
	vals := map[string]bool{}
	for i, a := range old {
		if data[i] {
			vals[a] = true
		}
	}
	out := make([]bool, len(argv))
	for i, a := range argv {
		out[i] = vals[a]
	}
	return out
}

// markData marks the spans of data words in the line itself: a span is
// data only when every word that came from it is (a brace word may give
// a command name and its arguments).
func (m *modeler) markData(s *src, words []Word, data []bool) {
	if !s.top {
		return
	}
	notData := map[Span]bool{} // spans that gave a word that is not data
	for i, w := range words {
		if !data[i] {
			notData[w.Span] = true
		}
	}
	for i, w := range words {
		if data[i] && w.Literal && w.Span.End > w.Span.Start && !notData[w.Span] {
			m.out.Data = append(m.out.Data, w.Span)
		}
	}
}

// normaliseGit replaces a git argv by its normalised form ([ParseGit]):
// global options removed, abbreviations expanded, -c values after the
// arguments.
func normaliseGit(e Exec) Exec {
	g, ok := ParseGit(e.Argv)
	if !ok || g.Uncertain {
		return e
	}
	argv := slices.Clone(g.Argv)
	for _, c := range g.Config {
		argv = append(argv, "-c", c)
	}
	if slices.Equal(argv, e.Argv) {
		return e
	}
	raw := map[string]bool{}
	for i, a := range e.Argv {
		if !e.Literal[i] {
			raw[a] = true
		}
	}
	out := e
	out.Argv = argv
	out.Literal = make([]bool, len(argv))
	for i, a := range argv {
		out.Literal[i] = !raw[a]
	}
	out.Data = remapData(e.Argv, e.Data, argv) // data words keep their classification
	return out
}

// renderRedirs renders a statement's file redirections as written
// (here-documents and here-strings are the command's input instead).
func renderRedirs(s *src, redirs []*syntax.Redirect, env *varEnv) []string {
	vars := map[string]string{}
	for n, v := range env.vals {
		if len(v) == 1 {
			vars[n] = v[0]
		}
	}
	var out []string
	for _, r := range redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			continue
		}
		if r.Word == nil {
			continue
		}
		n := ""
		if r.N != nil {
			n = r.N.Value
		}
		t := s.w.word(r.Word, argWord)
		target := t.Raw
		if t.Literal {
			target = Quote(t.Value)
		} else if fields, err := expandFields(r.Word, vars, (&modeler{}).substOutput()); err == nil && len(fields) == 1 {
			// A target known but for a tilde (> ~/.bash''rc is > ~/.bashrc).
			target = fieldWord(fields[0], t).String()
			if w := fieldWord(fields[0], t); w.Literal {
				target = Quote(w.Value)
			}
		}
		out = append(out, n+r.Op.String()+" "+target)
	}
	return out
}

// setStdin records a command's known input, or, for a program that runs
// its input as code, where the input comes from.
func setStdin(e *Exec, stdin *stdinSource) {
	if stdin == nil || len(e.Argv) == 0 {
		return
	}
	name := path.Base(e.Argv[0])
	switch {
	case stdin.known:
		if len(stdin.text) > maxScriptBytes {
			return
		}
		e.Stdin, e.StdinKnown = stdin.text, true
		e.StdinData = readsInputAsText(e.Argv)
	case stdin.from != "" && runsInput(name) && programFromStdin(e.Argv):
		e.Stdin = stdin.from
	}
}

// programFromStdin reports whether a shell or interpreter reads its
// program from standard input: no script, code or module operand (or the
// operand "-"), or a shell's -s. Other programs of runsInput always do.
func programFromStdin(argv []string) bool {
	name := path.Base(argv[0])
	if !isShellName(name) && !isInterpreterName(name) {
		return true
	}
	for _, a := range argv[1:] {
		switch {
		case a == "-" || a == "-s":
			return true
		case a == "--":
			continue
		case strings.HasPrefix(a, "-"):
			if isShellName(name) && strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "c") {
				return false // bash -c SCRIPT
			}
			if !isShellName(name) && len(a) >= 2 && strings.ContainsAny(a[1:2], "cemrEp") {
				return false // python -c/-m, node -e/-p, ruby -e, perl -e/-E, php -r
			}
		default:
			return false // a script file
		}
	}
	return true
}

// readsInputAsText reports a command that reads its standard input only
// as text: a text tool, or a message read from "-" (git commit -F -, gh
// pr create --body-file -).
func readsInputAsText(argv []string) bool {
	if len(argv) == 0 {
		return false
	}
	name := path.Base(argv[0])
	if readsTextOnly(name) {
		return true
	}
	switch name {
	case "git", "gh", "glab":
		for i, a := range argv[1:] {
			switch a {
			case "-F", "--file", "--body-file", "--notes-file", "-b", "--body":
				if i+2 < len(argv) && argv[i+2] == "-" {
					return true
				}
			case "--file=-", "--body-file=-", "--notes-file=-", "-F-":
				return true
			}
		}
	}
	return false
}

// readsTextOnly reports a program that only reads its input as text.
func readsTextOnly(name string) bool {
	switch name {
	case "cat", "tee", "grep", "egrep", "fgrep", "rg", "wc", "head", "tail", "sort", "uniq", "less", "more",
		"tr", "cut", "column", "fold", "fmt", "nl", "rev", "xxd", "od", "hexdump", "md5sum", "sha1sum",
		"sha256sum", "sha512sum", "base64", "gzip", "bzip2", "xz", "zstd", "jq", "yq", "diff", "cmp", "awk",
		"sed", "echo", "printf", "true", ":", "wl-copy", "pbcopy", "xclip", "xsel", "iconv", "expand", "paste",
		"strings", "file", "tac", "pr":
		return true
	}
	return false
}

// runsInput reports a program that runs what it reads on its standard
// input: shells, interpreters, database clients, at, batch and crontab.
func runsInput(name string) bool {
	if isShellName(name) || isInterpreterName(name) {
		return true
	}
	switch name {
	case "psql", "mysql", "mariadb", "sqlite3", "duckdb", "mongo", "mongosh", "redis-cli", "cqlsh",
		"clickhouse-client", "sqlcmd", "mysqlsh", "at", "batch", "crontab", "xargs", "source", ".":
		return true
	}
	return false
}

// markCodeLiterals marks, in the line itself, the string literals of
// interpreter code that go to no shell, when the code's word is written
// so that its offsets are the value's (plain, or in quotes without
// escapes).
func (m *modeler) markCodeLiterals(s *src, words []Word, code *Code) {
	if !s.top || len(code.Literals) == 0 {
		return
	}
	for _, w := range words[1:] {
		if !w.Literal || w.Value != code.Text {
			continue
		}
		off := -1
		switch {
		case w.Raw == "'"+w.Value+"'":
			off = w.Span.Start + 1
		case w.Raw == `"`+w.Value+`"` && !strings.ContainsAny(w.Value, "\\$`\""):
			off = w.Span.Start + 1
		case w.Raw == w.Value:
			off = w.Span.Start
		}
		if off < 0 {
			return
		}
		for _, l := range code.Literals {
			if l.Start >= 0 && l.End <= len(w.Value) && l.Start < l.End {
				m.out.Data = append(m.out.Data, Span{off + l.Start, off + l.End})
			}
		}
		return
	}
}

// lookupOperands returns the operands of a command that only looks them
// up (command -v/-V, type, which, whereis, hash).
func lookupOperands(argv []string) ([]string, bool) {
	if len(argv) < 2 {
		return nil, false
	}
	i := 1
	switch path.Base(argv[0]) {
	case "command":
		if !strings.HasPrefix(argv[1], "-") || !strings.ContainsAny(argv[1], "vV") {
			return nil, false
		}
	case "type", "which", "whereis", "hash":
	default:
		return nil, false
	}
	for i < len(argv) && strings.HasPrefix(argv[i], "-") {
		i++
		if argv[i-1] == "--" {
			break
		}
	}
	if i >= len(argv) {
		return nil, false
	}
	return argv[i:], true
}

// xargsReplace returns the replace string of xargs -I R, -iR, -i or
// --replace[=R], given the words of the xargs layer.
func xargsReplace(layer []Word) (string, bool) {
	for i := 1; i < len(layer); i++ {
		v := layer[i].Value
		switch {
		case v == "-I" && i+1 < len(layer):
			return layer[i+1].Value, true
		case strings.HasPrefix(v, "-I") && len(v) > 2:
			return v[2:], true
		case v == "-i" || v == "--replace":
			return "{}", true
		case strings.HasPrefix(v, "-i") && len(v) > 2:
			return v[2:], true
		case strings.HasPrefix(v, "--replace="):
			return strings.TrimPrefix(v, "--replace="), true
		}
	}
	return "", false
}

// replaceWords replaces repl by value in every word.
func replaceWords(words []Word, repl, value string) []Word {
	out := make([]Word, len(words))
	for i, w := range words {
		if w.Literal && repl != "" && strings.Contains(w.Value, repl) {
			w = LiteralWord(strings.ReplaceAll(w.Value, repl, value))
			w.Span = words[i].Span
		}
		out[i] = w
	}
	return out
}

// codeSegments are the pieces of interpreter code read as if it were shell
// (node -e "rm -rf /"), recorded as data; none for SQL.
func codeSegments(c *Code) [][]string {
	if c.Lang == "sql" || c.Lang == "awk" {
		return nil
	}
	return crudeSegments(c.Text)
}

// markStdinLiterals marks, in the line itself, spans of a quoted
// here-document on standard input (whose text is the body as written)
// that are data: the string literals and comments of code it feeds.
func (m *modeler) markStdinLiterals(s *src, redirs []*syntax.Redirect, lits []Span) {
	if !s.top || len(lits) == 0 {
		return
	}
	var doc *syntax.Redirect
	for _, r := range redirs {
		if (r.Op == syntax.Hdoc) && (r.N == nil || r.N.Value == "0") && r.Hdoc != nil && r.Word != nil && quotedDelimiter(r.Word) {
			doc = r
		}
	}
	if doc == nil {
		return
	}
	body := s.w.span(doc.Hdoc.Pos(), doc.Hdoc.End())
	for _, l := range lits {
		if body.Start+l.End <= body.End {
			m.out.Data = append(m.out.Data, Span{body.Start + l.Start, body.Start + l.End})
		}
	}
}

// procSubstOutput is the output of a process substitution `<(CMD)` whose
// command only prints literal text (echo, printf, cat of a here-document).
func procSubstOutput(raw string) (string, bool) {
	if !strings.HasPrefix(raw, "<(") || !strings.HasSuffix(raw, ")") {
		return "", false
	}
	return staticOutput(raw[2 : len(raw)-1])
}

// staticOutput is the output of a script that is one command printing
// literal text, when it can be known.
func staticOutput(script string) (string, bool) {
	file, _, err := parseModelFile(script)
	if err != nil || len(file.Stmts) != 1 {
		return "", false
	}
	m := &modeler{}
	out, err := m.substOutput()(&syntax.CmdSubst{Stmts: file.Stmts})
	return out, err == nil
}

// procSubstReaders returns the scripts a command's output feeds through
// `> >(sh)` or `tee >(sh)`: the shells and interpreters inside output
// process substitutions.
func procSubstReaders(raw string) bool {
	if !strings.HasPrefix(raw, ">(") || !strings.HasSuffix(raw, ")") {
		return false
	}
	file, _, err := parseModelFile(raw[2 : len(raw)-1])
	if err != nil || len(file.Stmts) != 1 {
		return false
	}
	call, ok := file.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	name, lit := literalValue(call.Args[0].Parts, argWord)
	if !lit {
		return false
	}
	n := path.Base(name)
	return (isShellName(n) || isInterpreterName(n)) && (len(call.Args) == 1 || len(call.Args) == 2 && call.Args[1].Lit() == "-")
}

// outputToShell models `echo X > >(sh)` and `echo X | tee >(sh)`: the
// command's output, when it is literal, runs as a script.
func (m *modeler) outputToShell(s *src, words []Word, redirs []*syntax.Redirect, stdin *stdinSource, env *varEnv, via []string) {
	feeds := false
	for _, r := range redirs {
		if r.Word != nil && (r.Op == syntax.RdrOut || r.Op == syntax.AppOut) {
			if sp := s.w.span(r.Word.Pos(), r.Word.End()); procSubstReaders(s.w.src[sp.Start:sp.End]) {
				feeds = true
			}
		}
	}
	tee := len(words) > 0 && words[0].Literal && path.Base(words[0].Value) == "tee"
	if tee {
		for _, w := range words[1:] {
			feeds = feeds || (!w.Literal && procSubstReaders(w.Raw))
		}
	}
	if !feeds {
		return
	}
	out, known := "", false
	switch {
	case tee && stdin != nil && stdin.known:
		out, known = stdin.text, true
	case allLiteral(words):
		out, known = printOutput(wordStrings(words))
	}
	if known {
		m.script(out, env.child(), append(slices.Clip(via), "sh >(…)"), wordsText(words), false, s.depth+1)
	} else {
		m.dynamic(wordsText(words), "a shell runs this command's output")
	}
}

func wordsText(words []Word) string { return strings.Join(wordStrings(words), " ") }

// commandEnv are environment variables whose value a program runs as a
// command (an editor, a pager, an ssh command): a literal value given to
// the command is modelled as a script.
var commandEnv = map[string]bool{
	"EDITOR": true, "VISUAL": true, "PAGER": true, "GIT_EDITOR": true, "GIT_PAGER": true, "GIT_SSH_COMMAND": true,
	"GIT_SEQUENCE_EDITOR": true, "GIT_EXTERNAL_DIFF": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true, "SUDO_ASKPASS": true,
	"LESSOPEN": true, "LESSCLOSE": true, "MANPAGER": true, "SYSTEMD_PAGER": true, "BROWSER": true, "PROMPT_COMMAND": true,
	"BASH_ENV": false, "ENV": false,
}

// gitCommandConfig are git settings whose value git runs as a command.
var gitCommandConfig = []string{"core.editor", "core.pager", "core.sshcommand", "core.fsmonitor", "sequence.editor",
	"diff.external", "gpg.program", "credential.helper", "core.askpass", "uploadpack.packobjectshook", "pager.", "filter.",
	"merge.tool", "mergetool.", "difftool.", "gc.auto", "core.hookspath", "man.", "help.browser", "web.browser", "browser."}

// commandValues models the commands a program is handed in its
// environment (EDITOR='…' crontab -e), in git's -c settings and aliases
// (git -c core.pager='…' log, git -c alias.x='!…' x) and in options that
// take a command (git rebase -x, git bisect run, git submodule foreach).
func (m *modeler) commandValues(s *src, argv []string, env *varEnv, via []string, text string) {
	for name, vals := range env.vals {
		if commandEnv[name] && env.exported[name] && len(vals) == 1 {
			m.script(vals[0], env.child(), append(slices.Clip(via), name), text, false, s.depth+1)
		}
	}
	if len(argv) > 1 {
		m.programScripts(s, argv, env, via, text)
	}
	if len(argv) > 0 && isShellName(path.Base(argv[0])) {
		// A non-interactive bash sources $BASH_ENV first (sh: $ENV when
		// interactive): a file named in the environment runs.
		for _, name := range []string{"BASH_ENV", "ENV"} {
			if vals := env.vals[name]; env.exported[name] && len(vals) == 1 && vals[0] != "" {
				m.scriptFile(s, LiteralWords(vals[:1])[0], env.child(), append(slices.Clip(via), name), text, nil)
			}
		}
	}
	if len(argv) == 0 || path.Base(argv[0]) != "git" {
		return
	}
	g, ok := ParseGit(argv)
	if !ok {
		return
	}
	if g.Uncertain {
		// (An alias on a command makes ParseGit unsure; its settings
		// and the subcommand are still where git reads them.)
		g.Config, g.Argv = nil, []string{"git"}
		for i := 1; i < len(argv); i++ {
			switch a := argv[i]; {
			case (a == "-c" || a == "-C") && i+1 < len(argv):
				if a == "-c" {
					g.Config = append(g.Config, argv[i+1])
				}
				i++
			case strings.HasPrefix(a, "-"):
			default:
				g.Argv = append(g.Argv, argv[i:]...)
				i = len(argv)
			}
		}
	}
	for _, c := range g.Config {
		key, val, _ := strings.Cut(c, "=")
		key = strings.ToLower(key)
		for _, k := range gitCommandConfig {
			if key == k || strings.HasSuffix(k, ".") && strings.HasPrefix(key, k) {
				m.script(val, env.child(), append(slices.Clip(via), "git -c "+key), text, false, s.depth+1)
			}
		}
		if alias, ok := strings.CutPrefix(key, "alias."); ok && len(g.Argv) > 1 && strings.EqualFold(g.Argv[1], alias) {
			if sh, ok := strings.CutPrefix(val, "!"); ok {
				m.script(sh+" "+strings.Join(g.Argv[2:], " "), env.child(), append(slices.Clip(via), "git alias "+alias), text, false, s.depth+1)
			} else {
				m.script("git "+val+" "+strings.Join(g.Argv[2:], " "), env.child(), append(slices.Clip(via), "git alias "+alias), text, false, s.depth+1)
			}
		}
	}
	argv = g.Argv
	if len(argv) < 3 {
		return
	}
	switch argv[1] {
	case "grep":
		// git grep -O'CMD' / --open-files-in-pager=CMD runs CMD.
		for _, a := range argv[2:] {
			if v, ok := strings.CutPrefix(a, "-O"); ok && v != "" {
				m.script(v, env.child(), append(slices.Clip(via), "git grep -O"), text, false, s.depth+1)
			} else if v, ok := strings.CutPrefix(a, "--open-files-in-pager="); ok && v != "" {
				m.script(v, env.child(), append(slices.Clip(via), "git grep -O"), text, false, s.depth+1)
			}
		}
	case "rebase":
		for i := 2; i < len(argv); i++ {
			a := argv[i]
			if (a == "-x" || a == "--exec") && i+1 < len(argv) {
				m.script(argv[i+1], env.child(), append(slices.Clip(via), "git rebase --exec"), text, false, s.depth+1)
			} else if v, ok := strings.CutPrefix(a, "--exec="); ok {
				m.script(v, env.child(), append(slices.Clip(via), "git rebase --exec"), text, false, s.depth+1)
			}
		}
	case "bisect":
		if argv[2] == "run" && len(argv) > 3 {
			m.run(s, LiteralWords(argv[3:]), nil, env, env, nil, append(slices.Clip(via), "git bisect run"))
		}
	case "submodule":
		for i := 2; i+1 < len(argv); i++ {
			if argv[i] == "foreach" {
				m.script(strings.Join(argv[i+1:], " "), env.child(), append(slices.Clip(via), "git submodule foreach"), text, false, s.depth+1)
				break
			}
		}
	}
}

// programScripts models the shell commands programs run from their own
// scripts: GNU sed's e command and s///e flag, vim's -c/+ ':!cmd', gdb's
// -ex '!cmd' / 'shell cmd', and make recipes read from standard input
// are not followed (a problem of their own).
func (m *modeler) programScripts(s *src, argv []string, env *varEnv, via []string, text string) {
	name := path.Base(argv[0])
	run := func(script, how string) {
		m.script(script, env.child(), append(slices.Clip(via), how), text, false, s.depth+1)
	}
	switch name {
	case "sed", "gsed":
		for _, a := range argv[1:] {
			if v, ok := strings.CutPrefix(a, "--expression="); ok {
				a = v
			} else if strings.HasPrefix(a, "-e") && len(a) > 2 {
				a = a[2:] // -e'1e cmd'
			}
			for _, cmd := range sedExecs(a) {
				if cmd == "" {
					m.dynamic(text, "sed e runs the lines it reads as commands")
					continue
				}
				run(cmd, "sed e")
			}
		}
	case "vim", "vi", "nvim", "ex", "view", "gvim":
		for i := 1; i < len(argv); i++ {
			a := argv[i]
			c := ""
			switch {
			case (a == "-c" || a == "--cmd") && i+1 < len(argv):
				c = argv[i+1]
				i++
			case strings.HasPrefix(a, "+"):
				c = a[1:]
			}
			c = strings.TrimLeft(c, ": ")
			if after, ok := strings.CutPrefix(c, "!"); ok {
				run(after, name+" :!")
			} else if after, ok := strings.CutPrefix(c, "call system("); ok {
				run(strings.Trim(strings.TrimSuffix(after, ")"), `"'`), name+" system()")
			}
		}
	case "man":
		// man -P PAGER / --pager=PAGER runs the pager through a shell.
		for i := 1; i < len(argv); i++ {
			switch a := argv[i]; {
			case (a == "-P" || a == "--pager") && i+1 < len(argv):
				run(argv[i+1], "man -P")
				i++
			case strings.HasPrefix(a, "--pager="):
				run(strings.TrimPrefix(a, "--pager="), "man -P")
			case strings.HasPrefix(a, "-P") && len(a) > 2:
				run(a[2:], "man -P")
			}
		}
	case "rsync":
		for i := 1; i < len(argv); i++ {
			switch a := argv[i]; {
			case (a == "-e" || a == "--rsh") && i+1 < len(argv):
				run(argv[i+1], "rsync -e")
				i++
			case strings.HasPrefix(a, "--rsh="):
				run(strings.TrimPrefix(a, "--rsh="), "rsync -e")
			}
		}
	case "ssh", "scp", "sftp":
		// -o ProxyCommand=… and LocalCommand run a command here.
		for i := 1; i < len(argv); i++ {
			o := ""
			switch a := argv[i]; {
			case a == "-o" && i+1 < len(argv):
				o = argv[i+1]
				i++
			case strings.HasPrefix(a, "-o"):
				o = a[2:]
			}
			key, val, ok := strings.Cut(o, "=")
			if !ok {
				key, val, _ = strings.Cut(o, " ")
			}
			if k := strings.ToLower(strings.TrimSpace(key)); k == "proxycommand" || k == "localcommand" || k == "knownhostscommand" {
				run(val, name+" -o "+key)
			}
		}
	case "gdb", "lldb":
		for i := 1; i+1 < len(argv); i++ {
			if argv[i] == "-ex" || argv[i] == "--eval-command" || argv[i] == "-o" || argv[i] == "--one-line" {
				c := strings.TrimSpace(argv[i+1])
				if after, ok := strings.CutPrefix(c, "!"); ok {
					run(after, name+" !")
				} else if after, ok := strings.CutPrefix(c, "shell "); ok {
					run(after, name+" shell")
				}
			}
		}
	}
}

// sedExecs returns the commands a sed script runs: the text after an e
// command, and the replacement of an s command with the e flag (run as
// the pattern space's new text), and "" for an e alone (which runs the
// pattern space: the input).
func sedExecs(script string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(script, func(r rune) bool { return r == '\n' || r == ';' }) {
		l := strings.TrimLeft(line, " \t0123456789$,/!{")
		if after, ok := strings.CutPrefix(l, "e "); ok {
			out = append(out, strings.TrimRight(after, "}"))
			continue
		}
		if strings.TrimRight(l, " }") == "e" {
			out = append(out, "") // e alone: the pattern space is the command
			continue
		}
		if len(l) > 2 && l[0] == 's' {
			d := l[1]
			parts := strings.Split(l[2:], string(d))
			if len(parts) >= 3 && strings.Contains(parts[len(parts)-1], "e") {
				out = append(out, parts[1])
			}
		}
	}
	return out
}

// stdinCommands returns the shell commands a program runs from the
// script it reads on standard input: make -f - (recipe lines and
// $(shell …)), and the ! commands of ed, ex and vim in Ex mode.
func stdinCommands(argv []string, stdin string) []string {
	name := path.Base(argv[0])
	var out []string
	switch name {
	case "make", "gmake":
		fromStdin := false
		for i, a := range argv[1:] {
			next := ""
			if i+2 < len(argv) {
				next = argv[i+2]
			}
			switch {
			case (a == "-f" || a == "--file" || a == "--makefile") && isStdinPath(next),
				isStdinPath(strings.TrimPrefix(strings.TrimPrefix(a, "--file="), "--makefile=")) && strings.HasPrefix(a, "--"):
				fromStdin = true
			}
		}
		if !fromStdin {
			return nil
		}
		// Under -n only recipe lines that start with + or use $(MAKE)
		// run; $(shell …) runs while the makefile is read, always.
		dry := dryRun(name, argv) != ""
		recipe := func(r string) {
			r = strings.TrimLeft(r, " \t")
			runs := !dry || strings.Contains(r, "$(MAKE)") || strings.Contains(r, "${MAKE}") || strings.HasPrefix(strings.TrimLeft(r, "@-"), "+")
			if runs {
				out = append(out, strings.TrimLeft(r, "@+- \t"))
			}
		}
		for _, line := range strings.Split(stdin, "\n") {
			if r, ok := strings.CutPrefix(line, "\t"); ok {
				recipe(r)
			} else if _, r, ok := strings.Cut(line, ";"); ok && strings.Contains(line[:strings.Index(line, ";")], ":") && !strings.Contains(line, "$(shell") {
				recipe(r) // target: ; recipe
			}
			for rest := line; ; {
				i := strings.Index(rest, "$(shell ")
				if i < 0 {
					break
				}
				rest = rest[i+len("$(shell "):]
				depth, end := 1, len(rest)
				for j := 0; j < len(rest); j++ {
					if rest[j] == '(' {
						depth++
					} else if rest[j] == ')' {
						if depth--; depth == 0 {
							end = j
							break
						}
					}
				}
				out = append(out, rest[:end])
				rest = rest[end:] // (each byte scanned once)
			}
		}
	case "sed", "gsed":
		for i, a := range argv[1:] {
			if a == "-f" && i+2 < len(argv) && isStdinPath(argv[i+2]) {
				return sedExecs(stdin) // sed -f - reads its script
			}
		}
		for _, a := range argv[1:] {
			if v, ok := strings.CutPrefix(a, "-e"); ok && v != "" {
				a = v
			}
			if slices.Contains(sedExecs(a), "") {
				// sed e runs each line it reads as a command.
				return strings.Split(strings.TrimSuffix(stdin, "\n"), "\n")
			}
		}
	case "ed", "red", "ex", "vim", "vi", "nvim", "view":
		if name != "ed" && name != "red" && name != "ex" && !slices.ContainsFunc(argv[1:], func(a string) bool {
			return a == "-e" || a == "-es" || a == "-E" || a == "-Es"
		}) {
			return nil
		}
		inText := false // after a, i or c: text up to a lone .
		for _, line := range strings.Split(stdin, "\n") {
			if inText {
				inText = line != "."
				continue
			}
			if t := strings.TrimLeft(strings.TrimSpace(line), "0123456789,.$;'+-/ "); t == "a" || t == "i" || t == "c" || t == "append" || t == "insert" || t == "change" {
				inText = true
				continue
			}
			l := strings.TrimLeft(line, ": \t")
			l = strings.TrimPrefix(strings.TrimPrefix(l, "silent!"), "silent")
			l = strings.TrimLeft(l, " \t")
			for _, p := range []string{"w", "r", "e", "write", "read", "edit"} {
				if rest, ok := strings.CutPrefix(l, p); ok && strings.HasPrefix(strings.TrimLeft(rest, " "), "!") {
					l = strings.TrimLeft(rest, " ")
					break
				}
			}
			if cmd, ok := strings.CutPrefix(l, "!"); ok && strings.TrimSpace(cmd) != "" {
				out = append(out, cmd)
			}
		}
	}
	return out
}

// rawKey is the key of a file written to a name known only at run time:
// its text, double quotes removed ("$t" and $t are the same file).
func rawKey(raw string) string { return "\x00raw:" + strings.ReplaceAll(raw, `"`, "") }

// writtenNamed returns the content of the one file written earlier on
// the line whose name is the last element of p, when p's last element is
// plain text and exactly one such file was written with known content.
func (m *modeler) writtenNamed(p string) (string, bool) {
	if c, ok := m.written[path.Clean(rawKey(p))]; ok && c != "\x00" {
		return c, true // echo … > "$t"; bash "$t"
	}
	i := strings.LastIndexByte(p, '/')
	base := p[i+1:]
	if base == "" || strings.ContainsAny(base, "$`*?[{\"'") {
		return "", false
	}
	found, n := "", 0
	for k, c := range m.written {
		if path.Base(k) == base {
			found, n = c, n+1
		}
	}
	if n != 1 || found == "\x00" {
		return "", false
	}
	return found, true
}

// shellNoExec reports a shell invoked with -n (or -o noexec) that no
// later +n or +o noexec undoes: it reads its script and runs none of it.
// Option values (--rcfile FILE, -o NAME) are skipped; a word it cannot
// read means it may run.
func shellNoExec(words []Word) bool {
	noexec := false
	for i := 1; i < len(words); i++ {
		w := words[i]
		if !w.Literal {
			return false
		}
		a := w.Value
		switch {
		case a == "--" || a == "-" || len(a) < 2 || a[0] != '-' && a[0] != '+':
			return noexec
		case a == "--rcfile" || a == "--init-file":
			i++
		case strings.HasPrefix(a, "--"):
		default:
			on := a[0] == '-'
			for _, c := range a[1:] {
				switch c {
				case 'n':
					noexec = on
				case 'o', 'O':
					if i+1 < len(words) {
						i++
						if c == 'o' && words[i].Literal && words[i].Value == "noexec" {
							noexec = on
						}
					}
				}
			}
		}
	}
	return noexec
}

// isStdinPath reports a file name that is standard input.
func isStdinPath(p string) bool {
	return p == "-" || p == "/dev/stdin" || p == "/dev/fd/0" || p == "/proc/self/fd/0"
}
