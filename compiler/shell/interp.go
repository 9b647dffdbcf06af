package shell

import (
	"path"
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
	// regular expression literals, word lists, here-document bodies, the
	// text after __END__ and PHP's text outside <?php … ?>) not handed to a
	// shell or run as code: data, such as a message that mentions "rm -rf".
	// A span covers the literal with its quotes and prefix (a here-document
	// span covers its body); spans are in order and do not overlap.
	Literals []Span
}

// Limits of the code analysis.
const (
	// ipMaxNesting bounds nested interpolations (f"{f'{…}'}").
	ipMaxNesting = 200
	// ipMaxEvalDepth bounds the analysis of code passed to eval as a string.
	ipMaxEvalDepth = 3
	// ipMaxExcerpt bounds the source excerpts quoted in Dynamic reasons.
	ipMaxExcerpt = 60
	// ipMaxParenless bounds the tokens of an argument list without
	// parentheses (Ruby, Perl) that are split into arguments.
	ipMaxParenless = 256
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
	lang := ipInterpreterLang(name)
	var text string
	var ok, template bool
	switch {
	case lang == "python":
		text, ok = ipPythonArgs(argv, stdin)
	case name == "deno":
		text, ok = ipDenoArgs(argv)
	case name == "bun":
		text, ok = ipBunArgs(argv)
	case lang == "node":
		text, ok = ipNodeArgs(argv, stdin)
	case lang == "ruby":
		text, ok = ipRubyArgs(argv, stdin)
	case lang == "perl":
		text, ok = ipPerlArgs(argv, stdin)
	case lang == "php":
		text, ok, template = ipPHPArgs(argv, stdin)
	case lang == "awk":
		text, ok = ipAwkArgs(argv)
	}
	if !ok {
		return Code{}, false
	}
	c := Code{Lang: lang, Interpreter: name, Text: text}
	ipAnalyse(&c, text, template, 0)
	return c, true
}

// ipInterpreterLang returns the language run by an interpreter's base name,
// or "".
func ipInterpreterLang(name string) string {
	switch {
	case ipVersionedName(name, "python"), ipVersionedName(name, "pypy"):
		return "python"
	case name == "node", name == "nodejs", name == "deno", name == "bun":
		return "node"
	case ipVersionedName(name, "ruby"):
		return "ruby"
	case ipVersionedName(name, "perl"):
		return "perl"
	case ipVersionedName(name, "php"):
		return "php"
	case name == "awk", name == "gawk", name == "mawk", name == "nawk":
		return "awk"
	}
	return ""
}

// ipVersionedName matches base, optionally followed by a version made of
// digits and dots (python3.12, perl5.36.0, php8.2).
func ipVersionedName(name, base string) bool {
	v, ok := strings.CutPrefix(name, base)
	return ok && strings.Trim(v, "0123456789.") == ""
}

// ipStdinCode is the code of an interpreter that reads its program from
// standard input.
func ipStdinCode(stdin string) (string, bool) {
	return stdin, stdin != ""
}

// ipClusterArg returns the argument of a short option at a[j] of a cluster:
// the rest of the word, or else the next word. ok is false when missing.
func ipClusterArg(argv []string, i *int, a string, j int) (string, bool) {
	if j+1 < len(a) {
		return a[j+1:], true
	}
	if *i+1 >= len(argv) {
		return "", false
	}
	*i++
	return argv[*i], true
}

// ipPythonArgs parses CPython's command line.
func ipPythonArgs(argv []string, stdin string) (string, bool) {
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			if i+1 < len(argv) && argv[i+1] != "-" {
				return "", false
			}
			return ipStdinCode(stdin)
		case a == "-":
			return ipStdinCode(stdin)
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
				return ipClusterArg(argv, &i, a, j)
			case c == 'W' || c == 'X':
				if _, ok := ipClusterArg(argv, &i, a, j); !ok {
					return "", false
				}
				j = len(a)
			case strings.IndexByte("bBdEiIOPqsSuvxR", c) >= 0:
			default:
				return "", false // -m MODULE, -h, -V, unknown
			}
		}
	}
	return ipStdinCode(stdin)
}

// ipNodeArgOptions are node options that take the next word as their value.
var ipNodeArgOptions = []string{
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

// ipNodeArgs parses node's command line.
func ipNodeArgs(argv []string, stdin string) (string, bool) {
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
				return ipStdinCode(stdin)
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
		case slices.Contains(ipNodeArgOptions, a):
			i++
		}
	}
	if found {
		return code, true
	}
	return ipStdinCode(stdin)
}

