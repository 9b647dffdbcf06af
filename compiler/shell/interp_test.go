package shell

import (
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// interpCase is one InterpreterCode test: the commands handed to a shell,
// how many hand-offs are dynamic, and the texts of the data literals.
type interpCase struct {
	name     string
	argv     []string
	stdin    string
	shell    []string
	dynamic  int
	literals []string
}

func icPy(code string) []string   { return []string{"python3", "-c", code} }
func icJS(code string) []string   { return []string{"node", "-e", code} }
func icRb(code string) []string   { return []string{"ruby", "-e", code} }
func icPl(code string) []string   { return []string{"perl", "-e", code} }
func icPHP(code string) []string  { return []string{"php", "-r", code} }
func icAwk(code string) []string  { return []string{"awk", code} }
func icList(s ...string) []string { return s }

var interpCases = []interpCase{
	// Python.
	{"python os.system", icPy(`import os; os.system("rm -rf /tmp/x")`), "", icList("rm -rf /tmp/x"), 0, nil},
	{"python os.popen", icPy(`import os; print(os.popen('ls -l').read())`), "", icList("ls -l"), 0, nil},
	{"python subprocess.run list", icPy(`import subprocess; subprocess.run(["rm", "-rf", "my dir"], check=True)`), "", icList("rm -rf 'my dir'"), 0, nil},
	{"python subprocess.run shell=True", icPy(`import subprocess; subprocess.run("git push --force", shell=True)`), "", icList("git push --force"), 0, nil},
	{"python subprocess alias", icPy(`import subprocess as sp; sp.check_call(("git", "clean", "-fdx"))`), "", icList("git clean -fdx"), 0, nil},
	{"python Popen args=", icPy(`from subprocess import Popen; Popen(args=["ls"], stdout=None)`), "", icList("ls"), 0, nil},
	{"python from-import run as", icPy(`from subprocess import run as r, PIPE; r(["id"], stdout=PIPE)`), "", icList("id"), 0, nil},
	{"python star import", icPy("from subprocess import *\ncall('make clean')"), "", icList("make clean"), 0, nil},
	{"python run without subprocess is not a call", icPy(`import asyncio; asyncio.run(main("rm -rf x"))`), "", nil, 0, icList(`"rm -rf x"`)},
	{"python from os import system", icPy(`from os import system; system('reboot')`), "", icList("reboot"), 0, nil},
	{"python __import__", icPy(`__import__('os').system('id')`), "", icList("id"), 0, icList(`'os'`)},
	{"python importlib", icPy(`import importlib; importlib.import_module("subprocess").run("ls")`), "", icList("ls"), 0, icList(`"subprocess"`)},
	{"python execv drops arg0", icPy(`import os; os.execv("/bin/rm", ["ls", "-rf", "/"])`), "", icList("/bin/rm -rf /"), 0, nil},
	{"python execl", icPy(`import os; os.execl("/bin/sh", "sh", "-c", "rm -rf /")`), "", icList("/bin/sh -c 'rm -rf /'"), 0, nil},
	{"python execle env", icPy(`import os; os.execle("/bin/ls", "ls", "-l", env)`), "", icList("/bin/ls -l"), 0, nil},
	{"python spawnvp", icPy(`import os; os.spawnvp(os.P_WAIT, "rm", ["rm", "x"])`), "", icList("rm x"), 0, nil},
	{"python pty.spawn", icPy(`import pty; pty.spawn("/bin/bash")`), "", icList("/bin/bash"), 0, nil},
	{"python asyncio shell", icPy(`import asyncio; asyncio.create_subprocess_shell("ls")`), "", icList("ls"), 0, nil},
	{"python getoutput", icPy(`import subprocess; subprocess.getoutput('whoami')`), "", icList("whoami"), 0, nil},
	{"python implicit concatenation", icPy(`import os; os.system("rm " '-rf ' "x")`), "", icList("rm -rf x"), 0, nil},
	{"python + concatenation of literals", icPy(`import os; os.system("rm" + " -rf x")`), "", icList("rm -rf x"), 0, nil},
	{"python parenthesised literal", icPy(`import os; os.system(("ls"))`), "", icList("ls"), 0, nil},
	{"python escapes decoded", icPy(`import os; os.system("echo\x20a\tb\u00e9\\n")`), "", icList("echo a\tb\u00e9\\n"), 0, nil},
	{"python raw string", icPy(`import os; os.system(r"echo \n")`), "", icList(`echo \n`), 0, nil},
	{"python triple quotes", icPy("import os\nos.system('''rm\n-rf''')"), "", icList("rm\n-rf"), 0, nil},
	{"python f-string without fields", icPy(`import os; os.system(f"ls {{x}}")`), "", icList("ls {x}"), 0, nil},
	{"python f-string is dynamic", icPy(`import os; os.system(f"rm -rf {path}")`), "", nil, 1, nil},
	{"python variable is dynamic", icPy(`import os; cmd = "ls"; os.system(cmd)`), "", nil, 1, icList(`"ls"`)},
	{"python concatenation with variable", icPy(`import os; os.system("rm -rf " + d)`), "", nil, 1, nil},
	{"python % formatting", icPy(`import os; os.system("rm %s" % d)`), "", nil, 1, nil},
	{"python list with variable", icPy(`import subprocess; subprocess.run(["rm", path])`), "", nil, 1, nil},
	{"python \\N escape not decoded", icPy(`import os; os.system("echo \N{BULLET}")`), "", nil, 1, nil},
	{"python data only", icPy(`print("rm -rf / is dangerous")`), "", nil, 0, icList(`"rm -rf / is dangerous"`)},
	{"python comment with fake call", icPy("# os.system(\"rm -rf /\")\nprint('ok')"), "", nil, 0, icList(`'ok'`)},
	{"python string with fake call", icPy(`print("os.system('rm -rf /')")`), "", nil, 0, icList(`"os.system('rm -rf /')"`)},
	{"python nested quotes", icPy(`print('say "os.system(\'x\')"')`), "", nil, 0, icList(`'say "os.system(\'x\')"'`)},
	{"python call inside f-string field", icPy(`import os; print(f"{os.system('id')}")`), "", icList("id"), 0, nil},
	{"python exec of literal code", icPy(`exec("import os; os.system('id')")`), "", icList("id"), 0, nil},
	{"python re.compile is not exec", icPy(`import re; re.compile("os.system('x')")`), "", nil, 0, icList(`"os.system('x')"`)},
	{"python def system is not a call", icPy("def system(x):\n    pass"), "", nil, 0, nil},
	{"python stdin", []string{"python3", "-"}, "import os\nos.system('ls')\n", icList("ls"), 0, nil},
	{"python options before -c", []string{"python3.12", "-u", "-W", "ignore", "-X", "dev", "-Ic", "import os;os.system('a')"}, "", icList("a"), 0, nil},
	// JavaScript.
	{"node execSync", icJS(`require("child_process").execSync("rm -rf x")`), "", icList("rm -rf x"), 0, icList(`"child_process"`)},
	{"node destructured exec", icJS(`const { exec, spawn: sp } = require('node:child_process'); exec('ls'); sp('rm', ['-rf', 'x'])`), "", icList("ls", "rm -rf x"), 0, icList(`'node:child_process'`)},
	{"node module alias", icJS("const cp = require('child_process')\ncp.spawnSync('git', ['push', '-f'], {stdio: 'inherit'})"), "", icList("git push -f"), 0, icList(`'child_process'`, `'inherit'`)},
	{"node import", icJS(`import { execFileSync as run } from "child_process"; run("/bin/rm", ["-rf", "x"])`), "", icList("/bin/rm -rf x"), 0, icList(`"child_process"`)},
	{"node import namespace", icJS(`import * as cp from "child_process"; cp.exec("id")`), "", icList("id"), 0, icList(`"child_process"`)},
	{"node template literal without ${}", icJS("require('child_process').execSync(`ls -l`)"), "", icList("ls -l"), 0, icList(`'child_process'`)},
	{"node template literal with ${}", icJS("require('child_process').execSync(`rm -rf ${dir}`)"), "", nil, 1, icList(`'child_process'`)},
	{"node regex exec is not a shell", icJS(`/a/.exec("rm -rf x")`), "", nil, 0, icList(`/a/`, `"rm -rf x"`)},
	{"node comment with fake call", icJS("// execSync('rm -rf /')\n/* execSync('x') */ console.log('ok')"), "", nil, 0, icList(`'ok'`)},
	{"node spawn with shell option", icJS(`const {spawn} = require("child_process"); spawn("ls | wc", {shell: true})`), "", icList("ls | wc"), 0, icList(`"child_process"`)},
	{"node dynamic list", icJS(`const {spawn} = require("child_process"); spawn("rm", args)`), "", nil, 1, icList(`"child_process"`)},
	{"node execFile with a callback", icJS(`require("child_process").execFile("ls", (err, out) => {})`), "", icList("ls"), 0, icList(`"child_process"`)},
	{"node builtin module global", icJS(`child_process.execSync("id")`), "", icList("id"), 0, nil},
	{"node #! line from stdin", []string{"node"}, "#!/usr/bin/env node\nrequire('child_process').execSync('ls')", icList("ls"), 0, icList(`'child_process'`)},
	{"node eval of literal", icJS(`eval("require('child_process').execSync('id')")`), "", icList("id"), 0, nil},
	{"node unicode escape", icJS(`require("child_process").execSync("echo \u0041\x42")`), "", icList("echo AB"), 0, icList(`"child_process"`)},
	{"node -p", []string{"node", "-p", `require("child_process").execSync("id").toString()`}, "", icList("id"), 0, icList(`"child_process"`)},
	{"deno eval", []string{"deno", "eval", `console.log("rm -rf")`}, "", nil, 0, icList(`"rm -rf"`)},
	{"bun -e", []string{"bun", "-e", `require("child_process").execSync("ls")`}, "", icList("ls"), 0, icList(`"child_process"`)},
	// Ruby.
	{"ruby data only", icRb(`puts "rm -rf is blocked here"`), "", nil, 0, icList(`"rm -rf is blocked here"`)},
	{"ruby system without parentheses", icRb(`system "rm -rf x"`), "", icList("rm -rf x"), 0, nil},
	{"ruby system argv", icRb(`system("rm", "-rf", "x") or abort`), "", icList("rm -rf x"), 0, nil},
	{"ruby system env hash", icRb(`system({"A" => "1"}, "make")`), "", icList("make"), 0, icList(`"A"`, `"1"`)},
	{"ruby backticks and %x", icRb("a = `ls -l`; b = %x(id); c = %x{who}"), "", icList("ls -l", "id", "who"), 0, nil},
	{"ruby interpolated backticks", icRb("`rm -rf #{dir}`"), "", nil, 1, nil},
	{"ruby IO.popen list", icRb(`IO.popen(["git", "log"]).read`), "", icList("git log"), 0, nil},
	{"ruby Open3", icRb(`require "open3"; Open3.capture2("ls", "-a"); Open3.pipeline("ls", "wc -l")`), "", icList("ls -a", "ls", "wc -l"), 0, icList(`"open3"`)},
	{"ruby open pipe", icRb(`open("|date") { |f| puts f.read }`), "", icList("date"), 0, nil},
	{"ruby exec on a receiver is not a shell", icRb(`conn.exec("DROP TABLE x")`), "", nil, 0, icList(`"DROP TABLE x"`)},
	{"ruby %w list", icRb(`Process.spawn(*%w[rm -rf x]); system(*%w[ls])`), "", nil, 2, nil},
	{"ruby %q and comments", icRb("# system('rm')\nputs %q(system('x'))"), "", nil, 0, icList(`%q(system('x'))`)},
	{"ruby global $' is not a string", icRb(`puts $'; system "ls"`), "", icList("ls"), 0, nil},
	{"ruby multiple -e joined", []string{"ruby", "-ne", "x = 1", "-e", `exec "ls"`}, "", icList("ls"), 0, nil},
	// Perl.
	{"perl system", icPl(`system("rm -rf x") == 0 or die "failed"`), "", icList("rm -rf x"), 0, icList(`"failed"`)},
	{"perl system list without parentheses", icPl(`system "git", "push", "--force";`), "", icList("git push --force"), 0, nil},
	{"perl backticks qx readpipe", icPl("my $a = `ls`; my $b = qx{id}; my $c = readpipe('who');"), "", icList("ls", "id", "who"), 0, nil},
	{"perl interpolated qx", icPl(`my $x = qx(rm -rf $dir);`), "", nil, 1, nil},
	{"perl qx with single quotes does not interpolate", icPl(`my $x = qx'echo $HOME';`), "", icList("echo $HOME"), 0, nil},
	{"perl open pipes", icPl(`open(my $fh, "-|", "git", "log"); open(FH, "ls -l |"); open F, "| sort";`), "", icList("git log", "ls -l", "sort"), 0, nil},
	{"perl open file is data", icPl(`open(my $fh, "<", "file.txt");`), "", nil, 0, icList(`"<"`, `"file.txt"`)},
	{"perl q() with any delimiter", icPl(`print q{system("rm")}, q!a!, qq<b>;`), "", nil, 0, icList(`q{system("rm")}`, `q!a!`, `qq<b>`)},
	{"perl s///e runs code", []string{"perl", "-pe", `s/x/system("rm -rf y")/e`}, "", icList("rm -rf y"), 0, nil},
	{"perl regex with quote", []string{"perl", "-ne", `print if /don't/; print "ok"`}, "", nil, 0, icList(`/don't/`, `"ok"`)},
	{"perl $\" is not a string", icPl(`local $" = ","; system('ls');`), "", icList("ls"), 0, icList(`","`)},
	{"perl file test -s is not s///", icPl(`print -s "file"; system("ls");`), "", icList("ls"), 0, icList(`"file"`)},
	{"perl method system is not a shell", icPl(`$obj->system("x");`), "", nil, 0, icList(`"x"`)},
	{"perl eval string", icPl(`eval "system('id')";`), "", icList("id"), 0, nil},
	// PHP.
	{"php shell_exec", icPHP(`echo shell_exec("ls -l");`), "", icList("ls -l"), 0, nil},
	{"php system exec passthru", icPHP(`system('a'); exec("b", $out); passthru('c'); popen('d', 'r');`), "", icList("a", "b", "c", "d"), 0, icList(`'r'`)},
	{"php case-insensitive", icPHP(`SYSTEM("reboot");`), "", icList("reboot"), 0, nil},
	{"php proc_open array", icPHP(`proc_open(['rm', '-rf', 'x'], [], $pipes);`), "", icList("rm -rf x"), 0, nil},
	{"php pcntl_exec", icPHP(`pcntl_exec("/bin/rm", array("-rf", "x"));`), "", icList("/bin/rm -rf x"), 0, nil},
	{"php backticks", icPHP("$x = `whoami`;"), "", icList("whoami"), 0, nil},
	{"php interpolation", icPHP(`system("rm -rf $dir");`), "", nil, 1, nil},
	{"php named argument", icPHP(`system(command: "ls");`), "", icList("ls"), 0, nil},
	{"php method exec is not a shell", icPHP(`$pdo->exec("DELETE FROM t");`), "", nil, 0, icList(`"DELETE FROM t"`)},
	{"php comments", icPHP("# system('a');\n// system('b');\n/* system('c'); */ echo 'd';"), "", nil, 0, icList(`'d'`)},
	{"php stdin template", []string{"php"}, "<h1>rm -rf</h1><?php system('ls'); ?>done", icList("ls"), 0, icList(`<h1>rm -rf</h1>`, `done`)},
	// awk.
	{"awk system", icAwk(`BEGIN { system("rm -rf x") }`), "", icList("rm -rf x"), 0, nil},
	{"awk pipes", icAwk(`{ print $1 | "sort -u" } END { "date" | getline d; print d }`), "", icList("sort -u", "date"), 0, nil},
	{"awk dynamic system", icAwk(`{ system("rm " $1) }`), "", nil, 1, nil},
	{"awk data only", icAwk(`/rm -rf/ { print "found rm -rf" > "/dev/stderr" }`), "", nil, 0, icList(`/rm -rf/`, `"found rm -rf"`, `"/dev/stderr"`)},
	{"awk options", []string{"gawk", "-F", ":", "-v", "x=1", "--", `{ system("id") }`, "file"}, "", icList("id"), 0, nil},
	{"gawk --source", []string{"gawk", "--source", `BEGIN{system("a")}`, "-e", `END{system("b")}`, "-f", "lib.awk"}, "", icList("a", "b"), 0, nil},
	// Here-documents.
	{"perl heredoc is data", icPl("print <<'EOF';\nsystem('rm -rf /') don't\nEOF\nsystem('ls');"), "", icList("ls"), 0, icList("system('rm -rf /') don't\n")},
	{"ruby squiggly heredoc", icRb("x = <<~SQL\n  it's data\n  SQL\nsystem 'id'"), "", icList("id"), 0, icList("  it's data\n")},
	{"ruby backquoted heredoc runs", icRb("x = <<~`CMD`\nls -l\nCMD\n"), "", icList("ls -l\n"), 0, nil},
	{"php heredoc interpolates", icPHP("echo <<<EOT\nrm -rf $x\nEOT;\nsystem('ls');"), "", icList("ls"), 0, nil},
	{"php nowdoc", icPHP("echo <<<'EOT'\nit's $x\n  EOT;\n"), "", nil, 0, icList("it's $x\n")},
	{"ruby shift is not a heredoc", icRb(`a = [] ; a << "x"; b = 1<<2; system "ls"`), "", icList("ls"), 0, icList(`"x"`)},
	// Hostile and odd input.
	{"unterminated string", icPy(`import os; os.system("rm -rf`), "", nil, 1, nil},
	{"unterminated triple quote", icPy(`print('''abc`), "", nil, 0, nil},
	{"unterminated template", icJS("require('child_process').execSync(`rm ${"), "", nil, 1, icList(`'child_process'`)},
	{"unbalanced parentheses", icPy(`import os; os.system("ls"`), "", icList("ls"), 0, nil},
	{"stray closers", icPy(`)))] os.system("ls") }}`), "", icList("ls"), 0, nil},
}

func TestInterpreterCode(t *testing.T) {
	for _, tt := range interpCases {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := InterpreterCode(tt.argv, tt.stdin)
			if !ok {
				t.Fatalf("InterpreterCode(%q) not ok", tt.argv)
			}
			if !slices.Equal(c.Shell, tt.shell) {
				t.Errorf("Shell = %q, want %q", c.Shell, tt.shell)
			}
			if len(c.Dynamic) != tt.dynamic {
				t.Errorf("Dynamic = %q, want %d", c.Dynamic, tt.dynamic)
			}
			if got := interpLiteralTexts(c); !slices.Equal(got, tt.literals) {
				t.Errorf("Literals = %q, want %q", got, tt.literals)
			}
		})
	}
}

