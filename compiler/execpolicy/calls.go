package execpolicy

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Calls of the file's own functions with arguments that do not fit.
//
// go.starlark.net binds a call's arguments in its own order and words
// ("function f missing 1 argument (a)"); Codex reports, at the call, the
// first of: too many positional arguments, an argument given twice, a
// missing parameter, then unknown names, naming the function
// "<file>.<name>" (a lambda is "<file>.lambda"). userCallError finds the
// call and the function in the syntax tree and binds as Codex does.

var argBindingError = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^function (\S+) (accepts|got|missing) `)
})

// userCallError is Codex's error for a go.starlark.net argument-binding
// error ee, at the call; ok is false when ee is not one or the call cannot
// be found (the caller then keeps go.starlark.net's).
func (l *loader) userCallError(ee *starlark.EvalError) (*Error, bool) {
	m := argBindingError().FindStringSubmatch(ee.Msg)
	n := len(ee.CallStack)
	if m == nil || n < 2 || l.ast == nil {
		return nil, false
	}
	callee, caller := ee.CallStack[n-1], ee.CallStack[n-2]
	fn := functionAt(l.ast, callee.Pos)
	call := l.callAt(caller.Pos)
	if fn == nil || call == nil {
		return nil, false
	}
	var params []syntax.Expr
	name := "lambda"
	switch fn := fn.(type) {
	case *syntax.DefStmt:
		params, name = fn.Params, fn.Name.Name
	case *syntax.LambdaExpr:
		params = fn.Params
	}
	if name != m[1] {
		return nil, false
	}
	msg, ok := bindLikeCodex(l.file+"."+name, params, call.Args)
	if !ok {
		return nil, false
	}
	return &Error{Pos: l.callPos(caller.Pos), Msg: msg}, true
}

// callAt is the call whose '(' is at pos.
func (l *loader) callAt(pos syntax.Position) *syntax.CallExpr {
	var found *syntax.CallExpr
	syntax.Walk(l.ast, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && c.Lparen.Line == pos.Line && c.Lparen.Col == pos.Col {
			found = c
		}
		return found == nil
	})
	return found
}

// bindLikeCodex binds a call's arguments to a function's parameters and
// returns Codex's error; ok is false when the call passes *args or
// **kwargs (their contents are not in the syntax tree) or binds.
func bindLikeCodex(fname string, params, args []syntax.Expr) (string, bool) {
	type param struct {
		name     string
		optional bool
		named    bool // after * or *args: named only
	}
	var positional, kwonly []param
	star, starstar, afterStar := false, false, false
	for _, p := range params {
		switch p := p.(type) {
		case *syntax.Ident:
			if afterStar {
				kwonly = append(kwonly, param{name: p.Name, named: true})
			} else {
				positional = append(positional, param{name: p.Name})
			}
		case *syntax.BinaryExpr:
			id, _ := p.X.(*syntax.Ident)
			if id == nil {
				return "", false
			}
			if afterStar {
				kwonly = append(kwonly, param{name: id.Name, optional: true, named: true})
			} else {
				positional = append(positional, param{name: id.Name, optional: true})
			}
		case *syntax.UnaryExpr:
			if p.Op == syntax.STARSTAR {
				starstar = true
			} else {
				afterStar = true
				star = p.X != nil
			}
		}
	}
	var nPos int
	var named []string
	for _, a := range args {
		switch a := a.(type) {
		case *syntax.UnaryExpr:
			if a.Op == syntax.STAR || a.Op == syntax.STARSTAR {
				return "", false
			}
			nPos++
		case *syntax.BinaryExpr:
			if id, ok := a.X.(*syntax.Ident); ok && a.Op == syntax.EQ {
				named = append(named, id.Name)
			} else {
				nPos++
			}
		default:
			nPos++
		}
	}
	if nPos > len(positional) && !star {
		return fmt.Sprintf("Found %d extra positional argument(s) for call to %s", nPos-len(positional), fname), true
	}
	bound := map[string]bool{}
	for i := 0; i < nPos && i < len(positional); i++ {
		bound[positional[i].name] = true
	}
	all := append(append([]param(nil), positional...), kwonly...)
	known := map[string]bool{}
	for _, p := range all {
		known[p.name] = true
	}
	var extra []string
	for _, k := range named {
		switch {
		case bound[k]:
			return fmt.Sprintf("Argument `%s` occurs more than once", k), true
		case known[k]:
			bound[k] = true
		case !starstar:
			extra = append(extra, "`"+k+"`")
		}
	}
	for _, p := range all {
		if !p.optional && !bound[p.name] {
			if p.named {
				return fmt.Sprintf("Missing named-only parameter `%s` for call to `%s`", p.name, fname), true
			}
			return fmt.Sprintf("Missing parameter `%s` for call to `%s`", p.name, fname), true
		}
	}
	if len(extra) > 0 {
		return fmt.Sprintf("Found %s extra named parameter(s) for call to %s", strings.Join(extra, " "), fname), true
	}
	return "", false
}

// ellipsisName stands for `...` in the text go.starlark.net parses: three
// letters wide as `...` is, and no name a policy can write (modifier
// letters).
const ellipsisName = "\u1d31\u1d38\u1d38"

// ellipsisShortName is ellipsisName after a space, where `...` follows a
// word directly.
const ellipsisShortName = "\u1d31\u1d38"

func isIdentByte(c byte) bool { return isIdentStart(c) || isDigit(c) || c >= 0x80 }

// ellipsis is Codex's `...` value.
type ellipsis struct{}

func (ellipsis) String() string        { return "Ellipsis" }
func (ellipsis) Type() string          { return "ellipsis" }
func (ellipsis) Freeze()               {}
func (ellipsis) Truth() starlark.Bool  { return starlark.True }
func (ellipsis) Hash() (uint32, error) { return 0, fmt.Errorf("unhashable type: ellipsis") }