// ipDenoArgs parses `deno eval [options] CODE`.
func ipDenoArgs(argv []string) (string, bool) {
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

// ipBunArgs parses `bun -e CODE` and `bun --print CODE`.
func ipBunArgs(argv []string) (string, bool) {
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

// ipJoinedCode returns the -e texts of ruby, perl or php, or the code on
// standard input when there are none and no script was named.
func ipJoinedCode(parts []string, script bool, stdin string) (string, bool) {
	if len(parts) > 0 {
		return strings.Join(parts, "\n"), true
	}
	if script {
		return "", false
	}
	return ipStdinCode(stdin)
}

// ipRubyArgs parses ruby's command line.
func ipRubyArgs(argv []string, stdin string) (string, bool) {
	var parts []string
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			return ipJoinedCode(parts, i+1 < len(argv) && argv[i+1] != "-", stdin)
		case a == "-" || len(a) < 2 || a[0] != '-':
			return ipJoinedCode(parts, a != "-", stdin)
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
		code, ok := ipRubyCluster(argv, &i, a)
		if !ok {
			return "", false
		}
		parts = append(parts, code...)
	}
	return ipJoinedCode(parts, false, stdin)
}

// ipRubyCluster parses one word of ruby switches and returns its -e texts.
func ipRubyCluster(argv []string, i *int, a string) ([]string, bool) {
	var code []string
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'e':
			text, ok := ipClusterArg(argv, i, a, j)
			return append(code, text), ok
		case strings.IndexByte("CEIr", c) >= 0:
			_, ok := ipClusterArg(argv, i, a, j)
			return code, ok
		case strings.IndexByte("ixF", c) >= 0:
			return code, true // the rest of the word is the value
		case c == '0' || c == 'T' || c == 'W':
			for j+1 < len(a) && (ipDigit(a[j+1]) || (c == 'W' && a[j+1] == ':')) {
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

// ipPerlArgs parses perl's command line.
func ipPerlArgs(argv []string, stdin string) (string, bool) {
	var parts []string
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			return ipJoinedCode(parts, i+1 < len(argv) && argv[i+1] != "-", stdin)
		case a == "-" || len(a) < 2 || a[0] != '-':
			return ipJoinedCode(parts, a != "-", stdin)
		}
		code, ok := ipPerlCluster(argv, &i, a)
		if !ok {
			return "", false
		}
		parts = append(parts, code...)
	}
	return ipJoinedCode(parts, false, stdin)
}

// ipPerlCluster parses one word of perl switches and returns its -e texts.
func ipPerlCluster(argv []string, i *int, a string) ([]string, bool) {
	var code []string
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'e' || c == 'E':
			text, ok := ipClusterArg(argv, i, a, j)
			return append(code, text), ok
		case c == 'I':
			_, ok := ipClusterArg(argv, i, a, j)
			return code, ok
		case c == 'm' || c == 'M':
			return code, j+1 < len(a)
		case strings.IndexByte("dDixF", c) >= 0:
			return code, true // the rest of the word is the value
		case c == '0' || c == 'l' || c == 'C':
			for j+1 < len(a) && (ipHexDigit(a[j+1]) || a[j+1] == 'x' ||
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

// ipPHPArgs parses php's command line. template is true when the code is a
// PHP file read from standard input.
func ipPHPArgs(argv []string, stdin string) (text string, ok, template bool) {
	var parts []string
	withArg := "cdztS"
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		name, value, stuck := strings.Cut(a, "=")
		switch {
		case a == "--":
			text, ok = ipJoinedCode(parts, i+1 < len(argv), stdin)
			return text, ok, len(parts) == 0
		case a == "-" || len(a) < 2 || a[0] != '-':
			text, ok = ipJoinedCode(parts, a != "-", stdin)
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
			code, ok := ipClusterArg(argv, &i, a, 1)
			if !ok {
				return "", false, false
			}
			parts = append(parts, code)
		case strings.IndexByte(withArg, c) >= 0:
			if _, ok := ipClusterArg(argv, &i, a, 1); !ok {
				return "", false, false
			}
		case strings.IndexByte("fFhivml?", c) >= 0:
			return "", false, false
		}
	}
	text, ok = ipJoinedCode(parts, false, stdin)
	return text, ok, len(parts) == 0
}

// ipGawkLong lists gawk's long options: "name" takes no argument, "name="
// requires one, "name?" takes an optional one after =.
var ipGawkLong = []string{
	"assign=", "field-separator=", "file=", "source=", "exec=", "include=", "load=",
	"characters-as-bytes", "traditional", "copyright?", "debug?", "dump-variables?", "gen-pot",
	"help", "lint?", "bignum", "use-lc-numeric", "non-decimal-data", "optimize", "profile?",
	"posix", "pretty-print?", "re-interval", "no-optimize", "sandbox", "lint-old", "version",
	"csv", "persist?", "usage",
}

// ipAwkArgs parses the command line of awk, gawk, mawk and nawk (getopt with
// "+": options end at the first operand).
func ipAwkArgs(argv []string) (string, bool) {
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
			name, kind, ok := ipAwkLongOption(a)
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
		src, file, stop, ok := ipAwkCluster(argv, &i, a)
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

// ipAwkLongOption resolves a gawk long option, exactly or by unique prefix
// (getopt_long), and returns its name and argument kind.
func ipAwkLongOption(a string) (name string, kind byte, ok bool) {
	arg, _, _ := strings.Cut(a[2:], "=")
	found := 0
	for _, l := range ipGawkLong {
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

// ipAwkCluster parses one word of awk short options.
func ipAwkCluster(argv []string, i *int, a string) (sources []string, file, stop, ok bool) {
	for j := 1; j < len(a); j++ {
		c := a[j]
		switch {
		case c == 'e' || c == 'f' || c == 'E' || strings.IndexByte("vFilW", c) >= 0:
			v, ok := ipClusterArg(argv, i, a, j)
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

func ipDigit(b byte) bool { return b >= '0' && b <= '9' }

func ipHexDigit(b byte) bool {
	return ipDigit(b) || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F')
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
	// next is, for ipStr, the index of the first token after the literal:
	// the tokens in between are the code of its interpolations.
	next int32
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
	body  Span     // a here-document's body, which its token does not cover
}

// ipEsc selects how backslashes in a literal are read.
type ipEsc uint8

const (
	ipEscRaw    ipEsc = iota // a backslash keeps itself and the next byte (Python r"", regexes)
	ipEscSingle              // only \\ and \DELIM are escapes ('…' in Ruby, Perl, PHP; q())
	ipEscPython
	ipEscPyBytes
	ipEscJS
	ipEscRuby
	ipEscPerl
	ipEscPHP
	ipEscAwk
)

// ipInterp selects which interpolations a literal has.
type ipInterp uint8

const (
	interpNone     ipInterp = iota
	interpPyFmt             // {expr}, with {{ and }} for braces
	interpJS                // ${expr}
	interpRuby              // #{expr}, #@var, #$var
	interpPerl              // $var, @var, ${…}, @{…}
	interpPHP               // $var, {$…}, ${…}
	interpMarkOnly          // Ruby/Perl bare regexes: interpolation marks the literal dynamic only
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

// ipHeredoc is a here-document whose body is still to be read.
type ipHeredoc struct {
	st      int    // its ipString
	id      string // the terminator
	indent  bool   // the terminator may be indented (<<~, <<-, PHP)
	interp  bool   // the body interpolates
	tokIdx  int    // its token
	phpTerm bool   // PHP: the terminator may be followed by ; , ) and more
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
	// heredocs are the here-documents started on the current line, whose
	// bodies follow its end.
	heredocs []ipHeredoc
	// noRegexUntil: a bare / before this offset is an operator (a regex
	// starting on this line was found unterminated).
	noRegexUntil int
	nested       []string // code to analyse too (Perl s///e replacements)
}

// lexInterp tokenizes code. template starts PHP code outside <?php.
func lexInterp(lang, src string, template bool) *interpLexer {
	l := &interpLexer{lang: lang, src: src, html: lang == "php" && template}
	if lang == "node" && strings.HasPrefix(src, "#!") {
		l.i = len(src) // a #! line, for a script read from standard input
		if end := strings.IndexByte(src, '\n'); end >= 0 {
			l.i = end
		}
	}
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
	l.toks[o.tok].next = int32(len(l.toks))
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
		l.heredocBodies()
	case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		l.i++
	case l.comment():
	case l.literalStart():
	case l.lang == "php" && strings.HasPrefix(l.src[l.i:], "?>"):
		l.i += 2
		l.html = true
	case ipIdentStart(c) || (c == '$' && l.lang == "node"):
		l.ident()
	case ipDigit(c):
		l.number()
	case l.variable():
	default:
		l.punct()
	}
}

func ipIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func ipIdentByte(c byte) bool { return ipIdentStart(c) || ipDigit(c) }

// comment skips a comment and reports whether there was one.
func (l *interpLexer) comment() bool {
	rest := l.src[l.i:]
	hash := l.lang != "node" && strings.HasPrefix(rest, "#") && !(l.lang == "php" && strings.HasPrefix(rest, "#["))
	slash := (l.lang == "node" || l.lang == "php") && strings.HasPrefix(rest, "//")
	switch {
	case hash || slash:
		end := strings.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		if l.lang == "php" {
			// A PHP line comment also ends at ?>.
			if q := strings.Index(rest[:end], "?>"); q >= 0 {
				end = q
			}
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
		l.toks = append(l.toks, ipTok{kind: ipStr, span: Span{start, l.i}, str: int32(len(l.strs)), next: int32(len(l.toks) + 1)})
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
	for l.i < len(l.src) && (ipIdentByte(l.src[l.i]) || (l.lang == "node" && l.src[l.i] == '$')) {
		l.i++
		if l.lang == "perl" && strings.HasPrefix(l.src[l.i:], "::") && l.i+2 < len(l.src) && ipIdentStart(l.src[l.i+2]) {
			l.i += 2
		}
	}
	word := l.src[start:l.i]
	switch l.lang {
	case "python":
		if l.i < len(l.src) && (l.src[l.i] == '\'' || l.src[l.i] == '"') && ipPyPrefix(word) {
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
	l.toks = append(l.toks, ipTok{kind: ipStr, span: Span{start, l.i}, str: int32(len(l.strs)), next: int32(len(l.toks) + 1)})
	l.strs = append(l.strs, ipString{val: l.src[start:], lit: true, data: true})
}

func ipPyPrefix(w string) bool {
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
		if ipIdentByte(c) || (c == '.' && l.i+1 < len(l.src) && ipDigit(l.src[l.i+1])) {
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
		if op[0] != c {
			continue
		}
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
			return !ipOperandKeyword(t.text)
		case ipVar, ipNum, ipStr:
			return true
		default:
			return t.text == ")" || t.text == "]" || t.text == "}"
		}
	}
	return false
}

// ipOperandKeyword reports keywords and list operators after which an
// operand, not an operator, follows.
func ipOperandKeyword(w string) bool {
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
		case ipIdentStart(next) || next == ':':
			l.identTail()
		case next == '^' && l.i+1 < len(l.src):
			l.i += 2
		case next == '{' || next == '$' || next == 0:
		case next != ' ' && next != '\t' && next != '\n':
			l.i++ // $' $" $; $/ $0 …
		}
	case l.lang == "perl" && (c == '@' || (c == '%' && !l.afterValue())) &&
		(ipIdentStart(next) || next == '{' || next == '$' || next == ':' || next == '_'):
		l.i++
		l.identTail()
	case l.lang == "ruby" && c == '$' && next != 0 && next != ' ' && next != '\n':
		l.i += 2
		l.identTail()
	case l.lang == "ruby" && c == '@' && (ipIdentStart(next) || next == '@'):
		l.i += 2
		l.identTail()
	case l.lang == "ruby" && c == ':' && ipIdentStart(next):
		l.i++
		l.identTail()
	case l.lang == "php" && c == '$' && ipIdentStart(next):
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
	for l.i < len(l.src) && (ipIdentByte(l.src[l.i]) || (l.lang == "perl" && l.src[l.i] == ':')) {
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
			l.openAt(start, 1, ipOpen{close: c, single: true, esc: ipEscJS})
		case c == '`':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscJS, interp: interpJS})
		case c == '/' && next != '/' && next != '*':
			return l.bareRegex(true, interpNone)
		default:
			return false
		}
		return true
	case "ruby":
		switch {
		case c == '\'':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscSingle})
		case c == '"':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscRuby, interp: interpRuby})
		case c == '`':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscRuby, interp: interpRuby})
			l.strs[len(l.strs)-1].exec = true
		case c == ':' && (next == '"' || next == '\''):
			l.i++
			return l.literalStart()
		case c == '%':
			return l.rubyPercent()
		case c == '/':
			return l.bareRegex(false, interpMarkOnly)
		case c == '<' && next == '<':
			return l.heredoc()
		default:
			return false
		}
		return true
	case "perl":
		switch {
		case c == '\'':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscSingle})
		case c == '"':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscPerl, interp: interpPerl})
		case c == '`':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscPerl, interp: interpPerl})
			l.strs[len(l.strs)-1].exec = true
		case c == '/':
			return l.bareRegex(false, interpMarkOnly)
		case c == '<' && next == '<':
			return l.heredoc()
		default:
			return false
		}
		return true
	case "php":
		if c == '<' && strings.HasPrefix(l.src[l.i:], "<<<") {
			return l.heredoc()
		}
		switch c {
		case '\'':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscSingle})
		case '"', '`':
			l.openAt(start, 1, ipOpen{close: c, esc: ipEscPHP, interp: interpPHP})
			l.strs[len(l.strs)-1].exec = c == '`'
		default:
			return false
		}
		return true
	case "awk":
		switch c {
		case '"':
			l.openAt(start, 1, ipOpen{close: c, single: true, esc: ipEscAwk})
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

// heredoc reads the start of a here-document at << (PHP <<<): Perl
// <<"ID", <<'ID', <<ID, <<~ID; Ruby <<ID, <<-ID, <<~ID and their quoted
// forms (a backquoted ID runs the body); PHP <<<ID, <<<"ID", <<<'ID'. The
// body is read at the end of the line. A bare ID must start with an
// upper-case letter or _ in Perl and Ruby, so that a shift (1 << x) is not
// taken for one.
func (l *interpLexer) heredoc() bool {
	start := l.i
	j := l.i + 2
	if l.lang == "php" {
		j++
		for j < len(l.src) && (l.src[j] == ' ' || l.src[j] == '\t') {
			j++
		}
	}
	h := ipHeredoc{interp: true, indent: l.lang == "php", phpTerm: l.lang == "php"}
	if j < len(l.src) && l.lang != "php" && (l.src[j] == '~' || (l.lang == "ruby" && l.src[j] == '-')) {
		h.indent = true
		j++
	}
	if j >= len(l.src) {
		return false
	}
	q := l.src[j]
	exec := false
	switch {
	case q == '"' || q == '\'' || (q == '`' && l.lang != "php"):
		end := strings.IndexByte(l.src[j+1:], q)
		if end <= 0 || strings.IndexByte(l.src[j+1:j+1+end], '\n') >= 0 {
			return false
		}
		h.id = l.src[j+1 : j+1+end]
		h.interp, exec = q != '\'', q == '`'
		j += end + 2
	case q == '_' || (q >= 'A' && q <= 'Z') || (l.lang == "php" && ipIdentStart(q)):
		k := j
		for k < len(l.src) && ipIdentByte(l.src[k]) {
			k++
		}
		h.id = l.src[j:k]
		j = k
	default:
		return false
	}
	h.st, h.tokIdx = len(l.strs), len(l.toks)
	l.toks = append(l.toks, ipTok{kind: ipStr, span: Span{start, j}, str: int32(h.st), next: int32(len(l.toks) + 1)})
	l.strs = append(l.strs, ipString{lit: false, why: "unterminated here-document", exec: exec})
	l.heredocs = append(l.heredocs, h)
	l.i = j
	return true
}

// heredocBodies reads the bodies of the here-documents started on the line
// that just ended.
func (l *interpLexer) heredocBodies() {
	for _, h := range l.heredocs {
		start := l.i
		for l.i < len(l.src) {
			end := strings.IndexByte(l.src[l.i:], '\n')
			line := l.src[l.i:]
			if end >= 0 {
				line = line[:end]
			}
			next := len(l.src)
			if end >= 0 {
				next = l.i + end + 1
			}
			if ipHeredocEnds(line, h) {
				body := l.src[start:l.i]
				st := &l.strs[h.st]
				st.val, st.lit, st.why = body, true, ""
				if h.interp && strings.ContainsAny(body, "$@#{") {
					st.val, st.lit, st.why = "", false, "interpolated here-document"
				}
				st.body = Span{start, l.i}
				l.i = next
				break
			}
			l.i = next
		}
	}
	l.heredocs = l.heredocs[:0]
}

// ipHeredocEnds reports whether line terminates a here-document.
func ipHeredocEnds(line string, h ipHeredoc) bool {
	line = strings.TrimSuffix(line, "\r")
	if h.indent {
		line = strings.TrimLeft(line, " \t")
	}
	if h.phpTerm {
		rest, ok := strings.CutPrefix(line, h.id)
		return ok && (rest == "" || !ipIdentByte(rest[0]))
	}
	return line == h.id
}

// pyString opens a Python string at l.i with the given (lowercase) prefix.
func (l *interpLexer) pyString(start int, prefix string) {
	q := l.src[l.i]
	o := ipOpen{close: q, esc: ipEscPython}
	skip := l.i - start + 1
	if strings.HasPrefix(l.src[l.i:], strings.Repeat(string(q), 3)) {
		o.triple = true
		skip += 2
	} else {
		o.single = true
	}
	switch {
	case strings.Contains(prefix, "r"):
		o.esc = ipEscRaw
	case strings.Contains(prefix, "b"):
		o.esc = ipEscPyBytes
	}
	if strings.ContainsAny(prefix, "ft") {
		o.interp = interpPyFmt
	}
	l.openAt(start, skip, o)
}

// ipClosing returns the closing delimiter of a bracketing delimiter.
func ipClosing(d byte) (byte, bool) {
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

// ipDelimited returns the literal settings for a quote-like delimiter d.
func ipDelimited(d byte) ipOpen {
	closer, pair := ipClosing(d)
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
	if t := l.src[l.i+1]; strings.IndexByte("qQwWiIxrs", t) >= 0 && l.i+2 < len(l.src) && ipQuoteDelim(l.src[l.i+2]) {
		kind, body = t, l.i+2
	}
	d := l.src[body]
	if !ipQuoteDelim(d) || (kind == 'Q' && body == l.i+1 && d == '=') {
		return false
	}
	o := ipDelimited(d)
	switch kind {
	case 'q', 'w', 'i', 's':
		o.esc = ipEscSingle
	case 'r':
		o.esc, o.interp, o.flags = ipEscRaw, interpRuby, "mixounse"
	default:
		o.esc, o.interp = ipEscRuby, interpRuby
	}
	l.openAt(start, body+1-start, o)
	s := &l.strs[len(l.strs)-1]
	s.exec = kind == 'x'
	s.words = strings.IndexByte("wWiI", kind) >= 0
	s.regex = kind == 'r'
	return true
}

func ipQuoteDelim(d byte) bool {
	return !ipIdentByte(d) && d != ' ' && d != '\t' && d != '\n' && d != '\r'
}

// perlQuote opens a quote-like operator (q qq qw qx qr m s tr y) when word
// is one and a delimiter follows.
func (l *interpLexer) perlQuote(start int, word string) bool {
	switch word {
	case "q", "qq", "qw", "qx", "qr", "m", "s", "tr", "y":
	default:
		return false
	}
	if n := len(l.toks); n > 0 {
		prev := l.toks[n-1]
		if prev.text == "->" || (prev.text == "{" && strings.HasPrefix(l.src[l.i:], "}")) ||
			(prev.text == "-" && prev.span.End == start) {
			return false // a method, a hash key or a file test (-s $f)
		}
	}
	j := l.i
	for j < len(l.src) && (l.src[j] == ' ' || l.src[j] == '\t') {
		j++
	}
	if j >= len(l.src) {
		return false
	}
	d := l.src[j]
	if !ipQuoteDelim(d) || strings.IndexByte(",;)=}", d) >= 0 || (d == '#' && j > l.i) {
		return false
	}
	o := ipDelimited(d)
	interp := interpPerl
	if d == '\'' {
		interp = interpNone
	}
	switch word {
	case "q", "qw":
		o.esc = ipEscSingle
	case "qq", "qx":
		o.esc, o.interp = ipEscPerl, interp
	case "m", "qr":
		o.esc, o.interp, o.flags = ipEscRaw, interp, "msixpodualngc"
	case "s":
		o.esc, o.interp, o.flags, o.parts, o.perlOp = ipEscRaw, interp, "msixpodualngcer", 1, 's'
	case "tr", "y":
		o.esc, o.flags, o.parts = ipEscRaw, "cdsr", 1
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
			for l.i < len(l.src) && ipIdentByte(l.src[l.i]) {
				l.i++ // flags
			}
			l.toks = append(l.toks, ipTok{kind: ipStr, span: Span{start, l.i}, str: int32(len(l.strs)), next: int32(len(l.toks) + 1)})
			st := ipString{val: l.src[start+1 : j], lit: !dynamic, regex: true}
			if dynamic {
				st.why = "interpolated regex"
			}
			l.strs = append(l.strs, st)
			return true
		case interp == interpMarkOnly && (c == '$' || c == '@' || c == '#') && j+1 < len(l.src) &&
			(ipIdentStart(l.src[j+1]) || l.src[j+1] == '{'):
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
		n := ipDelimited(l.src[l.i])
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
		l.markDynamic(o, "the s///e replacement is code")
	}
	s := &l.strs[o.st]
	if s.lit {
		s.val = string(o.buf)
		if s.words {
			s.list = strings.Fields(s.val)
		}
	}
	l.toks[o.tok].span.End = l.i
	l.toks[o.tok].next = int32(len(l.toks))
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
		case c == '$' && (ipIdentStart(next) || ipDigit(next) || next == ':' || next == '$'),
			c == '@' && (ipIdentStart(next) || next == ':' || next == '$' || next == '_'):
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
		case c == '$' && ipIdentStart(next):
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
	if len(l.stack) >= ipMaxNesting {
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
	case ipEscRaw:
		o.buf = append(o.buf, '\\', n)
		l.i += 2
		return
	case ipEscSingle:
		if n != '\\' && n != o.close && (o.open == 0 || n != o.open) {
			o.buf = append(o.buf, '\\')
		}
		o.buf = append(o.buf, n)
		l.i += 2
		return
	}
	out, size, ok := ipDecodeEscape(o.esc, l.src[l.i:], o.buf)
	o.buf = out
	if !ok {
		l.markDynamic(o, "escape sequence "+l.src[l.i:l.i+size]+" not decoded")
	}
	l.i += size
}

// simpleEscapes maps the one-letter escapes common to the languages.
func ipSimpleEscape(esc ipEsc, n byte) (byte, bool) {
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
		return '\v', esc != ipEscPerl
	case 'a':
		return '\a', esc != ipEscJS && esc != ipEscPHP
	case 'b':
		return '\b', esc != ipEscPHP
	case 'e':
		return 0x1b, esc == ipEscRuby || esc == ipEscPerl || esc == ipEscPHP
	case 's':
		return ' ', esc == ipEscRuby
	case '\\', '"', '\'':
		return n, true
	}
	return 0, false
}

// ipDecodeEscape decodes the escape sequence at the start of s (s[0] is the
// backslash) for a language, appending it to buf. It returns the bytes
// used and false when the sequence is one this package does not decode.
func ipDecodeEscape(esc ipEsc, s string, buf []byte) ([]byte, int, bool) {
	n := s[1]
	if n == '\n' && esc != ipEscPerl && esc != ipEscPHP {
		return buf, 2, true // line continuation
	}
	if n == '\r' && esc == ipEscJS && len(s) > 2 && s[2] == '\n' {
		return buf, 3, true
	}
	if b, ok := ipSimpleEscape(esc, n); ok {
		if esc == ipEscPHP && n == '\'' {
			return append(buf, '\\', n), 2, true
		}
		return append(buf, b), 2, true
	}
	switch {
	case n == 'x':
		return ipHexEscape(esc, s, buf)
	case n == 'u' && esc != ipEscPyBytes && esc != ipEscAwk && esc != ipEscPerl:
		return ipUnicodeEscape(esc, s, buf)
	case n == 'U' && esc == ipEscPython:
		return ipFixedCodePoint(s, 2, 8, buf)
	case n == 'N' && esc == ipEscPerl && strings.HasPrefix(s[2:], "{U+"):
		return ipBracedCodePoint(s, 5, buf)
	case n >= '0' && n <= '7':
		return ipOctalEscape(esc, s, buf)
	case n == '$' && (esc == ipEscPHP || esc == ipEscPerl || esc == ipEscJS):
		return append(buf, n), 2, true
	case esc == ipEscPython || esc == ipEscPyBytes || esc == ipEscPHP:
		if esc != ipEscPHP && (n == 'N' || n == 'u' || n == 'U') {
			return buf, 2, false
		}
		return append(buf, '\\', n), 2, true // unknown escapes keep the backslash
	case esc == ipEscPerl && strings.IndexByte("lLuUQEFcNo", n) >= 0,
		esc == ipEscRuby && strings.IndexByte("cCM", n) >= 0,
		esc == ipEscJS && ipDigit(n):
		return buf, 2, false // case modifiers, control and meta characters
	}
	return append(buf, n), 2, true // the escaped character itself
}

// ipHexEscape decodes \xHH (and Perl's \x{…}).
func ipHexEscape(esc ipEsc, s string, buf []byte) ([]byte, int, bool) {
	if esc == ipEscPerl && strings.HasPrefix(s[2:], "{") {
		return ipBracedCodePoint(s, 3, buf)
	}
	j := 2
	for j < len(s) && j < 4 && ipHexDigit(s[j]) {
		j++
	}
	need := 4 // exactly two digits
	if esc == ipEscRuby || esc == ipEscPerl || esc == ipEscPHP || esc == ipEscAwk {
		need = 3 // one or two digits
	}
	if j < need {
		if esc == ipEscPHP {
			return append(buf, '\\', 'x'), 2, true
		}
		return buf, j, false
	}
	v := 0
	for _, d := range []byte(s[2:j]) {
		v = v*16 + ipHexValue(d)
	}
	if esc == ipEscPython || esc == ipEscJS {
		return ipAppendRune(buf, rune(v)), j, true
	}
	return append(buf, byte(v)), j, true
}

// ipUnicodeEscape decodes \uXXXX and \u{X…} (several code points in Ruby).
func ipUnicodeEscape(esc ipEsc, s string, buf []byte) ([]byte, int, bool) {
	if strings.HasPrefix(s[2:], "{") && esc != ipEscPython {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return buf, 2, false
		}
		fields := strings.Fields(s[3:end])
		if len(fields) != 1 && (esc != ipEscRuby || len(fields) == 0) {
			return buf, end + 1, false
		}
		for _, f := range fields {
			v, ok := ipHexCodePoint(f)
			if !ok {
				return buf, end + 1, false
			}
			buf = ipAppendRune(buf, v)
		}
		return buf, end + 1, true
	}
	if esc == ipEscPHP {
		return append(buf, '\\', 'u'), 2, true
	}
	return ipFixedCodePoint(s, 2, 4, buf)
}

