package shell

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Model is what bash would execute for one command line ([Analyze]): the
// commands that may run, each with the argv its program receives, the
// pipelines they form, what is only known at run time, and which parts of
// the line bash treats as data.
type Model struct {
	// Commands are the commands that may run, in the order they were
	// found, without duplicates: every layer of a wrapped command (sudo rm
	// -rf x gives sudo rm -rf x and rm -rf x), the bodies of control
	// structures and functions, substitutions, the scripts handed to a
	// shell, eval, source or an interpreter's shell call.
	Commands []Exec
	// Pipelines are the pipelines of two or more stages, each stage
	// shown as its innermost command.
	Pipelines []Pipeline
	// Dynamic lists what cannot be known without running the line: a
	// command name built at run time, a script read from a program's
	// output, interpreter code that hands a computed string to a shell.
	Dynamic []Dynamic
	// Data are byte ranges of the line that bash treats as data: literal
	// arguments of programs that do not execute them (echo, a commit
	// message, a grep pattern, a --help invocation), here-documents read
	// as text, comments.
	Data []Span
	// Err is the parse error, when the line is not valid bash: the model
	// is then empty and nothing is data.
	Err error
}

// Exec is one command that may run.
type Exec struct {
	// Argv is the command as its program receives it: words after quote
	// removal, escapes, brace expansion and the expansion of variables
	// assigned literally earlier in the line. A word whose value is known
	// only at run time is its source text (Literal false). git's global
	// options are taken apart ([ParseGit]): git -C d push --force is git
	// push --force, its -c NAME=VALUE options follow the arguments.
	Argv []string
	// Literal reports, per word, whether its value is known.
	Literal []bool
	// Data reports, per word, whether the program treats it as data
	// (DataReason says why); nil when no word is.
	Data []bool
	// DataReason says why words are data ("echo prints its arguments").
	DataReason string
	// Via lists the wrappers, shells and interpreters the command was
	// found through, outermost first ("sudo", "bash -c", "python -c").
	Via []string
	// Code is the inline program of an interpreter (python -c, node -e …,
	// or a script fed on its standard input).
	Code *Code
	// Redirs are the command's file redirections as written ("> ~/.bashrc",
	// "2>> log"); here-documents and here-strings are Stdin.
	Redirs []string
	// Stdin is what the command reads on its standard input when the line
	// says: the text of a here-document, a here-string or an earlier
	// pipeline stage that prints literal text (StdinKnown), or, for a
	// program that runs its input as code, the command whose output it
	// reads (curl … | bash).
	Stdin      string
	StdinKnown bool
	// StdinData: the program only reads its input as text (cat, grep …).
	StdinData bool

	codeFromStdin bool
	onlyData      bool   // recorded by recordDataOnly
	stdinMasked   string // Stdin with the string literals of the SQL it holds blanked
}

// Text is the command's canonical text: its argv joined as a shell would
// read it back (shlex.join), words not known statically as written, then
// its input as a here-string: `<<< 'TEXT'` when it is known, `<<< "$(COMMAND)"`
// when it is another command's output. A command that is only
// redirections (`> file`) is its redirections.
func (e Exec) Text() string {
	return e.render(joinArgv(e.Argv, e.Literal, nil), false, len(e.Argv) == 0)
}

// RedirText is Text with the command's file redirections after its argv
// (`echo x > ~/.bashrc`), for rules about what a command writes; Text
// leaves them out so that a rule can anchor on the last argument.
func (e Exec) RedirText() string { return e.render(joinArgv(e.Argv, e.Literal, nil), false, true) }

// MaskedRedirText is RedirText with data blanked (MaskedText).
func (e Exec) MaskedRedirText() string { return e.render(e.maskedArgv(), true, true) }

func (e Exec) render(argv string, masked, redirs bool) string {
	if (len(e.Redirs) == 0 || !redirs) && e.Stdin == "" {
		return argv
	}
	var b strings.Builder
	b.WriteString(argv)
	if redirs {
		for _, r := range e.Redirs {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(r)
		}
	}
	switch {
	case e.Stdin == "":
	case masked && e.StdinData:
		b.WriteString(" <<< ''")
	case masked && e.stdinMasked != "":
		b.WriteString(" <<< ")
		b.WriteString(Quote(e.stdinMasked))
	case e.StdinKnown:
		b.WriteString(" <<< ")
		b.WriteString(Quote(e.Stdin))
	default:
		b.WriteString(` <<< "$(`)
		b.WriteString(e.Stdin)
		b.WriteString(`)"`)
	}
	return strings.TrimLeft(b.String(), " ")
}

// MaskedText is Text with every data word blanked (”), and the string
// literals of interpreter code that go to no shell blanked: a rule that
// matches Text but not MaskedText matched only data.
func (e Exec) MaskedText() string {
	if !e.HasData() {
		return e.Text()
	}
	return e.render(e.maskedArgv(), true, len(e.Argv) == 0)
}

func (e Exec) maskedArgv() string {
	if !e.HasData() {
		return joinArgv(e.Argv, e.Literal, nil)
	}
	return joinArgv(e.Argv, e.Literal, func(i int) (string, bool) {
		if e.Data != nil && e.Data[i] {
			return "", true
		}
		if e.Code != nil && e.Argv[i] == e.Code.Text && len(e.Code.Literals) > 0 {
			return blankSpans(e.Code.Text, e.Code.Literals), true
		}
		return "", false
	})
}

// OnlyData reports a command recorded only as data: every word is data
// (text after a syntax error, what a lookup names, code read as shell).
func (e Exec) OnlyData() bool { return e.onlyData }

// HasData reports whether any word of the command, or its input, is data.
func (e Exec) HasData() bool {
	return e.Data != nil || (e.Code != nil && len(e.Code.Literals) > 0) || (e.StdinData && e.Stdin != "") || e.stdinMasked != ""
}

func joinArgv(argv []string, literal []bool, replace func(int) (string, bool)) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		if replace != nil {
			if r, ok := replace(i); ok {
				b.WriteString(Quote(r))
				continue
			}
		}
		if i < len(literal) && !literal[i] {
			b.WriteString(a)
			continue
		}
		b.WriteString(Quote(a))
	}
	return b.String()
}

// blankSpans replaces each span of s by two quote characters of the kind
// that opened it (the literal keeps its delimiters, loses its text).
func blankSpans(s string, spans []Span) string {
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		if sp.Start < last || sp.End > len(s) || sp.Start >= sp.End {
			continue
		}
		b.WriteString(s[last:sp.Start])
		b.WriteString(`""`)
		last = sp.End
	}
	b.WriteString(s[last:])
	return b.String()
}

// Pipeline is a pipeline of two or more stages.
type Pipeline struct {
	// Text is the stages' innermost commands joined by " | ".
	Text string
	// Masked is Text with the stages' data blanked (Exec.MaskedText).
	Masked string
}

// Dynamic is something only known at run time.
type Dynamic struct {
	// Text is the command as written (or as far as it is known).
	Text string
	// Reason says what is unknown ("the command name $X is set outside
	// this line").
	Reason string
}