func interpLiteralTexts(c Code) []string {
	var out []string
	for _, sp := range c.Literals {
		out = append(out, c.Text[sp.Start:sp.End])
	}
	return out
}

func TestInterpreterCodeArgv(t *testing.T) {
	tests := []struct {
		argv  []string
		stdin string
		ok    bool
		lang  string
		text  string
	}{
		{icList("python3", "-c", "x"), "", true, "python", "x"},
		{icList("/usr/bin/python3.11", "-c", "x"), "", true, "python", "x"},
		{icList("python", "-Bc", "x"), "", true, "python", "x"},
		{icList("python", "-cx"), "", true, "python", "x"},
		{icList("python3", "script.py", "-c", "x"), "", false, "", ""},
		{icList("python3", "-m", "http.server"), "", false, "", ""},
		{icList("python3", "--version"), "", false, "", ""},
		{icList("python3", "-c"), "", false, "", ""},
		{icList("python3"), "", false, "", ""},
		{icList("python3"), "print(1)", true, "python", "print(1)"},
		{icList("python3", "-", "arg"), "print(1)", true, "python", "print(1)"},
		{icList("pypy3", "-c", "x"), "", true, "python", "x"},
		{icList("node", "--require", "m", "-e", "x", "arg"), "", true, "node", "x"},
		{icList("node", "--eval=x"), "", true, "node", "x"},
		{icList("node", "app.js"), "", false, "", ""},
		{icList("node"), "x", true, "node", "x"},
		{icList("nodejs", "-pe", "1"), "", true, "node", "1"},
		{icList("deno", "eval", "--print", "1"), "", true, "node", "1"},
		{icList("deno", "run", "x.ts"), "", false, "", ""},
		{icList("bun", "--print=1"), "", true, "node", "1"},
		{icList("bun", "run", "x"), "", false, "", ""},
		{icList("ruby", "-e", "a", "-e", "b"), "", true, "ruby", "a\nb"},
		{icList("ruby", "-rjson", "-ne", "x", "file"), "", true, "ruby", "x"},
		{icList("ruby", "-I", "lib", "-pi.bak", "-e", "x"), "", true, "ruby", "x"},
		{icList("ruby", "x.rb"), "", false, "", ""},
		{icList("ruby", "--version"), "", false, "", ""},
		{icList("ruby", "-"), "puts 1", true, "ruby", "puts 1"},
		{icList("perl", "-lne", "a", "-E", "b"), "", true, "perl", "a\nb"},
		{icList("perl", "-Mstrict", "-I", "lib", "-0777", "-e", "x"), "", true, "perl", "x"},
		{icList("perl", "-pie", "x", "file"), "", false, "", ""}, // -i takes "e": x is the script
		{icList("perl", "-e"), "", false, "", ""},
		{icList("perl", "-v"), "", false, "", ""},
		{icList("perl", "script.pl"), "", false, "", ""},
		{icList("perl5.36.0", "-e", "x"), "", true, "perl", "x"},
		{icList("php", "-r", "a", "-B", "b"), "", true, "php", "a\nb"},
		{icList("php", "-d", "x=1", "-r", "y"), "", true, "php", "y"},
		{icList("php8.2", "--run", "y"), "", true, "php", "y"},
		{icList("php", "-f", "x.php"), "", false, "", ""},
		{icList("php", "x.php"), "", false, "", ""},
		{icList("awk", "-F:", "{print}", "f"), "", true, "awk", "{print}"},
		{icList("mawk", "-W", "interactive", "{print}"), "", true, "awk", "{print}"},
		{icList("nawk", "-f", "prog.awk", "f"), "", false, "", ""},
		{icList("gawk", "--file=prog.awk", "f"), "", false, "", ""},
		{icList("gawk", "--so", "x"), "", true, "awk", "x"},
		{icList("awk"), "", false, "", ""},
		{icList("gawk", "--version"), "", false, "", ""},
		{icList("bash", "-c", "x"), "", false, "", ""},
		{icList("pythonx", "-c", "x"), "", false, "", ""},
		{nil, "", false, "", ""},
	}
	for _, tt := range tests {
		c, ok := InterpreterCode(tt.argv, tt.stdin)
		if ok != tt.ok || c.Lang != tt.lang || c.Text != tt.text {
			t.Errorf("InterpreterCode(%q, %q) = %q, %q, %v; want %q, %q, %v",
				tt.argv, tt.stdin, c.Lang, c.Text, ok, tt.lang, tt.text, tt.ok)
		}
		if ok && c.Interpreter != tt.argv[0][strings.LastIndexByte(tt.argv[0], '/')+1:] {
			t.Errorf("Interpreter = %q for %q", c.Interpreter, tt.argv[0])
		}
	}
}