// ipFixedCodePoint decodes exactly n hex digits at s[start:] as a code point.
func ipFixedCodePoint(s string, start, n int, buf []byte) ([]byte, int, bool) {
	if len(s) < start+n {
		return buf, len(s), false
	}
	v, ok := ipHexCodePoint(s[start : start+n])
	if !ok {
		return buf, start, false
	}
	return ipAppendRune(buf, v), start + n, true
}

// ipBracedCodePoint decodes the hex digits from s[start:] to the next "}"
// (Perl's \x{…} and \N{U+…}).
func ipBracedCodePoint(s string, start int, buf []byte) ([]byte, int, bool) {
	end := strings.IndexByte(s, '}')
	if end < start {
		return buf, 2, false
	}
	v, ok := ipHexCodePoint(s[start:end])
	if !ok {
		return buf, end + 1, false
	}
	return ipAppendRune(buf, v), end + 1, true
}

// ipHexCodePoint parses 1 to 8 hex digits as a Unicode scalar value.
func ipHexCodePoint(h string) (rune, bool) {
	if h == "" || len(h) > 8 {
		return 0, false
	}
	v := 0
	for i := 0; i < len(h); i++ {
		if !ipHexDigit(h[i]) {
			return 0, false
		}
		v = v*16 + ipHexValue(h[i])
	}
	if v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) {
		return 0, false
	}
	return rune(v), true
}