// ModelOptions configure [Analyze].
type ModelOptions struct {
	// ReadScript, when not nil, returns the content of a script file the
	// line runs (source FILE, bash FILE, ./FILE) that the line did not
	// write itself; ok is false when it cannot be read. Paths are as
	// written (relative to the command's directory).
	ReadScript func(path string) (content string, ok bool)
}

// MaxScriptBytes is the largest script file the model reads
// (ModelOptions.ReadScript): a caller need not read more.
const MaxScriptBytes = 64 << 10

// Model limits: the work a hostile line can cause is bounded by the number
// of commands recorded, the alternatives a word can expand to and the
// depth of scripts within scripts.
const (
	// MaxModelCommands bounds the commands one line's model records;
	// past it the model stops and says so in Dynamic.
	MaxModelCommands = 4096
	// maxValues bounds the values a variable may hold at one point (from
	// assignments in branches); past it the variable is unknown.
	maxValues = 4
	// maxAlternatives bounds the argvs one command expands to.
	maxAlternatives = 8
	// maxScriptDepth bounds scripts within scripts (bash -c 'eval …').
	maxScriptDepth = 12
	// maxScriptBytes bounds a script read with ReadScript or written
	// earlier in the line.
	maxScriptBytes = MaxScriptBytes
	// maxVisits bounds the statements modelled for one line (loops and
	// functions visit some more than once).
	maxVisits = 20000
)

// Analyze models what bash would execute for command (see [Model]). It is
// bounded like [Parse] (MaxCommandBytes, MaxNesting) and by
// MaxModelCommands; a line that does not parse gives a Model with Err set.
func Analyze(command string, opts ModelOptions) *Model {
	m := &modeler{opts: opts, out: &Model{}, funcs: map[string]*syntax.Stmt{}, seen: map[execKey]bool{}, written: map[string]string{}, line: command, promptExpanded: strings.Contains(command, "@P}")}
	m.script(command, newVarEnv(), nil, "", true, 0)
	return m.out
}

// modeler builds a Model.
type modeler struct {
	opts    ModelOptions
	out     *Model
	funcs   map[string]*syntax.Stmt
	calling []string // functions being modelled (no recursion)
	seen    map[execKey]bool
	seenDyn map[string]bool
	// written holds the content of files that a literal redirection of
	// the line writes (echo 'rm -rf x' > s.sh), by path as written.
	written map[string]string
	stopped bool
	line    string // the line being modelled
	// async counts the background jobs and pipelines being modelled.
	async int
	// visits counts the statements modelled (maxVisits); loops counts
	// the loops being modelled (only the outermost runs twice).
	visits, loops int
	// promptExpanded: the line expands some value as a prompt string
	// (${x@P}), so substitutions in any value may run.
	promptExpanded bool
	// aliases holds the aliases defined once `shopt -s expand_aliases`
	// has been seen (nil before): a later line's command name expands.
	aliases map[string]string
}

// src is one script being modelled: the line itself or a script inside it.
type src struct {
	w     walker // for word values; w.src is the script's text
	top   bool   // the line itself: spans are the line's
	depth int
	via   []string
}

// script parses and models one script. A top-level parse error is the
// model's Err; a nested one makes the script dynamic.
func (m *modeler) script(text string, env *varEnv, via []string, what string, top bool, depth int) {
	m.scriptIn(text, env, via, what, top, depth, nil)
}

// scriptIn is script with the standard input its statements read
// (bash -c 'source /dev/stdin' <<'EOF' …).
func (m *modeler) scriptIn(text string, env *varEnv, via []string, what string, top bool, depth int, stdin *stdinSource) {
	if depth > maxScriptDepth {
		m.dynamic(what, "scripts nested more than "+fmt.Sprint(maxScriptDepth)+" deep")
		return
	}
	file, crMapped, err := parseModelFile(text)
	if err != nil {
		if top {
			m.out.Err = err
			m.beforeError(text, err, env)
			return
		}
		m.dynamic(what, "its script does not parse: "+err.Error())
		return
	}
	s := &src{w: walker{src: text, crMapped: crMapped}, top: top, depth: depth, via: via}
	if top {
		for _, c := range file.Last {
			m.dataSpan(s, c.Pos(), c.End())
		}
		syntax.Walk(file, func(n syntax.Node) bool {
			if c, ok := n.(*syntax.Comment); ok {
				m.dataSpan(s, c.Pos(), c.End())
			}
			return true
		})
	}
	m.stmts(s, file.Stmts, env, stdin)
}

// parseModelFile is parseFile with the length and nesting bounds of Parse.
func parseModelFile(text string) (*syntax.File, bool, error) {
	if len(text) > MaxCommandBytes {
		return nil, false, fmt.Errorf("shell: %d bytes (limit %d): %w", len(text), MaxCommandBytes, ErrTooLong)
	}
	if off := tooDeep(text); off >= 0 {
		return nil, false, errorAt(text, off, fmt.Sprintf("brackets nested more than %d deep", MaxNesting))
	}
	file, crMapped, err := parseFileComments(text)
	if err != nil {
		return nil, false, err
	}
	if d := treeDepth(file); d > maxTreeDepth {
		return nil, false, errorAt(text, 0, fmt.Sprintf("syntax tree deeper than %d", maxTreeDepth))
	}
	return file, crMapped, nil
}

// treeDepth returns the depth of the syntax tree, stopping past maxTreeDepth.
func treeDepth(file *syntax.File) int {
	depth, most := 0, 0
	syntax.Walk(file, func(n syntax.Node) bool {
		if n == nil {
			depth--
			return true
		}
		depth++
		most = max(most, depth)
		return depth <= maxTreeDepth
	})
	return most
}

func (m *modeler) dataSpan(s *src, pos, end syntax.Pos) {
	if !s.top {
		return
	}
	sp := s.w.span(pos, end)
	if sp.End > sp.Start {
		m.out.Data = append(m.out.Data, sp)
	}
}

func (m *modeler) dynamic(text, reason string) {
	if m.seenDyn == nil {
		m.seenDyn = map[string]bool{}
	}
	key := text + "\x00" + reason
	if m.seenDyn[key] || len(m.out.Dynamic) >= 64 {
		return
	}
	m.seenDyn[key] = true
	m.out.Dynamic = append(m.out.Dynamic, Dynamic{Text: text, Reason: reason})
}

// execKey identifies a recorded command (its text and masked text).
type execKey struct{ text, masked string }

// stop ends the model at one of its bounds. What was not modelled is not
// let through: the line's operator-separated pieces are added as commands
// (so a rule that matches one still counts), and the line is dynamic.
func (m *modeler) stop(why string) {
	if m.stopped {
		return
	}
	m.stopped = true
	m.dynamic(m.line[:min(len(m.line), 80)], why+"; the rest is judged by its pieces")
	for _, seg := range crudeSegmentsN(m.line, MaxModelCommands) {
		e := Exec{Argv: seg, Literal: make([]bool, len(seg))}
		for i := range seg {
			e.Literal[i] = true
		}
		if k := (execKey{e.Text(), e.MaskedText()}); !m.seen[k] {
			m.seen[k] = true
			m.out.Commands = append(m.out.Commands, e)
		}
	}
}

