package audit

import (
	"encoding/json"
	"time"
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

// Marshal renders e as one line, newline included.
func (e *Entry) Marshal() ([]byte, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