// ipOctalEscape decodes \o, \oo, \ooo.
func ipOctalEscape(esc ipEsc, s string, buf []byte) ([]byte, int, bool) {
	if esc == ipEscJS {
		if s[1] == '0' && (len(s) < 3 || !ipDigit(s[2])) {
			return append(buf, 0), 2, true
		}
		return buf, 2, false // legacy octal
	}
	j, v := 1, 0
	for j < len(s) && j < 4 && s[j] >= '0' && s[j] <= '7' {
		v = v*8 + int(s[j]-'0')
		j++
	}
	if esc == ipEscPython {
		return ipAppendRune(buf, rune(v)), j, true
	}
	return append(buf, byte(v)), j, true
}

func ipHexValue(d byte) int {
	switch {
	case d >= 'a':
		return int(d-'a') + 10
	case d >= 'A':
		return int(d-'A') + 10
	}
	return int(d - '0')
}

func ipAppendRune(buf []byte, r rune) []byte {
	return append(buf, string(r)...)
}

// ipForm says how the arguments of a shell runner give its command.
type ipForm uint8

const (
	ipFormCmd      ipForm = iota // the first argument: a command string or an argv list
	ipFormMulti                  // one string: a command; several: an argv (Ruby and Perl system)
	ipFormEach                   // each argument is a command (Ruby's Open3.pipeline)
	ipFormProgList               // a program, then an optional list of its arguments
	ipFormExecArgs               // path, arg0, args…: the argv is path and args (os.execl)
	ipFormExecList               // path, [arg0, args…] (os.execv)
	ipFormArgs                   // every argument is one word of the argv
	ipFormPipeOpen               // Ruby's open("|cmd")
	ipFormPerlOpen               // Perl's open(FH, "cmd |") and open(FH, "-|", cmd…)
	ipFormEval                   // the first argument is code in the same language
	ipFormEvalLast               // the last argument is code (new Function(…, body))
)

// ipRunner describes a function that hands a command to a shell or runs
// it.
type ipRunner struct {
	form ipForm
	skip int      // leading arguments before the command (mode, path, handles)
	env  bool     // the last argument is an environment (os.execle)
	mod  string   // the module the name must come from (subprocess.run)
	bare bool     // only when called without a receiver
	recv []string // the receivers allowed, when restricted (Ruby Kernel.system)
}

// ipRunnerFor returns the shell runner called name in a language.
func ipRunnerFor(lang, name string) (ipRunner, bool) {
	switch lang {
	case "python":
		return ipPythonRunner(name)
	case "node":
		return ipNodeRunner(name)
	case "ruby":
		return ipRubyRunner(name)
	case "perl":
		return ipPerlRunner(name)
	case "php":
		return ipPHPRunner(strings.ToLower(name))
	case "awk":
		if name == "system" {
			return ipRunner{form: ipFormCmd, bare: true}, true
		}
	}
	return ipRunner{}, false
}