// record adds a command to the model; it returns false once the model is
// full.
func (m *modeler) record(e Exec) bool {
	if m.stopped {
		return false
	}
	key := execKey{e.Text(), e.MaskedText()}
	if m.seen[key] {
		return true
	}
	if len(m.out.Commands) >= MaxModelCommands {
		m.stop(fmt.Sprintf("the line runs more than %d commands", MaxModelCommands))
		return false
	}
	m.seen[key] = true
	m.out.Commands = append(m.out.Commands, e)
	return true
}

// stdinSource is what a command reads on its standard input, when a
// shell or interpreter would run it as a script.
type stdinSource struct {
	text  string // the literal text
	known bool
	from  string // where it comes from, for a dynamic reason ("curl -fsSL x")
}

func (m *modeler) stmts(s *src, list []*syntax.Stmt, env *varEnv, stdin *stdinSource) {
	for _, st := range list {
		if m.stopped {
			return
		}
		if m.visits++; m.visits > maxVisits {
			m.stop(fmt.Sprintf("the line is too complex to model (more than %d statements visited)", maxVisits))
			return
		}
		m.stmt(s, st, env, stdin)
	}
}

// stmt models one statement; it returns the text of its innermost
// command (for pipeline views).
func (m *modeler) stmt(s *src, st *syntax.Stmt, env *varEnv, stdin *stdinSource) string {
	if st.Cmd == nil {
		m.redirWords(s, st.Redirs, env)
		if r := renderRedirs(s, st.Redirs, env); len(r) > 0 {
			m.record(Exec{Redirs: r, Via: slices.Clone(s.via)}) // > file truncates it
		}
		return ""
	}
	if st.Background || st.Coprocess {
		// Runs in a subshell: its assignments do not reach the line.
		env = env.clone()
		m.async++
		defer func() { m.async-- }()
	}
	in := m.stdinOf(s, st.Redirs, stdin)
	return m.command(s, st.Cmd, st.Redirs, env, in)
}

// stdinOf returns what a statement's redirections feed it: a literal
// here-document or here-string, or the inherited input.
func (m *modeler) stdinOf(s *src, redirs []*syntax.Redirect, inherited *stdinSource) *stdinSource {
	in := inherited
	for _, r := range redirs {
		if r.N != nil && r.N.Value != "0" {
			continue
		}
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			rd := s.w.redirect(r)
			if rd.Heredoc != nil && rd.Heredoc.Literal {
				body := rd.Heredoc.Value
				if r.Op == syntax.DashHdoc {
					body = stripLeadingTabs(body)
				}
				in = &stdinSource{text: body, known: true}
			} else {
				in = &stdinSource{from: "a here-document with expansions"}
			}
		case syntax.WordHdoc:
			rd := s.w.redirect(r)
			if rd.Target.Literal {
				in = &stdinSource{text: rd.Target.Value + "\n", known: true}
			} else {
				in = &stdinSource{from: "the here-string " + rd.Target.Raw}
			}
		case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn:
			rd := s.w.redirect(r)
			if c, ok := m.written[path.Clean(rd.Target.Value)]; ok && rd.Target.Literal {
				in = &stdinSource{text: c, known: true}
			} else {
				in = &stdinSource{from: "the file " + rd.Target.Raw}
			}
		}
	}
	return in
}

func stripLeadingTabs(body string) string {
	lines := strings.SplitAfter(body, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "")
}

// command models one command node.
func (m *modeler) command(s *src, cmd syntax.Command, redirs []*syntax.Redirect, env *varEnv, stdin *stdinSource) string {
	switch c := cmd.(type) {
	case *syntax.CallExpr:
		return m.call(s, c, redirs, env, stdin)
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			m.pipeline(s, c, env, stdin)
			return ""
		case syntax.AndStmt, syntax.OrStmt:
			m.stmt(s, c.X, env, stdin)
			branch := env.clone()
			m.stmt(s, c.Y, branch, stdin)
			env.merge(branch)
		}
	case *syntax.Subshell:
		m.redirWords(s, redirs, env)
		m.stmts(s, c.Stmts, env.clone(), stdin)
	case *syntax.Block:
		m.redirWords(s, redirs, env)
		m.stmts(s, c.Stmts, env, stdin)
	case *syntax.IfClause:
		m.redirWords(s, redirs, env)
		m.ifClause(s, c, env, stdin)
	case *syntax.WhileClause:
		m.redirWords(s, redirs, env)
		m.loops++
		defer func() { m.loops-- }()
		for range m.passes() { // a second pass sees what the first assigned
			body := env.clone()
			m.stmts(s, c.Cond, body, stdin)
			m.stmts(s, c.Do, body, stdin)
			env.merge(body)
		}
	case *syntax.ForClause:
		m.redirWords(s, redirs, env)
		m.forClause(s, c, env, stdin)
	case *syntax.CaseClause:
		m.redirWords(s, redirs, env)
		m.wordSubst(s, c.Word, env)
		after := env.clone()
		for _, item := range c.Items {
			for _, p := range item.Patterns {
				m.wordSubst(s, p, env)
			}
			branch := env.clone()
			m.stmts(s, item.Stmts, branch, stdin)
			after.merge(branch)
		}
		*env = *after
	case *syntax.FuncDecl:
		name := ""
		if c.Name != nil {
			name = c.Name.Value
		} else if len(c.Names) > 0 {
			name = c.Names[0].Value
		}
		for _, n := range c.Names {
			m.funcs[n.Value] = c.Body
		}
		m.funcs[name] = c.Body
		// Modelled where it is defined too: it may be called in ways
		// the line does not show (a computed name, a trap).
		m.funcBody(s, name, c.Body, env.clone(), stdin)
	case *syntax.DeclClause:
		m.declClause(s, c, redirs, env)
	case *syntax.LetClause:
		m.redirWords(s, redirs, env)
		syntax.Walk(c, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				m.stmts(s, n.Stmts, env.clone(), nil)
				return false
			case *syntax.Word:
				m.quotedSubscripts(s, n, env)
			}
			return true
		})
		env.forgetAll() // let assigns by arithmetic
	case *syntax.TimeClause:
		if c.Stmt != nil {
			if call, ok := c.Stmt.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 1 && call.Args[0].Lit() == "--" {
				// bash's time keyword takes -- before the command.
				call.Args = call.Args[1:]
			}
			return m.stmt(s, c.Stmt, env, stdin)
		}
	case *syntax.CoprocClause:
		if c.Stmt == nil {
			break
		}
		if call, ok := c.Stmt.Cmd.(*syntax.CallExpr); ok {
			// bash takes NAME as a coprocess name only before a compound
			// command: `coproc dd if=x of=y` runs dd with those words
			// (mvdan.cc/sh reads the words with = after dd as
			// assignments).
			c.Stmt.Cmd = coprocCall(c.Name, call)
		}
		m.stmt(s, c.Stmt, env.clone(), stdin)
	case *syntax.TestClause, *syntax.ArithmCmd:
		m.redirWords(s, redirs, env)
		m.nodeSubst(s, c, env)
		syntax.Walk(c, func(n syntax.Node) bool {
			if w, ok := n.(*syntax.Word); ok {
				m.quotedSubscripts(s, w, env)
			}
			return true
		})
		if _, ok := c.(*syntax.ArithmCmd); ok {
			env.forgetAll()
		}
	default:
		m.nodeSubst(s, c, env)
	}
	return ""
}

