package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/runtime/audit"
)

// TestPrintEntryEscapes: hookifyc log prints a summary the agent wrote on
// one line with its escape sequences and bidi overrides escaped, so that
// it cannot erase or reorder what the reader sees.
func TestPrintEntryEscapes(t *testing.T) {
	var b bytes.Buffer
	printEntry(&b, &audit.Entry{Time: time.Unix(0, 0), Decision: "block", Summary: "rm -rf / \x1b[2K\x1b[1Gls \u202eabc\nx"}, false)
	got := b.String()
	if strings.ContainsAny(got, "\x1b\u202e") || strings.Count(got, "\n") != 1 || !strings.Contains(got, `rm -rf / \x1b[2K\x1b[1Gls \u202eabc\nx`) {
		t.Errorf("printEntry: %q", got)
	}
}

// TestPrintColumnsEscapes: hooks list prints a repository's hook command
// on its own line, escaped.
func TestPrintColumnsEscapes(t *testing.T) {
	var b bytes.Buffer
	printColumns(&b, [][]string{{"COMMAND"}, {"true \x1b[2K\nfake"}}, []string{"in x\ny"})
	if got := b.String(); got != "COMMAND\ntrue \\x1b[2K\\nfake\n    in x\\ny\n" {
		t.Errorf("printColumns: %q", got)
	}
}