func ipPythonRunner(name string) (ipRunner, bool) {
	switch name {
	case "system", "popen", "getoutput", "getstatusoutput", "create_subprocess_shell", "Popen",
		"check_output", "check_call":
		return ipRunner{form: ipFormCmd}, true
	case "run", "call":
		return ipRunner{form: ipFormCmd, mod: "subprocess"}, true
	case "spawn":
		return ipRunner{form: ipFormCmd, mod: "pty"}, true
	case "execl", "execlp":
		return ipRunner{form: ipFormExecArgs}, true
	case "execle", "execlpe":
		return ipRunner{form: ipFormExecArgs, env: true}, true
	case "execv", "execvp", "execve", "execvpe", "posix_spawn", "posix_spawnp":
		return ipRunner{form: ipFormExecList}, true
	case "spawnl", "spawnlp":
		return ipRunner{form: ipFormExecArgs, skip: 1}, true
	case "spawnle", "spawnlpe":
		return ipRunner{form: ipFormExecArgs, skip: 1, env: true}, true
	case "spawnv", "spawnvp", "spawnve", "spawnvpe":
		return ipRunner{form: ipFormExecList, skip: 1}, true
	case "create_subprocess_exec":
		return ipRunner{form: ipFormArgs}, true
	case "exec", "eval", "compile":
		return ipRunner{form: ipFormEval, recv: []string{"builtins"}}, true
	}
	return ipRunner{}, false
}

func ipNodeRunner(name string) (ipRunner, bool) {
	switch name {
	case "execSync":
		return ipRunner{form: ipFormCmd}, true
	case "exec":
		return ipRunner{form: ipFormCmd, mod: "child_process"}, true
	case "spawnSync", "execFile", "execFileSync":
		return ipRunner{form: ipFormProgList}, true
	case "spawn":
		return ipRunner{form: ipFormProgList, mod: "child_process"}, true
	case "eval":
		return ipRunner{form: ipFormEval, recv: []string{"globalThis", "window", "global"}}, true
	case "runInThisContext", "runInNewContext", "runInContext":
		return ipRunner{form: ipFormEval}, true
	case "Function":
		return ipRunner{form: ipFormEvalLast, bare: true}, true
	}
	return ipRunner{}, false
}

func ipRubyRunner(name string) (ipRunner, bool) {
	switch name {
	case "system", "exec", "spawn":
		return ipRunner{form: ipFormMulti, recv: []string{"Kernel", "Process", "PTY"}}, true
	case "popen":
		return ipRunner{form: ipFormCmd}, true
	case "popen2", "popen2e", "popen3", "capture2", "capture2e", "capture3":
		return ipRunner{form: ipFormMulti}, true
	case "pipeline", "pipeline_r", "pipeline_rw", "pipeline_w", "pipeline_start":
		return ipRunner{form: ipFormEach}, true
	case "open":
		return ipRunner{form: ipFormPipeOpen, recv: []string{"Kernel"}}, true
	case "read", "readlines", "foreach", "write", "binread", "binwrite":
		return ipRunner{form: ipFormPipeOpen, recv: []string{"IO"}}, true
	case "eval", "instance_eval", "class_eval", "module_eval":
		return ipRunner{form: ipFormEval}, true
	}
	return ipRunner{}, false
}

func ipPerlRunner(name string) (ipRunner, bool) {
	switch name {
	case "system", "exec":
		return ipRunner{form: ipFormMulti, bare: true}, true
	case "readpipe":
		return ipRunner{form: ipFormCmd, bare: true}, true
	case "open":
		return ipRunner{form: ipFormPerlOpen, bare: true}, true
	case "open2":
		return ipRunner{form: ipFormMulti, skip: 2}, true
	case "open3":
		return ipRunner{form: ipFormMulti, skip: 3}, true
	case "eval":
		return ipRunner{form: ipFormEval, bare: true}, true
	}
	return ipRunner{}, false
}

func ipPHPRunner(name string) (ipRunner, bool) {
	switch name {
	case "system", "exec", "shell_exec", "passthru", "popen", "proc_open":
		return ipRunner{form: ipFormCmd, bare: true}, true
	case "pcntl_exec":
		return ipRunner{form: ipFormProgList, bare: true}, true
	case "eval", "assert":
		return ipRunner{form: ipFormEval, bare: true}, true
	}
	return ipRunner{}, false
}

// ipArg is the token range [from, to) of one argument.
type ipArg struct{ from, to int }

// interpScan finds the shell hand-offs in a token stream.
type interpScan struct {
	lang  string
	src   string
	toks  []ipTok
	strs  []ipString
	match []int // the matching bracket of each bracket token, or -1
	used  []bool
	// mods maps local names to the modules they stand for (import
	// subprocess as sp; cp = require("child_process")); names maps local
	// function names to "module.name" (from os import system as s); stars
	// lists the modules imported with *.
	mods    map[string]string
	names   map[string]string
	stars   []string
	shell   []string
	dyn     []string
	nested  []string
	stmtEnd []int // statementEnd, computed on first use
}

// ipAnalyse analyses text and adds what it finds to c. Literals are
// recorded only at depth 0, whose offsets are into c.Text; deeper levels
// are code found in eval strings.
func ipAnalyse(c *Code, text string, template bool, depth int) {
	l := lexInterp(c.Lang, text, template)
	s := &interpScan{
		lang: c.Lang, src: text, toks: l.toks, strs: l.strs, used: make([]bool, len(l.strs)),
		mods: map[string]string{}, names: map[string]string{},
	}
	s.match = ipMatchBrackets(s.toks)
	s.scan()
	c.Shell = ipAppendNew(c.Shell, s.shell...)
	c.Dynamic = ipAppendNew(c.Dynamic, s.dyn...)
	if l.tooDeep {
		c.Dynamic = ipAppendNew(c.Dynamic, "code nested too deeply to analyse")
	}
	for _, n := range append(s.nested, l.nested...) {
		if depth+1 > ipMaxEvalDepth {
			c.Dynamic = ipAppendNew(c.Dynamic, "code evaluated from a string nested too deeply to analyse")
			continue
		}
		ipAnalyse(c, n, false, depth+1)
	}
	if depth == 0 {
		c.Literals = s.literals()
	}
}

// ipAppendNew appends the values not already in list.
func ipAppendNew(list []string, values ...string) []string {
	if len(values) == 0 {
		return list
	}
	seen := make(map[string]bool, len(list))
	for _, v := range list {
		seen[v] = true
	}
	for _, v := range values {
		if !seen[v] {
			seen[v] = true
			list = append(list, v)
		}
	}
	return list
}

// ipMatchBrackets pairs the ( [ { tokens with their closers, both ways.
// Unclosed and stray brackets get -1.
func ipMatchBrackets(toks []ipTok) []int {
	match := make([]int, len(toks))
	var stack []int
	for k, t := range toks {
		match[k] = -1
		if t.kind != ipPunct || len(t.text) != 1 {
			continue
		}
		switch c := t.text[0]; c {
		case '(', '[', '{':
			stack = append(stack, k)
		case ')', ']', '}':
			if n := len(stack); n > 0 {
				if want, _ := ipClosing(toks[stack[n-1]].text[0]); want == c {
					match[k], match[stack[n-1]] = stack[n-1], k
					stack = stack[:n-1]
				}
			}
		}
	}
	return match
}

// scan finds every hand-off.
func (s *interpScan) scan() {
	switch s.lang {
	case "python":
		s.pythonImports()
	case "node":
		s.nodeImports()
	}
	for k, t := range s.toks {
		switch {
		case t.kind == ipIdent:
			s.call(k)
		case t.kind == ipStr && s.strs[t.str].exec:
			s.used[t.str] = true
			if st := s.strs[t.str]; st.lit {
				s.addShell(st.val)
			} else {
				s.addDynamic(s.excerpt(ipArg{k, k + 1}), st.why)
			}
		case t.kind == ipPunct && s.lang == "awk" && (t.text == "|" || t.text == "|&"):
			s.awkPipe(k)
		}
	}
}

func (s *interpScan) addShell(cmd string) {
	if strings.TrimSpace(cmd) != "" {
		s.shell = append(s.shell, cmd)
	}
}

func (s *interpScan) addDynamic(what, why string) {
	s.dyn = append(s.dyn, what+": "+why)
}

// excerpt returns the source of a token range, shortened.
func (s *interpScan) excerpt(a ipArg) string {
	if a.from >= a.to {
		return ""
	}
	start, end, cut := s.toks[a.from].span.Start, 0, false
	for k := a.from; k < a.to; k++ {
		if s.toks[k].span.Start > start+ipMaxExcerpt {
			cut = true
			break
		}
		end = max(end, s.toks[k].span.End)
	}
	text := s.src[start:end]
	if cut && len(text) <= ipMaxExcerpt {
		text += "…"
	}
	if len(text) > ipMaxExcerpt {
		cut := ipMaxExcerpt
		for cut > 0 && text[cut]&0xC0 == 0x80 {
			cut--
		}
		text = text[:cut] + "…"
	}
	return text
}

// literals returns the spans of the literals that are data.
func (s *interpScan) literals() []Span {
	var out []Span
	for _, t := range s.toks {
		if t.kind != ipStr {
			continue
		}
		st := s.strs[t.str]
		if !st.lit || st.exec || s.used[t.str] || t.span.End <= t.span.Start {
			continue
		}
		sp := t.span
		if st.body.End > st.body.Start {
			sp = st.body
		}
		out = append(out, sp)
	}
	// Here-document bodies come after the rest of their line.
	slices.SortStableFunc(out, func(a, b Span) int { return a.Start - b.Start })
	kept := out[:0]
	for _, sp := range out {
		if n := len(kept); n == 0 || sp.Start >= kept[n-1].End {
			kept = append(kept, sp)
		}
	}
	return kept
}

