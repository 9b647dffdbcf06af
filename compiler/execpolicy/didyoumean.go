package execpolicy

import (
	"slices"

	"go.starlark.net/syntax"
)

// "Variable `x` not found, did you mean `y`?"
//
// Codex's starlark-rust suggests the first name within a small edit
// distance of an undefined one (2, or 1 for names of one or two bytes),
// trying the names of the enclosing function (its parameters, then its
// other names in the order they are first bound), then the module's in the
// same order, then its globals sorted as below. TestConformanceSyntaxErrors
// and the did-you-mean cases of load_test.go compare it with Codex.

// codexGlobals are the names every policy sees in Codex, sorted by byte.
var codexGlobals = []string{
	"False", "None", "True", "abs", "all", "any", "bool", "chr", "dict", "dir",
	"enumerate", "fail", "float", "getattr", "hasattr", "hash", "host_executable",
	"int", "len", "list", "max", "min", "network_rule", "ord", "prefix_rule",
	"range", "repr", "reversed", "sorted", "str", "tuple", "type", "zip",
}

// didYouMean returns the suggestion for name among candidates, "" for
// none.
func didYouMean(name string, candidates []string) string {
	if name == "" {
		return ""
	}
	limit := 2
	if len(name) <= 2 {
		limit = 1
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := levenshtein(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// levenshtein is the edit distance between a and b, in characters.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// suggestionNames are the names Codex tries for an undefined name: those
// in scope (scopedNames), then the globals.
func suggestionNames(scoped []string) []string {
	names := slices.Clone(scoped)
	for _, g := range codexGlobals {
		if !slices.Contains(names, g) {
			names = append(names, g)
		}
	}
	return names
}

// scopedNames are the names bound in the scopes around pos, innermost
// first: comprehensions, the enclosing function, the module (module: the
// names f's statements bind, moduleNames).
func scopedNames(f *syntax.File, pos syntax.Position, module []string) []string {
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	fn, comps := enclosingScopes(f, pos)
	// The variables of the comprehensions around pos, innermost first.
	for _, c := range comps {
		for _, cl := range c.Clauses {
			if fc, ok := cl.(*syntax.ForClause); ok {
				bindings([]syntax.Stmt{&syntax.ForStmt{Vars: fc.Vars}}, add)
			}
		}
	}
	if fn != nil {
		functionNames(fn, add)
	}
	for _, n := range module {
		add(n)
	}
	return names
}

// moduleNames are the names the statements of f bind, in order.
func moduleNames(f *syntax.File) []string {
	names := []string{}
	seen := map[string]bool{}
	bindings(f.Stmts, func(n string) {
		if n != "" && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	})
	return names
}

// enclosingScopes are, in one walk of f, the innermost def or lambda
// whose body holds pos (nil: none) and the comprehensions whose extent
// holds pos, innermost first.
func enclosingScopes(f *syntax.File, pos syntax.Position) (fn syntax.Node, comps []*syntax.Comprehension) {
	syntax.Walk(f, func(n syntax.Node) bool {
		// The body is the function's scope; its parameters' defaults
		// are the enclosing one's.
		// (A def's body starts past its ')': the checks of annotated
		// parameters put first in it stand at the parameters.)
		var start syntax.Position
		switch n := n.(type) {
		case *syntax.DefStmt:
			start = n.Rparen
		case *syntax.LambdaExpr:
			start, _ = n.Body.Span()
		case *syntax.Comprehension:
			start, end := n.Span()
			if !before(pos, start) && before(pos, end) {
				comps = append([]*syntax.Comprehension{n}, comps...)
			}
			return true
		default:
			return true
		}
		_, end := n.Span()
		if !before(pos, start) && before(pos, end) {
			fn = n
		}
		return true
	})
	return fn, comps
}

func before(a, b syntax.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

// functionNames calls add for the names a def or lambda binds: its
// parameters, then (a def) the names its body binds.
func functionNames(fn syntax.Node, add func(string)) {
	switch fn := fn.(type) {
	case *syntax.DefStmt:
		for _, p := range fn.Params {
			add(paramName(p))
		}
		bindings(fn.Body, add)
	case *syntax.LambdaExpr:
		for _, p := range fn.Params {
			add(paramName(p))
		}
	}
}

func paramName(p syntax.Expr) string {
	if id, _ := paramIdent(p); id != nil {
		return id.Name
	}
	return ""
}

// bindings calls add for each name the statements bind, in order, not
// descending into nested functions' bodies.
func bindings(stmts []syntax.Stmt, add func(string)) {
	var target func(e syntax.Expr)
	target = func(e syntax.Expr) {
		switch e := e.(type) {
		case *syntax.Ident:
			add(e.Name)
		case *syntax.TupleExpr:
			for _, x := range e.List {
				target(x)
			}
		case *syntax.ListExpr:
			for _, x := range e.List {
				target(x)
			}
		case *syntax.ParenExpr:
			target(e.X)
		}
	}
	for _, s := range stmts {
		switch s := s.(type) {
		case *syntax.AssignStmt:
			target(s.LHS)
		case *syntax.DefStmt:
			add(s.Name.Name)
		case *syntax.ForStmt:
			target(s.Vars)
			bindings(s.Body, add)
		case *syntax.IfStmt:
			bindings(s.True, add)
			bindings(s.False, add)
		case *syntax.LoadStmt:
			for _, id := range s.To {
				add(id.Name)
			}
		}
	}
}

// functionAt is the innermost def or lambda whose whole extent (header
// included) holds pos, or nil.
func functionAt(f *syntax.File, pos syntax.Position) syntax.Node {
	var found syntax.Node
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.DefStmt, *syntax.LambdaExpr:
			start, end := n.Span()
			if !before(pos, start) && before(pos, end) {
				found = n
			}
		}
		return true
	})
	return found
}
