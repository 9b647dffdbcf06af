package genesis

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/internal/textsafe"
)

// handler is one entry of a matcher group, in the agents' shared shape.
type handler struct {
	Type    string `json:"type"`
	Command string `json:"command"`
	Timeout int    `json:"timeout,omitempty"`
	// If is Claude Code's permission-rule filter (≥ 2.1.85).
	If string `json:"if,omitempty"`
}

type group struct {
	Matcher string    `json:"matcher,omitempty"`
	Hooks   []handler `json:"hooks"`
}

type fragment struct {
	Permissions *struct {
		Ask []string `json:"ask"`
	} `json:"permissions,omitempty"`
	Hooks map[string][]group `json:"hooks"`
}

// Emit renders what agent's configuration needs for the hooks placed
// InConfig: for Claude Code a settings.json fragment (permissions.ask for
// approval gates, hooks for command, evidence_capture and modify), for
// Codex a hooks.json. bin is the hookifyc the hooks run (evidence_capture
// runs `bin evidence`, modify `bin modify`).
func Emit(hooks []Hook, agent, bin string) []byte {
	f := fragment{Hooks: map[string][]group{}}
	for _, p := range Place(hooks, agent) {
		if p.Where != InConfig {
			continue
		}
		h := p.Hook
		if h.Type == ApprovalGate {
			if f.Permissions == nil {
				f.Permissions = &struct {
					Ask []string `json:"ask"`
				}{}
			}
			f.Permissions.Ask = append(f.Permissions.Ask, Tools(h.Matcher)...)
			continue
		}
		matcher, _ := Matcher(h, agent)
		hd := handler{Type: "command", Command: h.Run, Timeout: h.Timeout}
		if h.Type == Modify {
			argv := []string{bin, "modify", "--source", h.Source.String(), "--field", h.Modify.Field}
			if h.Modify.Pattern != "" {
				argv = append(argv, "--pattern", h.Modify.Pattern, "--replace", h.Modify.Replace)
			} else {
				argv = append(argv, "--append", h.Modify.Append)
			}
			if len(Tools(h.Matcher)) > 0 {
				argv = append(argv, "--matcher", h.Matcher)
			}
			var q []string
			for _, a := range argv {
				q = append(q, shell.Quote(a))
			}
			hd.Command = strings.Join(q, " ")
		}
		if h.Type == EvidenceCapture {
			argv := []string{bin, "evidence", "--source", h.Source.String()}
			if h.Kind != "" {
				argv = append(argv, "--kind", h.Kind)
			}
			if h.Ledger != "" {
				argv = append(argv, "--ledger", h.Ledger)
			}
			if len(Tools(h.Matcher)) > 0 {
				// The hook checks the specifiers the agent's matcher cannot.
				argv = append(argv, "--matcher", h.Matcher)
			}
			var q []string
			for _, a := range argv {
				q = append(q, shell.Quote(a))
			}
			hd.Command = strings.Join(q, " ")
		}
		if agent == Claude {
			var specs []string
			for _, t := range Tools(h.Matcher) {
				if strings.Contains(t, "(") {
					specs = append(specs, t)
				}
			}
			if len(specs) == 1 && len(Tools(h.Matcher)) == 1 {
				hd.If = specs[0]
			}
		}
		gs := f.Hooks[h.Event]
		if n := len(gs); n > 0 && gs[n-1].Matcher == matcher {
			gs[n-1].Hooks = append(gs[n-1].Hooks, hd)
		} else {
			gs = append(gs, group{Matcher: matcher, Hooks: []handler{hd}})
		}
		f.Hooks[h.Event] = gs
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	enc.Encode(f)
	// Commands and matchers come from the genesis file: no deceptive
	// character (bidi control, line separator) reaches the settings raw.
	return textsafe.EscapeJSON(b.Bytes())
}
