package execpolicy

import (
	"fmt"
	"strconv"

	"go.starlark.net/syntax"
)

// The syntax-tree rewrite.
//
// After go.starlark.net parses the pre-pass's output (lexcheck.go), rewrite
// gives every string literal its starlark-rust value, turns each f-string
// placeholder call into a call of a builtin that formats it, and routes the
// operations whose meaning differs between go.starlark.net and
// starlark-rust through builtins that implement starlark-rust's (rust.go):
// indexing and slicing (strings are sequences of characters, not bytes),
// attribute access (string methods) and the % operator (string
// interpolation). The hidden builtins' names start with '$', which no
// identifier can, so a file can neither name nor shadow them.

// binops are the binary operators routed through hidden builtins, for
// starlark-rust's errors.
var binops = map[syntax.Token]string{
	syntax.PLUS: "$+", syntax.MINUS: "$-", syntax.STAR: "$*", syntax.SLASH: "$/", syntax.SLASHSLASH: "$//",
	syntax.LTLT: "$<<", syntax.GTGT: "$>>", syntax.AMP: "$&", syntax.PIPE: "$|", syntax.CIRCUMFLEX: "$^",
	syntax.LT: "$<", syntax.LE: "$<=", syntax.GT: "$>", syntax.GE: "$>=",
}

// augmented are the augmented assignments' operators, as binary ones.
var augmented = map[syntax.Token]syntax.Token{
	syntax.PLUS_EQ: syntax.PLUS, syntax.MINUS_EQ: syntax.MINUS, syntax.STAR_EQ: syntax.STAR,
	syntax.SLASH_EQ: syntax.SLASH, syntax.SLASHSLASH_EQ: syntax.SLASHSLASH, syntax.PERCENT_EQ: syntax.PERCENT,
	syntax.AMP_EQ: syntax.AMP, syntax.PIPE_EQ: syntax.PIPE, syntax.CIRCUMFLEX_EQ: syntax.CIRCUMFLEX,
	syntax.LTLT_EQ: syntax.LTLT, syntax.GTGT_EQ: syntax.GTGT,
}

const (
	hiddenAugAdd   = "$+=" // x += y: a list is extended in place
	hiddenAugIndex = "$augindex"
	hiddenIndex    = "$index"
	hiddenIndex2   = "$index2" // x[a, b]
	hiddenSlice    = "$slice"
	hiddenAttr     = "$attr"
	hiddenPercent  = "$percent"
)

type rewriter struct {
	p      *prepared
	fcount int
	// origins maps the position go.starlark.net reports for an operation
	// (an operator, a synthetic call's '(') to the start of the expression,
	// where starlark-rust points.
	origins map[srcPos]syntax.Position
	fstrs   map[string]*fstring
}

func newRewriter(p *prepared) *rewriter {
	return &rewriter{p: p, origins: map[srcPos]syntax.Position{}, fstrs: map[string]*fstring{}}
}

func keyOf(p syntax.Position) srcPos { return srcPos{p.Line, p.Col} }

func (rw *rewriter) file(f *syntax.File) {
	for i, s := range f.Stmts {
		f.Stmts[i] = rw.stmt(s)
	}
}

func (rw *rewriter) stmts(list []syntax.Stmt) {
	for i, s := range list {
		list[i] = rw.stmt(s)
	}
}