func (m *modeler) ifClause(s *src, c *syntax.IfClause, env *varEnv, stdin *stdinSource) {
	after := env.clone()
	cond := env
	for clause := c; clause != nil; clause = clause.Else {
		m.stmts(s, clause.Cond, cond, stdin)
		branch := cond.clone()
		m.stmts(s, clause.Then, branch, stdin)
		after.merge(branch)
		after.merge(cond)
	}
	*env = *after
}

func (m *modeler) forClause(s *src, c *syntax.ForClause, env *varEnv, stdin *stdinSource) {
	switch loop := c.Loop.(type) {
	case *syntax.WordIter:
		var values []string
		known := true
		for _, w := range loop.Items {
			m.wordSubst(s, w, env)
			fields, ok := m.expandWord(s, w, env)
			if !ok || len(fields) != 1 || hasRawField(fields[0]) {
				known = false
				continue
			}
			values = append(values, fields[0]...)
		}
		name := loop.Name.Value
		if len(loop.Items) == 0 && !loop.InPos.IsValid() {
			known = false // for x; do: the positional parameters
		}
		m.loops++
		defer func() { m.loops-- }()
		for range m.passes() {
			body := env.clone()
			if known && len(values) > 0 && len(values) <= maxValues {
				body.set(name, values...)
			} else {
				body.forget(name)
			}
			m.stmts(s, c.Do, body, stdin)
			env.merge(body)
		}
	case *syntax.CStyleLoop:
		m.nodeSubst(s, loop, env)
		m.arithWords(s, loop, env)
		m.loops++
		defer func() { m.loops-- }()
		for range m.passes() {
			body := env.clone()
			body.forgetAll()
			m.stmts(s, c.Do, body, stdin)
			env.merge(body)
		}
	}
}

// funcBody models a function's body, unless it is already being modelled
// (a recursive call).
func (m *modeler) funcBody(s *src, name string, body *syntax.Stmt, env *varEnv, stdin *stdinSource) {
	if slices.Contains(m.calling, name) {
		if m.async > 0 {
			// A function that starts itself in the background or in a
			// pipeline multiplies without end: a fork bomb. The model
			// records it as the command "<fork-bomb> NAME" (no program
			// can be named so without quotes, so no line can forge it).
			m.record(Exec{Argv: []string{ForkBomb, name}, Literal: []bool{false, true}, Via: slices.Clone(s.via)})
		}
		return
	}
	if len(m.calling) >= maxScriptDepth {
		return
	}
	m.calling = append(m.calling, name)
	m.stmt(s, body, env, stdin)
	m.calling = m.calling[:len(m.calling)-1]
}

// ForkBomb is the command name of the record of a function that starts
// itself in the background or in a pipeline (Exec.Argv[0]); it is shown
// unquoted, as no shell word can be (it would be a redirection).
const ForkBomb = "<fork-bomb>"

// pipeline models a pipeline: each stage runs in a subshell and reads the
// previous stage's output.
func (m *modeler) pipeline(s *src, c *syntax.BinaryCmd, env *varEnv, stdin *stdinSource) {
	stages := flattenPipe(c)
	m.async++
	defer func() { m.async-- }()
	var texts, masked []string
	prev := stdin
	for i, st := range stages {
		n := len(m.out.Commands)
		text := m.stmt(s, st, env.clone(), prev)
		stageText, stageMasked := text, text
		if text == "" {
			raw := s.w.span(st.Pos(), st.End())
			stageText = s.w.src[raw.Start:raw.End]
			stageMasked = stageText
		} else if e, ok := m.lastExec(n, text); ok {
			stageMasked = e.MaskedText()
		}
		texts = append(texts, stageText)
		masked = append(masked, stageMasked)
		if i+1 < len(stages) {
			prev = m.outputOf(s, st, env)
		}
	}
	m.out.Pipelines = append(m.out.Pipelines, Pipeline{Text: strings.Join(texts, " | "), Masked: strings.Join(masked, " | ")})
}

// lastExec finds the command with the given text recorded at or after
// index n (a stage's innermost command).
func (m *modeler) lastExec(n int, text string) (Exec, bool) {
	for i := len(m.out.Commands) - 1; i >= n && i >= 0; i-- {
		if m.out.Commands[i].Text() == text {
			return m.out.Commands[i], true
		}
	}
	for _, e := range m.out.Commands {
		if e.Text() == text {
			return e, true
		}
	}
	return Exec{}, false
}

func flattenPipe(c *syntax.BinaryCmd) []*syntax.Stmt {
	var out []*syntax.Stmt
	if x, ok := c.X.Cmd.(*syntax.BinaryCmd); ok && (x.Op == syntax.Pipe || x.Op == syntax.PipeAll) && len(c.X.Redirs) == 0 && !c.X.Negated {
		out = append(out, flattenPipe(x)...)
	} else {
		out = append(out, c.X)
	}
	return append(out, c.Y)
}

// outputOf returns the output of a pipeline stage when it is known: echo
// or printf of literal words.
func (m *modeler) outputOf(s *src, st *syntax.Stmt, env *varEnv) *stdinSource {
	raw := s.w.span(st.Pos(), st.End())
	from := s.w.src[raw.Start:raw.End]
	for _, r := range st.Redirs {
		if !keepsStdout(r) {
			return &stdinSource{from: from}
		}
	}
	switch c := st.Cmd.(type) {
	case *syntax.Block:
		if len(c.Stmts) == 1 && len(st.Redirs) == 0 {
			return m.outputOf(s, c.Stmts[0], env) // { echo …; } | sh
		}
	case *syntax.Subshell:
		if len(c.Stmts) == 1 && len(st.Redirs) == 0 {
			return m.outputOf(s, c.Stmts[0], env)
		}
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok {
		return &stdinSource{from: from}
	}
	alts, ok := m.expandArgs(s, call.Args, env)
	if !ok || len(alts) != 1 {
		return &stdinSource{from: from}
	}
	if out, ok := printOutput(alts[0]); ok {
		return &stdinSource{text: out, known: true}
	}
	if argv := alts[0]; len(argv) > 0 && (path.Base(argv[0]) == "cat" || path.Base(argv[0]) == "tee") {
		// cat <<'EOF' | sh, tee /dev/null <<< … | sh, cat written.sh | sh:
		// the output is the input.
		var files []string
		for _, a := range argv[1:] {
			if a != "-" && a != "/dev/null" && a != "-a" {
				files = append(files, a)
			}
		}
		switch in := m.stdinOf(s, st.Redirs, nil); {
		case len(files) == 0 && in != nil && in.known:
			return &stdinSource{text: in.text, known: true}
		case len(files) == 1 && path.Base(argv[0]) == "cat":
			if c, ok := m.written[path.Clean(files[0])]; ok && c != "\x00" {
				return &stdinSource{text: c, known: true}
			}
		}
	}
	return &stdinSource{from: from}
}

// keepsStdout reports whether a redirection leaves standard output
// alone (2>&1, 2>/dev/null, <file): echo and printf write only to it.
func keepsStdout(r *syntax.Redirect) bool {
	if r.Op == syntax.RdrAll || r.Op == syntax.AppAll {
		return false
	}
	switch r.Op {
	case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return r.N == nil || r.N.Value != "1"
	}
	return r.N != nil && r.N.Value != "1"
}

// printOutput is the output of echo or printf with the given literal
// argv, when it can be computed.
func printOutput(argv []string) (string, bool) {
	if len(argv) == 0 {
		return "", false
	}
	switch path.Base(argv[0]) {
	case "echo":
		args, newline, escapes := argv[1:], true, false
		for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
			for _, c := range args[0][1:] {
				switch c {
				case 'n':
					newline = false
				case 'e':
					escapes = true
				case 'E':
					escapes = false
				}
			}
			args = args[1:]
		}
		out := strings.Join(args, " ")
		if escapes {
			var ok bool
			if out, ok = backslashEscapes(out); !ok {
				return "", false
			}
		}
		if newline {
			out += "\n"
		}
		return out, true
	case "printf":
		if len(argv) < 2 || strings.HasPrefix(argv[1], "-") {
			return "", false
		}
		return printfOutput(argv[1], argv[2:])
	}
	return "", false
}

