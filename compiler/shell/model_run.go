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
	consumed := false // standard input is run as code
	last := ""        // the innermost command's name
	defer func() {
		if !consumed && readsTextOnly(path.Base(last)) {
			m.redirData(s, redirs)
		}
	}()
	text := ""
	rendered := renderRedirs(s, redirs)
	for depth := 0; ; depth++ {
		if len(words) == 0 {
			return text
		}
		e := m.execOf(s, words, via, stdin)
		e.Redirs = rendered
		if e.Code == nil || !e.codeFromStdin {
			setStdin(&e, stdin)
		}
		if !m.record(e) {
			return text
		}
		text = e.Text()
		name := words[0]
		last = name.Value
		if !name.Literal {
			m.dynamic(text, "the command name "+name.Raw+" is known only at run time")
			return text
		}
		if depth >= MaxUnwrapDepth {
			m.dynamic(text, "more than "+itoa(MaxUnwrapDepth)+" wrapper layers")
			return text
		}
		base := name.Value
		if !strings.Contains(base, "/") {
			if body, ok := m.funcs[base]; ok {
				m.funcBody(s, base, body, env, stdin)
				return text
			}
		}
		if e.Code != nil {
			consumed = consumed || e.codeFromStdin
			m.interpreter(s, e, cmdEnv)
			return text
		}
		if isInterpreterName(path.Base(base)) && len(words) == 1 && stdin != nil && !stdin.known {
			consumed = true
			m.dynamic(text, "runs its standard input ("+stdin.from+") as "+path.Base(base)+" code")
			return text
		}
		switch path.Base(base) {
		case "trap":
			// trap 'COMMANDS' SIGNAL… runs COMMANDS later, in this shell.
			if len(words) >= 3 && words[1].Literal && words[1].Value != "-" && !strings.HasPrefix(words[1].Value, "-") {
				m.script(words[1].Value, env, append(slices.Clip(via), "trap"), text, false, s.depth+1)
			} else if len(words) >= 3 && !words[1].Literal {
				m.dynamic(text, "trap runs "+words[1].Raw+", known only at run time")
			}
			return text
		case "alias":
			// An alias runs its value where it is used (expand_aliases).
			for _, w := range words[1:] {
				if _, v, ok := strings.Cut(w.Value, "="); ok && w.Literal {
					m.script(v, env.clone(), append(slices.Clip(via), "alias"), text, false, s.depth+1)
				}
			}
			return text
		case "source", ".":
			if path.Base(base) == "." && base != "." {
				break
			}
			if len(words) > 1 {
				m.scriptFile(s, words[1], env, append(slices.Clip(via), "source"), text)
			}
			return text
		}
		if strings.Contains(base, "/") {
			if _, strip := modelWrapperFor(base); strip == nil {
				m.scriptFile(s, name, cmdEnv.child(), append(slices.Clip(via), base), text)
				return text
			}
		}
		wname, strip := modelWrapperFor(base)
		if strip == nil {
			return text
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
				m.shellFile(s, words, cmdEnv, via, text)
			}
			return text
		case stepStrip:
			via = append(slices.Clip(via), wname)
			for _, more := range st.more {
				m.run(s, more, nil, env, cmdEnv, stdin, via)
			}
			words = st.rest
			if wname == "xargs" && stdin != nil && stdin.known {
				// xargs appends the words it reads to the command.
				fields := strings.Fields(stdin.text)
				if len(fields) <= 64 {
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
				m.script(st.script, cmdEnv.child(), append(slices.Clip(via), label), text, false, s.depth+1)
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
func (m *modeler) shellFile(s *src, words []Word, env *varEnv, via []string, text string) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w.Literal && (strings.HasPrefix(w.Value, "-") || strings.HasPrefix(w.Value, "+")) {
			if w.Value == "--" {
				if i+1 < len(words) {
					m.scriptFile(s, words[i+1], env.child(), append(slices.Clip(via), path.Base(words[0].Value)), text)
				}
				return
			}
			continue
		}
		m.scriptFile(s, w, env.child(), append(slices.Clip(via), path.Base(words[0].Value)), text)
		return
	}
}

// scriptFile models a script file the line runs: one the line wrote
// itself with a literal redirection, or one ReadScript reads.
func (m *modeler) scriptFile(s *src, file Word, env *varEnv, via []string, text string) {
	if !file.Literal {
		m.dynamic(text, "runs the script "+file.Raw+", whose name is known only at run time")
		return
	}
	if content, ok := m.written[file.Value]; ok {
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
			continue
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
			m.written[target.Value] = "\x00"
			continue
		}
		if r.Op == syntax.AppOut || r.Op == syntax.AppAll {
			if old, ok := m.written[target.Value]; ok && old != "\x00" {
				content = old + content
			}
		}
		if len(content) <= maxScriptBytes {
			m.written[target.Value] = content
		}
	}
	// tee FILE writes its input to FILE too.
	if len(words) >= 2 && words[0].Literal && path.Base(words[0].Value) == "tee" && stdin != nil && stdin.known {
		for _, w := range words[1:] {
			if w.Literal && !strings.HasPrefix(w.Value, "-") {
				m.written[w.Value] = stdin.text
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
	} else if stdin != nil && stdin.known && isInterpreterName(path.Base(e.Argv[0])) {
		argv := e.Argv
		if len(argv) == 1 {
			argv = []string{argv[0], "-"}
		}
		if code, ok := InterpreterCode(argv, stdin.text); ok {
			e.Code, e.codeFromStdin = &code, true
		}
	}
	e.Data, e.DataReason = classifyData(e.Argv, e.Literal, e.Code)
	if e.Data != nil {
		m.markData(s, words, e.Data)
	}
	if path.Base(e.Argv[0]) == "git" {
		e = normaliseGit(e)
	}
	return e
}

// markData marks the spans of data words in the line itself: a span is
// data only when every word that came from it is (a brace word may give
// a command name and its arguments).
func (m *modeler) markData(s *src, words []Word, data []bool) {
	if !s.top {
		return
	}
	for i, w := range words {
		if !data[i] || !w.Literal || w.Span.End <= w.Span.Start {
			continue
		}
		all := true
		for j, o := range words {
			if o.Span == w.Span && !data[j] {
				all = false
			}
		}
		if all {
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
	if e.Data != nil {
		// Data words keep their classification by value.
		dataVals := map[string]bool{}
		for i, a := range e.Argv {
			if e.Data[i] {
				dataVals[a] = true
			}
		}
		out.Data = make([]bool, len(argv))
		for i, a := range argv {
			out.Data[i] = dataVals[a]
		}
	}
	return out
}

// renderRedirs renders a statement's file redirections as written
// (here-documents and here-strings are the command's input instead).
func renderRedirs(s *src, redirs []*syntax.Redirect) []string {
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
		e.StdinData = readsTextOnly(name)
	case stdin.from != "" && runsInput(name):
		e.Stdin = stdin.from
	}
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