// groupEnd returns the index of the closer of the bracket at k, or the end
// of the tokens when it is unclosed.
func (s *interpScan) groupEnd(k int) int {
	if m := s.match[k]; m > k {
		return m
	}
	return len(s.toks)
}

func (s *interpScan) isPunct(k int, texts ...string) bool {
	return k >= 0 && k < len(s.toks) && s.toks[k].kind == ipPunct && slices.Contains(texts, s.toks[k].text)
}

func (s *interpScan) isIdent(k int, texts ...string) bool {
	return k >= 0 && k < len(s.toks) && s.toks[k].kind == ipIdent && slices.Contains(texts, s.toks[k].text)
}

// skipInner returns the last token of the literal at k, past the code of
// its interpolations (k itself for other tokens).
func (s *interpScan) skipInner(k int) int {
	if t := s.toks[k]; t.kind == ipStr && int(t.next) > k+1 {
		return int(t.next) - 1
	}
	return k
}

// units returns the top-level tokens of a range, a bracketed group being
// represented by its opening bracket; line ends are left out.
func (s *interpScan) units(a ipArg) []int {
	var u []int
	for k := a.from; k < a.to; k++ {
		if s.toks[k].kind == ipNewline {
			continue
		}
		u = append(u, k)
		if s.isPunct(k, "(", "[", "{") {
			k = s.groupEnd(k)
		} else {
			k = s.skipInner(k)
		}
	}
	return u
}

// splitArgs splits the token range [from, to) at its top-level commas
// (and Perl's =>). A trailing empty argument is dropped.
func (s *interpScan) splitArgs(from, to int) []ipArg {
	var args []ipArg
	start := from
	for k := from; k < to; k++ {
		k = s.skipInner(k)
		switch {
		case k >= to:
		case s.isPunct(k, "(", "[", "{"):
			k = s.groupEnd(k)
		case s.isPunct(k, ",") || (s.lang == "perl" && s.isPunct(k, "=>")):
			args = append(args, s.trim(ipArg{start, k}))
			start = k + 1
		}
	}
	if last := s.trim(ipArg{start, to}); last.from < last.to {
		args = append(args, last)
	}
	return args
}

// trim drops the line ends at both ends of a range.
func (s *interpScan) trim(a ipArg) ipArg {
	for a.from < a.to && s.toks[a.from].kind == ipNewline {
		a.from++
	}
	for a.to > a.from && s.toks[a.to-1].kind == ipNewline {
		a.to--
	}
	return a
}

// concatOp returns the language's string concatenation operator and
// whether adjacent strings are concatenated.
func (s *interpScan) concatOp() (string, bool) {
	switch s.lang {
	case "perl", "php":
		return ".", false
	case "awk":
		return "", true
	case "node":
		return "+", false
	}
	return "+", true // python, ruby
}

// stringExpr evaluates an argument made of string literals and
// concatenations. isStr is false when it does not start with a string; lit
// is false, with why, when its value is not known.
func (s *interpScan) stringExpr(a ipArg) (val string, lit bool, why string, isStr bool) {
	u := s.units(a)
	for len(u) == 1 && s.isPunct(u[0], "(") {
		inner := ipArg{u[0] + 1, s.groupEnd(u[0])}
		if len(s.splitArgs(inner.from, inner.to)) > 1 {
			return "", false, "", false // a tuple
		}
		a, u = inner, s.units(inner)
	}
	if len(u) == 0 || !s.isPlainString(u[0]) {
		return "", false, "", false
	}
	op, adjacent := s.concatOp()
	var b strings.Builder
	lit, expectStr := true, true
	for _, k := range u {
		t := s.toks[k]
		switch {
		case s.isPlainString(k) && (expectStr || adjacent):
			st := s.strs[t.str]
			switch {
			case st.exec:
				lit, why = false, "uses the output of a command"
			case !st.lit && lit:
				lit, why = false, st.why
			default:
				b.WriteString(st.val)
			}
			expectStr = false
		case !expectStr && t.kind == ipPunct && t.text == op:
			expectStr = true
		default:
			return "", false, "built at run time: " + s.excerpt(a), true
		}
	}
	if expectStr {
		return "", false, "built at run time: " + s.excerpt(a), true
	}
	if !lit {
		return "", false, why, true
	}
	return b.String(), true, "", true
}

// isPlainString reports a string literal token that is not a regex, word
// list or data block.
func (s *interpScan) isPlainString(k int) bool {
	t := s.toks[k]
	if t.kind != ipStr {
		return false
	}
	st := s.strs[t.str]
	return !st.regex && !st.words && !st.data
}

// listExpr evaluates a list of string literals: [..], a Python or Perl
// (…), PHP array(…), Ruby %w() or Perl qw(). isList is false when the
// argument is not a list.
func (s *interpScan) listExpr(a ipArg) (elems []string, lit bool, why string, isList bool) {
	u := s.units(a)
	var inner ipArg
	switch {
	case len(u) == 1 && s.toks[u[0]].kind == ipStr && s.strs[s.toks[u[0]].str].words:
		st := s.strs[s.toks[u[0]].str]
		if !st.lit {
			return nil, false, st.why, true
		}
		return st.list, true, "", true
	case len(u) == 1 && (s.isPunct(u[0], "[") || ((s.lang == "python" || s.lang == "perl") && s.isPunct(u[0], "("))):
		inner = ipArg{u[0] + 1, s.groupEnd(u[0])}
	case len(u) == 2 && s.lang == "php" && strings.EqualFold(s.toks[u[0]].text, "array") && s.isPunct(u[1], "("):
		inner = ipArg{u[1] + 1, s.groupEnd(u[1])}
	default:
		return nil, false, "", false
	}
	for _, el := range s.splitArgs(inner.from, inner.to) {
		v, ok, why, isStr := s.stringExpr(el)
		switch {
		case !isStr:
			return nil, false, "list element is not a string literal: " + s.excerpt(el), true
		case !ok:
			return nil, false, why, true
		}
		elems = append(elems, v)
	}
	return elems, true, "", true
}

// markUsed records that the literals of an argument are a command, not
// data: its top-level literals and those of the lists or parentheses in it,
// two levels deep (the literals of calls nested deeper are their own
// arguments, and the bound keeps the work linear).
func (s *interpScan) markUsed(a ipArg) {
	s.markUsedDepth(a, 2)
}

func (s *interpScan) markUsedDepth(a ipArg, depth int) {
	for _, k := range s.units(a) {
		switch {
		case s.toks[k].kind == ipStr:
			s.used[s.toks[k].str] = true
		case depth > 0 && s.isPunct(k, "(", "["):
			s.markUsedDepth(ipArg{k + 1, min(s.groupEnd(k), a.to)}, depth-1)
		}
	}
}

// command records the command given by one argument: a string, or a list
// that is an argv.
func (s *interpScan) command(display string, a ipArg) {
	s.markUsed(a)
	if v, lit, why, ok := s.stringExpr(a); ok {
		if lit {
			s.addShell(v)
		} else {
			s.addDynamic(display, why)
		}
		return
	}
	if list, lit, why, ok := s.listExpr(a); ok {
		if lit {
			s.addShell(Canonical(list))
		} else {
			s.addDynamic(display, why)
		}
		return
	}
	s.addDynamic(display, "argument is not a string literal: "+s.excerpt(a))
}

// argvCommand records a command whose words are separate arguments.
func (s *interpScan) argvCommand(display string, words []ipArg, list ...string) {
	var argv []string
	for _, w := range words {
		s.markUsed(w)
		v, lit, why, ok := s.stringExpr(w)
		switch {
		case !ok:
			s.addDynamic(display, "argument is not a string literal: "+s.excerpt(w))
			return
		case !lit:
			s.addDynamic(display, why)
			return
		}
		argv = append(argv, v)
	}
	s.addShell(Canonical(append(argv, list...)))
}

// argvWithList records a program given with a list of further words, of
// which the first drop are left out (arg0).
func (s *interpScan) argvWithList(display string, prog, list ipArg, drop int) {
	s.markUsed(list)
	words, lit, why, ok := s.listExpr(list)
	switch {
	case !ok:
		s.markUsed(prog)
		s.addDynamic(display, "argument list is not a literal: "+s.excerpt(list))
		return
	case !lit:
		s.markUsed(prog)
		s.addDynamic(display, why)
		return
	}
	s.argvCommand(display, []ipArg{prog}, words[min(drop, len(words)):]...)
}

