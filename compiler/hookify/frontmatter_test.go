package hookify

import (
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// fmRepr parses "---\n" + body + "---\n" and returns Python's repr of the dict.
func fmRepr(body string) string {
	return pyval.Repr(ParseFrontmatter("---\n" + body + "---\n").Values)
}

// TestFrontmatterQuirks covers spec §4: each branch of extract_frontmatter
// and every row of the verified-quirks table. Expected values are Python
// reprs of hookify's dict.
func TestFrontmatterQuirks(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"basic", "name: x\nenabled: true\nevent: bash\n", "{'name': 'x', 'enabled': True, 'event': 'bash'}"},
		// Quote stripping: all leading/trailing ", then all ', no pairing.
		{"double quotes", `name: "x"` + "\n", "{'name': 'x'}"},
		{"mismatched quotes", `name: "a'` + "\n", "{'name': 'a'}"},
		{"single around double", `name: '"x"'` + "\n", `{'name': '"x"'}`},
		{"double around single", `name: "'x'"` + "\n", "{'name': 'x'}"},
		{"repeated quotes", `name: ""x""` + "\n", "{'name': 'x'}"},
		{"spaces inside quotes kept", `name: " x "` + "\n", "{'name': ' x '}"},
		{"only quotes", `name: ""` + "\n", "{'name': ''}"},
		{"backslashes kept in double quotes", `pattern: "rm\\s+-rf"` + "\n", `{'pattern': 'rm\\\\s+-rf'}`},
		{"backslash single quotes", `pattern: 'rm\s+-rf'` + "\n", `{'pattern': 'rm\\s+-rf'}`},
		{"backslash unquoted", `pattern: rm\s+-rf` + "\n", `{'pattern': 'rm\\s+-rf'}`},
		// Inline comments are part of the value; full-line comments skipped.
		{"inline comment kept", "event: bash # c\n", "{'event': 'bash # c'}"},
		{"full-line comments", "# c\nname: x\n   # indented\n", "{'name': 'x'}"},
		// Booleans: only true/false in any case, after quote stripping.
		{"False", "enabled: False\n", "{'enabled': False}"},
		{"FALSE", "enabled: FALSE\n", "{'enabled': False}"},
		{"quoted false", `enabled: "false"` + "\n", "{'enabled': False}"},
		{"single-quoted false", "enabled: 'false'\n", "{'enabled': False}"},
		{"TrUe", "enabled: TrUe\n", "{'enabled': True}"},
		{"no stays string", "enabled: no\n", "{'enabled': 'no'}"},
		{"0 stays string", "enabled: 0\n", "{'enabled': '0'}"},
		{"off stays string", "enabled: off\n", "{'enabled': 'off'}"},
		{"null stays string", "x: null\ny: ~\nz: 12\n", "{'x': 'null', 'y': '~', 'z': '12'}"},
		{"name true", "name: true\n", "{'name': True}"},
		{"long s is not s", "enabled: fal\u017fe\n", "{'enabled': 'fal\u017fe'}"},
		{"kelvin is not k", "x: \u212a\n", "{'x': '\u212a'}"},
		// Empty value starts a list.
		{"empty value", "enabled:\n", "{'enabled': []}"},
		{"empty name", "name:\nevent: bash\n", "{'name': [], 'event': 'bash'}"},
		{"list of strings", "name:\n- a\n  - 'b'\n-\n- true\n", "{'name': ['a', 'b', '', 'true']}"},
		{"dash without space", "conditions:\n-field: x\n", "{'conditions': [{'field': 'x'}]}"},
		// Multi-line dict items and the indent > 2 rule.
		{"multi-line dict", "conditions:\n  - field: command\n    operator: contains\n    pattern: rm\n",
			"{'conditions': [{'field': 'command', 'operator': 'contains', 'pattern': 'rm'}]}"},
		{"two items", "conditions:\n  - field: a\n    pattern: x\n  - field: b\n",
			"{'conditions': [{'field': 'a', 'pattern': 'x'}, {'field': 'b'}]}"},
		{"col-0 item, 2-space continuation dropped", "conditions:\n- field: x\n  operator: y\n",
			"{'conditions': [{'field': 'x'}]}"},
		{"two tabs dropped", "conditions:\n- field: x\n\t\toperator: y\n", "{'conditions': [{'field': 'x'}]}"},
		{"three tabs kept", "conditions:\n- field: x\n\t\t\toperator: y\n",
			"{'conditions': [{'field': 'x', 'operator': 'y'}]}"},
		{"three spaces kept", "conditions:\n- field: x\n   operator: y\n",
			"{'conditions': [{'field': 'x', 'operator': 'y'}]}"},
		{"ideographic spaces count as indent", "conditions:\n- field: x\n\u3000\u3000\u3000operator: y\n",
			"{'conditions': [{'field': 'x', 'operator': 'y'}]}"},
		{"information separators count as indent", "conditions:\n- field: x\n\x1c\x1d\x1eoperator: y\n",
			"{'conditions': [{'field': 'x', 'operator': 'y'}]}"},
		{"continuation overwrites", "conditions:\n  - field: a\n    field: 'b'\n", "{'conditions': [{'field': 'b'}]}"},
		{"continuation values quote-stripped", "conditions:\n  - field: a\n    pattern: \"x\"'\n",
			`{'conditions': [{'field': 'a', 'pattern': 'x"'}]}`},
		{"no bool conversion in dicts", "conditions:\n  - field: a\n    pattern: true\n",
			"{'conditions': [{'field': 'a', 'pattern': 'true'}]}"},
		{"comma on continuation line is fine", "conditions:\n  - field: command\n    pattern: a,b\n",
			"{'conditions': [{'field': 'command', 'pattern': 'a,b'}]}"},
		// Inline dicts: split on every comma; later indented lines are lost.
		{"inline dict from a regex", "conditions:\n  - pattern: \\d{1,3}\n    field: command\n",
			`{'conditions': [{'pattern': '\\d{1'}]}`},
		{"inline dict", "conditions:\n  - field: command, operator: \"contains\", pattern: 'x'\n",
			"{'conditions': [{'field': 'command', 'operator': 'contains', 'pattern': 'x'}]}"},
		{"inline dict keys not quote-stripped", "conditions:\n  - \"field\": x, b: c,, d\n",
			`{'conditions': [{'"field"': 'x', 'b': 'c'}]}`},
		{"inline dict then new item", "conditions:\n  - a: 1, b: 2\n  - c: 3\n",
			"{'conditions': [{'a': '1', 'b': '2'}, {'c': '3'}]}"},
		{"string item with comma", "conditions:\n  - a, b\n", "{'conditions': ['a, b']}"},
		// Things that are not what YAML would read.
		{"flow syntax is a string", "conditions: [{field: x}]\n", "{'conditions': '[{field: x}]'}"},
		{"block scalar", "pattern: |\n  rm -rf\n  more\n", "{'pattern': '|'}"},
		{"nested mapping", "hookify:\n  event: bash\n  pattern: rm\n", "{'hookify': []}"},
		{"line without colon", "name: x\njunk\n  indented: y\n", "{'name': 'x'}"},
		{"dash at col 0 outside a list", "- a\nname: x\n", "{'name': 'x'}"},
		{"indented key is not top-level", " name: x\n", "{}"},
		{"nbsp indent", "\u00a0name: x\n", "{}"},
		{"information separator indent", "\x1fname: x\n", "{}"},
		{"trailing separators stripped", "name: x\x1f\x1c\n", "{'name': 'x'}"},
		{"key is stripped", "my key\t: v\n", "{'my key': 'v'}"},
		{"value split at first colon", "pattern: a:b: c\n", "{'pattern': 'a:b: c'}"},
		// Duplicates: last wins, position of the first insertion.
		{"duplicate key", "name: a\nevent: e\nname: b\n", "{'name': 'b', 'event': 'e'}"},
		{"list then scalar", "enabled:\n- x\nenabled: false\n", "{'enabled': False}"},
		{"scalar then list", "enabled: false\nenabled:\n- x\n", "{'enabled': ['x']}"},
		{"list flushed by next key", "conditions:\n  - field: a\nname: n\n  - field: b\n",
			"{'conditions': [{'field': 'a'}], 'name': 'n'}"},
		// current_key '' is falsy: its list is never stored and not closed
		// by the next top-level key (literal port of the algorithm).
		{"empty key scalar", ": v\n", "{'': 'v'}"},
		{"empty key list is never stored", ":\n- a\nname: x\n- b\nconditions:\n- c\n",
			"{'name': 'x', 'conditions': ['c']}"},
		{"empty key pending dict leaks into next list", ":\n- field: x\nconditions:\n- field: y\n",
			"{'conditions': [{'field': 'x'}, {'field': 'y'}]}"},
		{"empty frontmatter", "", "{}"},
		{"only comments", "# a\n\n", "{}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fmRepr(tt.body); got != tt.want {
				t.Errorf("body %q\n got %s\nwant %s", tt.body, got, tt.want)
			}
		})
	}
}

