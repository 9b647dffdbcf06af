package execpolicy

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Type annotations.
//
// Codex 0.169.0 accepts `x: T = v`, `def f(a: T = d) -> R:` and checks
// values against the types as the file runs: an assignment's value (at the
// type, "for return type"), a parameter's default when the def runs (at the
// parameter) and its argument at each call (at the call, "for argument
// `a`"), and what a function returns (at the return statement, or at
// ":1:1" when it ends without one). go.starlark.net has no annotations, so
// the syntax checker records them (rdAnnotation), they are blanked out of
// the text go.starlark.net parses (positions kept), and the syntax tree
// gets the checks as calls of hidden builtins, with each type expression
// turned into calls that build a type (annType) from the values its names
// have where it stands (an alias `T = int` works, an undefined name is an
// undefined name).

// Hidden builtins (their names cannot be written in a policy).
const (
	annConv    = "$tconv"    // a name's value → a type
	annIndex   = "$tindex"   // list[T], dict[K, V], tuple[T, ...]
	annUnion   = "$tunion"   // A | B
	annTuple   = "$ttuple"   // (A, B)
	annAssign  = "$tassign"  // x: T = v
	annDefault = "$tdefault" // def f(a: T = d)
	annArg     = "$targ"     // a parameter, at the start of the body
	annReturn  = "$treturn"  // return v
)

// annType is a type as Codex shows it and checks values against it.
type annType struct {
	show    string
	match   func(v starlark.Value) bool
	members []*annType // of a union
}

func (t *annType) String() string        { return t.show }
func (t *annType) Type() string          { return "type" }
func (t *annType) Freeze()               {}
func (t *annType) Truth() starlark.Bool  { return starlark.True }
func (t *annType) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable type: type") }

// annSite is where an annotation's errors are reported.
type annSite struct {
	typePos  Position // the type expression
	param    string
	paramPos Position
	retPos   map[int]Position // return statements, by index
}

// annError is an annotation's error with the position Codex gives it.
type annError struct {
	pos Position
	msg string
}

func (e *annError) Error() string { return e.msg }

// blankAnnotations returns src with each annotation's text (from its ':'
// or '->' to the end of its type) turned into spaces, newlines kept, so
// that go.starlark.net parses the rest at the same lines and columns.
func blankAnnotations(src []byte, anns []rdAnnotation) []byte {
	// Type expressions are ASCII (the pre-pass refuses anything else
	// outside string literals, which a type cannot hold): a space per
	// byte keeps every column.
	out := slices.Clone(src)
	for _, a := range anns {
		for i := a.cut; i < a.typeEnd && i < len(out); i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	return out
}

// annotate adds the checks of the annotations anns (of the file whose
// original text is src) to the syntax tree f.
func (l *loader) annotate(f *syntax.File, src string, anns []rdAnnotation) error {
	l.annSites = l.annSites[:0]
	// Offsets to lines and columns, and the assignments and defs by
	// where they start, found once (a file may hold many annotations).
	lineStarts := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			lineStarts = append(lineStarts, i+1)
		}
	}
	// A position is counted on from the last one asked for on its line
	// (annotations come in order: many on one line must not each count
	// from the line's start), one cursor for the types and one for their
	// owners (a def stands before its parameters' types).
	type cursor struct{ off, line, col int }
	posFrom := func(c *cursor, off int) Position {
		line, _ := slices.BinarySearch(lineStarts, off+1)
		if c.line != line || c.off > off {
			*c = cursor{off: lineStarts[line-1], line: line, col: 1}
		}
		c.col += utf8.RuneCountInString(src[c.off:off])
		c.off = off
		return Position{File: l.file, Line: line, Col: c.col}
	}
	var typeCur, ownerCur cursor
	assigns := map[[2]int]*syntax.AssignStmt{}
	defs := map[[2]int]*syntax.DefStmt{}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.AssignStmt:
			assigns[[2]int{int(n.OpPos.Line), int(n.OpPos.Col)}] = n
		case *syntax.DefStmt:
			defs[[2]int{int(n.Def.Line), int(n.Def.Col)}] = n
		}
		return true
	})
	// Each def's parameters by name (the first of a name), and the checks
	// to put at the start of its body, in order, put there at the end.
	type defParams struct {
		index  map[string]int
		checks []syntax.Stmt
	}
	params := map[*syntax.DefStmt]*defParams{}
	var order []*syntax.DefStmt
	at := func(p Position) syntax.Position { return syntax.MakePosition(&l.file, int32(p.Line), int32(p.Col)) }
	for _, a := range anns {
		typ, typePos, err := l.typeBuilder(src[a.typeStart:a.typeEnd], posFrom(&typeCur, a.typeStart), len(l.annSites))
		if err != nil {
			return err
		}
		site := len(l.annSites)
		l.annSites = append(l.annSites, annSite{typePos: typePos, param: a.param})
		owner := posFrom(&ownerCur, a.owner)
		switch a.kind {
		case 'a':
			s := assigns[[2]int{owner.Line, owner.Col}]
			if s == nil {
				return &Error{Pos: owner, Msg: "hookifyc cannot find the assignment of this type annotation"}
			}
			s.RHS = hiddenCall(annAssign, at(typePos), s.RHS, typ, siteLit(site))
		case 'p', 'r':
			d := defs[[2]int{owner.Line, owner.Col}]
			if d == nil {
				return &Error{Pos: owner, Msg: "hookifyc cannot find the def of this type annotation"}
			}
			if a.kind == 'p' {
				dp := params[d]
				if dp == nil {
					dp = &defParams{index: map[string]int{}}
					for i, p := range d.Params {
						if id, _ := paramIdent(p); id != nil {
							if _, dup := dp.index[id.Name]; !dup {
								dp.index[id.Name] = i
							}
						}
					}
					params[d] = dp
					order = append(order, d)
				}
				if i, ok := dp.index[a.param]; ok {
					dp.checks = append(dp.checks, l.annotateParam(d.Params[i], a.param, typ, site))
				}
			} else {
				l.annotateReturn(d, typ, site)
			}
		}
	}
	for _, d := range order {
		if checks := params[d].checks; len(checks) > 0 {
			d.Body = append(checks, d.Body...)
		}
	}
	return nil
}