func (rw *rewriter) stmt(s syntax.Stmt) syntax.Stmt {
	switch s := s.(type) {
	case *syntax.AssignStmt:
		op, aug := augmented[s.Op]
		name := binops[op]
		switch op {
		case syntax.PERCENT:
			name = hiddenPercent
		case syntax.PLUS:
			name = hiddenAugAdd
		}
		if ix, ok := s.LHS.(*syntax.IndexExpr); aug && ok && !isPure(s.LHS) {
			// a[i] op= y, a or i computed on the spot (evaluated once)
			// → $augindex(a, i, "$op", y)
			opName := &syntax.Literal{Token: syntax.STRING, TokenPos: s.OpPos, Raw: strconv.Quote(name), Value: name}
			return &syntax.ExprStmt{X: rw.call(hiddenAugIndex, s.OpPos, startOf(s.LHS), rw.expr(ix.X), rw.expr(ix.Y), opName, rw.expr(s.RHS))}
		}
		if aug && isPure(s.LHS) {
			// x op= y → x = $op(x, y), as the binary operator says
			s.RHS = rw.call(name, s.OpPos, startOf(s.LHS), rw.expr(s.LHS), rw.expr(s.RHS))
			s.Op = syntax.EQ
			s.LHS = rw.target(s.LHS)
			return s
		}
		s.LHS = rw.target(s.LHS)
		s.RHS = rw.expr(s.RHS)
	case *syntax.DefStmt:
		rw.params(s.Params)
		rw.stmts(s.Body)
	case *syntax.ExprStmt:
		s.X = rw.expr(s.X)
	case *syntax.IfStmt:
		s.Cond = rw.expr(s.Cond)
		rw.stmts(s.True)
		rw.stmts(s.False)
	case *syntax.ForStmt:
		// A for statement's errors are the statement's in Codex (a
		// comprehension's are its iterable's).
		rw.origins[keyOf(s.For)] = s.For
		s.Vars = rw.target(s.Vars)
		s.X = rw.expr(s.X)
		rw.stmts(s.Body)
	case *syntax.WhileStmt:
		s.Cond = rw.expr(s.Cond)
		rw.stmts(s.Body)
	case *syntax.ReturnStmt:
		if s.Result != nil {
			s.Result = rw.expr(s.Result)
		}
	case *syntax.LoadStmt:
		rw.literal(s.Module)
		// load("m", "") parses in Codex and fails, as every load does,
		// when it runs; go.starlark.net's resolver refuses the empty
		// name. A hidden name (no file can spell it) lets the file
		// resolve and the load fail in its turn.
		for i, from := range s.From {
			if from.Name == "" {
				from.Name = fmt.Sprintf("$load%d", i)
				if s.To[i].Name == "" {
					s.To[i].Name = from.Name
				}
			}
		}
	}
	return s
}

func (rw *rewriter) params(ps []syntax.Expr) {
	for _, p := range ps {
		if b, ok := p.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
			b.Y = rw.expr(b.Y)
		}
	}
}

// target rewrites the operands of an assignment target, keeping the target.
func (rw *rewriter) target(x syntax.Expr) syntax.Expr {
	switch x := x.(type) {
	case *syntax.IndexExpr:
		rw.origins[keyOf(x.Lbrack)] = startOf(x.X)
		x.X = rw.expr(x.X)
		x.Y = rw.expr(x.Y)
	case *syntax.DotExpr:
		x.X = rw.expr(x.X)
	case *syntax.TupleExpr:
		for i, e := range x.List {
			x.List[i] = rw.target(e)
		}
	case *syntax.ListExpr:
		for i, e := range x.List {
			x.List[i] = rw.target(e)
		}
	case *syntax.ParenExpr:
		x.X = rw.target(x.X)
	}
	return x
}

// isPure reports whether evaluating x twice is the same as once (an
// identifier, or an index of identifiers and constants).
func isPure(x syntax.Expr) bool {
	switch x := x.(type) {
	case *syntax.Ident, *syntax.Literal:
		return true
	case *syntax.IndexExpr:
		return isPure(x.X) && isPure(x.Y)
	case *syntax.DotExpr:
		return isPure(x.X)
	}
	return false
}

func (rw *rewriter) literal(l *syntax.Literal) {
	if l == nil || l.Token != syntax.STRING {
		return
	}
	if v, ok := rw.p.strs[keyOf(l.TokenPos)]; ok {
		l.Value = v
	}
}

// call makes the synthetic call name(args...) reported at op and starting
// at start.
func (rw *rewriter) call(name string, op, start syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	rw.origins[keyOf(op)] = start
	_, end := args[len(args)-1].Span()
	return &syntax.CallExpr{
		Fn:     &syntax.Ident{NamePos: start, Name: name},
		Lparen: op,
		Args:   args,
		Rparen: end,
	}
}

func none(at syntax.Position) syntax.Expr { return &syntax.Ident{NamePos: at, Name: "None"} }

func (rw *rewriter) exprs(list []syntax.Expr) {
	for i, e := range list {
		list[i] = rw.expr(e)
	}
}

