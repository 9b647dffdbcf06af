package shell

import (
	"slices"
	"strings"
)

// Code is program text handed to an interpreter on its command line or
// standard input, with what it hands to a shell.
//
// The analysis is lexical: hand-written lexers per language family find
// string literals, comments and interpolations, then call shapes are
// recognised over the tokens. It never runs or fully parses the code, so it
// can be fooled by code that builds its calls at run time (getattr,
// computed method names, aliases assigned at run time); those are simply
// not found. Odd or broken code is never an error.
type Code struct {
	// Lang is the language: "python", "node" (JavaScript: node, deno, bun),
	// "ruby", "perl", "php" or "awk".
	Lang string
	// Interpreter is argv[0]'s base name ("python3", "gawk").
	Interpreter string
	// Text is the code: the -c/-e/-r argument (several -e joined with
	// newlines), the awk program, or the standard input text.
	Text string
	// Shell lists the commands the code hands to a shell or runs, as shell
	// command strings, when they are string literals (concatenations of
	// string literals included): os.system("…"), subprocess.run(…),
	// child_process.execSync(…), system "…", `…`, qx{…}, shell_exec(…),
	// awk's system("…") and pipes. An argv given as a list of literals
	// (subprocess.run(["rm", "-rf", "x"]), spawn("rm", ["-rf", "x"])) runs
	// without a shell but is reported the same way, as [Canonical] of the
	// list. Calls found in a literal passed to eval/exec (and Perl's s///e
	// replacement) are included.
	Shell []string
	// Dynamic lists, with a short reason each, the hand-offs whose command
	// is not a literal (os.system(cmd), exec(`rm ${x}`), system("rm " $1)),
	// and code too deeply nested to analyse.
	Dynamic []string
	// Literals are the byte ranges of Text that are string literals (and
	// regular expression literals, word lists and PHP's text outside
	// <?php … ?>) not handed to a shell or run as code: data, such as a
	// message that mentions "rm -rf". Each span covers the literal with its
	// quotes; spans are in order and do not overlap.
	Literals []Span
}

// Limits of the code analysis.
const (
	// maxInterpNesting bounds nested interpolations (f"{f'{…}'}").
	maxInterpNesting = 200
	// maxEvalDepth bounds the analysis of code passed to eval as a string.
	maxEvalDepth = 3
	// maxExcerpt bounds the source excerpts quoted in Dynamic reasons.
	maxExcerpt = 60
)

// InterpreterCode finds the code an interpreter command runs and analyses
// it. argv[0] is the interpreter, by any path (its base name decides):
//
//   - python, python2, python3, python3.X, pypy, pypy3: -c CODE (after
//     options such as -u -B -I -E -S -O, -W ARG, -X OPT, clusters like -uc),
//     or "-" or no script with stdin;
//   - node, nodejs: -e/--eval/-p/--print CODE, or "-" or no script with
//     stdin; deno eval CODE; bun -e/--eval/-p/--print CODE;
//   - ruby: -e CODE (several joined with newlines, clusters like -ne), or
//     "-" or no script with stdin;
//   - perl: -e/-E CODE (several joined), or "-" or no script with stdin;
//   - php: -r/-B/-R/-E CODE (joined), or "-" or no script with stdin (read
//     as a PHP file: text outside <?php … ?> is output);
//   - awk, gawk, mawk, nawk: the first operand after the options (-F FS,
//     -v VAR=VAL, …), or the -e/--source texts of gawk; -f/-E FILE without
//     them means no inline code.
//
// stdin is the literal text fed to the interpreter's standard input (a
// here-string or here-document), or "" when there is none. InterpreterCode
// returns false when argv is not an interpreter running inline code: a
// script file, a module (-m), a help or version mode, an option it does
// not know, or code expected on an unknown standard input.
func InterpreterCode(argv []string, stdin string) (Code, bool) {
	if len(argv) == 0 {
		return Code{}, false
	}
	name := argv[0][strings.LastIndexByte(argv[0], '/')+1:]
	lang := interpreterLang(name)
	var text string
	var ok, template bool
	switch {
	case lang == "python":
		text, ok = pythonArgs(argv, stdin)
	case name == "deno":
		text, ok = denoArgs(argv)
	case name == "bun":
		text, ok = bunArgs(argv)
	case lang == "node":
		text, ok = nodeArgs(argv, stdin)
	case lang == "ruby":
		text, ok = rubyArgs(argv, stdin)
	case lang == "perl":
		text, ok = perlArgs(argv, stdin)
	case lang == "php":
		text, ok, template = phpArgs(argv, stdin)
	case lang == "awk":
		text, ok = awkArgs(argv)
	}
	if !ok {
		return Code{}, false
	}
	c := Code{Lang: lang, Interpreter: name, Text: text}
	analyseCode(&c, text, template, 0)
	return c, true
}

// interpreterLang returns the language run by an interpreter's base name,
// or "".
func interpreterLang(name string) string {
	switch {
	case versionedName(name, "python"), versionedName(name, "pypy"):
		return "python"
	case name == "node", name == "nodejs", name == "deno", name == "bun":
		return "node"
	case versionedName(name, "ruby"):
		return "ruby"
	case versionedName(name, "perl"):
		return "perl"
	case versionedName(name, "php"):
		return "php"
	case name == "awk", name == "gawk", name == "mawk", name == "nawk":
		return "awk"
	}
	return ""
}

// versionedName matches base, optionally followed by a version made of
// digits and dots (python3.12, perl5.36.0, php8.2).
func versionedName(name, base string) bool {
	v, ok := strings.CutPrefix(name, base)
	return ok && strings.Trim(v, "0123456789.") == ""
}

// stdinCode is the code of an interpreter that reads its program from
// standard input.
func stdinCode(stdin string) (string, bool) {
	return stdin, stdin != ""
}

// clusterArg returns the argument of a short option at a[j] of a cluster:
// the rest of the word, or else the next word. ok is false when missing.
func clusterArg(argv []string, i *int, a string, j int) (string, bool) {
	if j+1 < len(a) {
		return a[j+1:], true
	}
	if *i+1 >= len(argv) {
		return "", false
	}
	*i++
	return argv[*i], true
}

// pythonArgs parses CPython's command line.
func pythonArgs(argv []string, stdin string) (string, bool) {
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			if i+1 < len(argv) && argv[i+1] != "-" {
				return "", false
			}
			return stdinCode(stdin)
		case a == "-":
			return stdinCode(stdin)
		case len(a) < 2 || a[0] != '-':
			return "", false // a script
		case a == "--check-hash-based-pycs":
			i++
			continue
		case strings.HasPrefix(a, "--"):
			return "", false // --help, --version and unknown options
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			switch {
			case c == 'c':
				return clusterArg(argv, &i, a, j)
			case c == 'W' || c == 'X':
				if _, ok := clusterArg(argv, &i, a, j); !ok {
					return "", false
				}
				j = len(a)
			case strings.IndexByte("bBdEiIOPqsSuvxR", c) >= 0:
			default:
				return "", false // -m MODULE, -h, -V, unknown
			}
		}
	}
	return stdinCode(stdin)
}