// TestFrontmatterSplit covers step 1: where the frontmatter starts and ends.
func TestFrontmatterSplit(t *testing.T) {
	tests := []struct {
		name, text, want, msg string
		closed                bool
	}{
		{"normal", "---\nname: x\n---\n\nHello\n\n", "{'name': 'x'}", "Hello", true},
		{"--- mid-line ends it", "---\npattern: foo---bar\n---\n", "{'pattern': 'foo'}", "bar\n---", true},
		{"---- opening", "----\nname: x\n---\nm", "{'name': 'x'}", "m", true},
		{"key on the opening line", "---name: x\n---\n", "{'name': 'x'}", "", true},
		{"no closing", "---\nname: x\n", "{}", "", false},
		{"leading newline", "\n---\nname: x\n---\n", "{}", "", false},
		{"BOM", "\ufeff---\nname: x\n---\n", "{}", "", false},
		{"leading space", " ---\nname: x\n---\n", "{}", "", false},
		{"body keeps later ---", "---\nname: x\n---\na\n---\nb\n", "{'name': 'x'}", "a\n---\nb", true},
		{"body stripped Python-style", "---\nname: x\n---\x1c \u3000 body\u2028\n\x1f", "{'name': 'x'}", "body", true},
		{"--- only", "---", "{}", "", false},
		{"------", "------", "{}", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := ParseFrontmatter(tt.text)
			if got := pyval.Repr(f.Values); got != tt.want {
				t.Errorf("values %s, want %s", got, tt.want)
			}
			if f.Message != tt.msg && tt.closed {
				t.Errorf("message %q, want %q", f.Message, tt.msg)
			}
			if f.Closed != tt.closed {
				t.Errorf("closed %v, want %v", f.Closed, tt.closed)
			}
		})
	}
}