// redirWords models the substitutions in redirection targets.
func (m *modeler) redirWords(s *src, redirs []*syntax.Redirect, env *varEnv) {
	for _, r := range redirs {
		if r.Word != nil {
			m.wordSubst(s, r.Word, env)
		}
		if r.Hdoc != nil {
			m.wordSubst(s, r.Hdoc, env)
		}
	}
}

// wordSubst models the commands inside a word's substitutions.
func (m *modeler) wordSubst(s *src, w *syntax.Word, env *varEnv) {
	if w == nil {
		return
	}
	m.nodeSubst(s, w, env)
}

func (m *modeler) nodeSubst(s *src, n syntax.Node, env *varEnv) {
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			m.stmts(s, n.Stmts, env.clone(), nil)
			return false
		case *syntax.ProcSubst:
			m.stmts(s, n.Stmts, env.clone(), nil)
			return false
		case *syntax.ArithmExp:
			m.arithWords(s, n, env)
		}
		return true
	})
}

// arithWords applies subscriptSubst to the words of an arithmetic
// expression: $(( 'a[$(cmd)]' )) runs cmd.
func (m *modeler) arithWords(s *src, n syntax.Node, env *varEnv) {
	syntax.Walk(n, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok {
			m.quotedSubscripts(s, w, env)
		}
		return true
	})
}

func (m *modeler) declClause(s *src, c *syntax.DeclClause, redirs []*syntax.Redirect, env *varEnv) {
	m.redirWords(s, redirs, env)
	words := []string{c.Variant.Value}
	nameref := false
	for _, a := range c.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			m.wordSubst(s, a.Value, env)
			fields, ok := m.expandWord(s, a.Value, env)
			if ok && len(fields) == 1 && !hasRawField(fields[0]) {
				for _, f := range fields[0] {
					if strings.HasPrefix(f, "-") && strings.Contains(f, "n") {
						nameref = true
					}
					words = append(words, f)
				}
			} else {
				nameref = true // options not known: a -n may be among them
			}
			continue
		}
		if a.Value != nil {
			m.wordSubst(s, a.Value, env)
		}
		if a.Index != nil {
			m.nodeSubst(s, a.Index, env)
		}
		if a.Name == nil {
			continue
		}
		name := a.Name.Value
		if a.Naked || a.Array != nil || a.Index != nil || a.Value == nil {
			if !a.Naked || c.Variant.Value == "local" || c.Variant.Value == "declare" || c.Variant.Value == "typeset" {
				env.forget(name)
			}
			words = append(words, name)
			continue
		}
		m.assign(s, a, env)
		if vals, ok := env.vals[name]; ok && len(vals) == 1 && arrayFlag(words) && strings.HasPrefix(vals[0], "(") && strings.HasSuffix(vals[0], ")") {
			// declare -a a='(rm -rf x)': bash reads the quoted value as a
			// compound assignment.
			words = append(words, name+"="+vals[0])
			env.set(name, strings.Join(strings.Fields(vals[0][1:len(vals[0])-1]), positionalSep))
		} else if vals, ok := env.vals[name]; ok && len(vals) == 1 {
			words = append(words, name+"="+vals[0])
		} else {
			words = append(words, s.w.word(a.Value, assignValue).Raw)
			words[len(words)-1] = name + "=" + words[len(words)-1]
		}
	}
	if nameref {
		env.forgetAll()
	}
	if c.Variant.Value == "export" || c.Variant.Value == "declare" || c.Variant.Value == "typeset" || c.Variant.Value == "local" || c.Variant.Value == "readonly" {
		for _, a := range c.Args {
			if a.Name != nil && c.Variant.Value == "export" {
				env.export(a.Name.Value)
			}
		}
	}
	lit := make([]bool, len(words))
	for i := range lit {
		lit[i] = true
	}
	m.record(Exec{Argv: words, Literal: lit, Via: slices.Clone(s.via)})
	for _, w := range nameArgs(words) {
		m.subscriptSubst(w)
	}
}

// arrayFlag reports a declare/local/typeset option word with -a or -A.
func arrayFlag(words []string) bool {
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-") && strings.ContainsAny(w, "aA") {
			return true
		}
	}
	return false
}

// assign applies NAME=value (or NAME+=value) to env.
func (m *modeler) assign(s *src, a *syntax.Assign, env *varEnv) {
	if a.Name == nil {
		return
	}
	name := a.Name.Value
	if a.Index != nil {
		m.nodeSubst(s, a.Index, env) // a[$(cmd)]=1 runs cmd
	}
	if a.Array != nil && a.Index == nil && !a.Append {
		// a=(rm -rf /): kept, elements joined, for "${a[@]}".
		m.nodeSubst(s, a.Array, env)
		var elems []string
		for _, el := range a.Array.Elems {
			if el.Index != nil || el.Value == nil {
				env.forget(name)
				return
			}
			fields, ok := m.expandWord(s, el.Value, env)
			wd := s.w.word(el.Value, argWord)
			switch {
			case wd.Literal:
				elems = append(elems, wd.Value)
			case ok && len(fields) == 1 && !hasRawField(fields[0]):
				elems = append(elems, fields[0]...)
			default:
				env.forget(name)
				return
			}
		}
		env.set(name, strings.Join(elems, positionalSep))
		return
	}
	if a.Array != nil || a.Index != nil {
		env.forget(name)
		return
	}
	if a.Value == nil {
		env.setAppend(name, a.Append, "")
		return
	}
	m.wordSubst(s, a.Value, env)
	vals, ok := m.expandAssign(s, a.Value, env)
	if !ok {
		if raw := s.w.word(a.Value, assignValue).Raw; strings.HasPrefix(raw, "~") && !strings.ContainsAny(raw, "$`*?[") {
			// H=~ keeps its text for rules ($H/.bashrc is ~/.bashrc),
			// and its value is reported as not known.
			env.set(name, raw)
			env.partial[name] = true
			return
		}
		env.forget(name)
		return
	}
	for _, v := range vals {
		if promptVar(name) || m.promptExpanded {
			// A prompt string bash expands (PS4 under set -x, ${x@P}):
			// its substitutions run.
			for _, open := range []string{"$(", "`"} {
				if i := strings.Index(v, open); i >= 0 {
					m.recordPieces(v[i+len(open):], 8)
				}
			}
		}
		m.latentSubst(v)
	}
	env.setAppend(name, a.Append, vals...)
}