// nodeArgOptions are node options that take the next word as their value.
var nodeArgOptions = []string{
	"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions",
	"--input-type", "--title", "--env-file", "--env-file-if-exists", "--inspect-port",
	"--redirect-warnings", "--diagnostic-dir", "--dns-result-order", "--icu-data-dir",
	"--openssl-config", "--max-http-header-size", "--secure-heap", "--secure-heap-min",
	"--unhandled-rejections", "--watch-path", "--disable-warning", "--heapsnapshot-signal",
	"--cpu-prof-dir", "--cpu-prof-name", "--heap-prof-dir", "--heap-prof-name",
	"--trace-event-categories", "--trace-event-file-pattern", "--experimental-policy",
	"--policy-integrity", "--snapshot-blob", "--stack-trace-limit", "--localstorage-file",
	"--experimental-config-file", "--report-dir", "--report-directory", "--report-filename",
	"--report-signal", "--use-largepages", "--tls-cipher-list", "--tls-keylog",
}

// nodeArgs parses node's command line.
func nodeArgs(argv []string, stdin string) (string, bool) {
	var code string
	found := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		name, value, stuck := strings.Cut(a, "=")
		switch {
		case a == "--" || a == "-" || len(a) < 2 || a[0] != '-':
			if found {
				return code, true
			}
			if a == "--" && i+1 < len(argv) {
				a = argv[i+1]
			}
			if a == "-" || (a == "--" && i+1 == len(argv)) {
				return stdinCode(stdin)
			}
			return "", false // a script
		case name == "--eval" || name == "--print":
			if !stuck {
				if i+1 >= len(argv) {
					return "", false
				}
				i++
				value = argv[i]
			}
			code, found = value, true
		case a == "-e" || a == "-p" || a == "-pe" || a == "-ep":
			if i+1 >= len(argv) {
				return "", false
			}
			i++
			code, found = argv[i], true
		case a == "-h" || a == "--help" || a == "-v" || a == "--version" || a == "-c" ||
			a == "--check" || a == "--run" || a == "--test" || a == "--v8-options":
			return "", false
		case slices.Contains(nodeArgOptions, a):
			i++
		}
	}
	if found {
		return code, true
	}
	return stdinCode(stdin)
}

// denoArgs parses `deno eval [options] CODE`.
func denoArgs(argv []string) (string, bool) {
	withArg := []string{"-L", "--log-level", "--ext", "--import-map", "-c", "--config", "--location",
		"--seed", "--cert", "--conditions", "--preload", "--tunnel"}
	eval := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			if eval && i+1 < len(argv) {
				return argv[i+1], true
			}
			return "", false
		case len(a) < 2 || a[0] != '-':
			if eval {
				return a, true
			}
			if a != "eval" {
				return "", false
			}
			eval = true
		case slices.Contains(withArg, a):
			i++
		}
	}
	return "", false
}

// bunArgs parses `bun -e CODE` and `bun --print CODE`.
func bunArgs(argv []string) (string, bool) {
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		name, value, stuck := strings.Cut(a, "=")
		switch {
		case name == "--eval" || name == "--print" || a == "-e" || a == "-p":
			if stuck {
				return value, true
			}
			if i+1 >= len(argv) {
				return "", false
			}
			return argv[i+1], true
		case len(a) < 2 || a[0] != '-' || a == "--":
			return "", false
		}
	}
	return "", false
}

// joinedCode returns the -e texts of ruby, perl or php, or the code on
// standard input when there are none and no script was named.
func joinedCode(parts []string, script bool, stdin string) (string, bool) {
	if len(parts) > 0 {
		return strings.Join(parts, "\n"), true
	}
	if script {
		return "", false
	}
	return stdinCode(stdin)
}

// rubyArgs parses ruby's command line.
func rubyArgs(argv []string, stdin string) (string, bool) {
	var parts []string
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			return joinedCode(parts, i+1 < len(argv) && argv[i+1] != "-", stdin)
		case a == "-" || len(a) < 2 || a[0] != '-':
			return joinedCode(parts, a != "-", stdin)
		case strings.HasPrefix(a, "--"):
			name, _, stuck := strings.Cut(a[2:], "=")
			switch name {
			case "version", "help", "copyright":
				return "", false
			case "enable", "disable", "encoding", "external-encoding", "internal-encoding", "dump":
				if !stuck {
					i++
				}
			}
			continue
		}
		code, ok := rubyCluster(argv, &i, a)
		if !ok {
			return "", false
		}
		parts = append(parts, code...)
	}
	return joinedCode(parts, false, stdin)
}

// rubyCluster parses one word of ruby switches and returns its -e texts.
func rubyCluster(argv []string, i *int, a string) ([]string, bool) {
	var code []string
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'e':
			text, ok := clusterArg(argv, i, a, j)
			return append(code, text), ok
		case strings.IndexByte("CEIr", c) >= 0:
			_, ok := clusterArg(argv, i, a, j)
			return code, ok
		case strings.IndexByte("ixF", c) >= 0:
			return code, true // the rest of the word is the value
		case c == '0' || c == 'T' || c == 'W':
			for j+1 < len(a) && (isDigit(a[j+1]) || (c == 'W' && a[j+1] == ':')) {
				if a[j+1] == ':' {
					return code, true
				}
				j++
			}
		case c == 'K':
			j++
		case strings.IndexByte("acdlnpsSvwyU", c) >= 0:
		default:
			return nil, false // -h and unknown switches
		}
	}
	return code, true
}

// perlArgs parses perl's command line.
func perlArgs(argv []string, stdin string) (string, bool) {
	var parts []string
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			return joinedCode(parts, i+1 < len(argv) && argv[i+1] != "-", stdin)
		case a == "-" || len(a) < 2 || a[0] != '-':
			return joinedCode(parts, a != "-", stdin)
		}
		code, ok := perlCluster(argv, &i, a)
		if !ok {
			return "", false
		}
		parts = append(parts, code...)
	}
	return joinedCode(parts, false, stdin)
}

