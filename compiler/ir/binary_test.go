package ir

import (
	"errors"
	"reflect"
	"testing"
)

func binaryRules() []*Rule {
	return []*Rule{
		{},
		{
			Origin: OriginHookify, Source: Source{File: ".claude/hookify.x.local.md", Pos: Pos{1, 1}},
			Name: "block-rm", Enabled: true, Event: EventBash, ActionText: "block", Action: ActionBlock,
			ToolMatcher: ToolMatcher{Set: true, Names: []string{"Bash", "Edit"}},
			Conditions: []Condition{
				{Field: "command", Operator: OpRegexMatch, Pattern: `rm\s+-rf`, Pos: Pos{5, 3}},
				{Field: "command", Operator: OpContains, Pattern: "ü\x00\xff", PatternTypeError: "bad", Legacy: true, Pos: Pos{-1, 1 << 40}},
			},
			Message: "**stop**\n\ndon't",
			KeyPos:  KeyPositions{{"", Pos{9, 9}}, {"action", Pos{4, 1}}, {"name", Pos{2, 1}}},
		},
		{Conditions: []Condition{}, KeyPos: KeyPositions{}, ToolMatcher: ToolMatcher{Names: []string{}, TypeError: "'bool' object has no attribute 'split'"}},
		{
			Origin: OriginPermission, Action: ActionAsk, Name: "Bash(git push *)",
			Conditions: []Condition{{Field: "command", Operator: OpPermCommand, Pattern: "git push *"}},
			Permission: &Permission{Pattern: "Bash(git push *)", Tool: "Bash", Specifier: "git push *", BaseDir: "/p", Actor: "ci"},
		},
	}
}

func TestBinaryRoundTrip(t *testing.T) {
	var all []byte
	for i, r := range binaryRules() {
		b := AppendBinary(nil, r)
		got, rest, err := DecodeBinary(b)
		if err != nil || len(rest) != 0 {
			t.Fatalf("rule %d: DecodeBinary: %v (rest %d)", i, err, len(rest))
		}
		if !reflect.DeepEqual(got, r) {
			t.Errorf("rule %d: round trip\n got %#v\nwant %#v", i, got, r)
		}
		all = AppendBinary(all, r)
	}
	// Rules concatenate: each decode returns the rest.
	for i, want := range binaryRules() {
		got, rest, err := DecodeBinary(all)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("stream rule %d: %v", i, err)
		}
		all = rest
	}
	if len(all) != 0 {
		t.Errorf("%d bytes left", len(all))
	}
}

func TestBinaryDeterministic(t *testing.T) {
	r := binaryRules()[1]
	a := AppendBinary(nil, r)
	for i := 0; i < 20; i++ {
		if b := AppendBinary(nil, r); string(a) != string(b) {
			t.Fatal("two encodings of one rule differ")
		}
	}
}

func TestBinaryRejects(t *testing.T) {
	good := AppendBinary(nil, binaryRules()[1])
	for i := 0; i < len(good); i++ {
		if _, _, err := DecodeBinary(good[:i]); !errors.Is(err, ErrBinary) {
			t.Fatalf("truncated at %d: err = %v", i, err)
		}
	}
	other := append([]byte{BinaryVersion + 1}, good[1:]...)
	if _, _, err := DecodeBinary(other); !errors.Is(err, ErrBinary) {
		t.Errorf("another version: err = %v", err)
	}
	huge := []byte{BinaryVersion, 0xff, 0xff, 0xff, 0xff, 0x0f}
	if _, _, err := DecodeBinary(huge); !errors.Is(err, ErrBinary) {
		t.Errorf("huge string length: err = %v", err)
	}
}

// FuzzDecodeBinary: arbitrary bytes never panic, and whatever decodes
// encodes to bytes that decode to the same rule.
func FuzzDecodeBinary(f *testing.F) {
	for _, r := range binaryRules() {
		f.Add(AppendBinary(nil, r))
	}
	f.Add([]byte{})
	f.Add([]byte{BinaryVersion, 0x80})
	f.Fuzz(func(t *testing.T, b []byte) {
		r, _, err := DecodeBinary(b)
		if err != nil {
			if !errors.Is(err, ErrBinary) {
				t.Fatalf("error does not wrap ErrBinary: %v", err)
			}
			return
		}
		again, rest, err := DecodeBinary(AppendBinary(nil, r))
		if err != nil || len(rest) != 0 || !reflect.DeepEqual(again, r) {
			t.Fatalf("re-encoding differs: %v", err)
		}
	})
}

// TestDecodedSlicesAreCapped: the conditions and key positions of a
// decoded rule may live in its one allocation (ruleBlock); appending to
// them must never write into that block, whichever size they have.
func TestDecodedSlicesAreCapped(t *testing.T) {
	for n := 0; n <= 8; n++ {
		r := &Rule{Name: "r", Conditions: []Condition{}, KeyPos: KeyPositions{}}
		for i := 0; i < n; i++ {
			r.Conditions = append(r.Conditions, Condition{Field: "command", Operator: OpContains, Pattern: string(rune('a' + i))})
			r.KeyPos = append(r.KeyPos, KeyPosition{string(rune('a' + i)), Pos{i + 1, 1}})
		}
		got, _, err := DecodeBinary(AppendBinary(nil, r))
		if err != nil {
			t.Fatal(err)
		}
		if cap(got.Conditions) != len(got.Conditions) || cap(got.KeyPos) != len(got.KeyPos) {
			t.Fatalf("%d items: caps %d/%d for lengths %d/%d", n, cap(got.Conditions), cap(got.KeyPos), len(got.Conditions), len(got.KeyPos))
		}
		before := got.Message
		got.Conditions = append(got.Conditions, Condition{Pattern: "added"})
		got.KeyPos = append(got.KeyPos, KeyPosition{"zz", Pos{9, 9}})
		if got.Message != before || got.Name != "r" {
			t.Fatalf("%d items: appending changed the rule", n)
		}
		if !reflect.DeepEqual(got.Conditions[:n], r.Conditions) || !reflect.DeepEqual(got.KeyPos[:n], r.KeyPos) {
			t.Fatalf("%d items: round trip changed", n)
		}
	}
}

func BenchmarkDecodeBinary(b *testing.B) {
	data := AppendBinary(nil, binaryRules()[1])
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := DecodeBinary(data); err != nil {
			b.Fatal(err)
		}
	}
}
