package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxTreeDepth bounds the depth of the syntax tree that Parse walks.
const maxTreeDepth = 20 * MaxNesting

// walker collects simple commands from a syntax tree. It keeps the path from
// the root and, for each node on it, the [Context] of the commands below.
type walker struct {
	src      string
	crMapped bool // '\r' was parsed as crPlaceholder
	stack    []syntax.Node
	ctxs     []Context
	out      []SimpleCommand
	tooDeep  syntax.Node // where the walk stopped, when the tree was too deep
}

func (w *walker) visit(n syntax.Node) bool {
	if n == nil {
		w.stack = w.stack[:len(w.stack)-1]
		w.ctxs = w.ctxs[:len(w.ctxs)-1]
		return true
	}
	if len(w.stack) >= maxTreeDepth {
		if w.tooDeep == nil {
			w.tooDeep = n
		}
		return false
	}
	switch n := n.(type) {
	case *syntax.CallExpr:
		w.out = append(w.out, w.callExpr(n))
	case *syntax.DeclClause:
		w.out = append(w.out, w.declClause(n))
	case *syntax.LetClause:
		w.out = append(w.out, w.letClause(n))
	}
	w.ctxs = append(w.ctxs, w.childContext(n))
	w.stack = append(w.stack, n)
	return true
}

// context returns the flags of a command whose ancestors are on the stack.
func (w *walker) context() Context {
	if len(w.ctxs) == 0 {
		return 0
	}
	return w.ctxs[len(w.ctxs)-1]
}

// childContext returns the context of everything below n, given that n's
// ancestors are on the stack.
func (w *walker) childContext(n syntax.Node) Context {
	ctx := w.context()
	switch n := n.(type) {
	case *syntax.CmdSubst, *syntax.ProcSubst:
		// A substitution's output is captured: the pipeline around it is
		// not its pipeline.
		ctx = ctx&^InPipeline | InSubstitution
	case *syntax.FuncDecl:
		ctx |= InFunction
	case *syntax.Subshell:
		ctx |= InSubshell
	case *syntax.BinaryCmd:
		if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
			ctx |= InPipeline
		}
	case *syntax.Stmt:
		if n.Background {
			ctx |= Background
		}
	case *syntax.Word:
		if len(w.stack) > 0 {
			if r, ok := w.stack[len(w.stack)-1].(*syntax.Redirect); ok && r.Hdoc == n {
				ctx |= InHeredoc
			}
		}
	}
	return ctx
}

// parentStmt returns the statement whose command is cmd, if it is on top of
// the stack.
func (w *walker) parentStmt(cmd syntax.Command) *syntax.Stmt {
	if len(w.stack) == 0 {
		return nil
	}
	if st, ok := w.stack[len(w.stack)-1].(*syntax.Stmt); ok && st.Cmd == cmd {
		return st
	}
	return nil
}

func (w *walker) callExpr(call *syntax.CallExpr) SimpleCommand {
	sc := SimpleCommand{Context: w.context()}
	for _, a := range call.Assigns {
		sc.Assigns = append(sc.Assigns, w.assign(a))
	}
	for _, arg := range call.Args {
		sc.Words = append(sc.Words, w.word(arg, argWord))
	}
	sc.Span = w.span(call.Pos(), call.End())
	w.addRedirs(&sc, call)
	return sc
}

func (w *walker) declClause(d *syntax.DeclClause) SimpleCommand {
	sc := SimpleCommand{Context: w.context() | Declaration}
	sc.Words = append(sc.Words, w.lit(d.Variant))
	for _, a := range d.Args {
		switch {
		case a.Naked && a.Name == nil && a.Value != nil:
			sc.Words = append(sc.Words, w.word(a.Value, argWord))
		case a.Naked && a.Name != nil:
			sc.Words = append(sc.Words, w.lit(a.Name))
		case a.Name != nil:
			as := w.assign(a)
			word := Word{Raw: as.Raw, Span: as.Span, Literal: as.Value.Literal}
			if word.Literal {
				op := "="
				if as.Append {
					op = "+="
				}
				word.Value = as.Name + op + as.Value.Value
			}
			sc.Words = append(sc.Words, word)
		}
	}
	sc.Span = w.span(d.Pos(), d.End())
	w.addRedirs(&sc, d)
	return sc
}

func (w *walker) letClause(l *syntax.LetClause) SimpleCommand {
	sc := SimpleCommand{Context: w.context() | Declaration}
	sp := w.span(l.Let, l.Let)
	sp.End = min(sp.Start+len("let"), len(w.src))
	sc.Words = append(sc.Words, Word{Value: "let", Raw: w.src[sp.Start:sp.End], Literal: true, Span: sp})
	for _, x := range l.Exprs {
		if word, ok := x.(*syntax.Word); ok {
			sc.Words = append(sc.Words, w.word(word, argWord))
			continue
		}
		xs := w.span(x.Pos(), x.End())
		sc.Words = append(sc.Words, Word{Raw: w.src[xs.Start:xs.End], Span: xs})
	}
	sc.Span = w.span(l.Pos(), l.End())
	w.addRedirs(&sc, l)
	return sc
}

