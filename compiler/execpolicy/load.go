package execpolicy

import (
	"errors"
	"fmt"
	"runtime/metrics"
	"slices"
	"strings"
	"time"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// File is one rule file: a name used in messages (usually its path) and its
// contents.
type File struct {
	Name string
	Data []byte
}

// Limits bound the computation of one file. Codex has none: a file whose
// computation never ends hangs codex, and one that ends, however late,
// loads (a loop of 10^8 steps takes Codex 0.7 s; go.starlark.net is about
// 14 times slower). The zero Limits is Codex's.
type Limits struct {
	// Steps bounds the Starlark steps; 0 is no bound.
	Steps uint64
	// HeapGrowth bounds the memory the computation may take: Steps does
	// not, since one step can double a string, a list or an integer. The
	// Go heap is process-wide, so the bound is checked as growth of the
	// heap while the file runs (polled; a single step may overshoot it).
	// 0 is no bound.
	HeapGrowth uint64
	// Time bounds the time the computation may take: Steps does not
	// either, since one step (indexing or searching a long string by
	// characters) may cost time in proportion to the string. 0 is no
	// bound.
	Time time.Duration
}

// Bounded are the limits of hookifyc's unattended checks of files it did
// not write (lint, doctor, plan and apply), which must end: a file past
// them is reported as one hookifyc could not finish checking
// (Error.Bound), never as one Codex refuses.
var Bounded = Limits{Steps: 200_000_000, HeapGrowth: 512 << 20, Time: 60 * time.Second}

// The reasons watch cancels a thread with.
const (
	memCancelReason  = "memory limit"
	timeCancelReason = "time limit"
)

// fileOptions is go.starlark.net's closest match to Codex's dialect
// (starlark-rust Extended): top-level control flow, global reassignment and
// recursion; no while loops and no set().
var fileOptions = syntax.FileOptions{
	TopLevelControl: true,
	GlobalReassign:  true,
	Recursion:       true,
}

// Load reads rule files in order into one policy, accepting what Codex
// 0.169.0 accepts and rejecting what it rejects. As in Codex, host
// executables declared in earlier files count when a later file's examples
// are checked, the first error aborts the load, and nothing bounds the
// computation (see LoadLimited). The error is an *Error.
func Load(files []File) (*Policy, error) {
	return LoadLimited(files, Limits{})
}

// LoadLimited is Load with the computation of each file bounded by lim. A
// file past a bound is an *Error whose Bound says which.
func LoadLimited(files []File, lim Limits) (*Policy, error) {
	l := &loader{hostIdx: make(map[string]int), limits: lim}
	for _, f := range files {
		if err := l.loadFile(f); err != nil {
			return nil, err
		}
	}
	return &Policy{Rules: l.rules, HostExecutables: l.hosts, NetworkRules: l.net}, nil
}

// LoadFile is Load for a single file.
func LoadFile(name string, data []byte) (*Policy, error) {
	return Load([]File{{Name: name, Data: data}})
}

type loader struct {
	limits  Limits
	rules   []*PrefixRule
	hosts   []HostExecutable
	hostIdx map[string]int
	net     []NetworkRule
	pending []pendingCall

	file    string
	calls   map[[2]int32]Position // '(' of a call → start of the call
	origins map[srcPos]syntax.Position
	ast     *syntax.File // the file being loaded, once parsed
	// scopes are the names in scope at the positions of name errors, in
	// scopesOf (l.ast when they were found); module are its
	// module-level names (loader.scopedNames).
	scopesOf *syntax.File
	module   []string
	scopes   map[syntax.Position][]string
	// annSites are where the errors of the file's type annotations go.
	annSites []annSite
}

// pendingCall is a prefix_rule() call whose examples are checked once its
// file has run.
type pendingCall struct {
	pos                 Position
	rules               []*PrefixRule
	matches, notMatches [][]string
}

func (l *loader) loadFile(f File) error {
	l.file = f.Name
	l.pending = l.pending[:0]
	l.origins = nil
	l.ast = nil
	prep, e := lexCheck(f.Name, f.Data)
	if e != nil {
		if e.Pos.IsValid() && strings.HasPrefix(e.Msg, "Parse error:") {
			// Codex reports a syntax error before it first, if any.
			return syntaxCheckAfter(f.Name, f.Data, e)
		}
		return e
	}
	// The syntax as Codex's parser reads it, with its words and positions
	// (go.starlark.net's are its own).
	se, anns := checkSyntax(f.Name, f.Data, nil)
	if se != nil {
		return se
	}
	if len(anns) > 0 {
		// Type annotations: out of the text go.starlark.net reads, into
		// checks in the tree (annotations.go).
		if prep, e = lexCheck(f.Name, blankAnnotations(f.Data, anns)); e != nil {
			return e
		}
	}
	// tree parses, rewrites and annotates the file.
	tree := func(hoist bool) (*syntax.File, *rewriter, error) {
		ast, err := fileOptions.Parse(f.Name, prep.src, 0)
		if err != nil {
			return nil, nil, err
		}
		l.ast = ast
		rw := newRewriter(prep)
		rw.file(ast)
		if hoist {
			hoistGlobals(ast)
		}
		if len(anns) > 0 {
			if err := l.annotate(ast, string(f.Data), anns); err != nil {
				return nil, nil, err
			}
		}
		return ast, rw, nil
	}
	ast, rw, err := tree(false)
	if err != nil {
		return l.convert(err)
	}
	if usesAhead(ast) > maxUnbound {
		// So many names used ahead of their binding that go.starlark.net's
		// resolver would spell-check each against every global: resolve
		// them as globals from the start (hoistGlobals), as below.
		if ast, rw, err = tree(true); err != nil {
			return l.convert(err)
		}
	}
	l.origins = rw.origins
	builtins := l.builtins()
	for k, v := range l.universe() {
		builtins[k] = v
	}
	l.annBuiltins(builtins)
	for name, fs := range rw.fstrs {
		builtins[name] = l.fstringBuiltin(name, fs)
	}
	if e := l.manyUnbound(ast, builtins.Has); e != nil {
		return e
	}
	prog, err := starlark.FileProgram(ast, builtins.Has)
	var re resolve.ErrorList
	if errors.As(err, &re) && l.usesAheadOfBinding(re) {
		// Resolve again with every module-level name a global from the
		// start (hoistGlobals), on a fresh tree: go.starlark.net marks the
		// one it resolved.
		ast1 := l.ast
		ast2, rw2, perr := tree(true)
		l.ast = ast1
		if perr == nil {
			if prog2, err2 := starlark.FileProgram(ast2, builtins.Has); err2 == nil || !errors.As(err2, &re) || !l.usesAheadOfBinding(re) {
				ast, prog, err = ast2, prog2, err2
				l.ast, l.origins = ast2, rw2.origins
			}
		}
	}
	if err != nil {
		return l.convert(err)
	}
	if e := l.walk(ast); e != nil {
		return e
	}
	thread := &starlark.Thread{
		Name: f.Name,
		Load: func(_ *starlark.Thread, module string) (starlark.StringDict, error) {
			return nil, plainError("No imports are available, you tried `%s` (no call to `Evaluator.set_loader`)", module)
		},
		Print: func(*starlark.Thread, string) {},
	}
	if l.limits.Steps > 0 {
		thread.SetMaxExecutionSteps(l.limits.Steps)
	}
	stop := watch(thread, l.limits)
	_, err = prog.Init(thread, builtins)
	stop()
	if err != nil {
		return l.convert(err)
	}
	return l.checkExamples()
}

// watch cancels thread once the heap has grown by lim.HeapGrowth since the
// call, or after lim.Time; the returned func stops watching.
func watch(thread *starlark.Thread, lim Limits) (stop func()) {
	if lim.HeapGrowth == 0 && lim.Time == 0 {
		return func() {}
	}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 {
		metrics.Read(sample)
		if sample[0].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return sample[0].Value.Uint64()
	}
	base := heap()
	done := make(chan struct{})
	var deadline <-chan time.Time
	var timer *time.Timer
	if lim.Time > 0 {
		timer = time.NewTimer(lim.Time)
		deadline = timer.C
	}
	go func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		if timer != nil {
			defer timer.Stop()
		}
		for {
			select {
			case <-done:
				return
			case <-deadline:
				thread.Cancel(timeCancelReason)
				return
			case <-tick.C:
				if h := heap(); lim.HeapGrowth > 0 && h > base && h-base > lim.HeapGrowth {
					thread.Cancel(memCancelReason)
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

// walk indexes call expressions and rejects names go.starlark.net predeclares
// but Codex does not (print).
func (l *loader) walk(ast *syntax.File) *Error {
	l.calls = make(map[[2]int32]Position)
	var bad *Error
	syntax.Walk(ast, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			start, _ := n.Span()
			l.calls[[2]int32{n.Lparen.Line, n.Lparen.Col}] = l.pos(start)
		case *syntax.Ident:
			if b, ok := n.Binding.(*resolve.Binding); ok && b.Scope == resolve.Universal && n.Name == "print" && bad == nil {
				bad = &Error{Pos: l.pos(n.NamePos), Msg: l.notFound("print", n.NamePos)}
			}
		}
		return true
	})
	return bad
}

func (l *loader) pos(p syntax.Position) Position {
	return Position{File: l.file, Line: int(p.Line), Col: int(p.Col)}
}

// callPos maps the '(' position go.starlark.net reports for a call to the
// start of the call expression, where Codex points.
func (l *loader) callPos(p syntax.Position) Position {
	if start, ok := l.calls[[2]int32{p.Line, p.Col}]; ok {
		return start
	}
	return l.pos(p)
}

// convert turns a go.starlark.net error into an *Error with Codex's wording
// where one is known.
func (l *loader) convert(err error) *Error {
	var pe *Error
	if errors.As(err, &pe) {
		return pe
	}
	var ae *annError
	if errors.As(err, &ae) {
		return &Error{Pos: ae.pos, Msg: ae.msg}
	}
	var ce *callError
	if errors.As(err, &ce) {
		return &Error{Pos: ce.pos, Msg: ce.err.Error()}
	}
	var se syntax.Error
	if errors.As(err, &se) {
		return &Error{Pos: l.pos(se.Pos), Msg: "Parse error: " + se.Msg}
	}
	var re resolve.ErrorList
	if errors.As(err, &re) && len(re) > 0 {
		// Codex resolves names before it runs the file: a name bound
		// nowhere in its scope is its error, before any name used ahead
		// of its binding (which it meets only when running).
		first := re[0]
		for _, e := range re[:min(len(re), maxResolveErrors)] {
			if name, ok := undefinedName(e.Msg); ok && !l.boundAt(name, e.Pos) {
				first = e
				break
			}
		}
		msg := resolveMessage(first.Msg)
		if name, ok := undefinedName(first.Msg); ok {
			msg = l.notFound(name, first.Pos)
		}
		return &Error{Pos: l.pos(first.Pos), Msg: msg}
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		if e, ok := l.userCallError(ee); ok {
			return e
		}
		var pos Position
		if n := len(ee.CallStack); n > 0 {
			fr := ee.CallStack[n-1]
			if fr.Pos.Line == 0 && n > 1 {
				pos = l.callPos(ee.CallStack[n-2].Pos)
			} else if o, ok := l.origins[keyOf(fr.Pos)]; ok {
				pos = l.pos(o)
			} else {
				pos = l.pos(fr.Pos)
			}
		}
		var re *ruleError
		if errors.As(err, &re) {
			return &Error{Pos: pos, Msg: re.Error()}
		}
		msg := rustMessage(ee.Msg)
		if unpackCount().MatchString(ee.Msg) || unpackType().MatchString(ee.Msg) {
			// Codex points at the assignment, not at its '='.
			pos = l.assignmentAt(pos)
		}
		if nonFunction().MatchString(ee.Msg) && len(ee.CallStack) > 0 {
			// Codex points at the call, not at its '('.
			pos = l.callPos(ee.CallStack[len(ee.CallStack)-1].Pos)
		}
		bound := ""
		if strings.HasPrefix(msg, "Starlark computation cancelled: too many steps") {
			bound = fmt.Sprintf("%d steps", l.limits.Steps)
		} else if msg == "Starlark computation cancelled: "+memCancelReason {
			bound = fmt.Sprintf("%d MiB of memory", l.limits.HeapGrowth>>20)
		} else if msg == "Starlark computation cancelled: "+timeCancelReason {
			bound = fmt.Sprintf("%v", l.limits.Time)
		}
		if bound != "" {
			return &Error{Pos: pos, Bound: bound,
				Msg: fmt.Sprintf("hookifyc stopped evaluating the file past %s, its bound for unattended checks; Codex has no bound and would keep computing (and load the file if the computation ends)", bound)}
		}
		return &Error{Pos: pos, Msg: msg}
	}
	return &Error{Pos: Position{File: l.file}, Msg: err.Error()}
}

// usesAheadOfBinding reports whether a resolve error is go.starlark.net's
// "undefined" for a name the module binds (see hoistGlobals).
func (l *loader) usesAheadOfBinding(re resolve.ErrorList) bool {
	for _, e := range re[:min(len(re), maxResolveErrors)] {
		if name, ok := undefinedName(e.Msg); ok && l.boundAt(name, e.Pos) {
			return true
		}
	}
	return false
}

// hoistGlobals makes every module-level name a global from the start of
// the file, as Codex resolves them: go.starlark.net calls a name used
// before its binding statement "undefined" when it resolves the file,
// where Codex fails only if the use runs before the binding (and then says
// "Local variable `x` referenced before assignment"). A statement that
// binds them all but never runs (`if 0: x = 0`) goes first.
func hoistGlobals(f *syntax.File) {
	var names []string
	seen := map[string]bool{}
	bindings(f.Stmts, func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	})
	if len(names) == 0 {
		return
	}
	var body []syntax.Stmt
	for _, n := range names {
		body = append(body, &syntax.AssignStmt{Op: syntax.EQ, LHS: &syntax.Ident{Name: n}, RHS: &syntax.Literal{Token: syntax.INT, Raw: "0", Value: int64(0)}})
	}
	never := &syntax.IfStmt{Cond: &syntax.Literal{Token: syntax.INT, Raw: "0", Value: int64(0)}, True: body}
	f.Stmts = append([]syntax.Stmt{never}, f.Stmts...)
}

// assignmentAt is the start of the assignment whose '=' is at p (p
// itself when there is none).
func (l *loader) assignmentAt(p Position) Position {
	if l.ast == nil {
		return p
	}
	out := p
	syntax.Walk(l.ast, func(n syntax.Node) bool {
		if a, ok := n.(*syntax.AssignStmt); ok && int(a.OpPos.Line) == p.Line && int(a.OpPos.Col) == p.Col {
			out = l.pos(syntax.Start(a.LHS))
		}
		return true
	})
	return out
}

// maxUnbound is how many names a file may use without binding them before
// manyUnbound reports the first itself.
const maxUnbound = 256

// manyUnbound returns the error for the first name f uses that it binds
// nowhere and that is neither predeclared nor universal, when there are more than
// maxUnbound of them: go.starlark.net's resolver spell-checks each such
// name against every global (a file of 20,000 took minutes to refuse).
// Codex reports the first undefined name; among so many, one bound in
// another scope and used earlier could come first there (such a file is
// refused either way).
func (l *loader) manyUnbound(f *syntax.File, has func(string) bool) *Error {
	bound := map[string]bool{}
	add := func(n string) { bound[n] = true }
	var uses []*syntax.Ident
	notUses := map[*syntax.Ident]bool{} // argument names, attribute names
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			for _, a := range n.Args {
				if b, ok := a.(*syntax.BinaryExpr); ok && b.Op == syntax.EQ {
					if id, ok := b.X.(*syntax.Ident); ok {
						notUses[id] = true
					}
				}
			}
		case *syntax.DotExpr:
			notUses[n.Name] = true
		case *syntax.LoadStmt:
			for _, id := range n.From {
				notUses[id] = true
			}
		case *syntax.DefStmt:
			add(n.Name.Name)
			functionNames(n, add)
		case *syntax.LambdaExpr:
			functionNames(n, add)
		case *syntax.Comprehension:
			for _, c := range n.Clauses {
				if fc, ok := c.(*syntax.ForClause); ok {
					bindings([]syntax.Stmt{&syntax.ForStmt{Vars: fc.Vars}}, add)
				}
			}
		case *syntax.Ident:
			uses = append(uses, n)
		}
		return true
	})
	bindings(f.Stmts, add)
	var first *syntax.Ident
	count := 0
	for _, id := range uses {
		// Universal names (None, True, ...) resolve as in the resolver;
		// the rewriter writes None for every slice bound left out.
		if bound[id.Name] || has(id.Name) || starlark.Universe.Has(id.Name) || notUses[id] {
			continue
		}
		count++
		if first == nil || before(id.NamePos, first.NamePos) {
			first = id
		}
	}
	if count <= maxUnbound {
		return nil
	}
	return &Error{Pos: l.pos(first.NamePos), Msg: l.notFound(first.Name, first.NamePos)}
}

