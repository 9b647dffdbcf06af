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
		for _, seg := range quotedSegments(text, MaxModelCommands) {
			e := Exec{Argv: seg, Literal: make([]bool, len(seg))}
			for i := range seg {
				e.Literal[i] = true
			}
			e.Data, e.DataReason = classifyData(e.Argv, e.Literal, nil)
			if !m.record(e) {
				break
			}
		}
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

// quotedSegments splits text that does not parse into commands the way
// bash's tokenizer would, roughly: at operators outside quotes, quotes
// removed, comments and here-document bodies dropped. At most n pieces.
func quotedSegments(text string, n int) [][]string {
	var out [][]string
	var words []string
	var word strings.Builder
	inWord := false
	var heredocs []string // delimiters waiting for the next newline
	endWord := func() {
		if inWord {
			words = append(words, word.String())
			word.Reset()
			inWord = false
		}
	}
	endPiece := func() {
		endWord()
		for len(words) > 0 && (words[0] == "!" || isEnvAssignment(words[0])) {
			words = words[1:]
		}
		if len(words) > 0 && len(out) < n {
			out = append(out, words)
		}
		words = nil
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\\' && i+1 < len(text):
			i++
			if text[i] != '\n' {
				word.WriteByte(text[i])
				inWord = true
			}
		case c == '\'':
			j := strings.IndexByte(text[i+1:], '\'')
			if j < 0 {
				j = len(text) - i - 1
			}
			word.WriteString(text[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			j := i + 1
			for j < len(text) && text[j] != '"' {
				if text[j] == '\\' && j+1 < len(text) {
					j++
				}
				j++
			}
			word.WriteString(strings.ReplaceAll(text[i+1:min(j, len(text))], "\\", ""))
			inWord = true
			i = j
		case c == '(' && strings.HasPrefix(text[i:], "((") || c == '$' && strings.HasPrefix(text[i:], "$(("):
			// Arithmetic is opaque (no comments, no operators in it).
			j := strings.Index(text[i:], "))")
			if j < 0 {
				j = len(text) - i - 2
			}
			word.WriteString(text[i : i+j+2])
			inWord = true
			i += j + 1
		case c == '$' && strings.HasPrefix(text[i:], "${"):
			// A parameter expansion is one piece of a word (${#x} is no
			// comment).
			j := strings.IndexByte(text[i:], '}')
			if j < 0 {
				j = len(text) - i - 1
			}
			word.WriteString(text[i : i+j+1])
			inWord = true
			i += j
		case c == '#' && !inWord:
			for i < len(text) && text[i] != '\n' {
				i++
			}
			i--
		case c == '<' && strings.HasPrefix(text[i:], "<<") && !strings.HasPrefix(text[i:], "<<<"):
			endWord()
			j := i + 2
			if j < len(text) && text[j] == '-' {
				j++
			}
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			k := j
			for k < len(text) && !strings.ContainsRune(" \t\n;&|<>()", rune(text[k])) {
				k++
			}
			if d := strings.Trim(text[j:k], `'"\`); d != "" {
				heredocs = append(heredocs, d)
			}
			words = append(words, "<<"+text[j:k])
			i = k - 1
		case c == '\n' && len(heredocs) > 0:
			endPiece()
			// Skip each here-document's body, up to its delimiter line.
			pos := i + 1
			for _, d := range heredocs {
				for pos < len(text) {
					end := strings.IndexByte(text[pos:], '\n')
					if end < 0 {
						end = len(text) - pos
					}
					line := strings.TrimLeft(text[pos:pos+end], "\t")
					pos += end + 1
					if line == d {
						break
					}
				}
			}
			heredocs = nil
			i = pos - 1
		case strings.IndexByte(";&|(){}`\n", c) >= 0:
			endPiece()
		case c == ' ' || c == '\t':
			endWord()
		case c == '$' && i+1 < len(text) && text[i+1] == '(':
			endPiece() // a substitution's command starts a piece of its own
			i++
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	endPiece()
	return out
}