// TestInterpreterCodeHostile feeds 256 KiB of repeated fragments to every
// language: each must finish quickly (the work is linear).
func TestInterpreterCodeHostile(t *testing.T) {
	fragments := []string{
		"'", `"`, `"""`, "`", "{", "(", "[", ")", "/", "(/[", "\\", "#{", "${", "`${", `f"{`, `f'{x:{`,
		"q(", "s{", "%w(", "%", "$'", "<?", "system ", "os.system(", "exec(\"", "import ", "require(",
		"| getline ", "print | ", "a.b.", "#\n", "//", "/*", "s/a/b/e;", "\n",
	}
	for _, argv0 := range []string{"python3", "node", "ruby", "perl", "php", "awk"} {
		for _, f := range fragments {
			text := strings.Repeat(f, 256*1024/len(f))
			argv := []string{argv0, "-e", text}
			switch argv0 {
			case "python3":
				argv[1] = "-c"
			case "php":
				argv[1] = "-r"
			case "awk":
				argv = []string{"awk", text}
			}
			start := time.Now()
			c, ok := InterpreterCode(argv, "")
			if !ok {
				t.Errorf("%s %q: not ok", argv0, f)
			}
			checkInterpCode(t, c)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("%s %q: took %v", argv0, f, d)
			}
		}
	}
}

