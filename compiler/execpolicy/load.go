package execpolicy

import (
	"errors"
	"fmt"
	"runtime/metrics"
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

// maxSteps bounds the Starlark computation of one file so that a runaway
// loop fails instead of hanging (Codex has no such limit).
const maxSteps = 200_000_000

// maxHeapGrowth bounds the memory one file's computation may take: the step
// limit does not, since one step can double a string, a list or an integer.
// The Go heap is process-wide, so the bound is checked as growth of the heap
// while the file runs (polled; a single step may overshoot it).
const maxHeapGrowth = 512 << 20

// maxEvalTime bounds the time one file's computation may take: the step
// limit does not either, since one step (indexing or searching a long
// string by characters) may cost time in proportion to the string. A
// variable for tests.
var maxEvalTime = 60 * time.Second

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
// are checked, and the first error aborts the load. The error is an *Error.
func Load(files []File) (*Policy, error) {
	l := &loader{hostIdx: make(map[string]int)}
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
	rules   []*PrefixRule
	hosts   []HostExecutable
	hostIdx map[string]int
	net     []NetworkRule
	pending []pendingCall

	file    string
	calls   map[[2]int32]Position // '(' of a call → start of the call
	origins map[srcPos]syntax.Position
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
	prep, e := lexCheck(f.Name, f.Data)
	if e != nil {
		return e
	}
	ast, err := fileOptions.Parse(f.Name, prep.src, 0)
	if err != nil {
		return l.convert(err)
	}
	rw := newRewriter(prep)
	if err := rw.file(ast); err != nil {
		return l.convert(err)
	}
	l.origins = rw.origins
	builtins := l.builtins()
	for k, v := range l.universe() {
		builtins[k] = v
	}
	for name, fs := range rw.fstrs {
		builtins[name] = l.fstringBuiltin(name, fs)
	}
	prog, err := starlark.FileProgram(ast, builtins.Has)
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
	thread.SetMaxExecutionSteps(maxSteps)
	stop := watch(thread)
	_, err = prog.Init(thread, builtins)
	stop()
	if err != nil {
		return l.convert(err)
	}
	return l.checkExamples()
}

// watch cancels thread once the heap has grown by maxHeapGrowth since the
// call, or after maxEvalTime; the returned func stops watching.
func watch(thread *starlark.Thread) (stop func()) {
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
	deadline := time.NewTimer(maxEvalTime)
	go func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		defer deadline.Stop()
		for {
			select {
			case <-done:
				return
			case <-deadline.C:
				thread.Cancel(timeCancelReason)
				return
			case <-tick.C:
				if h := heap(); h > base && h-base > maxHeapGrowth {
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
				bad = &Error{Pos: l.pos(n.NamePos), Msg: "Variable `print` not found"}
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
		return &Error{Pos: l.pos(re[0].Pos), Msg: resolveMessage(re[0].Msg)}
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
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
		if strings.HasPrefix(msg, "Starlark computation cancelled: too many steps") {
			msg = fmt.Sprintf("evaluation exceeded %d steps (hookifyc's limit; Codex has none)", maxSteps)
		} else if msg == "Starlark computation cancelled: "+memCancelReason {
			msg = fmt.Sprintf("evaluation used more than %d MiB of memory (hookifyc's limit; Codex has none)", maxHeapGrowth>>20)
		} else if msg == "Starlark computation cancelled: "+timeCancelReason {
			msg = fmt.Sprintf("evaluation took more than %d s (hookifyc's limit; Codex has none)", maxEvalTime/time.Second)
		}
		return &Error{Pos: pos, Msg: msg}
	}
	return &Error{Pos: Position{File: l.file}, Msg: err.Error()}
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
