package audit

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"time"
)

// marshalStd is what Marshal must write: encoding/json's rendering.
func marshalStd(e *Entry) ([]byte, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func TestMarshalMatchesEncodingJSON(t *testing.T) {
	at := time.Date(2026, 11, 25, 4, 35, 2, 123456789, time.UTC)
	odd := "<a&b> \"q\" \\ \b\f\n\r\t\x00\x1f\x7f é 日本 \u2028\u2029 \xff\xfe \U0001F600 end"
	entries := []*Entry{
		{},
		{Time: at, Version: "v1.2.3", Command: "hook", Decision: "allow", Semantics: "fixed", LatencyMS: 1.234},
		{Time: at.In(time.FixedZone("x", 5*3600+1800)), Version: odd, Command: "check", Agent: "claude", Event: "PreToolUse", Tool: "Bash",
			SessionID: "s", Cwd: "/tmp/" + odd, Summary: odd, Decision: "block",
			Rules:     []Rule{{Name: odd, Action: "block", Source: "/x.md:2"}, {Name: "b", Action: "warn"}, {}},
			Semantics: "hookify", Fail: "closed", Problems: -3, LatencyMS: 0.001,
			Kind: "k", Actor: "ci", Output: odd, Origin: "g.key:3"},
		{Time: time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC), Rules: []Rule{}, Problems: 7, LatencyMS: 1e21},
		{Time: time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC), LatencyMS: 1e-7},
		{LatencyMS: -2.5e-9},
		{LatencyMS: 123456789.125},
		{LatencyMS: math.SmallestNonzeroFloat64},
		{LatencyMS: math.MaxFloat64},
		{LatencyMS: math.Copysign(0, -1)},
	}
	for i, e := range entries {
		got, err := e.Marshal()
		want, werr := marshalStd(e)
		if err != nil || werr != nil {
			t.Fatalf("entry %d: %v / %v", i, err, werr)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("entry %d:\n got %s\nwant %s", i, got, want)
		}
	}
	for _, e := range []*Entry{
		{Time: time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600))},
		{Time: time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", -100*3600)), LatencyMS: math.NaN()},
		{Time: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{Time: time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)},
		{LatencyMS: math.NaN()},
		{LatencyMS: math.Inf(-1)},
	} {
		_, err := e.Marshal()
		_, werr := marshalStd(e)
		if err == nil || werr == nil || err.Error() != werr.Error() {
			t.Errorf("%+v: errors %v / %v", e, err, werr)
		}
	}
}

func FuzzMarshal(f *testing.F) {
	f.Add("<&>\u2028\xff", "a\x00b", 1.5, int64(1700000000123456789), 3)
	f.Add("", "", 0.0, int64(0), 0)
	f.Add("日本語 \"x\"", "\\", 1e-7, int64(-62135596800000000), -1)
	f.Fuzz(func(t *testing.T, s1, s2 string, lat float64, unixNano int64, problems int) {
		// The zone: UTC, or an offset taken from the input (log lines read
		// back may carry any offset, even 24 hours or more).
		at := time.Unix(0, unixNano).UTC()
		if problems%3 != 0 {
			at = at.In(time.FixedZone("", problems%(200*3600)))
		}
		e := &Entry{
			Time: at, Version: s1, Command: s2, Agent: s1, Event: s2, Tool: s1,
			SessionID: s2, Cwd: s1, Summary: s2, Decision: s1, Rules: []Rule{{Name: s1, Action: s2, Source: s1}},
			Semantics: s2, Fail: s1, Problems: problems, LatencyMS: lat, Kind: s2, Actor: s1, Output: s2, Origin: s1,
		}
		got, err := e.Marshal()
		want, werr := marshalStd(e)
		if (err != nil) != (werr != nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("errors differ: %v / %v", err, werr)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	})
}

func BenchmarkMarshal(b *testing.B) {
	e := &Entry{Time: time.Now().UTC(), Version: "v1", Command: "hook", Agent: "claude", Event: "PreToolUse", Tool: "Bash", SessionID: "s", Cwd: "/tmp/x",
		Summary: `git commit -m "x" && npm test`, Decision: "block", Rules: []Rule{{"a", "block", "/x/y.md:2"}, {"b", "warn", "/x/z.md:2"}}, Semantics: "fixed", LatencyMS: 1.234}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Marshal(); err != nil {
			b.Fatal(err)
		}
	}
}
