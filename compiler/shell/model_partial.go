package shell

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// beforeError models a line that does not parse. Bash reads a line, and a
// statement spanning lines, whole before it runs any of it, so the
// statements that end on a line before the one where the error starts
// run, and nothing from that line on does. The statements that run are
// modelled as usual; the rest is data, and its operator-separated pieces
// are recorded as commands made only of data, so that a rule that would
// match them warns instead of saying nothing.
func (m *modeler) beforeError(text string, err error, env *varEnv) {
	var perr *ParseError
	if !errors.As(err, &perr) || errors.Is(err, ErrTooLong) || tooDeep(text) >= 0 || strings.Contains(perr.Msg, "deeper than") {
		return // not parsed at all: nothing is known to be data
	}
	mapped := text
	crMapped := false
	if strings.Contains(mapped, "\r") {
		if strings.Contains(mapped, crPlaceholder) {
			return
		}
		mapped = strings.ReplaceAll(mapped, "\r", crPlaceholder)
		crMapped = true
	}
	s := &src{w: walker{src: text, crMapped: crMapped}, top: true}
	var ran []*syntax.Stmt
	rest := 0
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	done := false
	_ = parser.Stmts(strings.NewReader(mapped), func(st *syntax.Stmt) bool {
		// (Returning false makes mvdan.cc/sh v3.14 panic: keep going.)
		if done || int(st.End().Line()) >= perr.Line || len(ran) >= MaxModelCommands {
			done = true
			return true
		}
		ran = append(ran, st)
		rest = int(st.End().Offset())
		return true
	})
	if len(ran) > 0 && treeDepthStmts(ran) <= maxTreeDepth {
		m.stmts(s, ran, env, nil)
	}
	rest = min(max(rest, 0), len(text))
	if rest < len(text) {
		m.out.Data = append(m.out.Data, Span{rest, len(text)})
	}
	for _, seg := range crudeSegments(text[rest:]) {
		m.recordDataOnly(seg, "text from a syntax error on, which bash does not run")
	}
}

// treeDepthStmts is treeDepth over statements.
func treeDepthStmts(list []*syntax.Stmt) int {
	most := 0
	for _, st := range list {
		most = max(most, treeDepth(&syntax.File{Stmts: []*syntax.Stmt{st}}))
	}
	return most
}

// crudeSegments splits text that does not parse at the shell's operators
// and returns each piece's words, quotes removed, after leading
// assignment-like words, at most 64 pieces.
func crudeSegments(text string) [][]string {
	var out [][]string
	cut := func(r rune) bool { return strings.ContainsRune(";&|(){}`\n", r) }
	for _, piece := range strings.FieldsFunc(strings.ReplaceAll(text, "$(", "("), cut) {
		fields := strings.Fields(strings.NewReplacer("'", "", `"`, "", `\`, "").Replace(piece))
		for len(fields) > 0 && (fields[0] == "!" || strings.Contains(fields[0], "=")) {
			fields = fields[1:]
		}
		if len(fields) > 0 {
			out = append(out, fields)
		}
		if len(out) == 64 {
			break
		}
	}
	return out
}

// recordDataOnly records argv, and its tails from each operand on, as
// commands whose every word is data (why): rules that match them warn.
func (m *modeler) recordDataOnly(argv []string, why string) {
	tails := [][]string{argv}
	for i := 1; i < len(argv) && len(tails) < 8; i++ {
		if argv[i] != "" && argv[i][0] != '-' {
			tails = append(tails, argv[i:])
		}
	}
	for _, t := range tails {
		e := Exec{Argv: t, Literal: make([]bool, len(t)), Data: make([]bool, len(t)), DataReason: why, onlyData: true}
		for i := range t {
			e.Literal[i], e.Data[i] = true, true
		}
		m.record(e)
	}
}