func TestFrontmatterPositions(t *testing.T) {
	text := "---\nname: x\nconditions:\n  - field: command\n    operator: contains\n  - a: 1, b: 2\n" +
		"enabled: no\n\u00e9x: 1\nenabled:   \"false\"  \n---\n\nbody\n"
	f := ParseFrontmatter(text)
	pos := func(l, c int) ir.Pos { return ir.Pos{Line: l, Col: c} }
	check := func(what string, got, want ir.Pos) {
		t.Helper()
		if got != want {
			t.Errorf("%s at %v, want %v", what, got, want)
		}
	}
	p, _ := f.KeyPos("name")
	check("name", p, pos(2, 1))
	p, _ = f.KeyPos("enabled")
	check("enabled (last wins)", p, pos(9, 1))
	kl := f.Keys[f.Effective["enabled"]]
	check("enabled value", kl.Value, pos(9, 12))
	check("enabled value end", kl.ValueEnd, pos(9, 19))
	if kl.Raw != `"false"` {
		t.Errorf("raw %q", kl.Raw)
	}
	items := f.Items["conditions"]
	if len(items) != 2 {
		t.Fatalf("items %v", items)
	}
	check("item 1", items[0].Pos, pos(4, 3))
	check("item 1 field", items[0].KeyPos["field"], pos(4, 5))
	check("item 1 operator", items[0].KeyPos["operator"], pos(5, 5))
	check("item 2", items[1].Pos, pos(6, 3))
	check("item 2 b", items[1].KeyPos["b"], pos(6, 11))
	if !items[1].Inline || items[0].Inline {
		t.Errorf("inline flags %v %v", items[0].Inline, items[1].Inline)
	}
	p, _ = f.KeyPos("éx")
	check("éx", p, pos(8, 1))
	check("open", f.Open, pos(1, 1))
	check("close", f.Close, pos(10, 1))
	check("body", f.Body, pos(12, 1))

	// The first line: columns continue after the opening ---.
	f = ParseFrontmatter("---name: x\n---")
	p, _ = f.KeyPos("name")
	check("first-line key", p, pos(1, 4))
	check("first-line value", f.Keys[0].Value, pos(1, 10))
	check("close on line 2", f.Close, pos(2, 1))
	f = ParseFrontmatter("---\npattern: a---b")
	check("close mid-line", f.Close, pos(2, 11))
}

