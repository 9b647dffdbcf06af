package lower

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

func TestReportJSON(t *testing.T) {
	rules := []*ir.Rule{
		hookifyRule("q\"uote [x] {y}, z: \\ \u2028 é", ir.OpRegexMatch, `^git\s+push\b`),
		hookifyRule("other", ir.OpRegexMatch, `^sudo\s`),
		{Origin: ir.OriginHookify, Name: "file", Enabled: true, Event: ir.EventFile, Action: ir.ActionWarn},
	}
	ls, err := Lower(rules, LowerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep := NewReport(ls, []string{"note \"one\""})
	data, err := rep.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	// Patterns decode as []any of string / []any; compare through JSON.
	want, _ := json.Marshal(rep)
	got, _ := json.Marshal(&back)
	if string(want) != string(got) {
		t.Errorf("round trip differs:\n%s\n%s", want, got)
	}
	if c := rep.Counts; c.Partial != 1 || c.Runtime != 1 || c.NotBash != 1 || c.Emitted != 1 {
		t.Errorf("counts %+v", c)
	}
	if !strings.Contains(string(data), `"patterns": [["git", "push"]]`) {
		t.Errorf("patterns not inline:\n%s", data)
	}
	if s := rep.Summary(); s != "2 bash rules: 0 exact, 1 partial, 1 runtime; 1 other rules run in the hook; 1 prefix rules" {
		t.Errorf("summary %q", s)
	}
}

func TestIndentObjects(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{}`, `{}`},
		{`[]`, `[]`},
		{`{"a":[]}`, "{\n  \"a\": []\n}"},
		{`{"a":[1,[2,"]"]],"b":{"c":"{,}"}}`, "{\n  \"a\": [1, [2, \"]\"]],\n  \"b\": {\n    \"c\": \"{,}\"\n  }\n}"},
		{`[{"a":"\"["},{}]`, "[\n  {\n    \"a\": \"\\\"[\"\n  },\n  {}\n]"},
	} {
		got := string(indentObjects([]byte(tc.in)))
		if got != tc.want {
			t.Errorf("indentObjects(%s) =\n%s\nwant\n%s", tc.in, got, tc.want)
		}
		var a, b any
		if json.Unmarshal([]byte(tc.in), &a) != nil || json.Unmarshal([]byte(got), &b) != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("indentObjects(%s) changed the value", tc.in)
		}
	}
}