// usesAhead counts the uses of module-level names in top-level statements
// before the first statement that binds them (outside function bodies,
// which run later): go.starlark.net calls each "undefined".
func usesAhead(f *syntax.File) int {
	first := map[string]int{}
	for i, s := range f.Stmts {
		bindings([]syntax.Stmt{s}, func(n string) {
			if _, ok := first[n]; !ok {
				first[n] = i
			}
		})
	}
	count := 0
	for i, s := range f.Stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.DefStmt, *syntax.LambdaExpr:
				return false
			case *syntax.Ident:
				if j, ok := first[n.Name]; ok && j > i {
					count++
				}
			}
			return true
		})
	}
	return count
}

// maxResolveErrors bounds the resolve errors looked at to choose Codex's
// first one (each costs a walk of the file's tree): a file of thousands of
// undefined names must not take minutes to refuse.
const maxResolveErrors = 32

// undefinedName is the name of go.starlark.net's "undefined: x" error.
func undefinedName(msg string) (string, bool) {
	m := resolveMessage(msg)
	if name, ok := strings.CutPrefix(m, "Variable `"); ok && strings.HasSuffix(name, "` not found") {
		return strings.TrimSuffix(name, "` not found"), true
	}
	return "", false
}

// boundAt reports whether name is bound in the scope of pos (so Codex
// knows it before running the file).
func (l *loader) boundAt(name string, pos syntax.Position) bool {
	if l.ast == nil {
		return false
	}
	return slices.Contains(l.scopedNames(pos), name)
}