// promptVar reports the prompt strings bash expands (PS4 under set -x).
func promptVar(name string) bool {
	return name == "PS0" || name == "PS1" || name == "PS2" || name == "PS3" || name == "PS4"
}

// latentSubst records, as data, the commands inside a $(…) or `…` that a
// variable's value holds: bash runs them if the value is ever evaluated
// again (an arithmetic context, eval, a prompt), so a rule that matches
// them warns.
func (m *modeler) latentSubst(v string) {
	if m.subscriptSubst(v) {
		return
	}
	for _, open := range []string{"$(", "`"} {
		for i := strings.Index(v, open); i >= 0 && len(m.out.Commands) < MaxModelCommands; {
			rest := v[i+len(open):]
			for _, seg := range crudeSegments(rest) {
				m.recordDataOnly(seg, "a command inside a variable's value, run if the value is evaluated")
				break
			}
			j := strings.Index(rest, open)
			if j < 0 {
				break
			}
			i = i + len(open) + j
		}
	}
}

// subscriptSubst records the commands inside a $(…) or `…` that follows
// a [ in text bash evaluates as a variable name or an arithmetic
// expression (printf -v, read, unset, test -v, declare, let, a value
// used in $((…))): bash expands an array subscript there, running them.
// They are commands, not data. It reports whether text had any.
func (m *modeler) subscriptSubst(text string) bool {
	b := strings.IndexByte(text, '[')
	if b <= 0 || !isName(strings.TrimSpace(text[:b])) {
		return false // only NAME[…] is a subscript ('[warn] $(…)' is text)
	}
	found := false
	for _, open := range []string{"$(", "`", "<(", ">("} {
		for i := strings.Index(text[b:], open); i >= 0 && len(m.out.Commands) < MaxModelCommands; {
			rest := text[b+i+len(open):]
			m.recordPieces(rest, 1)
			found = true
			j := strings.Index(rest, open)
			if j < 0 {
				break
			}
			i += len(open) + j
		}
	}
	return found
}

// quotedSubscripts applies subscriptSubst to a word's value in an
// arithmetic or test context ([[ -v 'a[$(cmd)]' ]], let 'a[$(cmd)]=1').
func (m *modeler) quotedSubscripts(s *src, w *syntax.Word, env *varEnv) {
	if wd := s.w.word(w, argWord); wd.Literal {
		m.subscriptSubst(wd.Value)
	} else if fields, ok := m.expandWord(s, w, env); ok {
		for _, fs := range fields {
			for _, f := range fs {
				m.subscriptSubst(f)
			}
		}
	}
}

// nameArgs returns the arguments the builtin argv[0] evaluates as
// variable names or arithmetic (where a[$(cmd)] runs cmd): printf -v
// NAME, test -v NAME, read's and unset's names, the names of declare's
// assignments, let's expressions.
func nameArgs(argv []string) []string {
	if len(argv) < 2 {
		return nil
	}
	var out []string
	switch argv[0] {
	case "printf", "test", "[", "wait":
		for i := 1; i+1 < len(argv); i++ {
			if argv[i] == "-v" || argv[0] == "wait" && argv[i] == "-p" {
				out = append(out, argv[i+1])
			}
		}
	case "read", "mapfile", "readarray", "unset", "getopts":
		for i := 1; i < len(argv); i++ {
			a := argv[i]
			if strings.HasPrefix(a, "-") {
				if len(a) == 2 && strings.ContainsRune("pdtunNiCcOsa", rune(a[1])) && a != "-a" {
					i++ // an option's value (read -p PROMPT)
				}
				continue
			}
			out = append(out, a)
		}
	case "declare", "typeset", "local", "export", "readonly":
		for _, a := range argv[1:] {
			if !strings.HasPrefix(a, "-") {
				name, _, _ := strings.Cut(a, "=")
				out = append(out, name)
			}
		}
	case "let", "shift", "return", "exit", "ulimit":
		out = argv[1:]
	}
	return out
}

// expandAssign expands an assignment's value (no field splitting, no
// globbing): its possible values, or false when it is not known.
func (m *modeler) expandAssign(s *src, w *syntax.Word, env *varEnv) ([]string, bool) {
	wd := s.w.word(w, assignValue)
	if wd.Literal {
		return []string{wd.Value}, true
	}
	if hasTilde(w) || hasGlobOrArith(w) {
		return nil, false
	}
	var out []string
	ok := env.each(paramNames(w), func(vars map[string]string) bool {
		v, err := expandString(w, vars, m.substOutput())
		if err != nil {
			return false
		}
		out = append(out, s.w.restoreCR(v))
		return true
	})
	if !ok || len(out) == 0 || len(out) > maxValues {
		return nil, false
	}
	return dedupe(out), true
}

// call models a simple command.
func (m *modeler) call(s *src, c *syntax.CallExpr, redirs []*syntax.Redirect, env *varEnv, stdin *stdinSource) string {
	m.redirWords(s, redirs, env)
	for _, w := range c.Args {
		m.wordSubst(s, w, env)
	}
	if len(c.Args) == 0 {
		for _, a := range c.Assigns {
			m.assign(s, a, env)
		}
		if r := renderRedirs(s, redirs, env); len(r) > 0 {
			m.record(Exec{Redirs: r, Via: slices.Clone(s.via)}) // > file truncates it
		}
		return ""
	}
	// NAME=value before a command: in the command's environment only.
	cmdEnv := env
	if len(c.Assigns) > 0 {
		cmdEnv = env.clone()
		for _, a := range c.Assigns {
			m.assign(s, a, cmdEnv)
			if a.Name != nil {
				cmdEnv.export(a.Name.Value)
			}
		}
	}
	words, alts := m.callWords(s, c.Args, cmdEnv)
	if len(words) > 0 && words[0].Literal && m.aliases != nil {
		if value, ok := m.aliases[words[0].Value]; ok {
			// An alias used with expand_aliases on: its value runs with
			// the rest of the words.
			rest := ""
			for _, w := range words[1:] {
				rest += " " + w.Raw
			}
			delete(m.aliases, words[0].Value) // bash expands an alias once
			m.script(value+rest, cmdEnv.child(), append(slices.Clip(s.via), "alias "+words[0].Value), words[0].Raw+rest, false, s.depth+1)
			m.aliases[words[0].Value] = value
		}
	}
	if alts == nil && len(words) > 0 && !words[0].Literal {
		// A command name built from what is known only at run time may
		// be built from empty values (r${UNSET}m, r$(true)m): that
		// reading is a command the line may run.
		if name, ok := m.lenientName(c.Args[0], cmdEnv); ok {
			cand := append([]Word{{Value: name, Raw: words[0].Raw, Literal: true, Span: words[0].Span}}, words[1:]...)
			m.run(s, cand, redirs, env, cmdEnv, stdin, append(slices.Clip(s.via), words[0].Raw+"?"))
		}
	}
	for _, a := range c.Args {
		if names := paramNames(a); cmdEnv.anyPartial(names) {
			sp := s.w.span(c.Pos(), c.End())
			m.dynamic(s.w.src[sp.Start:sp.End], "a variable it uses may hold a value set outside this line ("+strings.Join(names, ", ")+")")
			break
		}
	}
	if alts == nil {
		// Not every word is known: one argv, unknown words as written.
		return m.run(s, words, redirs, env, cmdEnv, stdin, s.via)
	}
	last := ""
	for _, argv := range alts {
		last = m.run(s, argv, redirs, env, cmdEnv, stdin, s.via)
	}
	return last
}

