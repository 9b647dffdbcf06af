// Package lint checks rule repositories: hookify markdown rules, Claude Code
// settings and genesis files, and Codex .rules files. It reports what the
// readers accept silently but what does not work as the author meant —
// frontmatter that hookify and a YAML reader understand differently,
// unknown or misspelt keys and values, rules that can never fire (under
// hookify's semantics or both), regexes that are invalid, version-dependent
// or prone to catastrophic backtracking, patterns that compound commands
// slip past or that match much of the everyday command corpus, and Codex
// policies that open holes or that Codex would refuse to load.
//
// Each finding is a [Diagnostic] with a position, a stable code (listed in
// [Codes] and documented in docs/lint.md), a severity and, where one is
// obvious, a fix. Lint reads files but writes nothing; the formats (text,
// JSON, SARIF 2.1.0) are in this package, the flags in cmd/hookifyc.
//
// Lint reuses the readers of the compiler (hookify, sources, perm,
// execpolicy), so it can never disagree with them about what a file says;
// it is not a second parser.
package lint

import (
	"path/filepath"
	"sort"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// Severity grades a diagnostic. The values are SARIF's levels.
type Severity string

const (
	// Error: the rule or file does not work (never fires, is skipped, or
	// makes Codex refuse every rule).
	Error Severity = "error"
	// Warning: it works, but not as the author most likely meant.
	Warning Severity = "warning"
	// Note: advice.
	Note Severity = "note"
)

// Diagnostic is one finding.
type Diagnostic struct {
	Path     string   `json:"path"`
	Line     int      `json:"line"`
	Col      int      `json:"col"`
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// Fix is a suggested fix in words, or "".
	Fix string `json:"fix,omitempty"`
	// Edit, when not nil, is the fix as a text edit.
	Edit *Edit `json:"edit,omitempty"`
}

// Edit replaces the text between two positions (1-based lines, 1-based
// byte columns, end exclusive) of the diagnostic's file.
type Edit struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndLine int    `json:"end_line"`
	EndCol  int    `json:"end_col"`
	New     string `json:"new"`
}

// String formats d as path:line:col: severity: message [code], on one
// line: the path and the message quote file names and rule-file text, so
// their newlines, tabs, control and deceptive characters are written as
// escapes (textsafe.EscapeLine). Nothing a linted file holds can forge a
// line of lint's text output (a CI annotation such as "::error ..." on a
// line of its own) or drive the terminal.
func (d Diagnostic) String() string {
	return textsafe.EscapeLine(ir.Source{File: d.Path, Pos: ir.Pos{Line: d.Line, Col: d.Col}}.String()) + ": " + string(d.Severity) + ": " + textsafe.EscapeLine(d.Message) + " [" + d.Code + "]"
}

// Options configure a lint run.
type Options struct {
	// Paths are files and directories to lint; none means the layered
	// discovery of Env from Cwd, plus the Codex rules directories and the
	// Claude Code settings files of the same layers.
	Paths []string
	// Env is where discovery looks.
	Env sources.Env
	// Cwd is the directory discovery starts from.
	Cwd string
	// Semantics is what the user runs the rules with: under hookify
	// semantics, rules that only hookifyc's fixes make fire are errors.
	Semantics engine.Semantics
	// SafeCommands is the corpus broad-pattern measures against; nil means
	// the corpus shipped with this package (SafeCorpus).
	SafeCommands []string
	// BroadShare is the share of SafeCommands past which a blocking or
	// warning pattern is reported as broad; zero means 0.05.
	BroadShare float64
}

// Result is the outcome of a lint run.
type Result struct {
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Files is the number of files read.
	Files int `json:"files"`
}

// Counts returns the number of errors and warnings.
func (r *Result) Counts() (errors, warnings int) {
	for _, d := range r.Diagnostics {
		switch d.Severity {
		case Error:
			errors++
		case Warning:
			warnings++
		}
	}
	return
}

// linter holds one run's state.
type linter struct {
	opts  Options
	out   []Diagnostic
	files int
	// names maps a hookify rule name to the first file that defines it,
	// for duplicate-name.
	names map[string]string
	eng   *engine.Engine
	safe  []string
}

// Run lints the files of opts.
func Run(opts Options) *Result {
	if opts.BroadShare == 0 {
		opts.BroadShare = 0.05
	}
	l := &linter{opts: opts, names: map[string]string{}, safe: opts.SafeCommands}
	if l.safe == nil {
		l.safe = SafeCorpus()
	}
	l.eng = engine.New(engine.Options{Semantics: opts.Semantics})
	if len(opts.Paths) == 0 {
		l.discover()
	} else {
		for _, p := range opts.Paths {
			l.path(p)
		}
	}
	sort.SliceStable(l.out, func(i, j int) bool {
		a, b := l.out[i], l.out[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Col != b.Col {
			return a.Col < b.Col
		}
		return a.Code < b.Code
	})
	return &Result{Diagnostics: dedupe(l.out), Files: l.files}
}

func dedupe(ds []Diagnostic) []Diagnostic {
	out := ds[:0]
	for i, d := range ds {
		if i > 0 && d.Path == ds[i-1].Path && d.Line == ds[i-1].Line && d.Col == ds[i-1].Col && d.Code == ds[i-1].Code && d.Message == ds[i-1].Message {
			continue
		}
		out = append(out, d)
	}
	if out == nil {
		out = []Diagnostic{}
	}
	return out
}

// report adds a diagnostic; its severity is the code's unless sev is set.
func (l *linter) report(path string, pos ir.Pos, code string, sev Severity, msg, fix string, edit *Edit) {
	if sev == "" {
		sev = codeSeverity(code)
	}
	if !pos.IsValid() {
		pos = ir.Pos{Line: 1, Col: 1}
	}
	l.out = append(l.out, Diagnostic{Path: path, Line: pos.Line, Col: pos.Col, Code: code, Severity: sev, Message: msg, Fix: fix, Edit: edit})
}

// kind of a file, by name and content.
type fileKind int

const (
	kindOther fileKind = iota
	kindHookify
	kindCodexRules
	kindPermission
)

func classify(path string) fileKind {
	base := filepath.Base(path)
	ext := strings.ToLower(filepath.Ext(base))
	switch {
	case ext == ".md":
		return kindHookify
	case ext == ".rules":
		return kindCodexRules
	case ext == ".json" || ext == ".yaml" || ext == ".yml" || base == "genesis.key":
		return kindPermission
	}
	return kindOther
}

// problem converts a sources.Problem.
func (l *linter) problem(p sources.Problem) {
	code := string(p.Kind)
	sev := Error
	if p.Warning {
		sev = Warning
	}
	switch p.Kind {
	case sources.ProblemSource:
		code = "permission-source"
	case sources.ProblemInvalidRule:
		return // lint's own analyses report these, with their codes
	}
	fix := ""
	switch p.Kind {
	case sources.ProblemNotLocal:
		fix = "rename the file to hookify.<name>.local.md"
	case sources.ProblemCollision:
		fix = "rename one of the rules; both apply, and the project's can never switch off the other"
	}
	l.report(p.Path, p.Pos, code, sev, p.Text, fix, nil)
}