// perlCluster parses one word of perl switches and returns its -e texts.
func perlCluster(argv []string, i *int, a string) ([]string, bool) {
	var code []string
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'e' || c == 'E':
			text, ok := clusterArg(argv, i, a, j)
			return append(code, text), ok
		case c == 'I':
			_, ok := clusterArg(argv, i, a, j)
			return code, ok
		case c == 'm' || c == 'M':
			return code, j+1 < len(a)
		case strings.IndexByte("dDixF", c) >= 0:
			return code, true // the rest of the word is the value
		case c == '0' || c == 'l' || c == 'C':
			for j+1 < len(a) && (isHexDigit(a[j+1]) || a[j+1] == 'x' ||
				(c == 'C' && strings.IndexByte("IOEioSADLa", a[j+1]) >= 0)) {
				j++
			}
		case strings.IndexByte("acnpsStTuUwWX", c) >= 0:
		default:
			return nil, false // -h, -v, -V and unknown switches
		}
	}
	return code, true
}

// phpArgs parses php's command line. template is true when the code is a
// PHP file read from standard input.
func phpArgs(argv []string, stdin string) (text string, ok, template bool) {
	var parts []string
	withArg := "cdztS"
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		name, value, stuck := strings.Cut(a, "=")
		switch {
		case a == "--":
			text, ok = joinedCode(parts, i+1 < len(argv), stdin)
			return text, ok, len(parts) == 0
		case a == "-" || len(a) < 2 || a[0] != '-':
			text, ok = joinedCode(parts, a != "-", stdin)
			return text, ok, len(parts) == 0
		case strings.HasPrefix(a, "--"):
			switch name {
			case "--run", "--process-begin", "--process-code", "--process-end":
				if !stuck {
					if i+1 >= len(argv) {
						return "", false, false
					}
					i++
					value = argv[i]
				}
				parts = append(parts, value)
			case "--php-ini", "--define", "--zend-extension", "--rf", "--rc", "--re", "--rz", "--ri",
				"--server", "--docroot":
				if !stuck {
					i++
				}
			case "--file", "--process-file", "--info", "--help", "--version", "--modules", "--ini",
				"--syntax-check":
				return "", false, false
			}
			continue
		}
		switch c := a[1]; {
		case strings.IndexByte("rBRE", c) >= 0:
			code, ok := clusterArg(argv, &i, a, 1)
			if !ok {
				return "", false, false
			}
			parts = append(parts, code)
		case strings.IndexByte(withArg, c) >= 0:
			if _, ok := clusterArg(argv, &i, a, 1); !ok {
				return "", false, false
			}
		case strings.IndexByte("fFhivml?", c) >= 0:
			return "", false, false
		}
	}
	text, ok = joinedCode(parts, false, stdin)
	return text, ok, len(parts) == 0
}

// gawkLong lists gawk's long options: "name" takes no argument, "name="
// requires one, "name?" takes an optional one after =.
var gawkLong = []string{
	"assign=", "field-separator=", "file=", "source=", "exec=", "include=", "load=",
	"characters-as-bytes", "traditional", "copyright?", "debug?", "dump-variables?", "gen-pot",
	"help", "lint?", "bignum", "use-lc-numeric", "non-decimal-data", "optimize", "profile?",
	"posix", "pretty-print?", "re-interval", "no-optimize", "sandbox", "lint-old", "version",
	"csv", "persist?", "usage",
}

// awkArgs parses the command line of awk, gawk, mawk and nawk (getopt with
// "+": options end at the first operand).
func awkArgs(argv []string) (string, bool) {
	var sources []string
	hasFile := false
	i := 1
options:
	for ; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			i++
			break options
		case a == "-" || len(a) < 2 || a[0] != '-':
			break options
		case strings.HasPrefix(a, "--"):
			name, kind, ok := awkLongOption(a)
			if !ok || name == "help" || name == "version" || name == "usage" || name == "copyright" {
				return "", false
			}
			value := ""
			if _, v, stuck := strings.Cut(a, "="); stuck {
				value = v
			} else if kind == '=' {
				if i+1 >= len(argv) {
					return "", false
				}
				i++
				value = argv[i]
			}
			switch name {
			case "source":
				sources = append(sources, value)
			case "file":
				hasFile = true
			case "exec":
				hasFile = true
				i++
				break options
			}
			continue
		}
		src, file, stop, ok := awkCluster(argv, &i, a)
		if !ok {
			return "", false
		}
		sources = append(sources, src...)
		hasFile = hasFile || file
		if stop {
			i++
			break
		}
	}
	switch {
	case len(sources) > 0:
		return strings.Join(sources, "\n"), true
	case hasFile || i >= len(argv):
		return "", false
	}
	return argv[i], true
}

// awkLongOption resolves a gawk long option, exactly or by unique prefix
// (getopt_long), and returns its name and argument kind.
func awkLongOption(a string) (name string, kind byte, ok bool) {
	arg, _, _ := strings.Cut(a[2:], "=")
	found := 0
	for _, l := range gawkLong {
		n := strings.TrimRight(l, "=?")
		if !strings.HasPrefix(n, arg) || arg == "" {
			continue
		}
		name, kind, found = n, 0, found+1
		if len(n) < len(l) {
			kind = l[len(l)-1]
		}
		if n == arg {
			return name, kind, true
		}
	}
	return name, kind, found == 1
}

// awkCluster parses one word of awk short options.
func awkCluster(argv []string, i *int, a string) (sources []string, file, stop, ok bool) {
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'e' || c == 'f' || c == 'E' || strings.IndexByte("vFilW", c) >= 0:
			v, ok := clusterArg(argv, i, a, j)
			switch c {
			case 'e':
				sources = append(sources, v)
			case 'f':
				file = true
			case 'E':
				file, stop = true, true
			}
			return sources, file, stop, ok
		case strings.IndexByte("dDLop", c) >= 0:
			return sources, file, false, true // optional attached value
		case c == 'h' || c == 'V':
			return nil, false, false, false
		}
	}
	return sources, file, false, true
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func isHexDigit(b byte) bool {
	return isDigit(b) || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F')
}

// ipKind is the kind of a code token.
type ipKind uint8

const (
	ipIdent   ipKind = iota // identifier or keyword (Perl: with :: parts)
	ipVar                   // a variable or symbol: $x @x %x (Perl, PHP, Ruby), :sym
	ipNum                   // a number
	ipStr                   // a string, regex or word-list literal (see ipString)
	ipPunct                 // an operator or bracket
	ipNewline               // one or more line ends
)

// ipTok is one token of interpreter code.
type ipTok struct {
	kind ipKind
	text string // identifier, variable or operator text
	span Span   // offsets into the code
	str  int32  // ipStr: index into the lexer's strings
}

// ipString describes a literal token.
type ipString struct {
	val   string   // the decoded value, when lit
	lit   bool     // the value is known: no interpolation, every escape decoded
	why   string   // why it is not literal
	exec  bool     // running it runs its value as a shell command (`…`, qx, %x)
	regex bool     // a regular expression (or Perl s///, tr///)
	words bool     // a word list (%w(…), qw(…)); list holds the words
	data  bool     // PHP text outside <?php … ?>
	list  []string // the words of a word list
}

