// Package notifybridge turns a Codex Stop hook payload into the JSON
// argument Codex's legacy `notify` program receives after each turn
// (agent-hooks.md A8), so that notify scripts keep working when they are
// run from a Stop hook (`hookifyc notify-bridge -- PROG ARGS…`).
//
// It builds bytes; starting the program is the caller's.
package notifybridge

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
)

// Stop is what the bridge reads of a Stop payload.
type Stop struct {
	SessionID      string  `json:"session_id"`
	TurnID         string  `json:"turn_id"`
	Cwd            string  `json:"cwd"`
	TranscriptPath *string `json:"transcript_path"`
	LastMessage    *string `json:"last_assistant_message"`
	HookEvent      string  `json:"hook_event_name"`
}

// Argument renders the notify argument for a Stop payload:
//
//	{"type":"agent-turn-complete","thread-id":…,"turn-id":…,"cwd":…,"client":…,"input-messages":[…],"last-assistant-message":…}
//
// with Codex's key order; client is left out when "" (Codex omits it when
// it does not know it). inputs are the user messages of the turn.
func Argument(s Stop, client string, inputs []string) []byte {
	var b bytes.Buffer
	str := func(v string) { writeString(&b, v) }
	b.WriteString(`{"type":"agent-turn-complete","thread-id":`)
	str(s.SessionID)
	b.WriteString(`,"turn-id":`)
	str(s.TurnID)
	b.WriteString(`,"cwd":`)
	str(s.Cwd)
	if client != "" {
		b.WriteString(`,"client":`)
		str(client)
	}
	b.WriteString(`,"input-messages":[`)
	for i, m := range inputs {
		if i > 0 {
			b.WriteByte(',')
		}
		str(m)
	}
	b.WriteString(`],"last-assistant-message":`)
	if s.LastMessage == nil {
		b.WriteString("null")
	} else {
		str(*s.LastMessage)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// Parse reads a Stop payload.
func Parse(payload []byte) (Stop, error) {
	var s Stop
	if err := json.Unmarshal(payload, &s); err != nil {
		return s, fmt.Errorf("the payload is not a hook event: %v", err)
	}
	return s, nil
}

// TurnInputs returns the user messages of a turn from a Codex rollout
// transcript (JSON lines): the text of every UserMessage item completed in
// the turn (event_msg item_completed with its turn_id), in order. With no
// turn id, the turn is the last one begun (task_started).
func TurnInputs(transcript []byte, turnID string) []string {
	var inputs []string
	sc := bufio.NewScanner(bytes.NewReader(transcript))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var line struct {
			Type    string `json:"type"`
			Payload struct {
				Type   string `json:"type"`
				TurnID string `json:"turn_id"`
				Item   struct {
					Type    string `json:"type"`
					Content []struct {
						Type string `json:"type"`
						Text string `json:"text"`
					} `json:"content"`
				} `json:"item"`
			} `json:"payload"`
		}
		if json.Unmarshal(sc.Bytes(), &line) != nil || line.Type != "event_msg" {
			continue
		}
		p := line.Payload
		switch {
		case p.Type == "task_started" && turnID == "":
			inputs = nil
		case p.Type == "item_completed" && p.Item.Type == "UserMessage" && (turnID == "" || p.TurnID == turnID):
			for _, c := range p.Item.Content {
				if c.Type == "text" {
					inputs = append(inputs, c.Text)
				}
			}
		}
	}
	return inputs
}

// Client returns the client a Codex rollout transcript names (its
// session_meta originator: codex_exec, codex-tui), or "".
func Client(transcript []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(transcript))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var line struct {
			Type    string `json:"type"`
			Payload struct {
				Originator string `json:"originator"`
			} `json:"payload"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.Type == "session_meta" {
			return line.Payload.Originator
		}
	}
	return ""
}

// writeString writes v as a JSON string the way Codex's serde_json does:
// only '"', '\\' and the control characters below U+0020 are escaped
// (\b \f \n \r \t, else \u00xx); '<', '>', '&', U+2028 and U+2029 are
// written as they are (Go's encoding/json would escape them).
func writeString(b *bytes.Buffer, v string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xf])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
}