// maxUnionArgs is the most operands a union's call is given one by one
// (go.starlark.net's calls take at most 255 positional arguments); more
// are given as one list.
const maxUnionArgs = 255

func siteLit(i int) syntax.Expr {
	return &syntax.Literal{Token: syntax.INT, Raw: fmt.Sprint(i), Value: int64(i)}
}

func hiddenCall(name string, p syntax.Position, args ...syntax.Expr) *syntax.CallExpr {
	return &syntax.CallExpr{Fn: &syntax.Ident{Name: name, NamePos: p}, Lparen: p, Args: args, Rparen: p}
}

// annotateParam checks the parameter p (named name) of a def: its default
// when the def runs, and returns the check of its argument, which goes at
// the start of the body (after the checks of the parameters before it).
func (l *loader) annotateParam(p syntax.Expr, name string, typ syntax.Expr, site int) syntax.Stmt {
	id, def := paramIdent(p)
	l.annSites[site].paramPos = l.pos(id.NamePos)
	if def != nil {
		def.Y = hiddenCall(annDefault, id.NamePos, def.Y, typ, siteLit(site))
	}
	return &syntax.ExprStmt{X: hiddenCall(annArg, id.NamePos, &syntax.Ident{Name: name, NamePos: id.NamePos}, typ, siteLit(site))}
}

// annotateReturn checks what d returns: each return statement's value and
// the None of falling off its end.
func (l *loader) annotateReturn(d *syntax.DefStmt, typ syntax.Expr, site int) {
	l.annSites[site].retPos = map[int]Position{}
	n := 0
	var walk func(stmts []syntax.Stmt)
	walk = func(stmts []syntax.Stmt) {
		for _, s := range stmts {
			switch s := s.(type) {
			case *syntax.ReturnStmt:
				n++
				l.annSites[site].retPos[n] = l.pos(s.Return)
				v := s.Result
				if v == nil {
					v = &syntax.Ident{Name: "None", NamePos: s.Return}
				}
				s.Result = hiddenCall(annReturn, s.Return, v, typ, siteLit(site), siteLit(n))
			case *syntax.IfStmt:
				walk(s.True)
				walk(s.False)
			case *syntax.ForStmt:
				walk(s.Body)
			}
		}
	}
	walk(d.Body)
	// The end of the body: Codex reports it at ":1:1" (index 0).
	d.Body = append(d.Body, &syntax.ReturnStmt{Return: d.Def, Result: hiddenCall(annReturn, d.Def, &syntax.Ident{Name: "None", NamePos: d.Def}, typ, siteLit(site), siteLit(0))})
}