// ipEsc selects how backslashes in a literal are read.
type ipEsc uint8

const (
	escRaw    ipEsc = iota // a backslash keeps itself and the next byte (Python r"", regexes)
	escSingle              // only \\ and \DELIM are escapes ('…' in Ruby, Perl, PHP; q())
	escPython
	escPyBytes
	escJS
	escRuby
	escPerl
	escPHP
	escAwk
)

// ipInterp selects which interpolations a literal has.
type ipInterp uint8

const (
	interpNone   ipInterp = iota
	interpPyFmt           // {expr}, with {{ and }} for braces
	interpJS              // ${expr}
	interpRuby            // #{expr}, #@var, #$var
	interpPerl            // $var, @var, ${…}, @{…}
	interpPHP             // $var, {$…}, ${…}
	interpMarkOnly        // Ruby/Perl bare regexes: interpolation marks the literal dynamic only
)

// ipOpen is a literal being read.
type ipOpen struct {
	tok, st   int  // indexes of its token and ipString
	close     byte // closing delimiter
	open      byte // opening delimiter when the pair nests (%q(…), q{…}), else 0
	nest      int
	triple    bool // Python triple quotes
	single    bool // a line end leaves it unterminated
	esc       ipEsc
	interp    ipInterp
	buf       []byte
	parts     int    // parts still to read after this one (Perl s/// and tr///)
	perlOp    byte   // 's' for s///, whose e flag makes the replacement code
	replStart int    // start of the s/// replacement
	repl      string // the s/// replacement text
	flags     string // which trailing letters are the literal's flags ("" for none)
}

// ipFrame is code inside an interpolation, with the literal to resume.
type ipFrame struct {
	open  ipOpen
	depth int // brace depth of the code
}

// interpLexer splits interpreter code into tokens.
type interpLexer struct {
	lang    string
	src     string
	i       int
	toks    []ipTok
	strs    []ipString
	cur     *ipOpen
	stack   []ipFrame
	html    bool // PHP: outside <?php … ?>
	tooDeep bool
	// noRegexUntil: a bare / before this offset is an operator (a regex
	// starting on this line was found unterminated).
	noRegexUntil int
	nested       []string // code to analyse too (Perl s///e replacements)
}

// lexInterp tokenizes code. template starts PHP code outside <?php.
func lexInterp(lang, src string, template bool) *interpLexer {
	l := &interpLexer{lang: lang, src: src, html: lang == "php" && template}
	for l.i < len(l.src) && !l.tooDeep {
		switch {
		case l.cur != nil:
			l.stringBody()
		case l.html:
			l.htmlText()
		default:
			l.code()
		}
	}
	l.finishOpen()
	return l
}

// finishOpen closes the literals left open at the end of the code.
func (l *interpLexer) finishOpen() {
	if l.cur != nil {
		l.unterminated(l.cur)
		l.cur = nil
	}
	for k := len(l.stack) - 1; k >= 0; k-- {
		l.unterminated(&l.stack[k].open)
	}
	l.stack = nil
}

func (l *interpLexer) unterminated(o *ipOpen) {
	s := &l.strs[o.st]
	if s.lit {
		s.lit, s.why = false, "unterminated literal"
	}
	l.toks[o.tok].span.End = l.i
}

// add appends a token.
func (l *interpLexer) add(kind ipKind, start int) {
	l.toks = append(l.toks, ipTok{kind: kind, text: l.src[start:l.i], span: Span{start, l.i}})
}

// code reads one token (or skips blanks and comments) in code.
func (l *interpLexer) code() {
	c := l.src[l.i]
	switch {
	case c == '\n':
		if n := len(l.toks); n == 0 || l.toks[n-1].kind != ipNewline {
			l.toks = append(l.toks, ipTok{kind: ipNewline, span: Span{l.i, l.i + 1}})
		}
		l.i++
	case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		l.i++
	case l.comment():
	case l.literalStart():
	case l.lang == "php" && strings.HasPrefix(l.src[l.i:], "?>"):
		l.i += 2
		l.html = true
	case isIdentStart(c) || (c == '$' && l.lang == "node"):
		l.ident()
	case isDigit(c):
		l.number()
	case l.variable():
	default:
		l.punct()
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func isIdentByte(c byte) bool { return isIdentStart(c) || isDigit(c) }

// comment skips a comment and reports whether there was one.
func (l *interpLexer) comment() bool {
	rest := l.src[l.i:]
	hash := l.lang != "node" && strings.HasPrefix(rest, "#") && !(l.lang == "php" && strings.HasPrefix(rest, "#["))
	slash := (l.lang == "node" || l.lang == "php") && strings.HasPrefix(rest, "//")
	switch {
	case hash || slash:
		end := strings.IndexByte(rest, '\n')
		if l.lang == "php" {
			// A PHP line comment also ends at ?>.
			if q := strings.Index(rest, "?>"); q >= 0 && (end < 0 || q < end) {
				end = q
			}
		}
		if end < 0 {
			end = len(rest)
		}
		l.i += end
	case (l.lang == "node" || l.lang == "php") && strings.HasPrefix(rest, "/*"):
		end := strings.Index(rest[2:], "*/")
		if end < 0 {
			l.i = len(l.src)
		} else {
			l.i += end + 4
		}
	default:
		return false
	}
	return true
}

// htmlText reads PHP text outside <?php … ?>: it is output, kept as data.
func (l *interpLexer) htmlText() {
	start := l.i
	end := strings.Index(l.src[l.i:], "<?")
	if end < 0 {
		l.i = len(l.src)
	} else {
		l.i += end
	}
	if l.i > start {
		l.toks = append(l.toks, ipTok{kind: ipStr, span: Span{start, l.i}, str: int32(len(l.strs))})
		l.strs = append(l.strs, ipString{val: l.src[start:l.i], lit: true, data: true})
	}
	if end >= 0 {
		l.i += 2
		rest := l.src[l.i:]
		if len(rest) >= 3 && strings.EqualFold(rest[:3], "php") {
			l.i += 3
		} else if strings.HasPrefix(rest, "=") {
			l.i++
		}
		l.html = false
	}
}

// ident reads an identifier, or a literal that starts with one (Python
// string prefixes, Perl quote-like operators).
func (l *interpLexer) ident() {
	start := l.i
	for l.i < len(l.src) && (isIdentByte(l.src[l.i]) || (l.lang == "node" && l.src[l.i] == '$')) {
		l.i++
		if l.lang == "perl" && strings.HasPrefix(l.src[l.i:], "::") && l.i+2 < len(l.src) && isIdentStart(l.src[l.i+2]) {
			l.i += 2
		}
	}
	word := l.src[start:l.i]
	switch l.lang {
	case "python":
		if l.i < len(l.src) && (l.src[l.i] == '\'' || l.src[l.i] == '"') && isPyPrefix(word) {
			l.pyString(start, strings.ToLower(word))
			return
		}
	case "perl":
		if l.perlQuote(start, word) {
			return
		}
		if word == "__END__" || word == "__DATA__" {
			l.dataToEnd(start)
			return
		}
	case "ruby":
		if word == "__END__" && (start == 0 || l.src[start-1] == '\n') {
			l.dataToEnd(start)
			return
		}
	}
	l.add(ipIdent, start)
}

// dataToEnd makes the rest of the code a data literal (__END__).
func (l *interpLexer) dataToEnd(start int) {
	l.i = len(l.src)
	l.toks = append(l.toks, ipTok{kind: ipStr, span: Span{start, l.i}, str: int32(len(l.strs))})
	l.strs = append(l.strs, ipString{val: l.src[start:], lit: true, data: true})
}

func isPyPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt":
		return true
	}
	return false
}

