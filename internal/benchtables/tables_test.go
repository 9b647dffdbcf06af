// Package benchtables prints the benchmark tables of docs/benchmarks.md:
// the starter pack's accuracy on ../shared/corpus/commands (both
// semantics, the runtime hook and the compiled .rules alone), the evasion
// matrix (which layer catches each disguise of a destructive command) and
// the latency of `hookifyc hook` and `hookifyc execpolicy check` processes
// against a trivial Go program reading the same stdin (the floor), with 4,
// 100 and 1,000 rules.
//
// HOOKIFYC_BENCH=commandsets prints the starter pack against cc-safety-net
// on the labelled sets (needs Node and cc-safety-net 2.4.5 installed), and
// HOOKIFYC_BENCH=ab with HOOKIFYC_BENCH_BASE=REV the hook's latency at REV
// against HEAD; neither is part of HOOKIFYC_BENCH=1.
//
// It runs only when asked: HOOKIFYC_BENCH=1 go test ./internal/benchtables
// -run Tables -v -count=1 (`just bench`); HOOKIFYC_BENCH=accuracy, evasion
// or latency prints that table alone; HOOKIFYC_BENCH_OUT=FILE also writes
// the tables to FILE. HOOKIFYC_BENCH=resident prints the figures of a
// design that is not shipped, a hook answered by a resident evaluator
// (resident_test.go).
package benchtables

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/internal/testenv"
	"github.com/hookifyc/hookifyc/runtime/agent"
	"github.com/hookifyc/hookifyc/runtime/hook"
	"github.com/hookifyc/hookifyc/runtime/rulecache"
)