// paramIdent is a parameter's name, and its "name = default" when it has
// one.
func paramIdent(p syntax.Expr) (*syntax.Ident, *syntax.BinaryExpr) {
	switch p := p.(type) {
	case *syntax.Ident:
		return p, nil
	case *syntax.BinaryExpr:
		id, _ := p.X.(*syntax.Ident)
		return id, p
	case *syntax.UnaryExpr:
		id, _ := p.X.(*syntax.Ident)
		return id, nil
	}
	return nil, nil
}

// typeBuilder turns the type expression text (at pos) into an expression
// that builds its annType where it stands, and returns where Codex puts
// the type (inside the parentheses of a tuple).
func (l *loader) typeBuilder(text string, pos Position, site int) (syntax.Expr, Position, error) {
	// The text alone, in parentheses (so that no indentation is read),
	// parsed at line 1 column 2, then every position moved to where the
	// text stands in the file: padding the text to its line instead would
	// cost a file of many annotations the square of its size.
	small := "(" + strings.ReplaceAll(text, "...", ellipsisName) + "\n)"
	e, err := syntax.ParseExpr(l.file, small, 0)
	if err != nil {
		return nil, pos, &Error{Pos: pos, Msg: "hookifyc cannot read this type annotation: " + err.Error()}
	}
	rel := func(p syntax.Position) syntax.Position { // back to small's
		if int(p.Line) == pos.Line {
			return syntax.MakePosition(&l.file, 1, p.Col-int32(pos.Col-2))
		}
		return syntax.MakePosition(&l.file, p.Line-int32(pos.Line-1), p.Col)
	}
	shiftPositions(e, func(p syntax.Position) syntax.Position {
		if p.Line == 1 {
			return syntax.MakePosition(&l.file, int32(pos.Line), p.Col+int32(pos.Col-2))
		}
		return syntax.MakePosition(&l.file, p.Line+int32(pos.Line-1), p.Col)
	})
	e = unparen(e)
	typePos := l.pos(codexStart(e))
	smallText := newTextBetween(small)
	tupleTail := false // building the T, ... of tuple[T, ...]
	inPair := false    // building an element of x[a, b]
	// build returns the builder of e and where e starts (syntax.Start(e),
	// taken from e's left operand once it is built: syntax.Start walks
	// down a chain like A | B | C, which would cost a long one the square
	// of its length).
	var build func(e syntax.Expr) (syntax.Expr, syntax.Position)
	build = func(e syntax.Expr) (syntax.Expr, syntax.Position) {
		switch e := e.(type) {
		case *syntax.ParenExpr:
			x, _ := build(e.X)
			return x, e.Lparen
		case *syntax.BinaryExpr:
			if e.Op == syntax.PIPE {
				// A | B | C (parsed as (A | B) | C): one union of all
				// its operands, in order, the same type as a union of
				// unions. A call per '|' would cost a long chain the
				// square of its length, in building it and in
				// go.starlark.net's line table, which steps from each
				// operand back to the chain's start a bounded column
				// count at a time.
				var ys []syntax.Expr
				x := syntax.Expr(e)
				for {
					b, ok := x.(*syntax.BinaryExpr)
					if !ok || b.Op != syntax.PIPE {
						break
					}
					ys = append(ys, b.Y)
					x = b.X
				}
				first, start := build(x)
				members := []syntax.Expr{first}
				for i := len(ys) - 1; i >= 0; i-- {
					y, _ := build(ys[i])
					members = append(members, y)
				}
				if len(members) > maxUnionArgs {
					// More than a call takes: one list of them.
					members = []syntax.Expr{&syntax.ListExpr{Lbrack: start, List: members, Rbrack: start}}
				}
				return hiddenCall(annUnion, start, members...), start
			}
		case *syntax.IndexExpr:
			x, start := build(e.X)
			args := []syntax.Expr{siteLit(site), x}
			if t, ok := e.Y.(*syntax.TupleExpr); ok && !t.Lparen.IsValid() {
				base, _ := e.X.(*syntax.Ident)
				for i, x := range t.List {
					tupleTail = base != nil && base.Name == "tuple" && i == 1 && len(t.List) == 2
					inPair = true // x[a, b]: its errors are the whole type's
					b, _ := build(x)
					args = append(args, b)
					tupleTail, inPair = false, false
				}
			} else {
				y, _ := build(e.Y)
				args = append(args, y)
			}
			return hiddenCall(annIndex, start, args...), start
		case *syntax.TupleExpr:
			var args []syntax.Expr
			start := e.Lparen
			for i, x := range e.List {
				b, s := build(x)
				if i == 0 && !e.Lparen.IsValid() {
					start = s
				}
				args = append(args, b)
			}
			return hiddenCall(annTuple, start, args...), start
		case *syntax.ListExpr:
			// [A, B] is A | B.
			var args []syntax.Expr
			for _, x := range e.List {
				b, _ := build(x)
				args = append(args, b)
			}
			return hiddenCall(annUnion, e.Lbrack, args...), e.Lbrack
		}
		start := syntax.Start(e)
		switch e := e.(type) {
		case *syntax.Ident:
			if e.Name == ellipsisName && tupleTail {
				return e, start // tuple[T, ...]
			}
			if e.Name == ellipsisName && inPair {
				return hiddenCall(annConv, start, e, &syntax.Literal{Token: syntax.STRING, Raw: `"Ellipsis"`, Value: "Ellipsis"}, siteLit(site)), start
			}
			if e.Name == ellipsisName {
				// Reported where it stands (not at the whole type).
				at := fmt.Sprintf("%d:%d", start.Line, start.Col)
				return hiddenCall(annConv, start, e, &syntax.Literal{Token: syntax.STRING, Raw: `"Ellipsis"`, Value: "Ellipsis"}, siteLit(site), &syntax.Literal{Token: syntax.STRING, Raw: fmt.Sprintf("%q", at), Value: at}), start
			}
		}
		// A name (or a.b): the type its value is.
		_, end := e.Span()
		shown := smallText(rel(start), rel(end))
		return hiddenCall(annConv, start, e, &syntax.Literal{Token: syntax.STRING, Raw: fmt.Sprintf("%q", shown), Value: shown}, siteLit(site)), start
	}
	b, _ := build(e)
	return b, typePos, nil
}

