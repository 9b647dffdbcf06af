package pyval

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Memory of json.load on large hook payloads. The guarded agent controls the
// size and the shape of a hook's stdin (up to hookifyc hook's --max-input,
// 64 MiB by default), so the decoder must not turn a payload into many times
// its size in Go objects.
//
// HOOKIFYC_LIVE=1 go test ./compiler/pyval -run TestLoadJSONMemory -v
// reports every shape at 50 MB and checks the 50 MB bound; by default the
// bound is checked on 5 MB payloads.

// memoryShapes are the payload shapes that cost the most memory per byte:
// each puts its bulk inside tool_input of an otherwise ordinary event.
var memoryShapes = []struct {
	name string
	gen  func(size int) string
}{
	{"objects", func(n int) string { return memoryList(n, `{"a":1}`) }},
	{"objects-distinct", func(n int) string {
		return memoryListFunc(n, func(i int) string { return fmt.Sprintf(`{"k%d":%d}`, i%1000, i) })
	}},
	{"strings", func(n int) string { return memoryList(n, `"ab"`) }},
	{"strings-escaped", func(n int) string { return memoryList(n, `"a\n"`) }},
	{"numbers", func(n int) string { return memoryList(n, `1.5`) }},
	{"ints", func(n int) string { return memoryList(n, `7`) }},
	{"nested", func(n int) string {
		return memoryList(n, strings.Repeat(`{"k":`, 50)+strings.Repeat("[", 50)+"1"+strings.Repeat("]", 50)+strings.Repeat("}", 50))
	}},
	{"deep-chain", func(n int) string {
		// 900 nested objects around one list of small objects.
		return strings.Repeat(`{"k":`, 900) + memoryList(n-5*900, `{"a":1}`) + strings.Repeat("}", 900)
	}},
	{"big-string", func(n int) string { return memoryString(n, "echo hi; ") }},
	{"big-string-escaped", func(n int) string { return memoryString(n, `echo \"h\";\n `) }},
}

const (
	memoryHead = `{"session_id":"s","hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"ls","items":`
	memoryTail = `}}`
)

// memoryList is a payload of about size bytes whose tool_input.items is a
// list of copies of unit.
func memoryList(size int, unit string) string {
	n := (size - len(memoryHead) - len(memoryTail) - 2) / (len(unit) + 1)
	var b strings.Builder
	b.Grow(size)
	b.WriteString(memoryHead + "[")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(unit)
	}
	b.WriteString("]" + memoryTail)
	return b.String()
}

// memoryListFunc is memoryList with the i-th item unit(i).
func memoryListFunc(size int, unit func(int) string) string {
	var b strings.Builder
	b.Grow(size + 64)
	b.WriteString(memoryHead + "[")
	for i := 0; b.Len() < size-len(memoryTail)-64; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(unit(i))
	}
	b.WriteString("]" + memoryTail)
	return b.String()
}

// memoryString is a payload of about size bytes whose tool_input.command is
// one string made of copies of unit (JSON text).
func memoryString(size int, unit string) string {
	head := `{"session_id":"s","hook_event_name":"PreToolUse","cwd":"/tmp","tool_name":"Bash","tool_input":{"command":"`
	return head + strings.Repeat(unit, (size-len(head)-3)/len(unit)) + `"}}`
}

// hookAccess reads the payload as the hook does: the event's top-level
// fields and tool_input's command.
func hookAccess(v Value) {
	d := v.(*Dict)
	for i := range d.Len() {
		d.At(i)
	}
	if ti, ok := d.Get("tool_input"); ok {
		ti.(*Dict).Get("command")
	}
}

// walkAll visits every value (what str() of the whole payload does).
func walkAll(v Value) int {
	n := 1
	switch v := v.(type) {
	case *List:
		for _, it := range v.Items {
			n += walkAll(it)
		}
	case *Dict:
		for i := range v.Len() {
			_, it := v.At(i)
			n += walkAll(it)
		}
	}
	return n
}

// memUse is what one measured call cost.
type memUse struct {
	input    int           // payload bytes
	alloc    uint64        // bytes allocated during the call (TotalAlloc)
	peak     uint64        // highest HeapAlloc seen, the input included
	retained uint64        // live heap after the call, the input and result included
	elapsed  time.Duration // wall time of the call
}