// checkInterpCode checks the invariants of a Code.
func checkInterpCode(t *testing.T, c Code) {
	t.Helper()
	last := 0
	for _, sp := range c.Literals {
		if sp.Start < last || sp.End <= sp.Start || sp.End > len(c.Text) {
			t.Fatalf("bad literal span %v (after %d) in %d bytes", sp, last, len(c.Text))
		}
		last = sp.End
	}
	for _, d := range c.Dynamic {
		if d == "" {
			t.Fatal("empty dynamic reason")
		}
	}
}

func FuzzInterpreterCode(f *testing.F) {
	for _, tt := range interpCases {
		f.Add(tt.argv[0], tt.argv[len(tt.argv)-1])
	}
	f.Fuzz(func(t *testing.T, interp, code string) {
		for _, argv := range [][]string{{interp, "-e", code}, {interp, "-c", code}, {interp, "-r", code}, {interp, code}} {
			c, ok := InterpreterCode(argv, code)
			if !ok {
				continue
			}
			checkInterpCode(t, c)
			if utf8.ValidString(c.Text) {
				for _, d := range c.Dynamic {
					if !utf8.ValidString(d) {
						t.Fatalf("dynamic reason %q is not valid UTF-8", d)
					}
				}
			}
		}
		for _, lang := range []string{"python3", "node", "ruby", "perl", "php", "awk"} {
			c, ok := InterpreterCode([]string{lang}, code)
			if ok {
				checkInterpCode(t, c)
			}
		}
	})
}