// codexStart is where Codex's syntax tree starts e: parentheses have no
// node there, and a parenthesized tuple starts at its first element.
func codexStart(e syntax.Expr) syntax.Position {
	switch e := e.(type) {
	case *syntax.ParenExpr:
		return codexStart(e.X)
	case *syntax.TupleExpr:
		if e.Lparen.IsValid() && len(e.List) > 0 {
			return codexStart(e.List[0])
		}
	case *syntax.BinaryExpr:
		return codexStart(e.X)
	case *syntax.IndexExpr:
		return codexStart(e.X)
	case *syntax.DotExpr:
		return codexStart(e.X)
	case *syntax.CallExpr:
		return codexStart(e.Fn)
	}
	return syntax.Start(e)
}

func unparen(e syntax.Expr) syntax.Expr {
	for {
		p, ok := e.(*syntax.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// shiftPositions moves every position in the syntax tree e by move.
func shiftPositions(e syntax.Expr, move func(syntax.Position) syntax.Position) {
	posType := reflect.TypeOf(syntax.Position{})
	syntax.Walk(e, func(n syntax.Node) bool {
		v := reflect.ValueOf(n)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
			return true
		}
		v = v.Elem()
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.Type() == posType && f.CanSet() {
				if p := f.Interface().(syntax.Position); p.IsValid() {
					f.Set(reflect.ValueOf(move(p)))
				}
			}
		}
		return true
	})
}

// newTextBetween returns the text of small from start to end. small is
// split into lines, each turned into runes when first asked for, once (a
// type of many names asks for many pieces of one long line).
func newTextBetween(small string) func(start, end syntax.Position) string {
	lines := strings.Split(small, "\n")
	runes := make([][]rune, len(lines))
	return func(start, end syntax.Position) string {
		if int(start.Line) != int(end.Line) || int(start.Line) > len(lines) {
			return ""
		}
		r := runes[start.Line-1]
		if r == nil {
			r = []rune(lines[start.Line-1])
			runes[start.Line-1] = r
		}
		a, b := int(start.Col)-1, int(end.Col)-1
		if a < 0 || b > len(r) || a > b {
			return ""
		}
		return strings.ReplaceAll(string(r[a:b]), ellipsisName, "...")
	}
}

// annBuiltins are the hidden builtins of the annotations.
func (l *loader) annBuiltins(d starlark.StringDict) {
	site := func(v starlark.Value) annSite {
		i, _ := starlark.AsInt32(v)
		if i >= 0 && i < len(l.annSites) {
			return l.annSites[i]
		}
		return annSite{}
	}
	valueErr := func(v starlark.Value, t *annType, what string) string {
		return fmt.Sprintf("Value `%s` of type `%s` does not match the type annotation `%s` for %s", l.rustStr(v), typeName(v), t.show, what)
	}
	hidden := func(name string, f func(th *starlark.Thread, args starlark.Tuple) (starlark.Value, error)) {
		d[name] = starlark.NewBuiltin(name, func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			return f(th, args)
		})
	}
	hidden(annConv, func(_ *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		if t := typeOf(args[0]); t != nil {
			return t, nil
		}
		shown, _ := starlark.AsString(args[1])
		if fn, ok := args[0].(*starlark.Function); ok {
			shown = l.file + "." + fn.Name() // Codex names a def by its file
		}
		p := site(args[2]).typePos
		if len(args) > 3 {
			at, _ := starlark.AsString(args[3])
			fmt.Sscanf(at, "%d:%d", &p.Line, &p.Col)
		}
		return nil, &annError{p, fmt.Sprintf("Type `%s` is not a valid type annotation", shown)}
	})
	hidden(annUnion, func(_ *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		var parts []*annType
		add := func(a starlark.Value) {
			t := asType(a)
			if len(t.members) > 0 { // a union: its parts
				parts = append(parts, t.members...)
			} else {
				parts = append(parts, t)
			}
		}
		for _, a := range args {
			if list, ok := a.(*starlark.List); ok { // the operands of a long A | B | ...
				for i := 0; i < list.Len(); i++ {
					add(list.Index(i))
				}
				continue
			}
			add(a)
		}
		return union(parts), nil
	})
	hidden(annTuple, func(_ *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		var elems []*annType
		var shows []string
		for _, a := range args {
			t := asType(a)
			elems = append(elems, t)
			shows = append(shows, t.show)
		}
		show := "(" + strings.Join(shows, ", ") + ")"
		if len(elems) == 1 {
			show = "(" + shows[0] + ",)"
		}
		return &annType{show: show, match: func(v starlark.Value) bool {
			tv, ok := v.(starlark.Tuple)
			if !ok || len(tv) != len(elems) {
				return false
			}
			for i, e := range elems {
				if !e.match(tv[i]) {
					return false
				}
			}
			return true
		}}, nil
	})
	hidden(annIndex, func(_ *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		st := site(args[0])
		base, _ := args[1].(*annType)
		params := args[2:]
		if base == nil {
			return nil, &annError{st.typePos, "hookifyc cannot check this type annotation"}
		}
		if _, ell := params[len(params)-1].(ellipsis); ell && base.show == "tuple" && len(params) == 2 {
			e := asType(params[0])
			return &annType{show: "tuple[" + e.show + ", ...]", match: func(v starlark.Value) bool {
				tv, ok := v.(starlark.Tuple)
				return ok && all(tv, e)
			}}, nil
		}
		ts := make([]*annType, len(params))
		for i, p := range params {
			t, ok := p.(*annType)
			if !ok {
				return nil, &annError{st.typePos, "hookifyc cannot check this type annotation"}
			}
			ts[i] = t
		}
		switch {
		case base.show == "list" && len(ts) == 1:
			return &annType{show: "list[" + ts[0].show + "]", match: func(v starlark.Value) bool {
				lv, ok := v.(*starlark.List)
				if !ok {
					return false
				}
				for i := 0; i < lv.Len(); i++ {
					if !ts[0].match(lv.Index(i)) {
						return false
					}
				}
				return true
			}}, nil
		case base.show == "dict" && len(ts) == 2:
			return &annType{show: "dict[" + ts[0].show + ", " + ts[1].show + "]", match: func(v starlark.Value) bool {
				dv, ok := v.(*starlark.Dict)
				if !ok {
					return false
				}
				for _, kv := range dv.Items() {
					if !ts[0].match(kv[0]) || !ts[1].match(kv[1]) {
						return false
					}
				}
				return true
			}}, nil
		case base.show == "tuple":
			return nil, &annError{st.typePos, "`tuple[]` is implemented only for `tuple[T, ...]`"}
		case base.show == "list" || base.show == "dict" && len(ts) > 2:
			return nil, &annError{st.typePos, "[,] can only be applied to dict or tuple functions in type expression"}
		case base.show == "dict":
			return nil, &annError{st.typePos, "Operation `[]` not supported on type `function`"}
		}
		return nil, &annError{st.typePos, "hookifyc cannot check this type annotation"}
	})
	hidden(annAssign, func(_ *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		v, t := args[0], asType(args[1])
		if !t.match(v) {
			return nil, &annError{site(args[2]).typePos, valueErr(v, t, "return type")}
		}
		return v, nil
	})
	hidden(annDefault, func(_ *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		v, t, st := args[0], asType(args[1]), site(args[2])
		if !t.match(v) {
			return nil, &annError{st.paramPos, valueErr(v, t, "argument `"+st.param+"`")}
		}
		return v, nil
	})
	hidden(annArg, func(th *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		v, t, st := args[0], asType(args[1]), site(args[2])
		if !t.match(v) {
			// At the call of the function whose body this is.
			var p Position
			if th.CallStackDepth() >= 3 {
				p = l.callPos(th.CallFrame(2).Pos)
			}
			return nil, &annError{p, valueErr(v, t, "argument `"+st.param+"`")}
		}
		return starlark.None, nil
	})
	hidden(annReturn, func(_ *starlark.Thread, args starlark.Tuple) (starlark.Value, error) {
		v, t, st := args[0], asType(args[1]), site(args[2])
		if !t.match(v) {
			n, _ := starlark.AsInt32(args[3])
			p, ok := st.retPos[n]
			if !ok {
				p = Position{Line: 1, Col: 1} // the end of the body: Codex's ":1:1"
			}
			return nil, &annError{p, valueErr(v, t, "return type")}
		}
		return v, nil
	})
}