// number reads a number.
func (l *interpLexer) number() {
	start := l.i
	for l.i < len(l.src) {
		c := l.src[l.i]
		if isIdentByte(c) || (c == '.' && l.i+1 < len(l.src) && isDigit(l.src[l.i+1])) {
			l.i++
			continue
		}
		break
	}
	l.add(ipNum, start)
}

// ipOperators are the operators of more than one byte, longest first.
var ipOperators = []string{
	"?->", "...", "->", "=>", "::", "|&", "||", "&&", "==", "!=", "<=", ">=", "=~", "!~", ".=",
	"+=", "-=", "**", "<<", ">>", "..", "?.", "??", "&.",
}

// punct reads an operator or bracket. Braces also close interpolations.
func (l *interpLexer) punct() {
	c := l.src[l.i]
	if n := len(l.stack); n > 0 && (c == '{' || c == '}') {
		top := &l.stack[n-1]
		switch {
		case c == '{':
			top.depth++
		case top.depth > 0:
			top.depth--
		default:
			// The end of an interpolation: back to its literal.
			o := top.open
			l.stack = l.stack[:n-1]
			l.i++
			l.cur = &o
			return
		}
	}
	start := l.i
	for _, op := range ipOperators {
		if strings.HasPrefix(l.src[l.i:], op) {
			l.i += len(op)
			l.add(ipPunct, start)
			return
		}
	}
	l.i++
	l.add(ipPunct, start)
}

// afterValue reports whether the previous token ends an operand, so that a
// / is a division rather than a regex (and, in Ruby, % an operator).
func (l *interpLexer) afterValue() bool {
	for k := len(l.toks) - 1; k >= 0; k-- {
		t := l.toks[k]
		switch t.kind {
		case ipNewline:
			if l.lang == "node" || l.lang == "perl" {
				continue
			}
			return false
		case ipIdent:
			return !isOperandKeyword(t.text)
		case ipVar, ipNum, ipStr:
			return true
		default:
			return t.text == ")" || t.text == "]" || t.text == "}"
		}
	}
	return false
}

// isOperandKeyword reports keywords and list operators after which an
// operand, not an operator, follows.
func isOperandKeyword(w string) bool {
	switch w {
	case "return", "typeof", "case", "do", "else", "in", "instanceof", "new", "delete", "void",
		"throw", "yield", "await", "of", "if", "unless", "and", "or", "not", "while", "until",
		"when", "split", "grep", "map", "join", "push", "unshift", "print", "printf", "x", "lt",
		"gt", "le", "ge", "eq", "ne", "cmp", "elsif", "puts", "then", "getline":
		return true
	}
	return false
}

// variable reads a sigil variable, symbol or similar operand.
func (l *interpLexer) variable() bool {
	c := l.src[l.i]
	next := byte(0)
	if l.i+1 < len(l.src) {
		next = l.src[l.i+1]
	}
	start := l.i
	switch {
	case l.lang == "perl" && c == '$':
		l.i++
		if next == '#' {
			l.i++
			next = 0
			if l.i < len(l.src) {
				next = l.src[l.i]
			}
		}
		switch {
		case isIdentStart(next) || next == ':':
			l.identTail()
		case next == '^' && l.i+1 < len(l.src):
			l.i += 2
		case next == '{' || next == '$' || next == 0:
		case next != ' ' && next != '\t' && next != '\n':
			l.i++ // $' $" $; $/ $0 …
		}
	case l.lang == "perl" && (c == '@' || (c == '%' && !l.afterValue())) &&
		(isIdentStart(next) || next == '{' || next == '$' || next == ':' || next == '_'):
		l.i++
		l.identTail()
	case l.lang == "ruby" && c == '$' && next != 0 && next != ' ' && next != '\n':
		l.i += 2
		l.identTail()
	case l.lang == "ruby" && c == '@' && (isIdentStart(next) || next == '@'):
		l.i += 2
		l.identTail()
	case l.lang == "ruby" && c == ':' && isIdentStart(next):
		l.i++
		l.identTail()
	case l.lang == "php" && c == '$' && isIdentStart(next):
		l.i++
		l.identTail()
	default:
		return false
	}
	l.add(ipVar, start)
	return true
}

// identTail skips identifier bytes (and Perl :: separators).
func (l *interpLexer) identTail() {
	for l.i < len(l.src) && (isIdentByte(l.src[l.i]) || (l.lang == "perl" && l.src[l.i] == ':')) {
		l.i++
	}
}

