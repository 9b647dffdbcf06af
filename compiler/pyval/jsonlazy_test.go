package pyval

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// forceLazy makes LoadJSON decode every document as a large one for the
// rest of the test: two passes, every array and object of a dict left
// undecoded until read, counts noted for every array and object, boxed
// values shared.
func forceLazy(t testing.TB) {
	saved := [...]int{lazyMin, lazyDepth, presizeMin, internMinSpan}
	lazyMin, lazyDepth, presizeMin, internMinSpan = 1, JSONMaxDepth+10, 1, 0
	t.Cleanup(func() { lazyMin, lazyDepth, presizeMin, internMinSpan = saved[0], saved[1], saved[2], saved[3] })
}

// loadBoth decodes s in one pass and in two (forceLazy) and fails the test
// unless both give the same error or the same value.
func loadBoth(t *testing.T, s string) Value {
	t.Helper()
	v1, err1 := LoadJSON(s)
	saved := [...]int{lazyMin, lazyDepth, presizeMin, internMinSpan}
	lazyMin, lazyDepth, presizeMin, internMinSpan = 1, JSONMaxDepth+10, 1, 0
	v2, err2 := LoadJSON(s)
	lazyMin, lazyDepth, presizeMin, internMinSpan = saved[0], saved[1], saved[2], saved[3]
	if (err1 == nil) != (err2 == nil) || err1 != nil && (err1.Error() != err2.Error() || pythonErrorType(err1) != pythonErrorType(err2)) {
		t.Fatalf("LoadJSON(%.200q): one pass %v, two passes %v", s, err1, err2)
	}
	if err1 != nil {
		return nil
	}
	if !identical(v1, v2) || Repr(v1) != Repr(v2) || string(Dumps(v1)) != string(Dumps(v2)) {
		t.Fatalf("LoadJSON(%.200q): one pass %.200s, two passes %.200s", s, Repr(v1), Repr(v2))
	}
	return v2
}

func TestLoadJSONTwoPasses(t *testing.T) {
	big := strings.Repeat(`{"a":[1,2.5,"x\n"],"b":{"c":null}},`, 200)
	for _, s := range []string{
		`{"a": [1, 2], "a": 3}`,
		`{"a": 3, "a": [1, 2]}`,
		`{"a": {"x": 1}, "b": 2, "a": {"y": 2}}`,
		`{"k": [` + big + `0], "k": "last", "m": {"n": [` + big + `1]}}`,
		`[` + big + `{}]`,
		`{"\u0041": 1, "A": 2, "\ud800": [3], "\ud800": {}}`,
		`{"s": "` + strings.Repeat(`\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\ud800`, 500) + `"}`,
		`{"n": [` + strings.Repeat("-0, 1e400, -0.0, 12345678901234567890, NaN, ", 300) + `0]}`,
		strings.Repeat(`{"k":`, 990) + `[1, {"z": [2]}]` + strings.Repeat("}", 990),
		strings.Repeat(`[`, 993) + `{"a": [1]}` + strings.Repeat("]", 993),
		// Errors in undecoded parts are found all the same.
		`{"a": [1, 2, {"b": [1,]}]}`,
		`{"a": {"b": "\x01"}}`,
		`{"a": {"b": 1` + strings.Repeat(" ", 2000),
		`{"a": [` + strings.Repeat("1", IntMaxStrDigits+1) + `]}`,
		`{"a": [-` + strings.Repeat("1", IntMaxStrDigits+1) + `]}`,
		`{"a": [-` + strings.Repeat("1", IntMaxStrDigits) + `]}`,
		`{"a": [` + strings.Repeat("[", 994) + strings.Repeat("]", 994) + `]}`,
		`{"a": [1]} x`,
		`{"a": "\ud800\u"}`,
		`{"a": "\ud800\u12"}`,
	} {
		loadBoth(t, s)
	}
}

func FuzzLoadJSONTwoPasses(f *testing.F) {
	for _, s := range goldenSeeds(f, "json.txt") {
		f.Add(s)
	}
	f.Add(typicalHookInput)
	f.Fuzz(func(t *testing.T, s string) { loadBoth(t, s) })
}