// checkPositions verifies that every position of f lies inside the text.
func checkPositions(t testing.TB, f *Frontmatter) {
	t.Helper()
	in := func(what string, p ir.Pos) {
		if !p.IsValid() {
			t.Fatalf("%s: invalid position %v", what, p)
		}
		if p.Line > f.Lines() || p.Col < 1 || p.Col > f.LineLen(p.Line)+1 {
			t.Fatalf("%s: position %v outside the text (%d lines, line length %d)", what, p, f.Lines(), f.LineLen(p.Line))
		}
	}
	if !f.Closed {
		if f.Values.Len() != 0 {
			t.Fatalf("values without a closed frontmatter")
		}
		return
	}
	in("open", f.Open)
	in("close", f.Close)
	if f.Message != "" {
		in("body", f.Body)
	}
	for _, k := range f.Keys {
		in("key "+k.Key, k.Pos)
		in("colon "+k.Key, k.Colon)
		in("value "+k.Key, k.Value)
		in("value end "+k.Key, k.ValueEnd)
		if k.Value.Line != k.ValueEnd.Line || k.ValueEnd.Col-k.Value.Col != len(k.Raw) {
			t.Fatalf("key %q: value span %v-%v does not hold %q", k.Key, k.Value, k.ValueEnd, k.Raw)
		}
	}
	for _, k := range f.Values.Keys() {
		i, ok := f.Effective[k]
		if !ok || f.Keys[i].Key != k {
			t.Fatalf("key %q has no effective line", k)
		}
		v, _ := f.Values.Get(k)
		if l, ok := v.(*pyval.List); ok {
			items := f.Items[k]
			if len(items) != len(l.Items) {
				t.Fatalf("key %q: %d items, %d positions", k, len(l.Items), len(items))
			}
			for j, it := range items {
				in("item", it.Pos)
				d, isDict := l.Items[j].(*pyval.Dict)
				if isDict != (it.KeyPos != nil) {
					t.Fatalf("key %q item %d: dict %v but key positions %v", k, j, isDict, it.KeyPos)
				}
				if isDict {
					for _, dk := range d.Keys() {
						p, ok := it.KeyPos[dk]
						if !ok {
							t.Fatalf("key %q item %d: no position for %q", k, j, dk)
						}
						in("dict key", p)
					}
				}
			}
		} else if _, ok := f.Items[k]; ok {
			t.Fatalf("key %q: item positions for a scalar", k)
		}
	}
}

func TestParsePositionsValid(t *testing.T) {
	for _, s := range fuzzSeeds() {
		checkPositions(t, ParseFrontmatter(Translate(s)))
	}
}

func fuzzSeeds() []string {
	return []string{
		"---\nname: x\n---\n",
		"---\nname: x\nconditions:\n  - field: a\n    pattern: b, c\n  - a: 1, b: 2\n- x\n---\nbody",
		":\n- a\n",
		"---\n:\n- field: x\nconditions:\n- field: y\n   z: 1\n---",
		"---name: x---",
		"----\r\nenabled: no\r\n---\r\n",
		"---\r\nname: a\rname: b\r---\rbody",
		"---\nenabled:\n-\n- \u3000x: y,\n\t\t\tq: r\n---",
		"---\n\u00e9: \u00e9\n  - \u00e9: \u00e9\n---",
		strings.Repeat("-", 7),
		"",
	}
}
