package shell

// Span is a half-open range [Start, End) of byte offsets into the parsed
// command string.
type Span struct {
	Start, End int
}

// Word is one word of a simple command, an assignment value or a redirection
// target.
type Word struct {
	// Value is the word after quote removal. It is set only when Literal.
	Value string
	// Raw is the word's source text, quotes and escapes included.
	Raw string
	// Literal reports whether the word's value is known statically: every
	// part is an unquoted literal (backslash escapes resolved), a single- or
	// double-quoted string without expansions, or an ANSI-C $'…' string that
	// decodes without NUL bytes. Parameter and command substitutions,
	// arithmetic, globs (* ? [ … ] and extglobs), brace expansions and tilde
	// prefixes make a word non-literal.
	Literal bool
	// Span locates Raw in the command string.
	Span Span
}

// String returns the word's value when it is literal, otherwise its raw
// source text.
func (w Word) String() string {
	if w.Literal {
		return w.Value
	}
	return w.Raw
}

// LiteralWord returns a literal word with the given value, as found in an
// argv that did not come from a shell (for example a Codex exec argv).
func LiteralWord(value string) Word {
	return Word{Value: value, Raw: Quote(value), Literal: true}
}

// LiteralWords converts an argv into literal words.
func LiteralWords(argv []string) []Word {
	words := make([]Word, len(argv))
	for i, a := range argv {
		words[i] = LiteralWord(a)
	}
	return words
}

// Assign is a variable assignment that precedes a simple command
// (FOO=bar cmd) or forms one on its own (x=$(cmd)).
type Assign struct {
	// Name is the variable name.
	Name string
	// Append is true for NAME+=value.
	Append bool
	// Value is the assigned value. It is non-literal for array assignments
	// (a=(…)) and indexed assignments (a[i]=…).
	Value Word
	// Raw is the whole assignment's source text.
	Raw string
	// Span locates Raw.
	Span Span
}

// Redirect is one redirection of a simple command.
type Redirect struct {
	// Op is the operator as written: > >> < <> <& >& >| << <<- <<< &> &>>.
	Op string
	// Fd is the file-descriptor prefix as written ("2" in 2>x, "{fd}" in
	// {fd}>x); empty when absent.
	Fd string
	// Target is the file, descriptor or here-string word; for a
	// here-document it is the delimiter word.
	Target Word
	// Heredoc is the here-document body for << and <<-. It is literal when
	// the delimiter was quoted or the body has no expansions; Raw is the body
	// as written (after line continuation processing by the parser).
	Heredoc *Word
	// Span locates the operator and target (not the here-document body).
	Span Span
}

// Context describes where a simple command sits in the command line. It is a
// set of flags.
type Context uint16

// Context flags.
const (
	// InSubstitution: inside $(…), `…`, <(…) or >(…).
	InSubstitution Context = 1 << iota
	// InHeredoc: inside a command substitution in a here-document body.
	InHeredoc
	// InFunction: inside a function body (runs only when the function is
	// called).
	InFunction
	// InSubshell: inside ( … ).
	InSubshell
	// InPipeline: a stage, or inside a stage, of a pipeline (| or |&).
	InPipeline
	// Background: the command's statement, or an enclosing one, ends with &.
	Background
	// Declaration: the command is a declaration builtin (declare, local,
	// export, readonly, typeset, nameref) or let, which bash parses specially.
	Declaration
)

// Has reports whether every flag in f is set in c.
func (c Context) Has(f Context) bool { return c&f == f }

// SimpleCommand is one simple command: optional assignments, words and
// redirections.
type SimpleCommand struct {
	// Words are the command name and its arguments. Empty for a command that
	// only assigns variables (x=$(cmd)).
	Words []Word
	// Assigns are the leading NAME=value assignments.
	Assigns []Assign
	// Redirs are the redirections, in source order.
	Redirs []Redirect
	// Span covers assignments, words and redirections (not here-document
	// bodies).
	Span Span
	// Context tells where the command sits.
	Context Context
}

// Argv returns the command's words as strings: the value of literal words
// and the raw source text of the others.
func (c SimpleCommand) Argv() []string {
	out := make([]string, len(c.Words))
	for i, w := range c.Words {
		out[i] = w.String()
	}
	return out
}

// Literal reports whether every word of the command is literal. Assignments
// and redirections are not considered.
func (c SimpleCommand) Literal() bool {
	for _, w := range c.Words {
		if !w.Literal {
			return false
		}
	}
	return true
}

// LiteralArgv returns the words' values and true when every word is literal,
// otherwise nil and false.
func (c SimpleCommand) LiteralArgv() ([]string, bool) {
	if !c.Literal() {
		return nil, false
	}
	return c.Argv(), true
}