func TestTables(t *testing.T) {
	which := os.Getenv("HOOKIFYC_BENCH")
	if which == "" {
		t.Skip("set HOOKIFYC_BENCH=1 (just bench) to print the benchmark tables")
	}
	tables := []struct {
		name string
		run  func(*testing.T, *bytes.Buffer)
		all  bool // printed by HOOKIFYC_BENCH=1
	}{{"accuracy", accuracy, true}, {"evasion", evasion, true}, {"commandsets", commandSets, false}, {"latency", latency, true}, {"ab", ab, false}, {"resident", resident, false}}
	var out bytes.Buffer
	start := time.Now()
	ran := 0
	for _, tb := range tables {
		if (which == "1" && tb.all) || which == tb.name {
			tb.run(t, &out)
			ran++
		}
	}
	if ran == 0 {
		t.Fatalf("HOOKIFYC_BENCH=%q: want 1 (all tables), accuracy, evasion, commandsets, latency, ab or resident", which)
	}
	fmt.Fprintf(&out, "\n(all tables in %.0f s)\n", time.Since(start).Seconds())
	fmt.Print(out.String())
	if p := os.Getenv("HOOKIFYC_BENCH_OUT"); p != "" {
		if err := os.WriteFile(p, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func starterDir(t testing.TB) string {
	return filepath.Join(testenv.RepoRoot(t), "corpus", "starter")
}

func lines(t testing.TB, name string) []string {
	f, err := os.Open(filepath.Join(testenv.Shared(t), "corpus", "commands", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if s := sc.Text(); strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

func packRules(t testing.TB) []*ir.Rule {
	rules, problems := sources.Load([]string{starterDir(t)}, "", nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	return rules
}

func compiledPolicy(t testing.TB) *execpolicy.Policy {
	dir := starterDir(t)
	res, err := driver.Compile(driver.Options{Sources: []string{dir}, Targets: driver.TargetRules, Cwd: dir})
	if err != nil {
		t.Fatal(err)
	}
	pol, err := execpolicy.LoadFile(driver.RulesFile, res.File(driver.RulesFile))
	if err != nil {
		t.Fatal(err)
	}
	return pol
}

// codexArgvs are the argvs Codex's policy sees for a model's shell command,
// run as [bash, -lc, cmd]: a plain script (words, quotes, && || ; |) is
// split into its simple commands, anything else is checked as the whole
// [bash, -lc, script] (spec/codex-execpolicy.md section 6). "Plain" is
// approximated here: no $, backquote, redirection, parenthesis, brace,
// heredoc, background & or assignment.
func codexArgvs(cmd string) [][]string {
	whole := [][]string{{"/bin/bash", "-lc", cmd}}
	if strings.ContainsAny(cmd, "$`<>(){}\n") || strings.Contains(cmd, "&") && !strings.Contains(cmd, "&&") {
		return whole
	}
	cmds, err := shell.Parse(cmd)
	if err != nil || len(cmds) == 0 {
		return whole
	}
	var out [][]string
	for _, c := range cmds {
		if len(c.Assigns) > 0 || len(c.Redirs) > 0 || len(c.Words) == 0 {
			return whole
		}
		var argv []string
		for _, w := range c.Words {
			if !w.Literal {
				return whole
			}
			argv = append(argv, w.Value)
		}
		out = append(out, argv)
	}
	return out
}

// rulesDecision is the strictest decision of the compiled rules on a
// command as Codex runs it (host executables resolved, as Codex core does).
func rulesDecision(pol *execpolicy.Policy, cmd string) execpolicy.Decision {
	var d execpolicy.Decision
	for _, argv := range codexArgvs(cmd) {
		d = max(d, pol.Check(argv, true).Decision)
	}
	return d
}

func accuracy(t *testing.T, out *bytes.Buffer) {
	rules := packRules(t)
	pol := compiledPolicy(t)
	fmt.Fprintf(out, "## Accuracy of the starter pack (%d rules; compiled: %d prefix rules)\n\n", len(rules), len(pol.Rules))
	fmt.Fprintln(out, "| corpus | lines | layer | semantics | block | warn | allow | block or warn |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|")
	for _, name := range []string{"safe.txt", "destructive.txt", "ordinary.txt"} {
		cmds := lines(t, name)
		for _, sem := range []engine.Semantics{engine.Fixed, engine.Hookify} {
			eng := engine.New(engine.Options{Semantics: sem})
			var n [3]int
			for _, c := range cmds {
				res := eng.Evaluate(rules, engine.BashEvent(c))
				switch res.Decision() {
				case engine.DecisionBlock:
					n[0]++
				case engine.DecisionWarn:
					n[1]++
				default:
					n[2]++
				}
			}
			fmt.Fprintf(out, "| %s | %d | hook | %s | %d | %d | %d | %.1f %% |\n", name, len(cmds), sem, n[0], n[1], n[2], pct(n[0]+n[1], len(cmds)))
		}
		var n [3]int
		for _, c := range cmds {
			switch rulesDecision(pol, c) {
			case execpolicy.Forbidden:
				n[0]++
			case execpolicy.Prompt:
				n[1]++
			default:
				n[2]++
			}
		}
		fmt.Fprintf(out, "| %s | %d | .rules alone | Codex | %d forbidden | %d prompt | %d | %.1f %% |\n", name, len(cmds), n[0], n[1], n[2], pct(n[0]+n[1], len(cmds)))
	}
	fmt.Fprintln(out)
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(b) }

// disguises turn a destructive command into the same command in another
// form. %s is the command, %p its program, %a its arguments.
var disguises = []struct{ name, form string }{
	{"plain", "%s"},
	{"sudo", "sudo %s"},
	{"env", "env %s"},
	{"command", "command %s"},
	{"backslash", `\%s`},
	{"xargs", "echo x | xargs %s"},
	{"bash -c", "bash -c '%s'"},
	{"absolute path", "/usr/bin/%s"},
	{"quoted program", `"%p" %a`},
	{"quote inside name", `%p1''%p2 %a`},
	{"brace expansion", "{%p,%c}"},
	{"$'\\x..'", "$'%x' %a"},
	{"X=prog; $X", "X=%p; $X %a"},
	{"split variable", "p=%p1 q=%p2; $p$q %a"},
	{"$(command -v)", "$(command -v %p) %a"},
	{"quoted flags", "%p %q"},
	{"subshell", "(%s)"},
	{"&& chain", "cd /tmp && %s"},
	{"; chain", "true; %s"},
	{"if", "if true; then %s; fi"},
	{"for", "for i in 1; do %s; done"},
	{"!", "! %s"},
	{"backticks", "echo `%s`"},
	{"$( )", "echo $(%s)"},
	{"redirect first", "2>/dev/null %s"},
	{"case", "case x in x) %s;; esac"},
	{"coproc", "coproc %s"},
	{"function", "f() { %s; }; f"},
	{"heredoc", "bash <<'EOF'\n%s\nEOF"},
	{"echo | sh", "echo '%s' | sh"},
	{"eval", "eval '%s'"},
	{"env var", "X=1 %s"},
	{"stdbuf", "stdbuf -o0 %s"},
	{"ionice", "ionice -c3 %s"},
	{"setsid", "setsid %s"},
	{"chrt", "chrt -f 1 %s"},
	{"taskset", "taskset -c 0 %s"},
	{"flock", "flock /tmp/l %s"},
	{"unshare", "unshare -r %s"},
	{"busybox", "busybox %s"},
	{"su -c", "su -c '%s' root"},
	{"watch", "watch -n 1 %s"},
	{"fakeroot", "fakeroot %s"},
	{"strace", "strace -f %s"},
	{"find -exec", "find . -maxdepth 0 -exec %s \\;"},
	{"python os.system", `python3 -c "import os; os.system('%s')"`},
}

// disguise fills a disguise's form for a command: %s the command, %p its
// program, %a its arguments, %p1/%p2 the program split in two, %c its
// words joined by commas, %x the program as \x escapes, %q its arguments
// each in single quotes.
func disguise(form, cmd string) string {
	prog, args, _ := strings.Cut(cmd, " ")
	half := (len(prog) + 1) / 2
	var hex, quoted strings.Builder
	for i := 0; i < len(prog); i++ {
		fmt.Fprintf(&hex, "\\x%02x", prog[i])
	}
	for i, a := range strings.Fields(args) {
		if i > 0 {
			quoted.WriteByte(' ')
		}
		quoted.WriteString("'" + a + "'")
	}
	return strings.NewReplacer("%s", cmd, "%p1", prog[:half], "%p2", prog[half:], "%p", prog, "%a", args,
		"%c", strings.Join(strings.Fields(args), ","), "%x", hex.String(), "%q", quoted.String()).Replace(form)
}

var destructiveBases = []struct{ name, cmd, reflags string }{
	{"rm -rf", "rm -rf build", "rm -r -f build"},
	{"git push --force", "git push --force origin main", "git push origin main -f"},
	{"git push --delete", "git push origin --delete feature", "git push origin :feature"},
	{"git reset --hard", "git reset --hard HEAD~1", "git reset HEAD~1 --hard"},
	{"git clean -fd", "git clean -fd", "git clean -d -f"},
	{"git checkout .", "git checkout -- .", "git restore ."},
	{"chmod -R 777", "chmod -R 777 /srv", "chmod 777 -R /srv"},
	{"dd of=", "dd if=/dev/zero of=/dev/sda", "dd of=/dev/sda if=/dev/zero"},
	{"kubectl delete", "kubectl delete ns prod", "kubectl -n prod delete pod x"},
	{"terraform destroy", "terraform destroy -auto-approve", "terraform apply -destroy -auto-approve"},
	{"dropdb", "dropdb production", "mysqladmin -f drop production"},
	{"crontab -r", "crontab -r", "crontab -r -u app"},
	{"history -c", "history -c", "ln -sf /dev/null ~/.bash_history"},
	{"dotfile", "truncate -s 0 ~/.bashrc", "cp /dev/null ~/.ssh/authorized_keys"},
	{"kill -9 -1", "kill -9 -1", "pkill -9 -u app"},
	{"shutdown", "shutdown -h now", "systemctl poweroff"},
	{"iptables -F", "iptables -F", "nft flush ruleset"},
	{"userdel -r", "userdel -r bob", "deluser --remove-home bob"},
}

func evasion(t *testing.T, out *bytes.Buffer) {
	rules := packRules(t)
	pol := compiledPolicy(t)
	eng := engine.New(engine.Options{Semantics: engine.Fixed})
	fmt.Fprintln(out, "## Evasion matrix (starter pack): each layer's answer to each disguise")
	fmt.Fprintln(out)
	fmt.Fprintln(out, "Cells: the hook's answer (`B` block, `W` warn, `-` allow), then `+R` when the compiled .rules forbid or prompt too. The .rules column is what Codex's policy sees for `bash -lc CMD` (plain scripts split into commands, the rest as one argv).")
	fmt.Fprintln(out)
	header := "| command |"
	sep := "|---|"
	for _, d := range disguises {
		header += " " + d.name + " |"
		sep += "---|"
	}
	header += " reordered flags |"
	sep += "---|"
	fmt.Fprintln(out, header)
	fmt.Fprintln(out, sep)
	counts := map[string]int{}
	cell := func(cmd string) string {
		res := eng.Evaluate(rules, engine.BashEvent(cmd))
		h := res.Decision()
		s := map[engine.Decision]string{engine.DecisionBlock: "B", engine.DecisionWarn: "W", engine.DecisionAllow: "-"}[h]
		counts[string(h)]++
		if rulesDecision(pol, cmd) >= execpolicy.Prompt {
			s += "+R"
			counts["rules"]++
		}
		return s
	}
	for _, b := range destructiveBases {
		row := "| `" + b.name + "` |"
		for _, d := range disguises {
			row += " " + cell(disguise(d.form, b.cmd)) + " |"
		}
		row += " " + cell(b.reflags) + " |"
		fmt.Fprintln(out, row)
	}
	fmt.Fprintf(out, "\nTotals: hook block %d, warn %d, allow %d; the compiled .rules catch %d.\n\n", counts["block"], counts["warn"], counts["allow"], counts["rules"])
}

// floorSource is the floor: a Go program that reads the same stdin and
// parses it as JSON, and answers {}.
const floorSource = `package main

import (
	"encoding/json"
	"io"
	"os"
)

func main() {
	data, _ := io.ReadAll(os.Stdin)
	var v map[string]any
	_ = json.Unmarshal(data, &v)
	os.Stdout.WriteString("{}\n")
}
`

func latency(t *testing.T, out *bytes.Buffer) {
	bin, hookBin := testenv.Binary(t), testenv.HookBinary(t)
	floor := buildProgram(t, "floor", floorSource)
	fmt.Fprintln(out, "## Latency: whole processes against the floor (median of interleaved runs)")
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| process | rules | runs | median | floor median | ratio | target |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|")
	for _, n := range []int{4, 100, 1000} {
		dir, in, runs := benchProject(t, n)
		target := map[int]string{100: "≤ 1.5×", 1000: "≤ 2.5×"}[n]
		// hookifyc-hook is what apply installs (the hook-only binary);
		// `hookifyc hook` is the same call through the whole CLI.
		for _, mode := range []struct {
			name string
			argv []string
		}{
			{"hookifyc-hook", []string{hookBin}},
			{"hookifyc-hook --compat hookify", []string{hookBin, "--agent", "claude", "--compat", "hookify"}},
			{"hookifyc hook", []string{bin, "hook"}},
		} {
			med, fl := interleave(t, runs, dir, in, mode.argv, []string{floor})
			tg := target
			if mode.name != "hookifyc-hook" {
				tg = ""
			}
			fmt.Fprintf(out, "| %s | %d | %d | %.2f ms | %.2f ms | %.2f× | %s |\n", mode.name, n, runs, ms(med), ms(fl), float64(med)/float64(fl), tg)
		}
	}
	// check: the compiled .rules of n rules (the starter pack's prefix
	// rules, cycled under distinct justifications) against one argv.
	for _, n := range []int{4, 100, 1000} {
		dir := t.TempDir()
		rulesPath := filepath.Join(dir, "x.rules")
		if err := os.WriteFile(rulesPath, rulesFile(t, n), 0o644); err != nil {
			t.Fatal(err)
		}
		argv := []string{bin, "execpolicy", "check", "--rules", rulesPath, "--", "git", "push", "--force", "origin", "main"}
		runs := map[int]int{4: 300, 100: 200, 1000: 100}[n]
		med, fl := interleave(t, runs, dir, nil, argv, []string{floor})
		fmt.Fprintf(out, "| hookifyc execpolicy check | %d prefix rules | %d | %.2f ms | %.2f ms | %.2f× | |\n", n, runs, ms(med), ms(fl), float64(med)/float64(fl))
	}
	// In process: one hook call (hook.Run) on the same input.
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| in process (hook.Run; no rule cache: every file read and parsed per call) | rules | median |")
	fmt.Fprintln(out, "|---|---|---|")
	for _, n := range []int{4, 100, 1000} {
		dir, in := benchRules(t, n)
		var samples []time.Duration
		for i := 0; i < 200; i++ {
			start := time.Now()
			hook.Run(hook.Options{Dir: dir, Stdin: in, Agent: agent.Claude, ProjectDir: dir})
			samples = append(samples, time.Since(start))
		}
		fmt.Fprintf(out, "| hook.Run | %d | %.3f ms |\n", n, ms(median(samples)))
	}
	fmt.Fprintln(out)
}

// benchStdin is the call the latency tables time (CWD: the project).
const benchStdin = `{"session_id":"s","transcript_path":"/nonexistent","cwd":"CWD","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git commit -m \"feat: add the parser\" && npm test","description":"commit"}}`

// benchRules makes a project with n rule files (internal/benchrules) and
// the call's stdin for it.
func benchRules(t *testing.T, n int) (dir string, stdin []byte) {
	dir = t.TempDir()
	benchrules.Write(t, filepath.Join(dir, ".claude"), benchrules.Files(t, n))
	return dir, []byte(strings.ReplaceAll(benchStdin, "CWD", dir))
}

// benchProject is benchRules for whole processes: also the number of runs
// (fewer for 1,000 files), once the rule files are older than the rule
// cache's racy window (a file changed that recently is never cached).
func benchProject(t *testing.T, n int) (dir string, stdin []byte, runs int) {
	dir, stdin = benchRules(t, n)
	time.Sleep(rulecache.RacyWindow + 100*time.Millisecond)
	return dir, stdin, map[int]int{4: 250, 100: 250, 1000: 100}[n]
}

// rulesFile is a .rules file of n forbidden prefix rules.
func rulesFile(t testing.TB, n int) []byte {
	var b strings.Builder
	progs := []string{"rm", "git", "dd", "chmod", "kubectl", "terraform", "shred", "mkfs"}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "prefix_rule(pattern = [%q, \"sub%d\"], decision = \"forbidden\", justification = \"rule %d\")\n", progs[i%len(progs)], i, i)
	}
	b.WriteString(`prefix_rule(pattern = ["git", "push", "--force"], decision = "forbidden", justification = "no force pushes")` + "\n")
	if _, err := execpolicy.LoadFile("x.rules", []byte(b.String())); err != nil {
		t.Fatal(err)
	}
	return []byte(b.String())
}

// interleave runs a and b alternately and returns their medians.
func interleave(t testing.TB, runs int, dir string, stdin []byte, a, b []string) (time.Duration, time.Duration) {
	var sa, sb []time.Duration
	for i := 0; i < runs+1; i++ {
		da, db := run(t, dir, stdin, a), run(t, dir, stdin, b)
		if i > 0 { // the first run fills caches
			sa, sb = append(sa, da), append(sb, db)
		}
	}
	return median(sa), median(sb)
}

func run(t testing.TB, dir string, stdin []byte, argv []string) time.Duration {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = []string{"LANG=C.UTF-8", "HOME=" + dir}
	cmd.Stdin = bytes.NewReader(stdin)
	start := time.Now()
	o, err := cmd.Output()
	took := time.Since(start)
	if err != nil && len(o) == 0 {
		t.Fatalf("%v: %v", argv, err)
	}
	if len(o) > 0 && o[0] == '{' && !json.Valid(bytes.TrimSpace(o)) {
		t.Fatalf("%v: invalid output %s", argv, o)
	}
	return took
}

func median(s []time.Duration) time.Duration {
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1e3 }