func (rw *rewriter) expr(x syntax.Expr) syntax.Expr {
	switch x := x.(type) {
	case nil:
		return nil
	case *syntax.Literal:
		rw.literal(x)
	case *syntax.Ident:
	case *syntax.ParenExpr:
		// Codex has no node for parentheses: an error in (x) is x's.
		return rw.expr(x.X)
	case *syntax.CallExpr:
		if id, ok := x.Fn.(*syntax.Ident); ok && id.Name == "_f" {
			if fs, ok := rw.p.fstrs[keyOf(x.Lparen)]; ok {
				rw.fcount++
				name := fmt.Sprintf("$fstring%d", rw.fcount)
				rw.fstrs[name] = fs
				id.Name = name
				rw.exprs(x.Args)
				return x
			}
		}
		x.Fn = rw.expr(x.Fn)
		for i, a := range x.Args {
			switch a := a.(type) {
			case *syntax.BinaryExpr:
				if a.Op == syntax.EQ {
					a.Y = rw.expr(a.Y)
					continue
				}
			case *syntax.UnaryExpr:
				if a.Op == syntax.STAR || a.Op == syntax.STARSTAR {
					a.X = rw.expr(a.X)
					continue
				}
			}
			x.Args[i] = rw.expr(a)
		}
	// The operand is rewritten first and its start taken from the result
	// (a hidden call starts where its operand did): the start of a.b.c…
	// found by walking down the chain at every link would cost a long
	// chain the square of its length.
	case *syntax.DotExpr:
		operand := rw.expr(x.X)
		lit := &syntax.Literal{Token: syntax.STRING, TokenPos: x.NamePos, Raw: fmt.Sprintf("%q", x.Name.Name), Value: x.Name.Name}
		return rw.call(hiddenAttr, x.Dot, startOf(operand), operand, lit)
	case *syntax.IndexExpr:
		operand := rw.expr(x.X)
		start := startOf(operand)
		if t, ok := x.Y.(*syntax.TupleExpr); ok && !t.Lparen.IsValid() && len(t.List) == 2 {
			// x[a, b]: Codex's two-index subscript, not x[(a, b)].
			return rw.call(hiddenIndex2, x.Lbrack, start, operand, rw.expr(t.List[0]), rw.expr(t.List[1]))
		}
		return rw.call(hiddenIndex, x.Lbrack, start, operand, rw.expr(x.Y))
	case *syntax.SliceExpr:
		operand := rw.expr(x.X)
		start := startOf(operand)
		args := []syntax.Expr{operand}
		for _, e := range []syntax.Expr{x.Lo, x.Hi, x.Step} {
			if e == nil {
				args = append(args, none(x.Lbrack))
			} else {
				args = append(args, rw.expr(e))
			}
		}
		return rw.call(hiddenSlice, x.Lbrack, start, args...)
	case *syntax.BinaryExpr:
		x.X = rw.expr(x.X)
		x.Y = rw.expr(x.Y)
		start := startOf(x.X)
		if x.Op == syntax.PERCENT {
			return rw.call(hiddenPercent, x.OpPos, start, x.X, x.Y)
		}
		if name, ok := binops[x.Op]; ok {
			return rw.call(name, x.OpPos, start, x.X, x.Y)
		}
		rw.origins[keyOf(x.OpPos)] = start
	case *syntax.UnaryExpr:
		if x.X != nil {
			x.X = rw.expr(x.X)
		}
	case *syntax.CondExpr:
		x.Cond = rw.expr(x.Cond)
		x.True = rw.expr(x.True)
		x.False = rw.expr(x.False)
	case *syntax.ListExpr:
		rw.exprs(x.List)
	case *syntax.TupleExpr:
		rw.exprs(x.List)
	case *syntax.DictExpr:
		for _, e := range x.List {
			if d, ok := e.(*syntax.DictEntry); ok {
				rw.origins[keyOf(d.Colon)] = startOf(d.Key)
				d.Key = rw.expr(d.Key)
				d.Value = rw.expr(d.Value)
			}
		}
	case *syntax.Comprehension:
		x.Body = rw.expr(x.Body)
		for _, c := range x.Clauses {
			switch c := c.(type) {
			case *syntax.ForClause:
				rw.origins[keyOf(c.For)] = startOf(c.X)
				c.Vars = rw.target(c.Vars)
				c.X = rw.expr(c.X)

			case *syntax.IfClause:
				c.Cond = rw.expr(c.Cond)
			}
		}
	case *syntax.DictEntry:
		x.Key = rw.expr(x.Key)
		x.Value = rw.expr(x.Value)
	case *syntax.LambdaExpr:
		rw.params(x.Params)
		x.Body = rw.expr(x.Body)
	}
	return x
}

// startOf is where Codex starts x: past its parentheses, which have no
// node of their own in Codex's syntax tree.
func startOf(x syntax.Expr) syntax.Position { return syntax.Start(unparen(x)) }