// addRedirs attaches the redirections of the statement that holds cmd and
// widens the command's span to cover them.
func (w *walker) addRedirs(sc *SimpleCommand, cmd syntax.Command) {
	st := w.parentStmt(cmd)
	if st == nil {
		return
	}
	for _, r := range st.Redirs {
		red := w.redirect(r)
		sc.Redirs = append(sc.Redirs, red)
		sc.Span.Start = min(sc.Span.Start, red.Span.Start)
		sc.Span.End = max(sc.Span.End, red.Span.End)
	}
}

func (w *walker) assign(a *syntax.Assign) Assign {
	out := Assign{Append: a.Append}
	if a.Name != nil {
		out.Name = a.Name.Value
	}
	out.Span = w.span(a.Pos(), a.End())
	out.Raw = w.src[out.Span.Start:out.Span.End]
	switch {
	case a.Array != nil:
		sp := w.span(a.Array.Pos(), a.Array.End())
		out.Value = Word{Raw: w.src[sp.Start:sp.End], Span: sp}
	case a.Value != nil:
		out.Value = w.word(a.Value, assignValue)
		if a.Index != nil {
			out.Value.Literal, out.Value.Value = false, ""
		}
	default:
		// NAME= assigns the empty string.
		out.Value = Word{Literal: true, Span: Span{out.Span.End, out.Span.End}}
		if a.Index != nil {
			out.Value.Literal = false
		}
	}
	return out
}

func (w *walker) redirect(r *syntax.Redirect) Redirect {
	out := Redirect{Op: r.Op.String()}
	start, end := r.OpPos, r.OpPos
	if r.N != nil {
		out.Fd = r.N.Value
		start = r.N.Pos()
	}
	if r.Word != nil {
		out.Target = w.word(r.Word, argWord)
		end = r.Word.End()
	}
	out.Span = w.span(start, end)
	if r.Hdoc != nil {
		out.Heredoc = w.heredoc(r)
	}
	return out
}

func (w *walker) heredoc(r *syntax.Redirect) *Word {
	var raw strings.Builder
	for _, part := range r.Hdoc.Parts {
		if lit, ok := part.(*syntax.Lit); ok {
			raw.WriteString(lit.Value)
			continue
		}
		sp := w.span(part.Pos(), part.End())
		raw.WriteString(w.src[sp.Start:sp.End])
	}
	body := &Word{Raw: w.restoreCR(raw.String())}
	whole := w.span(r.Hdoc.Pos(), r.Hdoc.End())
	body.Span = Span{whole.Start, min(whole.Start+len(body.Raw), len(w.src))}
	switch {
	case r.Word != nil && quotedDelimiter(r.Word):
		body.Value, body.Literal = body.Raw, true
	case dollarContinuation(w.src[whole.Start:whole.End]):
	default:
		body.Value, body.Literal = heredocValue(r.Hdoc.Parts)
		body.Value = w.restoreCR(body.Value)
	}
	return body
}

func (w *walker) word(word *syntax.Word, kind wordKind) Word {
	sp := w.span(word.Pos(), word.End())
	out := Word{Raw: w.src[sp.Start:sp.End], Span: sp}
	if dollarContinuation(out.Raw) {
		return out
	}
	out.Value, out.Literal = literalValue(word.Parts, kind)
	out.Value = w.restoreCR(out.Value)
	return out
}

// restoreCR puts back the carriage returns that parseFile replaced.
func (w *walker) restoreCR(s string) string {
	if !w.crMapped {
		return s
	}
	return strings.ReplaceAll(s, crPlaceholder, "\r")
}

// dollarContinuation reports a $ followed by a line continuation. Bash
// removes the backslash-newline before it tokenizes and so sees an expansion
// ($$, $x, $'…'), while the parser keeps a literal $. Such words are treated
// as non-literal (conservatively, even when the $ is quoted or escaped).
func dollarContinuation(raw string) bool {
	return strings.Contains(raw, "$\\\n")
}

// lit converts a literal that the parser guarantees to be a plain name.
func (w *walker) lit(l *syntax.Lit) Word {
	sp := w.span(l.Pos(), l.End())
	return Word{Value: w.restoreCR(l.Value), Raw: w.src[sp.Start:sp.End], Literal: true, Span: sp}
}

// span converts parser positions to a byte range clamped to the source (the
// parser's end positions inside nested backquotes can overshoot).
func (w *walker) span(pos, end syntax.Pos) Span {
	n := len(w.src)
	s, e := n, n
	if pos.IsValid() {
		s = min(int(pos.Offset()), n)
	}
	if end.IsValid() {
		e = min(int(end.Offset()), n)
	}
	if e < s {
		e = s
	}
	return Span{s, e}
}