// literalStart opens a literal at the current byte if one starts there.
func (l *interpLexer) literalStart() bool {
	c := l.src[l.i]
	next := byte(0)
	if l.i+1 < len(l.src) {
		next = l.src[l.i+1]
	}
	start := l.i
	switch l.lang {
	case "python":
		if c == '\'' || c == '"' {
			l.pyString(start, "")
			return true
		}
	case "node":
		switch {
		case c == '\'' || c == '"':
			l.openAt(start, 1, ipOpen{close: c, single: true, esc: escJS})
		case c == '`':
			l.openAt(start, 1, ipOpen{close: c, esc: escJS, interp: interpJS})
		case c == '/' && next != '/' && next != '*':
			return l.bareRegex(true, interpNone)
		default:
			return false
		}
		return true
	case "ruby":
		switch {
		case c == '\'':
			l.openAt(start, 1, ipOpen{close: c, esc: escSingle})
		case c == '"':
			l.openAt(start, 1, ipOpen{close: c, esc: escRuby, interp: interpRuby})
		case c == '`':
			l.openAt(start, 1, ipOpen{close: c, esc: escRuby, interp: interpRuby})
			l.strs[len(l.strs)-1].exec = true
		case c == ':' && (next == '"' || next == '\''):
			l.i++
			return l.literalStart()
		case c == '%':
			return l.rubyPercent()
		case c == '/':
			return l.bareRegex(false, interpMarkOnly)
		default:
			return false
		}
		return true
	case "perl":
		switch {
		case c == '\'':
			l.openAt(start, 1, ipOpen{close: c, esc: escSingle})
		case c == '"':
			l.openAt(start, 1, ipOpen{close: c, esc: escPerl, interp: interpPerl})
		case c == '`':
			l.openAt(start, 1, ipOpen{close: c, esc: escPerl, interp: interpPerl})
			l.strs[len(l.strs)-1].exec = true
		case c == '/':
			return l.bareRegex(false, interpMarkOnly)
		default:
			return false
		}
		return true
	case "php":
		switch c {
		case '\'':
			l.openAt(start, 1, ipOpen{close: c, esc: escSingle})
		case '"', '`':
			l.openAt(start, 1, ipOpen{close: c, esc: escPHP, interp: interpPHP})
			l.strs[len(l.strs)-1].exec = c == '`'
		default:
			return false
		}
		return true
	case "awk":
		switch c {
		case '"':
			l.openAt(start, 1, ipOpen{close: c, single: true, esc: escAwk})
		case '/':
			return l.bareRegex(true, interpNone)
		default:
			return false
		}
		return true
	}
	return false
}

// openAt starts a literal whose token starts at start and whose body
// starts at start+skip.
func (l *interpLexer) openAt(start, skip int, o ipOpen) {
	o.tok, o.st = len(l.toks), len(l.strs)
	l.toks = append(l.toks, ipTok{kind: ipStr, span: Span{start, start}, str: int32(o.st)})
	l.strs = append(l.strs, ipString{lit: true})
	l.i = start + skip
	l.cur = &o
}

// pyString opens a Python string at l.i with the given (lowercase) prefix.
func (l *interpLexer) pyString(start int, prefix string) {
	q := l.src[l.i]
	o := ipOpen{close: q, esc: escPython}
	skip := l.i - start + 1
	if strings.HasPrefix(l.src[l.i:], strings.Repeat(string(q), 3)) {
		o.triple = true
		skip += 2
	} else {
		o.single = true
	}
	switch {
	case strings.Contains(prefix, "r"):
		o.esc = escRaw
	case strings.Contains(prefix, "b"):
		o.esc = escPyBytes
	}
	if strings.ContainsAny(prefix, "ft") {
		o.interp = interpPyFmt
	}
	l.openAt(start, skip, o)
}

// closingOf returns the closing delimiter of a bracketing delimiter.
func closingOf(d byte) (byte, bool) {
	switch d {
	case '(':
		return ')', true
	case '[':
		return ']', true
	case '{':
		return '}', true
	case '<':
		return '>', true
	}
	return d, false
}

// delimited returns the literal settings for a quote-like delimiter d.
func delimited(d byte) ipOpen {
	closer, pair := closingOf(d)
	o := ipOpen{close: closer}
	if pair {
		o.open = d
	}
	return o
}

// rubyPercent opens a %-literal (%q(…), %w[…], %x{…}, %(…) …) at a % that
// is not an operator.
func (l *interpLexer) rubyPercent() bool {
	if l.afterValue() || l.i+1 >= len(l.src) {
		return false
	}
	start := l.i
	kind, body := byte('Q'), l.i+1
	if t := l.src[l.i+1]; strings.IndexByte("qQwWiIxrs", t) >= 0 && l.i+2 < len(l.src) && isQuoteDelim(l.src[l.i+2]) {
		kind, body = t, l.i+2
	}
	d := l.src[body]
	if !isQuoteDelim(d) || (kind == 'Q' && body == l.i+1 && d == '=') {
		return false
	}
	o := delimited(d)
	switch kind {
	case 'q', 'w', 'i', 's':
		o.esc = escSingle
	case 'r':
		o.esc, o.interp, o.flags = escRaw, interpRuby, "mixounse"
	default:
		o.esc, o.interp = escRuby, interpRuby
	}
	l.openAt(start, body+1-start, o)
	s := &l.strs[len(l.strs)-1]
	s.exec = kind == 'x'
	s.words = strings.IndexByte("wWiI", kind) >= 0
	s.regex = kind == 'r'
	return true
}

func isQuoteDelim(d byte) bool {
	return !isIdentByte(d) && d != ' ' && d != '\t' && d != '\n' && d != '\r'
}

// perlQuote opens a quote-like operator (q qq qw qx qr m s tr y) when word
// is one and a delimiter follows.
func (l *interpLexer) perlQuote(start int, word string) bool {
	switch word {
	case "q", "qq", "qw", "qx", "qr", "m", "s", "tr", "y":
	default:
		return false
	}
	if n := len(l.toks); n > 0 && (l.toks[n-1].text == "->" || l.toks[n-1].text == "{" && strings.HasPrefix(l.src[l.i:], "}")) {
		return false // a method or a hash key
	}
	j := l.i
	for j < len(l.src) && (l.src[j] == ' ' || l.src[j] == '\t') {
		j++
	}
	if j >= len(l.src) {
		return false
	}
	d := l.src[j]
	if !isQuoteDelim(d) || strings.IndexByte(",;)=}", d) >= 0 || (d == '#' && j > l.i) {
		return false
	}
	o := delimited(d)
	interp := interpPerl
	if d == '\'' {
		interp = interpNone
	}
	switch word {
	case "q", "qw":
		o.esc = escSingle
	case "qq", "qx":
		o.esc, o.interp = escPerl, interp
	case "m", "qr":
		o.esc, o.interp, o.flags = escRaw, interp, "msixpodualngc"
	case "s":
		o.esc, o.interp, o.flags, o.parts, o.perlOp = escRaw, interp, "msixpodualngcer", 1, 's'
	case "tr", "y":
		o.esc, o.flags, o.parts = escRaw, "cdsr", 1
	}
	l.openAt(start, j+1-start, o)
	s := &l.strs[len(l.strs)-1]
	s.exec = word == "qx"
	s.words = word == "qw"
	s.regex = word == "m" || word == "qr" || word == "s" || word == "tr" || word == "y"
	return true
}