// scopedNames is scopedNames for l.ast, kept per position: each name
// error asks about its position several times (convert, the names used
// ahead of their binding, notFound), and each asking walks the file.
func (l *loader) scopedNames(pos syntax.Position) []string {
	if l.scopesOf != l.ast {
		l.scopesOf, l.module, l.scopes = l.ast, moduleNames(l.ast), map[syntax.Position][]string{}
	}
	names, ok := l.scopes[pos]
	if !ok {
		names = scopedNames(l.ast, pos, l.module)
		l.scopes[pos] = names
	}
	return names
}

// notFound is Codex's error for an undefined name used at pos, with its
// suggestion (didyoumean.go).
func (l *loader) notFound(name string, pos syntax.Position) string {
	msg := "Variable `" + name + "` not found"
	if l.ast != nil {
		if l.boundAt(name, pos) {
			// Bound in its scope, but not yet (x += 1 first).
			return "Local variable `" + name + "` referenced before assignment"
		}
		if s := didYouMean(name, suggestionNames(l.scopedNames(pos))); s != "" {
			msg += ", did you mean `" + s + "`?"
		}
	}
	return msg
}

func resolveMessage(msg string) string {
	switch {
	case strings.HasPrefix(msg, "undefined: "):
		name, _, _ := strings.Cut(strings.TrimPrefix(msg, "undefined: "), " ")
		return "Variable `" + name + "` not found"
	case strings.HasSuffix(msg, "support sets"):
		return "Variable `set` not found"
	case strings.HasSuffix(msg, "support while loops"):
		return "Parse error: cannot use reserved keyword `while`"
	case strings.HasPrefix(msg, "keyword argument ") && strings.HasSuffix(msg, " is repeated"):
		return "repeated named argument"
	}
	return msg
}

