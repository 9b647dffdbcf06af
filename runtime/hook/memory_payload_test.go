package hook

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/internal/benchrules"
	"github.com/hookifyc/hookifyc/runtime/agent"
)

// Memory of one hook call on a large payload. The agent a hook guards
// chooses its stdin (up to --max-input, 64 MiB by default): whatever its
// shape, a call must not take many times the payload's size.
//
//	go test ./runtime/hook -run TestHookMemory -v                 # 5 MB payloads, in-process, no rules
//	HOOKIFYC_LIVE=1 go test ./runtime/hook -run TestHookMemory -v # 50 MB, also with 100 rules, and the hookifyc process's max RSS
//
// The bound is 4x the payload plus 30 MB at 50 MB (the slack scaled with
// the payload), the payload included; compiler/pyval's TestLoadJSONMemory*
// hold json.load itself to it.

// payloadShapes put their bulk into tool_input of a Bash PreToolUse event.
var payloadShapes = []struct {
	name string
	gen  func(size int) []byte
}{
	{"objects", func(n int) []byte { return payloadList(n, `{"a":1}`) }},
	{"strings", func(n int) []byte { return payloadList(n, `"ab"`) }},
	{"numbers", func(n int) []byte { return payloadList(n, `1.5`) }},
	{"ints", func(n int) []byte { return payloadList(n, `7`) }},
	{"nested", func(n int) []byte {
		return payloadList(n, strings.Repeat(`{"k":`, 50)+strings.Repeat("[", 50)+"1"+strings.Repeat("]", 50)+strings.Repeat("}", 50))
	}},
	{"big-string", func(n int) []byte { return payloadString(n, "echo hi; ") }},
	{"big-string-escaped", func(n int) []byte { return payloadString(n, `echo \"h\";\n `) }},
}

const payloadHead = `{"session_id":"s","hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"ls","items":`

func payloadList(size int, unit string) []byte {
	n := (size - len(payloadHead) - 4) / (len(unit) + 1)
	var b bytes.Buffer
	b.Grow(size)
	b.WriteString(payloadHead + "[")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(unit)
	}
	b.WriteString("]}}")
	return b.Bytes()
}

func payloadString(size int, unit string) []byte {
	head := `{"session_id":"s","hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"`
	return []byte(head + strings.Repeat(unit, (size-len(head)-3)/len(unit)) + `"}}`)
}

// payloadBound is 4x the payload plus 30 MB at 50 MB, scaled.
func payloadBound(n int) uint64 { return uint64(4*n) + uint64(n)*30/50 }

// heapCost runs f on a fresh heap and returns the heap before the call
// plus all the call allocated (an upper bound of its peak that no GC
// timing lowers) and the wall time.
func heapCost(f func()) (uint64, time.Duration) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	return before.HeapAlloc + after.TotalAlloc - before.TotalAlloc, elapsed
}

func mb(n uint64) string { return fmt.Sprintf("%6.1f MB", float64(n)/(1<<20)) }

func TestHookMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	live := os.Getenv("HOOKIFYC_LIVE") == "1"
	size := 5 << 20
	if live {
		size = 50_000_000
	}
	empty := t.TempDir()
	rules := t.TempDir()
	if live {
		benchrules.Write(t, filepath.Join(rules, ".claude"), benchrules.Files(t, 100))
	}
	for _, shape := range payloadShapes {
		stdin := shape.gen(size)
		bound := payloadBound(len(stdin))
		for _, c := range []struct {
			name  string
			opts  Options
			check bool
		}{
			{"fixed, no rules", Options{Dir: empty, Home: empty, Agent: agent.Claude, Fail: agent.FailOpen}, true},
			{"compat, no rules", Options{Dir: empty, Agent: agent.Claude, Compat: true}, true},
			{"compat, 100 rules", Options{Dir: rules, Agent: agent.Claude, Compat: true}, false},
			{"fixed, 100 rules", Options{Dir: rules, Home: empty, Agent: agent.Claude, Fail: agent.FailOpen}, live},
		} {
			if !c.check && !live || strings.Contains(c.name, "100 rules") && !live {
				continue // a report: 100 rules on every shape take seconds
			}
			c.opts.Stdin = stdin
			var out agent.Output
			peak, elapsed := heapCost(func() { out = Run(c.opts) })
			t.Logf("%-19s %-18s payload %s  heap <= %s (%4.1fx)  %v  %.60s", shape.name, c.name, mb(uint64(len(stdin))), mb(peak), float64(peak)/float64(len(stdin)), elapsed.Round(time.Millisecond), bytes.TrimSpace(out.Stdout))
			if c.check && peak > bound {
				t.Errorf("%s, %s: heap up to %s for a %s payload, bound %s", shape.name, c.name, mb(peak), mb(uint64(len(stdin))), mb(bound))
			}
		}
	}
	if live {
		processMemory(t, size, rules)
	}
}

var maxRSSLine = regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`)

// processMemory reports the max RSS of `hookifyc hook` on each shape,
// measured by /usr/bin/time -v: in an empty project and HOME (bounded like
// the heap), and with --compat hookify in the project of 100 rules
// rulesDir (reported only: what rules cost is the engine's).
func processMemory(t *testing.T, size int, rulesDir string) {
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Log("no /usr/bin/time (apt-get install time): process RSS not measured")
		return
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "hookifyc")
	build := exec.Command("go", "build", "-o", bin, "github.com/hookifyc/hookifyc/cmd/hookifyc")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, shape := range payloadShapes {
		stdin := shape.gen(size)
		for _, c := range []struct {
			name  string
			dir   string
			args  []string
			check bool
		}{
			{"no rules", t.TempDir(), nil, true},
			{"compat, 100 rules", rulesDir, []string{"--compat", "hookify"}, false},
		} {
			home := t.TempDir()
			cmd := exec.Command("/usr/bin/time", append([]string{"-v", bin, "hook"}, c.args...)...)
			cmd.Dir, cmd.Env = c.dir, append(os.Environ(), "HOME="+home)
			cmd.Stdin = bytes.NewReader(stdin)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			if err := cmd.Run(); err != nil {
				t.Errorf("%s, %s: %v\n%s", shape.name, c.name, err, stderr.Bytes())
				continue
			}
			m := maxRSSLine.FindSubmatch(stderr.Bytes())
			if m == nil {
				t.Errorf("%s, %s: no max RSS in\n%s", shape.name, c.name, stderr.Bytes())
				continue
			}
			kb, _ := strconv.ParseUint(string(m[1]), 10, 64)
			rss := kb << 10
			t.Logf("%-19s %-18s process max RSS %s (%4.1fx)  %v  %.60s", shape.name, c.name, mb(rss), float64(rss)/float64(len(stdin)), time.Since(start).Round(time.Millisecond), bytes.TrimSpace(stdout.Bytes()))
			if bound := payloadBound(len(stdin)); c.check && rss > bound {
				t.Errorf("%s, %s: hookifyc hook's max RSS %s for a %s payload, bound %s", shape.name, c.name, mb(rss), mb(uint64(len(stdin))), mb(bound))
			}
		}
	}
}