// bareRegex reads a /regex/ at l.i, unless it is a division. A regex that
// does not end on its line is taken back: the / is then an operator, and
// so is every other / up to the line end, which keeps the work linear.
func (l *interpLexer) bareRegex(classes bool, interp ipInterp) bool {
	if l.afterValue() || l.i < l.noRegexUntil {
		return false
	}
	start := l.i
	dynamic, inClass := false, false
	for j := l.i + 1; j < len(l.src); j++ {
		c := l.src[j]
		switch {
		case c == '\n':
			j = len(l.src)
		case c == '\\':
			j++
		case classes && c == '[':
			inClass = true
		case classes && c == ']':
			inClass = false
		case c == '/' && !inClass:
			l.i = j + 1
			for l.i < len(l.src) && isIdentByte(l.src[l.i]) {
				l.i++ // flags
			}
			l.toks = append(l.toks, ipTok{kind: ipStr, span: Span{start, l.i}, str: int32(len(l.strs))})
			st := ipString{val: l.src[start+1 : j], lit: !dynamic, regex: true}
			if dynamic {
				st.why = "interpolated regex"
			}
			l.strs = append(l.strs, st)
			return true
		case interp == interpMarkOnly && (c == '$' || c == '@' || c == '#') && j+1 < len(l.src) &&
			(isIdentStart(l.src[j+1]) || l.src[j+1] == '{'):
			dynamic = true
		}
	}
	end := strings.IndexByte(l.src[start:], '\n')
	if end < 0 {
		end = len(l.src) - start
	}
	l.noRegexUntil = start + end
	return false
}

// stringBody reads the body of the open literal until it ends or an
// interpolation starts.
func (l *interpLexer) stringBody() {
	o := l.cur
	for l.i < len(l.src) {
		c := l.src[l.i]
		switch {
		case o.open != 0 && c == o.open:
			o.nest++
		case c == o.close && o.triple:
			if strings.HasPrefix(l.src[l.i:], strings.Repeat(string(c), 3)) {
				l.i += 3
				l.closeLiteral(o)
				return
			}
		case c == o.close && o.nest > 0:
			o.nest--
		case c == o.close:
			l.i++
			if l.endPart(o) {
				return
			}
			continue
		case c == '\n' && o.single:
			l.unterminated(o)
			l.cur = nil
			return
		case c == '\\' && l.i+1 < len(l.src):
			l.escape(o)
			continue
		default:
			if l.interpolation(o) {
				if l.cur == nil || l.tooDeep {
					return
				}
				continue
			}
		}
		o.buf = append(o.buf, c)
		l.i++
	}
}

// endPart handles the closing delimiter just read: the next part of a
// Perl s/// or tr///, or the end of the literal. It reports whether the
// literal ended.
func (l *interpLexer) endPart(o *ipOpen) bool {
	if o.parts == 0 {
		if o.perlOp == 's' {
			o.repl = l.src[o.replStart : l.i-1]
		}
		l.closeLiteral(o)
		return true
	}
	o.parts--
	if o.open != 0 {
		// s{…}{…}: the second part has its own delimiters.
		for l.i < len(l.src) && strings.IndexByte(" \t\r\n", l.src[l.i]) >= 0 {
			l.i++
		}
		if l.i >= len(l.src) {
			return false
		}
		n := delimited(l.src[l.i])
		o.open, o.close, o.nest = n.open, n.close, 0
		l.i++
	}
	if o.perlOp == 's' {
		o.replStart = l.i
	} else {
		o.interp = interpNone
	}
	return false
}

// closeLiteral ends the open literal: trailing flags, value, span.
func (l *interpLexer) closeLiteral(o *ipOpen) {
	flagStart := l.i
	for o.flags != "" && l.i < len(l.src) && strings.IndexByte(o.flags, l.src[l.i]) >= 0 {
		l.i++
	}
	if o.perlOp == 's' && strings.IndexByte(l.src[flagStart:l.i], 'e') >= 0 {
		l.nested = append(l.nested, o.repl)
	}
	s := &l.strs[o.st]
	if s.lit {
		s.val = string(o.buf)
		if s.words {
			s.list = strings.Fields(s.val)
		}
	}
	l.toks[o.tok].span.End = l.i
	l.cur = nil
}

// interpolation handles an interpolation starting at l.i, if any. When it
// starts code, the literal is pushed and l.cur becomes nil.
func (l *interpLexer) interpolation(o *ipOpen) bool {
	c := l.src[l.i]
	next := byte(0)
	if l.i+1 < len(l.src) {
		next = l.src[l.i+1]
	}
	switch o.interp {
	case interpPyFmt:
		switch {
		case c == '{' && next == '{', c == '}' && next == '}':
			o.buf = append(o.buf, c)
			l.i += 2
			return true
		case c == '{':
			l.pushCode(o, 1, "f-string replacement field")
			return true
		}
	case interpJS:
		if c == '$' && next == '{' {
			l.pushCode(o, 2, "template literal with ${…}")
			return true
		}
	case interpRuby:
		switch {
		case c == '#' && next == '{':
			l.pushCode(o, 2, "interpolated string")
			return true
		case c == '#' && (next == '@' || next == '$'):
			l.markDynamic(o, "interpolated string")
		}
	case interpPerl:
		switch {
		case (c == '$' || c == '@') && next == '{':
			l.pushCode(o, 2, "interpolated string")
			return true
		case c == '$' && (isIdentStart(next) || isDigit(next) || next == ':' || next == '$'),
			c == '@' && (isIdentStart(next) || next == ':' || next == '$' || next == '_'):
			l.markDynamic(o, "interpolated string")
		}
	case interpPHP:
		switch {
		case c == '{' && next == '$':
			l.pushCode(o, 1, "interpolated string")
			return true
		case c == '$' && next == '{':
			l.pushCode(o, 2, "interpolated string")
			return true
		case c == '$' && isIdentStart(next):
			l.markDynamic(o, "interpolated string")
		}
	}
	return false
}

func (l *interpLexer) markDynamic(o *ipOpen, why string) {
	if s := &l.strs[o.st]; s.lit {
		s.lit, s.why = false, why
	}
}

// pushCode starts the code of an interpolation after skip bytes.
func (l *interpLexer) pushCode(o *ipOpen, skip int, why string) {
	l.markDynamic(o, why)
	if len(l.stack) >= maxInterpNesting {
		l.tooDeep = true
		return
	}
	l.stack = append(l.stack, ipFrame{open: *o})
	l.i += skip
	l.cur = nil
}

// escape reads a backslash sequence of the open literal.
func (l *interpLexer) escape(o *ipOpen) {
	n := l.src[l.i+1]
	switch o.esc {
	case escRaw:
		o.buf = append(o.buf, '\\', n)
		l.i += 2
		return
	case escSingle:
		if n != '\\' && n != o.close && (o.open == 0 || n != o.open) {
			o.buf = append(o.buf, '\\')
		}
		o.buf = append(o.buf, n)
		l.i += 2
		return
	}
	out, size, ok := decodeEscape(o.esc, l.src[l.i:], o.buf)
	o.buf = out
	if !ok {
		l.markDynamic(o, "escape sequence "+l.src[l.i:l.i+size]+" not decoded")
	}
	l.i += size
}