// A value left undecoded is decoded once: every read returns the same
// dict or list, so a change made through one is seen through the others,
// from any goroutine.
func TestLoadJSONLazyIdentity(t *testing.T) {
	forceLazy(t)
	v, err := LoadJSON(`{"ti": {"items": [{"a": 1}], "cmd": "x"}, "other": [[1], {"b": 2}]}`)
	if err != nil {
		t.Fatal(err)
	}
	d := v.(*Dict)
	var wg sync.WaitGroup
	got := make([]Value, 8)
	for g := range got {
		wg.Go(func() {
			ti, _ := d.Get("ti")
			_, also := d.At(0)
			if ti != also {
				t.Errorf("Get and At differ")
			}
			got[g] = ti
		})
	}
	wg.Wait()
	for _, g := range got[1:] {
		if g != got[0] {
			t.Fatal("two reads of one value gave two dicts")
		}
	}
	ti := got[0].(*Dict)
	ti.Set("cmd", Str("y"))
	items, _ := ti.Get("items")
	items.(*List).Items[0].(*Dict).Set("a", Int("2"))
	d.Set("other", None{})
	if got, want := Repr(d), `{'ti': {'items': [{'a': 2}], 'cmd': 'y'}, 'other': None}`; got != want {
		t.Errorf("after changes: %s, want %s", got, want)
	}
	if n := d.Len(); n != 2 || fmt.Sprint(d.Keys()) != "[ti other]" {
		t.Errorf("keys %v", d.Keys())
	}
}

// Dicts of many keys find them through a dictIndex, repeats included.
func TestDictManyKeys(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 5000 {
		fmt.Fprintf(&b, `"k%d": %d, `, i%3000, i)
	}
	b.WriteString(`"end": 0}`)
	v := loadBoth(t, b.String())
	d := v.(*Dict)
	if d.Len() != 3001 {
		t.Fatalf("%d keys", d.Len())
	}
	for i := range 3000 {
		want := i
		if i < 2000 {
			want = i + 3000
		}
		if got, ok := d.Get(fmt.Sprintf("k%d", i)); !ok || got != Int(fmt.Sprint(want)) {
			t.Fatalf("k%d = %v", i, got)
		}
		if k, _ := d.At(i); k != fmt.Sprintf("k%d", i) {
			t.Fatalf("key %d is %s", i, k)
		}
	}
	if _, ok := d.Get("k3000"); ok {
		t.Fatal("k3000 found")
	}
	n := NewDict()
	for i := range 100 {
		n.Set(fmt.Sprint(i%40), Int(fmt.Sprint(i)))
	}
	if n.Len() != 40 {
		t.Fatalf("%d keys", n.Len())
	}
	if v, _ := n.Get("7"); v != Int("87") {
		t.Fatalf("7 = %v", v)
	}
}

// StrAt finds a dict's strings without decoding its other values.
func TestDictStrAt(t *testing.T) {
	forceLazy(t)
	v, err := LoadJSON(`{"a": "x", "b": [1, 2], "c": {"d": 1}, "e": 3}`)
	if err != nil {
		t.Fatal(err)
	}
	d := v.(*Dict)
	var strs []string
	for i := range d.Len() {
		if s, ok := d.StrAt(i); ok {
			strs = append(strs, string(s))
		}
	}
	if fmt.Sprint(strs) != "[x]" {
		t.Errorf("strings %v", strs)
	}
	for i := 1; i <= 2; i++ {
		if lv, ok := d.ents[i].val.(*lazyValue); !ok || lv.v != nil {
			t.Errorf("value %d decoded by StrAt", i)
		}
	}
	if _, v := d.At(1); Repr(v) != "[1, 2]" {
		t.Errorf("b = %s", Repr(v))
	}
}

// unescapedLen counts exactly what str decodes, so the string of a large
// document is built in one allocation of its size.
func TestUnescapedLen(t *testing.T) {
	check := func(lit string) {
		t.Helper()
		s := normalizeWTF8(lit)
		v, err := LoadJSON(s)
		str, ok := v.(Str)
		if err != nil || !ok {
			return
		}
		if n := unescapedLen(s, 1); n != len(str) {
			t.Errorf("unescapedLen(%q) = %d, decoded %d bytes", lit, n, len(str))
		}
	}
	for _, lit := range []string{
		`""`, `"abc"`, `"\n\t\"\\\/\b\f\r"`, `"\u0041\u00e9\u20ac"`, `"\ud83d\ude00"`, `"\ud800"`, `"\udc00"`,
		`"\ud800\u0041"`, `"\ud800\ud800\udc00"`, `"\ud800\udbff"`, `"é😀\u0000"`, "\"\xed\xa0\x80\\n\"", "\"\xff\\u0001\"",
	} {
		check(lit)
	}
	forGolden(t, "json.txt", func(line int, f []string) {
		if in := unhex(t, f[0]); strings.HasPrefix(strings.TrimSpace(in), `"`) {
			check(strings.TrimSpace(in))
		}
	})
}