// checkExamples validates the match/not_match examples of the file's calls,
// each against the rules of its own call, with host-executable resolution on
// and the host executables known so far.
func (l *loader) checkExamples() error {
	for _, c := range l.pending {
		ix := newIndex(c.rules, l.hosts)
		opts := MatchOptions{ResolveHostExecutables: true}
		for _, ex := range c.notMatches {
			if ms := ix.match(ex, opts, nil); len(ms) > 0 {
				return &Error{Pos: c.pos, Msg: fmt.Sprintf("expected example to not match rule `%s`: %s", debugMatch(ms[0]), renderExample(ex))}
			}
		}
		var unmatched []string
		for _, ex := range c.matches {
			if len(ix.match(ex, opts, nil)) == 0 {
				unmatched = append(unmatched, renderExample(ex))
			}
		}
		if len(unmatched) > 0 {
			rules := make([]string, len(c.rules))
			for i, r := range c.rules {
				rules[i] = debugRule(r)
			}
			return &Error{Pos: c.pos, Msg: fmt.Sprintf("expected every example to match at least one rule. rules: %s; unmatched examples: %s",
				rustDebugList(rules), rustDebugList(unmatched))}
		}
	}
	return nil
}

func renderExample(ex []string) string {
	if s, ok := shlexJoin(ex); ok {
		return s
	}
	return "unable to render example"
}