// measureMemory runs f on a fresh heap that holds only in and reports its
// cost. Peak heap is sampled (runtime.ReadMemStats every millisecond) and
// bounded from above by the heap before the call plus everything the call
// allocated.
func measureMemory(in string, f func(string) any) memUse {
	runtime.GC()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan struct{})
	peakc := make(chan uint64)
	go func() {
		peak := before.HeapAlloc
		var ms runtime.MemStats
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				peakc <- peak
				return
			case <-t.C:
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
	}()
	start := time.Now()
	result := f(in)
	elapsed := time.Since(start)
	close(done)
	peak := <-peakc
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	peak = max(peak, after.HeapAlloc)
	runtime.GC()
	var live runtime.MemStats
	runtime.ReadMemStats(&live)
	runtime.KeepAlive(result)
	runtime.KeepAlive(in)
	return memUse{
		input:    len(in),
		alloc:    after.TotalAlloc - before.TotalAlloc,
		peak:     peak,
		retained: live.HeapAlloc,
		elapsed:  elapsed,
	}
}

func (m memUse) String() string {
	mb := func(n uint64) string { return fmt.Sprintf("%7.1f MB", float64(n)/(1<<20)) }
	return fmt.Sprintf("input %s  allocated %s (%4.1fx)  peak %s (%4.1fx)  retained %s  %v",
		mb(uint64(m.input)), mb(m.alloc), float64(m.alloc)/float64(m.input),
		mb(m.peak), float64(m.peak)/float64(m.input), mb(m.retained), m.elapsed.Round(time.Millisecond))
}

// memoryBound is the budget of a payload of n bytes: 4x its size plus 30 MB
// at 50 MB, scaled down with the payload (3 MB of slack at 5 MB).
func memoryBound(n int) uint64 {
	return uint64(4*n) + uint64(n)*30/50
}

func loadJSON(in string) any {
	v, err := LoadJSONDepth(in, JSONMaxDepth-1)
	if err != nil {
		panic(err)
	}
	return v
}

func loadJSONHook(in string) any {
	v := loadJSON(in)
	hookAccess(v.(Value))
	return v
}

func loadJSONWalk(in string) any {
	v := loadJSON(in)
	walkAll(v.(Value))
	return v
}

// TestLoadJSONMemoryReport prints the cost of every shape (50 MB payloads
// with HOOKIFYC_LIVE=1, else 5 MB): json.load alone, json.load and the
// hook's own reads, and json.load and a walk of every value.
func TestLoadJSONMemoryReport(t *testing.T) {
	if !testing.Verbose() {
		t.Skip("a report: run with -v")
	}
	size := 5 << 20
	if os.Getenv("HOOKIFYC_LIVE") == "1" {
		size = 50_000_000
	}
	if testing.Short() {
		t.Skip("-short")
	}
	for _, shape := range memoryShapes {
		in := shape.gen(size)
		for _, step := range []struct {
			name string
			f    func(string) any
		}{{"load", loadJSON}, {"load+hook", loadJSONHook}, {"load+walk", loadJSONWalk}} {
			t.Logf("%-20s %-10s %v", shape.name, step.name, measureMemory(in, step.f))
		}
	}
}

// TestLoadJSONMemoryBound fails when decoding a payload of many small objects
// (and reading it as the hook does) can take more than 4x the payload plus
// 30 MB (scaled) of heap, the payload included. The bound is checked on the
// heap before the call plus all the call allocated, which no GC timing can
// lower.
func TestLoadJSONMemoryBound(t *testing.T) {
	sizes := []int{5 << 20}
	if os.Getenv("HOOKIFYC_LIVE") == "1" {
		sizes = append(sizes, 50_000_000)
	}
	for _, size := range sizes {
		for _, shape := range memoryShapes {
			in := shape.gen(size)
			m := measureMemory(in, loadJSONHook)
			bound := memoryBound(len(in))
			upper := uint64(len(in)) + m.alloc
			t.Logf("%-20s %v", shape.name, m)
			if upper > bound {
				t.Errorf("%s, %d MB: input + allocated = %.1f MB > bound %.1f MB", shape.name, len(in)>>20, float64(upper)/(1<<20), float64(bound)/(1<<20))
			}
		}
	}
}
