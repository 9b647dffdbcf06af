package shell

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// MaxCommandBytes is the longest command string [Parse] accepts. Claude Code
// always prompts for commands over 10,000 bytes; agent heredocs that write
// whole files can be longer, so the limit is generous, yet small enough to
// bound the parser's time and memory on hostile input.
const MaxCommandBytes = 256 << 10

// MaxNesting bounds how deeply a command may nest brackets: Parse rejects
// input in which the open '(' and '{' outnumber the closing ones by more than
// this at any point (quotes are not considered). The parser recurses once or
// more per level and a Go stack overflow cannot be recovered, so the check
// runs before parsing. Syntax trees deeper than 20 times this (long && or |
// chains, nested keywords) are rejected after parsing.
const MaxNesting = 1000

// ErrTooLong is returned (wrapped) by [Parse] for input over
// [MaxCommandBytes].
var ErrTooLong = errors.New("command too long")

// ParseError is a bash syntax error.
type ParseError struct {
	// Line and Col are 1-based; Col counts bytes.
	Line, Col int
	// Offset is the byte offset of the error.
	Offset int
	// Msg is the parser's message, e.g. "reached EOF without closing quote `\"`".
	Msg string
	// Incomplete is true when the input ended too early (an unclosed quote,
	// a dangling && or an unterminated here-document): more input could
	// make it valid.
	Incomplete bool

	err error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("shell: %d:%d: %s", e.Line, e.Col, e.Msg)
}

// Unwrap returns the underlying mvdan.cc/sh error.
func (e *ParseError) Unwrap() error { return e.err }

// Parse parses command as a bash script and returns all of its simple
// commands in source order (see the package documentation for where they are
// found). Declaration builtins (declare, local, export, readonly, typeset,
// nameref) and let are returned as simple commands too, flagged
// [Declaration]; [[ … ]] and (( … )) are not commands, but the substitutions
// inside them are. A syntax error is returned as a *[ParseError].
func Parse(command string) ([]SimpleCommand, error) {
	if len(command) > MaxCommandBytes {
		return nil, fmt.Errorf("shell: %d bytes (limit %d): %w", len(command), MaxCommandBytes, ErrTooLong)
	}
	if off := tooDeep(command); off >= 0 {
		return nil, errorAt(command, off, fmt.Sprintf("brackets nested more than %d deep", MaxNesting))
	}
	file, crMapped, err := parseFile(command, false)
	if err != nil {
		return nil, err
	}
	w := walker{src: command, crMapped: crMapped}
	syntax.Walk(file, w.visit)
	if w.tooDeep != nil {
		pos := w.tooDeep.Pos()
		return nil, errorAt(command, min(int(pos.Offset()), len(command)), fmt.Sprintf("syntax tree deeper than %d", maxTreeDepth))
	}
	sort.SliceStable(w.out, func(i, j int) bool { return w.out[i].Span.Start < w.out[j].Span.Start })
	return w.out, nil
}

// crPlaceholder stands for '\r' while parsing; see parseFile.
const crPlaceholder = "\x01"

// parseFile parses src as bash. It works around two parser differences from
// bash, both of which could hide a command:
//
//   - mvdan.cc/sh drops the '\r' of "\r\n", takes '\r' as a blank and
//     "\\\r\n" as a line continuation; for bash '\r' is an ordinary
//     character, so `echo a\<CR><LF>rm -rf /` runs rm. Every '\r' is
//     replaced by the placeholder \x01 (same length, so offsets hold) and
//     put back in word values; crMapped reports it. Input holding both
//     characters is rejected.
//   - mvdan.cc/sh treats a backslash-newline at the end of a comment as a
//     line continuation, so `echo ok # \` followed by `rm -rf /` on the next
//     line would become one echo command; bash ends the comment at the
//     newline and runs rm. Such backslashes are blanked (offsets are kept)
//     and the source is parsed again.
func parseFile(src string, keepComments bool) (file *syntax.File, crMapped bool, err error) {
	if strings.Contains(src, "\r") {
		if i := strings.Index(src, crPlaceholder); i >= 0 {
			return nil, false, errorAt(src, i, "input holds both \\r and \\x01, which is not supported")
		}
		src = strings.ReplaceAll(src, "\r", crPlaceholder)
		crMapped = true
	}
	suspect := strings.Contains(src, "\\\n") && strings.Contains(src, "#")
	for {
		parser := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(suspect || keepComments))
		file, err := parser.Parse(strings.NewReader(src), "")
		if err != nil {
			return nil, false, convertError(err)
		}
		if !suspect {
			return file, crMapped, nil
		}
		fixed, changed, err := blankCommentContinuations(file, src)
		if err != nil || !changed {
			return file, crMapped, err
		}
		src = fixed
	}
}

// parseFileComments is parseFile keeping the comments in the tree.
func parseFileComments(src string) (*syntax.File, bool, error) { return parseFile(src, true) }

// tooDeep returns the offset at which the bracket balance of src first
// exceeds MaxNesting, or -1.
func tooDeep(src string) int {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '{':
			if depth++; depth > MaxNesting {
				return i
			}
		case ')', '}':
			depth = max(depth-1, 0)
		}
	}
	return -1
}

// errorAt builds a ParseError for a byte offset of src.
func errorAt(src string, offset int, msg string) *ParseError {
	line := 1 + strings.Count(src[:offset], "\n")
	col := offset - strings.LastIndexByte(src[:offset], '\n')
	return &ParseError{Line: line, Col: col, Offset: offset, Msg: msg}
}

// blankCommentContinuations replaces with a space each backslash that the
// parser took as a line continuation inside a comment.
func blankCommentContinuations(file *syntax.File, src string) (string, bool, error) {
	var b []byte
	var bad error
	syntax.Walk(file, func(n syntax.Node) bool {
		c, ok := n.(*syntax.Comment)
		if !ok || bad != nil {
			return bad == nil
		}
		base := int(c.Hash.Offset()) + 1
		for k := strings.Index(c.Text, "\\\n"); k >= 0; k = nextContinuation(c.Text, k) {
			i := base + k
			if i+1 >= len(src) || src[i] != '\\' || src[i+1] != '\n' {
				bad = errorAt(src, min(int(c.Hash.Offset()), len(src)), "comment with a line continuation that cannot be located")
				return false
			}
			if b == nil {
				b = []byte(src)
			}
			b[i] = ' '
		}
		return true
	})
	if bad != nil {
		return "", false, bad
	}
	if b == nil {
		return src, false, nil
	}
	return string(b), true, nil
}

// nextContinuation returns the index of the next backslash-newline in s after k, or -1.
func nextContinuation(s string, k int) int {
	j := strings.Index(s[k+2:], "\\\n")
	if j < 0 {
		return -1
	}
	return k + 2 + j
}

func convertError(err error) error {
	var pos syntax.Pos
	incomplete := false
	var perr syntax.ParseError
	var lerr syntax.LangError
	switch {
	case errors.As(err, &perr):
		pos, incomplete = perr.Pos, perr.Incomplete
	case errors.As(err, &lerr):
		pos = lerr.Pos
	default:
		return fmt.Errorf("shell: parse: %w", err)
	}
	msg := strings.TrimPrefix(err.Error(), pos.String()+": ")
	return &ParseError{
		Line:       int(pos.Line()),
		Col:        int(pos.Col()),
		Offset:     int(pos.Offset()),
		Msg:        msg,
		Incomplete: incomplete,
		err:        err,
	}
}