// call checks whether the identifier at k calls a shell runner, and if so
// records its command.
func (s *interpScan) call(k int) {
	name := s.toks[k].text
	recv, hasRecv := s.receiver(k)
	if s.lang == "perl" {
		if i := strings.LastIndex(name, "::"); i >= 0 {
			recv, name = name[:i], name[i+2:]
			hasRecv = recv != "CORE" && recv != "CORE::GLOBAL"
		}
	}
	lookup, module := name, ""
	switch {
	case hasRecv:
		module = s.module(recv)
	case s.names[name] != "":
		full := s.names[name]
		dot := strings.LastIndexByte(full, '.')
		module, lookup = full[:dot], full[dot+1:]
	}
	r, ok := ipRunnerFor(s.lang, lookup)
	if !ok || (r.bare && hasRecv) || (hasRecv && r.recv != nil && !slices.Contains(r.recv, recv)) {
		return
	}
	if r.mod != "" && module != r.mod && (hasRecv || !slices.Contains(s.stars, r.mod)) {
		return
	}
	if s.isDefinition(k) {
		return
	}
	args, ok := s.callArgs(k)
	if !ok {
		return
	}
	display := name
	if hasRecv {
		display = recv + "." + name
	}
	if args == nil && !s.isPunct(k+1, "(") {
		s.addDynamic(display, "argument list too long to analyse")
		return
	}
	s.apply(r, display, args)
}

// receiver returns the receiver of a method call at k (x in x.name,
// x->name, x::name): an identifier or variable, the module named by a
// require/__import__/import_module call, or "()" for another call.
func (s *interpScan) receiver(k int) (string, bool) {
	if k < 2 || !s.isPunct(k-1, ".", "->", "::", "?.", "?->", "&.") {
		return "", false
	}
	r := s.toks[k-2]
	switch {
	case r.kind == ipIdent || r.kind == ipVar:
		return r.text, true
	case s.isPunct(k-2, ")"):
		if o := s.match[k-2]; o > 0 && s.isIdent(o-1, "require", "__import__", "import_module", "import") {
			if args := s.splitArgs(o+1, k-2); len(args) > 0 {
				if v, lit, _, ok := s.stringExpr(args[0]); ok && lit {
					return v, true
				}
			}
		}
		return "()", true
	}
	return "?", true
}

// module returns the module a receiver name stands for.
func (s *interpScan) module(recv string) string {
	if m, ok := s.mods[recv]; ok {
		recv = m
	}
	return strings.TrimPrefix(recv, "node:")
}

// isDefinition reports a function definition rather than a call.
func (s *interpScan) isDefinition(k int) bool {
	j := k - 1
	for j >= 0 && s.toks[j].kind == ipNewline {
		j--
	}
	return s.isIdent(j, "def", "function", "sub", "fn", "alias", "class")
}

// callArgs returns the arguments of a call at k: in parentheses, or, in
// Ruby and Perl, up to the end of the statement.
func (s *interpScan) callArgs(k int) ([]ipArg, bool) {
	if s.isPunct(k+1, "(") {
		return s.splitArgs(k+2, s.groupEnd(k+1)), true
	}
	if (s.lang != "ruby" && s.lang != "perl") || k+1 >= len(s.toks) || !s.startsOperand(k+1) {
		return nil, false
	}
	end := s.statementEnd(k + 1)
	if end-(k+1) > ipMaxParenless {
		return nil, true // too long to analyse: the caller reports it
	}
	return s.splitArgs(k+1, end), true
}

// startsOperand reports whether the token at k can start an argument of a
// call without parentheses.
func (s *interpScan) startsOperand(k int) bool {
	t := s.toks[k]
	switch t.kind {
	case ipStr, ipVar, ipNum:
		return true
	case ipIdent:
		return !ipStatementKeyword(t.text)
	}
	return t.text == "[" || (t.text == "{" && s.lang == "perl")
}

func ipStatementKeyword(w string) bool {
	switch w {
	case "if", "unless", "while", "until", "or", "and", "not", "do", "then", "end", "for", "foreach",
		"rescue", "ensure", "else", "elsif", "x":
		return true
	}
	return false
}

// statementEnd returns the end of an argument list without parentheses:
// the first line end, statement keyword, ; or unmatched closer at the top
// level. The ends are computed once, backwards, so that a long line of
// calls stays linear.
func (s *interpScan) statementEnd(from int) int {
	if s.stmtEnd == nil {
		n := len(s.toks)
		s.stmtEnd = make([]int, n+1)
		s.stmtEnd[n] = n
		for k := n - 1; k >= 0; k-- {
			t := s.toks[k]
			switch {
			case t.kind == ipNewline, t.kind == ipIdent && ipStatementKeyword(t.text),
				s.isPunct(k, ";", ")", "]", "}", "||", "&&", "?"):
				s.stmtEnd[k] = k
			case s.isPunct(k, "(", "[", "{"):
				s.stmtEnd[k] = s.stmtEnd[min(s.groupEnd(k)+1, n)]
			default:
				s.stmtEnd[k] = s.stmtEnd[s.skipInner(k)+1]
			}
		}
	}
	return s.stmtEnd[from]
}

// positional separates keyword arguments (Python name=…, Ruby and PHP
// name: …) from positional ones.
func (s *interpScan) positional(args []ipArg) ([]ipArg, map[string]ipArg) {
	var pos []ipArg
	kw := map[string]ipArg{}
	for _, a := range args {
		u := s.units(a)
		if len(u) >= 2 && s.toks[u[0]].kind == ipIdent &&
			((s.lang == "python" && s.isPunct(u[1], "=")) || ((s.lang == "ruby" || s.lang == "php") && s.isPunct(u[1], ":"))) {
			kw[s.toks[u[0]].text] = ipArg{u[1] + 1, a.to}
			continue
		}
		pos = append(pos, a)
	}
	return pos, kw
}

// apply records the command of a runner's call.
func (s *interpScan) apply(r ipRunner, display string, args []ipArg) {
	pos, kw := s.positional(args)
	rest := pos[min(r.skip, len(pos)):]
	switch r.form {
	case ipFormCmd:
		if len(rest) > 0 {
			s.command(display, rest[0])
			return
		}
		// Keyword forms: subprocess.run(args=…), PHP system(command: …).
		for _, name := range []string{"args", "command", "cmd"} {
			if a, ok := kw[name]; ok {
				s.command(display, a)
				return
			}
		}
	case ipFormMulti:
		if len(rest) > 0 && s.isPunct(s.trim(rest[0]).from, "{") {
			rest = rest[1:] // an environment hash (Ruby) or an indirect object block (Perl)
		}
		switch len(rest) {
		case 0:
		case 1:
			s.command(display, rest[0])
		default:
			s.argvCommand(display, rest)
		}
	case ipFormEach:
		for _, a := range rest {
			s.command(display, a)
		}
	case ipFormProgList:
		switch {
		case len(rest) == 0:
		case len(rest) > 1 && (s.isList(rest[1]) || s.mayBeList(rest[1])):
			s.argvWithList(display, rest[0], rest[1], 0)
		default:
			s.command(display, rest[0])
		}
	case ipFormExecArgs:
		if r.env && len(rest) > 0 {
			rest = rest[:len(rest)-1]
		}
		for _, a := range rest {
			s.markUsed(a)
		}
		if len(rest) > 2 {
			s.argvCommand(display, append([]ipArg{rest[0]}, rest[2:]...))
		} else if len(rest) > 0 {
			s.argvCommand(display, rest[:1])
		}
	case ipFormExecList:
		if len(rest) > 1 {
			s.argvWithList(display, rest[0], rest[1], 1)
		}
	case ipFormArgs:
		if len(rest) > 0 {
			s.argvCommand(display, rest)
		}
	case ipFormPipeOpen:
		if len(rest) > 0 {
			s.pipeOpen(rest[0])
		}
	case ipFormPerlOpen:
		s.perlOpen(display, rest)
	case ipFormEval, ipFormEvalLast:
		if len(rest) == 0 {
			return
		}
		a := rest[0]
		if r.form == ipFormEvalLast {
			a = rest[len(rest)-1]
		}
		if v, lit, _, ok := s.stringExpr(a); ok && lit {
			s.markUsed(a)
			s.nested = append(s.nested, v)
		}
	}
}

// mayBeList reports whether an argument that is not a list literal may
// still be the argument list of spawn("rm", args): anything but an object
// literal or a function.
func (s *interpScan) mayBeList(a ipArg) bool {
	return !s.isPunct(a.from, "{", "(") && !s.isIdent(a.from, "function", "async")
}

// isList reports whether an argument is a list expression.
func (s *interpScan) isList(a ipArg) bool {
	_, _, _, ok := s.listExpr(a)
	return ok
}

// pipeOpen records Ruby's open("|cmd").
func (s *interpScan) pipeOpen(a ipArg) {
	v, lit, _, ok := s.stringExpr(a)
	if ok && lit {
		if cmd, pipe := strings.CutPrefix(strings.TrimLeft(v, " \t"), "|"); pipe {
			s.markUsed(a)
			s.addShell(strings.TrimSpace(cmd))
		}
	}
}