// simpleEscapes maps the one-letter escapes common to the languages.
func simpleEscape(esc ipEsc, n byte) (byte, bool) {
	switch n {
	case 'n':
		return '\n', true
	case 't':
		return '\t', true
	case 'r':
		return '\r', true
	case 'f':
		return '\f', true
	case 'v':
		return '\v', esc != escPerl
	case 'a':
		return '\a', esc != escJS && esc != escPHP
	case 'b':
		return '\b', esc != escPHP
	case 'e':
		return 0x1b, esc == escRuby || esc == escPerl || esc == escPHP
	case 's':
		return ' ', esc == escRuby
	case '\\', '"', '\'':
		return n, true
	}
	return 0, false
}

// decodeEscape decodes the escape sequence at the start of s (s[0] is the
// backslash) for a language, appending it to buf. It returns the bytes
// used and false when the sequence is one this package does not decode.
func decodeEscape(esc ipEsc, s string, buf []byte) ([]byte, int, bool) {
	n := s[1]
	if n == '\n' && esc != escPerl && esc != escPHP {
		return buf, 2, true // line continuation
	}
	if n == '\r' && esc == escJS && len(s) > 2 && s[2] == '\n' {
		return buf, 3, true
	}
	if b, ok := simpleEscape(esc, n); ok {
		if esc == escPHP && n == '\'' {
			return append(buf, '\\', n), 2, true
		}
		return append(buf, b), 2, true
	}
	switch {
	case n == 'x':
		return hexEscape(esc, s, buf)
	case n == 'u' && esc != escPyBytes && esc != escAwk && esc != escPerl:
		return unicodeEscape(esc, s, buf)
	case n == 'U' && esc == escPython:
		return fixedCodePoint(s, 2, 8, buf)
	case n == 'N' && esc == escPerl && strings.HasPrefix(s[2:], "{U+"):
		return bracedCodePoint(s, 5, buf)
	case n >= '0' && n <= '7':
		return octalEscape(esc, s, buf)
	case n == '$' && (esc == escPHP || esc == escPerl || esc == escJS):
		return append(buf, n), 2, true
	case esc == escPython || esc == escPyBytes || esc == escPHP:
		if esc != escPHP && (n == 'N' || n == 'u' || n == 'U') {
			return buf, 2, false
		}
		return append(buf, '\\', n), 2, true // unknown escapes keep the backslash
	case esc == escPerl && strings.IndexByte("lLuUQEFcNo", n) >= 0,
		esc == escRuby && strings.IndexByte("cCM", n) >= 0,
		esc == escJS && isDigit(n):
		return buf, 2, false // case modifiers, control and meta characters
	}
	return append(buf, n), 2, true // the escaped character itself
}

// hexEscape decodes \xHH (and Perl's \x{…}).
func hexEscape(esc ipEsc, s string, buf []byte) ([]byte, int, bool) {
	if esc == escPerl && strings.HasPrefix(s[2:], "{") {
		return bracedCodePoint(s, 3, buf)
	}
	j := 2
	for j < len(s) && j < 4 && isHexDigit(s[j]) {
		j++
	}
	need := 4 // exactly two digits
	if esc == escRuby || esc == escPerl || esc == escPHP || esc == escAwk {
		need = 3 // one or two digits
	}
	if j < need {
		if esc == escPHP {
			return append(buf, '\\', 'x'), 2, true
		}
		return buf, j, false
	}
	v := 0
	for _, d := range []byte(s[2:j]) {
		v = v*16 + hexValue(d)
	}
	if esc == escPython || esc == escJS {
		return appendRune(buf, rune(v)), j, true
	}
	return append(buf, byte(v)), j, true
}

// unicodeEscape decodes \uXXXX and \u{X…} (several code points in Ruby).
func unicodeEscape(esc ipEsc, s string, buf []byte) ([]byte, int, bool) {
	if strings.HasPrefix(s[2:], "{") && esc != escPython {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return buf, 2, false
		}
		fields := strings.Fields(s[3:end])
		if len(fields) != 1 && (esc != escRuby || len(fields) == 0) {
			return buf, end + 1, false
		}
		for _, f := range fields {
			v, ok := hexCodePoint(f)
			if !ok {
				return buf, end + 1, false
			}
			buf = appendRune(buf, v)
		}
		return buf, end + 1, true
	}
	if esc == escPHP {
		return append(buf, '\\', 'u'), 2, true
	}
	return fixedCodePoint(s, 2, 4, buf)
}

// fixedCodePoint decodes exactly n hex digits at s[start:] as a code point.
func fixedCodePoint(s string, start, n int, buf []byte) ([]byte, int, bool) {
	if len(s) < start+n {
		return buf, len(s), false
	}
	v, ok := hexCodePoint(s[start : start+n])
	if !ok {
		return buf, start, false
	}
	return appendRune(buf, v), start + n, true
}

// bracedCodePoint decodes the hex digits from s[start:] to the next "}"
// (Perl's \x{…} and \N{U+…}).
func bracedCodePoint(s string, start int, buf []byte) ([]byte, int, bool) {
	end := strings.IndexByte(s, '}')
	if end < start {
		return buf, 2, false
	}
	v, ok := hexCodePoint(s[start:end])
	if !ok {
		return buf, end + 1, false
	}
	return appendRune(buf, v), end + 1, true
}

// hexCodePoint parses 1 to 8 hex digits as a Unicode scalar value.
func hexCodePoint(h string) (rune, bool) {
	if h == "" || len(h) > 8 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(h); i++ {
		if !isHexDigit(h[i]) {
			return 0, false
		}
		v = v*16 + hexValue(h[i])
	}
	if v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) {
		return 0, false
	}
	return rune(v), true
}

// octalEscape decodes \o, \oo, \ooo.
func octalEscape(esc ipEsc, s string, buf []byte) ([]byte, int, bool) {
	if esc == escJS {
		if s[1] == '0' && (len(s) < 3 || !isDigit(s[2])) {
			return append(buf, 0), 2, true
		}
		return buf, 2, false // legacy octal
	}
	j, v := 1, 0
	for j < len(s) && j < 4 && s[j] >= '0' && s[j] <= '7' {
		v = v*8 + int(s[j]-'0')
		j++
	}
	if esc == escPython {
		return appendRune(buf, rune(v)), j, true
	}
	return append(buf, byte(v)), j, true
}

func hexValue(d byte) int {
	switch {
	case d >= 'a':
		return int(d-'a') + 10
	case d >= 'A':
		return int(d-'A') + 10
	}
	return int(d - '0')
}

func appendRune(buf []byte, r rune) []byte {
	return append(buf, string(r)...)
}