// callWords expands a command's words. When every word is known it
// returns the argvs it may expand to (one per combination of variable
// values); otherwise it returns one argv in which unknown words keep
// their source text.
func (m *modeler) callWords(s *src, args []*syntax.Word, env *varEnv) ([]Word, [][]Word) {
	var words []Word
	alts := [][]Word{nil}
	known := true
	for _, a := range args {
		wd := s.w.word(a, argWord)
		if wd.Literal {
			words = append(words, wd)
			for i := range alts {
				alts[i] = append(alts[i], wd)
			}
			continue
		}
		fields, ok := m.expandWord(s, a, env)
		if !ok {
			known = false
			words = append(words, wd)
			continue
		}
		if len(fields) == 1 {
			for _, f := range fields[0] {
				words = append(words, fieldWord(f, wd))
			}
		} else {
			words = append(words, wd)
		}
		var next [][]Word
		for _, alt := range alts {
			for _, fs := range fields {
				n := slices.Clip(alt)
				for _, f := range fs {
					n = append(n, fieldWord(f, wd))
				}
				next = append(next, n)
				if len(next) > maxAlternatives {
					break
				}
			}
		}
		if len(next) > maxAlternatives {
			known = false
			continue
		}
		alts = next
	}
	if !known {
		return words, nil
	}
	return words, alts
}

// expandWord expands a word that is not literal: the fields it gives for
// each combination of the values of the variables it uses. ok is false
// when its value is known only at run time (a variable set outside the
// line, a glob, a tilde, a command substitution that is not a literal
// echo, printf or command -v).
func (m *modeler) expandWord(s *src, w *syntax.Word, env *varEnv) ([][]string, bool) {
	if hasGlobOrArith(w) {
		return nil, false
	}
	var out [][]string
	ok := env.each(paramNames(w), func(vars map[string]string) bool {
		fields, err := expandFields(w, vars, m.substOutput())
		if err != nil {
			return false
		}
		for i := range fields {
			fields[i] = s.w.restoreCR(fields[i])
		}
		out = append(out, fields)
		return len(out) <= maxAlternatives
	})
	if !ok || len(out) == 0 || len(out) > maxAlternatives {
		return nil, false
	}
	return out, true
}

// expandArgs expands words that must all be known.
func (m *modeler) expandArgs(s *src, args []*syntax.Word, env *varEnv) ([][]string, bool) {
	words, alts := m.callWords(s, args, env)
	if alts == nil {
		return nil, false
	}
	_ = words
	out := make([][]string, len(alts))
	for i, a := range alts {
		out[i] = wordStrings(a)
	}
	return out, true
}

// substOutput returns the CmdSubst handler of expansions: the output of a
// substitution that only prints literal text or looks a command up
// (echo, printf, command -v, which, type -P); anything else is unknown.
func (m *modeler) substOutput() func(*syntax.CmdSubst) (string, error) {
	return func(cs *syntax.CmdSubst) (string, error) {
		if len(cs.Stmts) == 0 {
			return "", nil // $() is empty
		}
		if len(cs.Stmts) != 1 || cs.Stmts[0].Background || cs.Stmts[0].Negated {
			return "", errRuntime
		}
		if silent(cs.Stmts[0]) {
			return "", nil // r$(true)m is rm
		}
		call, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(call.Assigns) > 0 {
			return "", errRuntime
		}
		if len(cs.Stmts[0].Redirs) > 0 {
			// "$(cat <<'EOF' … EOF)": a message written as a here-document.
			return catHeredoc(call, cs.Stmts[0].Redirs)
		}
		var argv []string
		for _, a := range call.Args {
			v, lit := literalValue(a.Parts, argWord)
			if !lit {
				return "", errRuntime
			}
			argv = append(argv, v)
		}
		if out, ok := lookupOutput(argv); ok {
			return out, nil
		}
		if out, ok := printOutput(argv); ok {
			return out, nil
		}
		return "", errRuntime
	}
}

// lookupOutput is what command -v NAME, which NAME and type -P NAME print
// for a command name (taken as found on PATH: the name itself, which is
// what rules match).
func lookupOutput(argv []string) (string, bool) {
	if len(argv) != 3 {
		return "", false
	}
	switch {
	case argv[0] == "command" && argv[1] == "-v",
		argv[0] == "type" && (argv[1] == "-P" || argv[1] == "-p"),
		argv[0] == "which" && !strings.HasPrefix(argv[1], "-"):
		if argv[0] == "which" {
			return argv[1] + "\n", true
		}
		return argv[2] + "\n", true
	case argv[0] == "which":
		return "", false
	}
	return "", false
}

// hasTilde reports an unquoted tilde that bash would expand (its value
// depends on the account).
func hasTilde(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok && strings.Contains(lit.Value, "~") {
			return true
		}
	}
	return false
}

// hasGlobOrArith reports unquoted glob characters (pathname expansion
// depends on the file system), extended globs and arithmetic (whose
// unset variables count as 0, not as unknown).
func hasGlobOrArith(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *syntax.ExtGlob, *syntax.ArithmExp, *syntax.ProcSubst:
			found = true
		case *syntax.DblQuoted, *syntax.SglQuoted, *syntax.CmdSubst:
			return false
		case *syntax.ParamExp:
			if n.Exp != nil || n.Repl != nil || n.Slice != nil || n.Index != nil || n.Excl || n.Length || n.Width || n.Names != 0 {
				found = true // operators whose patterns or indexes may glob or compute
			}
			return false
		case *syntax.Lit:
			if strings.ContainsAny(n.Value, "*?[") {
				found = true
			}
		}
		return true
	})
	return found
}

// paramNames lists the variables a word expands (not inside command
// substitutions, which substOutput judges), IFS, which splits them, and
// "@", which holds the positional parameters.
func paramNames(w *syntax.Word) []string {
	names := []string{"IFS", "@"}
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			return false
		case *syntax.ParamExp:
			if n.Param != nil && !slices.Contains(names, n.Param.Value) {
				names = append(names, n.Param.Value)
			}
		}
		return true
	})
	return names
}