// perlOpen records the command of Perl's two-argument open(FH, "cmd |")
// or open(FH, "| cmd") and of the list forms open(FH, "-|", cmd, args…).
func (s *interpScan) perlOpen(display string, pos []ipArg) {
	if len(pos) < 2 {
		return
	}
	mode, lit, why, ok := s.stringExpr(pos[1])
	if !ok {
		return
	}
	if len(pos) == 2 {
		if !lit {
			if strings.Contains(s.excerpt(pos[1]), "|") {
				s.markUsed(pos[1])
				s.addDynamic(display, why)
			}
			return
		}
		t := strings.TrimSpace(mode)
		cmd, pipe := strings.CutPrefix(t, "|")
		if !pipe {
			cmd, pipe = strings.CutSuffix(t, "|")
		}
		if pipe {
			s.markUsed(pos[1])
			s.addShell(strings.TrimSpace(cmd))
		}
		return
	}
	m, _, _ := strings.Cut(strings.TrimSpace(mode), ":")
	if !lit || (strings.TrimSpace(m) != "-|" && strings.TrimSpace(m) != "|-") {
		return
	}
	s.markUsed(pos[1])
	if len(pos) == 3 {
		s.command(display, pos[2])
	} else {
		s.argvCommand(display, pos[2:])
	}
}

// awkPipe records the command of awk's `print … | "cmd"` and
// `"cmd" | getline` (and gawk's |&) at the pipe token k.
func (s *interpScan) awkPipe(k int) {
	if s.isIdent(k+1, "getline") {
		from := k
		for from > 0 {
			j := from - 1
			if s.isPunct(j, ")", "]") && s.match[j] >= 0 {
				from = s.match[j]
				continue
			}
			t := s.toks[j]
			if t.kind == ipNewline || (t.kind == ipPunct && !s.isPunct(j, "$", "+", "-", "*", "/", "%", ".")) ||
				(t.kind == ipIdent && ipOperandKeyword(t.text)) {
				break
			}
			from = j
		}
		if from < k {
			s.command("getline", ipArg{from, k})
		}
		return
	}
	to := k + 1
	for to < len(s.toks) {
		t := s.toks[to]
		if s.isPunct(to, "(", "[") {
			to = s.groupEnd(to) + 1
			continue
		}
		if t.kind == ipNewline || s.isPunct(to, ";", "}", ")", "]", ",", "|", "|&", ">", ">>", "&&", "||") {
			break
		}
		to++
	}
	if to > k+1 {
		target := ipArg{k + 1, min(to, len(s.toks))}
		s.command("print |", target)
		if v, lit, _, ok := s.stringExpr(target); ok && lit {
			if f := strings.Fields(v); len(f) > 0 && isShellName(path.Base(f[0])) {
				s.awkPrinted(k)
			}
		}
	}
}

// awkPrinted records what a print or printf before the pipe token k
// writes to a shell (print "cmd" | "sh"): the shell runs it.
func (s *interpScan) awkPrinted(k int) {
	p := k - 1
	for p >= 0 && !s.isIdent(p, "print", "printf") {
		if k-p > 512 {
			// (a bound: a statement of thousands of pipes costs no more)
			s.addDynamic("print | sh", "what it prints to a shell is not known")
			return
		}
		if s.isPunct(p, ")", "]") && s.match[p] >= 0 {
			p = s.match[p] - 1
			continue
		}
		if s.toks[p].kind == ipNewline || s.isPunct(p, ";", "{", "}") {
			s.addDynamic("print | sh", "what it prints to a shell is not known")
			return
		}
		p--
	}
	if p < 0 {
		return
	}
	arg := ipArg{p + 1, k}
	if s.isPunct(p+1, "(") && s.match[p+1] == k-1 {
		arg = ipArg{p + 2, k - 1}
	}
	args := s.splitArgs(arg.from, arg.to)
	if len(args) == 0 {
		return
	}
	if s.isIdent(p, "printf") && len(args) == 2 {
		if f, lit, _, ok := s.stringExpr(args[0]); ok && lit && strings.TrimSpace(strings.ReplaceAll(f, `\n`, "")) == "%s" {
			s.command("printf | sh", args[1])
			return
		}
	}
	if len(args) == 1 {
		s.command(s.toks[p].text+" | sh", args[0])
		return
	}
	s.addDynamic("print | sh", "what it prints to a shell is not known")
}

// pythonImports records import aliases: import subprocess as sp, from os
// import system as s, from subprocess import *.
func (s *interpScan) pythonImports() {
	for k := 0; k < len(s.toks); k++ {
		switch {
		case s.isIdent(k, "import") && !s.isIdent(k-2, "from") && !s.isPunct(k-1, "."):
			k = s.pyImport(k + 1)
		case s.isIdent(k, "from"):
			k = s.pyFrom(k + 1)
		}
	}
}

// pyDotted reads a dotted name at k.
func (s *interpScan) pyDotted(k int) (string, int) {
	var b strings.Builder
	for k < len(s.toks) {
		switch {
		case s.isPunct(k, ".", "..", "..."):
			b.WriteString(s.toks[k].text)
		case s.toks[k].kind == ipIdent && !s.isIdent(k, "import", "as"):
			b.WriteString(s.toks[k].text)
		default:
			return b.String(), k
		}
		k++
	}
	return b.String(), k
}

// pyImport reads the names of an import statement starting at k.
func (s *interpScan) pyImport(k int) int {
	for k < len(s.toks) {
		name, next := s.pyDotted(k)
		if name == "" {
			return next
		}
		local, module := name, name
		if first, _, dotted := strings.Cut(name, "."); dotted {
			local, module = first, first
		}
		if s.isIdent(next, "as") && next+1 < len(s.toks) {
			local, module = s.toks[next+1].text, name
			next += 2
		}
		s.mods[local] = module
		if !s.isPunct(next, ",") {
			return next
		}
		k = next + 1
	}
	return k
}

// pyFrom reads a from … import statement starting at k (after "from").
func (s *interpScan) pyFrom(k int) int {
	module, k := s.pyDotted(k)
	if !s.isIdent(k, "import") {
		return k
	}
	k++
	end := len(s.toks)
	if s.isPunct(k, "(") {
		end = s.groupEnd(k)
		k++
	}
	for k < end {
		switch {
		case s.isPunct(k, "*"):
			s.stars = append(s.stars, module)
		case s.toks[k].kind == ipIdent:
			name, local := s.toks[k].text, s.toks[k].text
			if s.isIdent(k+1, "as") && k+2 < end {
				local = s.toks[k+2].text
				k += 2
			}
			s.names[local] = module + "." + name
		case s.isPunct(k, ","):
		default:
			if s.toks[k].kind == ipNewline && end < len(s.toks) {
				break
			}
			return k
		}
		k++
	}
	return k
}

// nodeImports records how child_process is bound: cp = require(…),
// { exec, spawn: sp } = require(…), import … from "child_process", and
// await import(…).
func (s *interpScan) nodeImports() {
	for k := range s.toks {
		switch {
		case s.isIdent(k, "require", "import") && s.isPunct(k+1, "("):
			args := s.splitArgs(k+2, s.groupEnd(k+1))
			if len(args) == 0 || !s.childProcess(args[0]) {
				continue
			}
			j := k - 1
			if s.isIdent(j, "await") {
				j--
			}
			if !s.isPunct(j, "=") {
				continue
			}
			j--
			switch {
			case j >= 0 && s.toks[j].kind == ipIdent:
				s.mods[s.toks[j].text] = "child_process"
			case s.isPunct(j, "}") && s.match[j] >= 0:
				s.nodeBindings(s.match[j]+1, j, ":")
			}
		case s.isIdent(k, "import"):
			s.nodeStaticImport(k)
		}
	}
}

// childProcess reports whether an argument is the literal module name
// child_process.
func (s *interpScan) childProcess(a ipArg) bool {
	v, lit, _, ok := s.stringExpr(a)
	return ok && lit && strings.TrimPrefix(v, "node:") == "child_process"
}

// nodeBindings records destructured or named imports of child_process
// functions in [from, to): name, name: local (require) or name as local
// (import).
func (s *interpScan) nodeBindings(from, to int, rename string) {
	for _, a := range s.splitArgs(from, to) {
		u := s.units(a)
		if len(u) == 0 || s.toks[u[0]].kind != ipIdent {
			continue
		}
		name, local := s.toks[u[0]].text, s.toks[u[0]].text
		if len(u) >= 3 && (s.isPunct(u[1], rename) || s.isIdent(u[1], rename)) && s.toks[u[2]].kind == ipIdent {
			local = s.toks[u[2]].text
		}
		s.names[local] = "child_process." + name
	}
}

// nodeStaticImport reads import X, * as X, { a as b } from "child_process".
func (s *interpScan) nodeStaticImport(k int) {
	from := k + 1
	for from < len(s.toks) && from < k+ipMaxParenless && !s.isIdent(from, "from") && !s.isPunct(from, ";") &&
		s.toks[from].kind != ipNewline {
		if s.isPunct(from, "{") {
			from = s.groupEnd(from)
		}
		from++
	}
	if !s.isIdent(from, "from") || from+1 >= len(s.toks) || !s.childProcess(ipArg{from + 1, from + 2}) {
		return
	}
	for j := k + 1; j < from; j++ {
		switch {
		case s.isPunct(j, "{"):
			s.nodeBindings(j+1, s.groupEnd(j), "as")
			j = s.groupEnd(j)
		case s.isIdent(j, "as") && j+1 < from:
			s.mods[s.toks[j+1].text] = "child_process"
			j++
		case s.toks[j].kind == ipIdent:
			s.mods[s.toks[j].text] = "child_process"
		}
	}
}