func all(tv starlark.Tuple, t *annType) bool {
	for _, v := range tv {
		if !t.match(v) {
			return false
		}
	}
	return true
}

// union is the type of any of parts, shown sorted as Codex shows it.
func union(parts []*annType) *annType {
	var shows []string
	seen := map[string]bool{}
	var uniq []*annType
	for _, p := range parts {
		if !seen[p.show] {
			seen[p.show] = true
			uniq = append(uniq, p)
			shows = append(shows, p.show)
		}
	}
	// Codex's order: the plain types by their type name (NoneType, bool,
	// float, int, string), then lists, tuples and dicts.
	slices.SortStableFunc(uniq, func(a, b *annType) int {
		if ra, rb := unionRank(a.show), unionRank(b.show); ra != rb {
			return ra - rb
		}
		return strings.Compare(unionKey(a.show), unionKey(b.show))
	})
	shows = shows[:0]
	for _, u := range uniq {
		shows = append(shows, u.show)
	}
	return &annType{show: strings.Join(shows, " | "), members: uniq, match: func(v starlark.Value) bool {
		for _, p := range uniq {
			if p.match(v) {
				return true
			}
		}
		return false
	}}
}

func unionRank(show string) int {
	switch {
	case strings.HasPrefix(show, "list"):
		return 1
	case strings.HasPrefix(show, "tuple") || strings.HasPrefix(show, "("):
		return 2
	case strings.HasPrefix(show, "dict"):
		return 3
	}
	return 0
}

