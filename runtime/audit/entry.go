package audit

import (
	"fmt"
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Entry is one decision, one line of the log.
type Entry struct {
	Time    time.Time `json:"time"`
	Version string    `json:"version"`
	// Command is the hookifyc command that decided: "hook" or "check"
	// ("evidence" for a ledger entry).
	Command   string `json:"command"`
	Agent     string `json:"agent,omitempty"`
	Event     string `json:"event,omitempty"`
	Tool      string `json:"tool,omitempty"`
	SessionID string `json:"session_id,omitempty"`
	Cwd       string `json:"cwd,omitempty"`
	// Summary is the command, file path or prompt decided on, redacted
	// and shortened (see Summarize).
	Summary string `json:"summary,omitempty"`
	// Decision is allow, warn or block: what the agent was told.
	Decision string `json:"decision"`
	// Rules are the rules whose messages made the decision.
	Rules     []Rule  `json:"rules,omitempty"`
	Semantics string  `json:"semantics"`
	Fail      string  `json:"fail,omitempty"`
	Problems  int     `json:"problems,omitempty"`
	LatencyMS float64 `json:"latency_ms"`

	// Evidence entries (Command "evidence", Decision "evidence") record a
	// tool call for a genesis.key evidence_capture hook.
	Kind   string `json:"kind,omitempty"`
	Actor  string `json:"actor,omitempty"`
	Output string `json:"output,omitempty"`
	// Origin is the file:line of the hook that asked for the entry.
	Origin string `json:"origin,omitempty"`
}

// Rule is a matched rule.
type Rule struct {
	Name   string `json:"name"`
	Action string `json:"action"`
	// Source is file:line of the rule.
	Source string `json:"source,omitempty"`
}

// Marshal renders e as one line, newline included: exactly what
// json.Marshal writes for it (TestMarshalMatchesEncodingJSON,
// FuzzMarshal), without encoding/json's reflection, whose first use costs
// a hook process 0.1–0.17 ms, every call.
func (e *Entry) Marshal() ([]byte, error) {
	// The time as encoding/json writes it: its own MarshalJSON (a method
	// call, no reflection), which refuses years outside [0,9999] and zone
	// offsets of 24 hours or more.
	stamp, err := e.Time.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("json: error calling MarshalJSON for type time.Time: %w", err)
	}
	if math.IsNaN(e.LatencyMS) || math.IsInf(e.LatencyMS, 0) {
		return nil, fmt.Errorf("json: unsupported value: %s", strconv.FormatFloat(e.LatencyMS, 'g', -1, 64))
	}
	b := make([]byte, 0, 256+len(e.Summary)+len(e.Cwd)+len(e.Output)+64*len(e.Rules))
	b = append(b, `{"time":`...)
	b = append(b, stamp...)
	b = appendField(b, "version", e.Version, false)
	b = appendField(b, "command", e.Command, false)
	b = appendField(b, "agent", e.Agent, true)
	b = appendField(b, "event", e.Event, true)
	b = appendField(b, "tool", e.Tool, true)
	b = appendField(b, "session_id", e.SessionID, true)
	b = appendField(b, "cwd", e.Cwd, true)
	b = appendField(b, "summary", e.Summary, true)
	b = appendField(b, "decision", e.Decision, false)
	if len(e.Rules) > 0 {
		b = append(b, `,"rules":[`...)
		for i, r := range e.Rules {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			b = appendJSONString(b, r.Name)
			b = appendField(b, "action", r.Action, false)
			b = appendField(b, "source", r.Source, true)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendField(b, "semantics", e.Semantics, false)
	b = appendField(b, "fail", e.Fail, true)
	if e.Problems != 0 {
		b = append(b, `,"problems":`...)
		b = strconv.AppendInt(b, int64(e.Problems), 10)
	}
	b = append(b, `,"latency_ms":`...)
	b = appendJSONFloat(b, e.LatencyMS)
	b = appendField(b, "kind", e.Kind, true)
	b = appendField(b, "actor", e.Actor, true)
	b = appendField(b, "output", e.Output, true)
	b = appendField(b, "origin", e.Origin, true)
	return append(b, '}', '\n'), nil
}

// appendField appends `,"key":value`, or nothing for an empty value when
// omitEmpty.
func appendField(b []byte, key, value string, omitEmpty bool) []byte {
	if omitEmpty && value == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, '"', ':')
	return appendJSONString(b, value)
}

// appendJSONString appends s as encoding/json writes a string: HTML
// characters and U+2028/U+2029 escaped, invalid UTF-8 as U+FFFD.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = pyval.AppendASCIIEscape(append(b, s[start:i]...), c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', "89"[r&1])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendJSONFloat appends f as encoding/json writes a float64 (f is
// finite).
func appendJSONFloat(b []byte, f float64) []byte {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}
