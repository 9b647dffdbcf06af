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
	if !errors.As(err, &perr) || errors.Is(err, ErrTooLong) || tooDeep(text) >= 0 || strings.Contains(perr.Msg, "deeper than") || strings.Contains(perr.Msg, "both \\r and \\x01") {
		// Not a syntax error bash would refuse: a line past the model's
		// bounds, which bash may well run. Its pieces are commands (a
		// rule that matches one counts), and the line is dynamic (the
		// fail mode decides).
		if !errors.Is(err, ErrTooLong) {
			// (A long line is usually a file written by a here-document:
			// its pieces and its text are judged, and that is all.)
			m.dynamic(text[:min(len(text), 80)], "the line could not be analysed: "+err.Error())
		}
		m.recordPieces(text[:min(len(text), 4*MaxCommandBytes)], MaxModelCommands)
		return
	}
	if !bashRefuses(perr) {
		// mvdan/sh is stricter than bash in places (`$(( 1 1 ))`, some
		// here-documents, odd redirections): bash may run such a line, so
		// its pieces are commands, not data, and the line is dynamic.
		m.dynamic(text[:min(len(text), 80)], "bash may run a line the model cannot parse: "+err.Error())
		m.recordPieces(text[:min(len(text), 4*MaxCommandBytes)], MaxModelCommands)
		return
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
	// The longest prefix of whole lines before the error's line that
	// parses: its statements are complete, and bash has run them.
	rest := 0
	ends := lineEnds(mapped, perr.Line-1)
	for k := len(ends) - 1; k >= 0 && k >= len(ends)-8; k-- {
		file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(mapped[:ends[k]]), "")
		if err != nil {
			continue
		}
		if treeDepth(file) <= maxTreeDepth {
			m.stmts(s, file.Stmts, env, nil)
			rest = ends[k]
		}
		break
	}
	if rest == 0 && perr.Line > 1 && len(ends) > 0 {
		// No prefix of whole lines parses within the tries: the lines
		// before the error's may run, so they are not data.
		m.dynamic(text[:min(len(text), 80)], "the lines before a syntax error could not be analysed")
		m.recordPieces(text[:ends[len(ends)-1]], 64)
		rest = ends[len(ends)-1]
	}
	rest = min(max(rest, 0), len(text))
	if rest < len(text) {
		m.out.Data = append(m.out.Data, Span{rest, len(text)})
	}
	for _, seg := range crudeSegments(text[rest:]) {
		m.recordDataOnly(seg, "text from a syntax error on, which bash does not run")
	}
}

// bashRefuses reports whether bash also refuses the line with perr, so
// that nothing from the error's line on runs: input that ends inside a
// quote or an unfinished construct, and an operator with no statement
// before it. Other errors are mvdan/sh being stricter than bash; an
// unterminated here-document, for one, bash runs with a warning.
func bashRefuses(perr *ParseError) bool {
	if perr.Incomplete {
		return !strings.Contains(perr.Msg, "here-document") && !strings.Contains(perr.Msg, "heredoc")
	}
	return strings.Contains(perr.Msg, "can only immediately follow a statement")
}

// recordPieces records the operator-separated pieces of text that does
// not parse, at most n, as commands: a rule that matches one counts.
func (m *modeler) recordPieces(text string, n int) {
	for _, seg := range crudeSegmentsN(text, n) {
		e := Exec{Argv: seg, Literal: make([]bool, len(seg))}
		for i := range seg {
			e.Literal[i] = true
		}
		if !m.record(e) {
			break
		}
	}
}

// lineEnds returns the offsets just past the first n lines' newlines.
func lineEnds(s string, n int) []int {
	var ends []int
	for i := 0; i < len(s) && len(ends) < n; i++ {
		if s[i] == '\n' {
			ends = append(ends, i+1)
		}
	}
	return ends
}

// crudeSegments splits text that does not parse at the shell's operators
// and returns each piece's words, quotes removed, after leading
// assignment-like words, at most 64 pieces.
func crudeSegments(text string) [][]string { return crudeSegmentsN(text, 64) }

// crudeSegmentsN is crudeSegments with at most n distinct pieces.
func crudeSegmentsN(text string, n int) [][]string {
	var out [][]string
	seen := map[string]bool{}
	cut := func(r rune) bool { return strings.ContainsRune(";&|(){}`\n", r) }
	unquote := strings.NewReplacer("'", "", `"`, "", `\`, "")
	for _, piece := range strings.FieldsFunc(strings.ReplaceAll(text, "$(", "("), cut) {
		fields := strings.Fields(unquote.Replace(piece))
		for len(fields) > 0 && (fields[0] == "!" || strings.Contains(fields[0], "=")) {
			fields = fields[1:]
		}
		if key := strings.Join(fields, " "); len(fields) > 0 && !seen[key] {
			seen[key] = true
			out = append(out, fields)
		}
		if len(out) == n {
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