func unionKey(show string) string {
	switch show {
	case "None":
		return "NoneType"
	case "str":
		return "string"
	}
	return show
}

// typeOf is the type a name's value stands for, nil when it is none.
func typeOf(v starlark.Value) *annType {
	switch v := v.(type) {
	case *annType:
		return v
	case starlark.NoneType:
		return &annType{show: "None", match: func(x starlark.Value) bool { return x == starlark.None }}
	case *starlark.Builtin:
		var match func(x starlark.Value) bool
		switch v.Name() {
		case "int":
			match = func(x starlark.Value) bool { _, ok := x.(starlark.Int); return ok }
		case "str":
			match = func(x starlark.Value) bool { _, ok := x.(starlark.String); return ok }
		case "bool":
			match = func(x starlark.Value) bool { _, ok := x.(starlark.Bool); return ok }
		case "float":
			match = func(x starlark.Value) bool { _, ok := x.(starlark.Float); return ok }
		case "list":
			match = func(x starlark.Value) bool { _, ok := x.(*starlark.List); return ok }
		case "dict":
			match = func(x starlark.Value) bool { _, ok := x.(*starlark.Dict); return ok }
		case "tuple":
			match = func(x starlark.Value) bool { _, ok := x.(starlark.Tuple); return ok }
		case "range":
			match = func(x starlark.Value) bool { return x.Type() == "range" }
		default:
			return nil
		}
		return &annType{show: v.Name(), match: match}
	}
	return nil
}

// asType is v as a type; anything else (which the builders never pass)
// matches nothing rather than stopping the process.
func asType(v starlark.Value) *annType {
	if t, ok := v.(*annType); ok {
		return t
	}
	return &annType{show: v.String(), match: func(starlark.Value) bool { return false }}
}