func dedupe(vals []string) []string {
	out := vals[:0:0]
	for _, v := range vals {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// coprocCall rebuilds `coproc [NAME] WORDS…` as the simple command bash
// runs: NAME (when the parser took one), then every word in source order,
// the ones after the command name that the parser read as assignments
// included.
func coprocCall(name *syntax.Word, call *syntax.CallExpr) *syntax.CallExpr {
	if len(call.Args) == 0 && name == nil {
		return call
	}
	first := syntax.Pos{}
	switch {
	case name != nil:
		first = name.Pos()
	default:
		first = call.Args[0].Pos()
	}
	out := &syntax.CallExpr{}
	type item struct {
		pos  uint
		word *syntax.Word
	}
	var items []item
	if name != nil {
		if lit := name.Lit(); isEnvAssignment(lit) {
			// coproc X=1 cmd: an assignment before a simple command.
			n, v, _ := strings.Cut(lit, "=")
			out.Assigns = append(out.Assigns, &syntax.Assign{
				Name:  &syntax.Lit{ValuePos: name.Pos(), ValueEnd: name.Pos(), Value: n},
				Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: name.Pos(), ValueEnd: name.End(), Value: v}}},
			})
		} else {
			items = append(items, item{name.Pos().Offset(), name})
		}
	}
	for _, a := range call.Assigns {
		if a.Name == nil || a.Pos().Offset() < first.Offset() {
			out.Assigns = append(out.Assigns, a)
			continue
		}
		op := "="
		if a.Append {
			op = "+="
		}
		w := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: a.Name.ValuePos, ValueEnd: a.Name.ValueEnd, Value: a.Name.Value + op}}}
		if a.Value != nil {
			w.Parts = append(w.Parts, a.Value.Parts...)
		}
		items = append(items, item{a.Pos().Offset(), w})
	}
	for _, w := range call.Args {
		items = append(items, item{w.Pos().Offset(), w})
	}
	slices.SortStableFunc(items, func(a, b item) int { return int(a.pos) - int(b.pos) })
	for _, it := range items {
		out.Args = append(out.Args, it.word)
	}
	return out
}

// catHeredoc is the output of `cat` (or `cat -`) reading a literal
// here-document or here-string.
func catHeredoc(call *syntax.CallExpr, redirs []*syntax.Redirect) (string, error) {
	if len(redirs) != 1 || len(call.Args) == 0 || len(call.Args) > 2 {
		return "", errRuntime
	}
	if v, lit := literalValue(call.Args[0].Parts, argWord); !lit || v != "cat" {
		return "", errRuntime
	}
	if len(call.Args) == 2 {
		if v, lit := literalValue(call.Args[1].Parts, argWord); !lit || v != "-" {
			return "", errRuntime
		}
	}
	r := redirs[0]
	if r.N != nil && r.N.Value != "0" {
		return "", errRuntime
	}
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		if r.Hdoc == nil {
			return "", nil
		}
		var body string
		if r.Word != nil && quotedDelimiter(r.Word) {
			var b strings.Builder
			for _, part := range r.Hdoc.Parts {
				lit, ok := part.(*syntax.Lit)
				if !ok {
					return "", errRuntime
				}
				b.WriteString(lit.Value)
			}
			body = b.String()
		} else {
			v, ok := heredocValue(r.Hdoc.Parts)
			if !ok {
				return "", errRuntime
			}
			body = v
		}
		if r.Op == syntax.DashHdoc {
			body = stripLeadingTabs(body)
		}
		return body, nil
	case syntax.WordHdoc:
		if v, lit := literalValue(r.Word.Parts, argWord); lit {
			return v + "\n", nil
		}
	}
	return "", errRuntime
}

// rawField marks a field of an expansion whose value is known only at run
// time (a brace alternative with a tilde or an unknown variable): the
// rest of the field is its text as written. NUL never occurs in a bash
// word, so the marker cannot be forged.
const rawField = "\x00raw:"

// fieldWord makes the word of one expanded field of the source word wd.
func fieldWord(f string, wd Word) Word {
	if raw, ok := strings.CutPrefix(f, rawField); ok {
		return Word{Raw: raw, Span: wd.Span}
	}
	return Word{Value: f, Raw: wd.Raw, Literal: true, Span: wd.Span}
}

func hasRawField(fields []string) bool {
	for _, f := range fields {
		if strings.HasPrefix(f, rawField) {
			return true
		}
	}
	return false
}

// silent reports a statement that prints nothing on its standard output:
// a builtin that never prints (true, :, cd, export …), or any command
// whose output goes to /dev/null.
func silent(st *syntax.Stmt) bool {
	for _, r := range st.Redirs {
		if (r.Op == syntax.RdrOut || r.Op == syntax.RdrAll) && (r.N == nil || r.N.Value == "1") && r.Word != nil && r.Word.Lit() == "/dev/null" {
			return true
		}
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return true
		}
		switch c.Args[0].Lit() {
		case "true", ":", "false", "cd", "export", "unset", "shift", "sleep", "test", "[", "wait", "umask", "readonly":
			return true
		}
	case *syntax.DeclClause:
		return true
	}
	return false
}

// backslashEscapes decodes the escapes of echo -e and printf's format:
// \n \t \\ \a \b \e \f \r \v \xHH \0NNN (octal) and \NNN.
func backslashEscapes(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '\\':
			b.WriteByte('\\')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'e', 'E':
			b.WriteByte(27)
		case 'f':
			b.WriteByte(12)
		case 'r':
			b.WriteByte('\r')
		case 'v':
			b.WriteByte(11)
		case '"', '\'':
			b.WriteByte(c)
		case 'c':
			return b.String(), true
		case 'x':
			n, v := 0, 0
			for n < 2 && i+1 < len(s) && isHex(s[i+1]) {
				i++
				v = v*16 + hexVal(s[i])
				n++
			}
			if n == 0 {
				b.WriteString("\\x")
				continue
			}
			b.WriteByte(byte(v))
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := 0, 0
			if c == '0' {
				n = -1 // \0NNN: up to three digits after the 0
			}
			i--
			for n < 3 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7' {
				i++
				v = v*8 + int(s[i]-'0')
				n++
			}
			b.WriteByte(byte(v))
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }

func hexVal(c byte) int {
	if c <= '9' {
		return int(c - '0')
	}
	return int(c|0x20-'a') + 10
}

// lenientName expands a command name taking every unknown variable and
// substitution as empty: the name the command has when they are.
func (m *modeler) lenientName(w *syntax.Word, env *varEnv) (string, bool) {
	if leadingTilde(w) || hasGlobChars(w) {
		return "", false
	}
	vars := map[string]string{lenientKey: ""}
	for n, v := range env.vals {
		if len(v) == 1 {
			vars[n] = v[0]
		}
	}
	lenient := func(cs *syntax.CmdSubst) (string, error) {
		if out, err := m.substOutput()(cs); err == nil {
			return out, nil
		}
		return "", nil
	}
	fields, err := expandFields(w, vars, lenient)
	if err != nil || len(fields) != 1 || hasRawField(fields) || fields[0] == "" {
		return "", false
	}
	return fields[0], true
}

// hasGlobChars reports unquoted glob characters, extended globs and
// arithmetic in a word (not the operators of parameter expansions).
func hasGlobChars(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ExtGlob, *syntax.ArithmExp:
			found = true
		case *syntax.DblQuoted, *syntax.SglQuoted, *syntax.CmdSubst, *syntax.ParamExp:
			return false
		case *syntax.Lit:
			found = found || strings.ContainsAny(n.Value, "*?[")
		}
		return !found
	})
	return found
}

// passes is how many times a loop's body is modelled: twice for the
// outermost loop (the second pass sees what the first assigned), once
// inside another loop (nested loops would otherwise cost 2^depth).
func (m *modeler) passes() int {
	if m.loops > 1 {
		return 1
	}
	return 2
}
