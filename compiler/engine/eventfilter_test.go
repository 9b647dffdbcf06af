package engine

import (
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// TestEventFilterHookify: hookify's entry scripts' event filter.
func TestEventFilterHookify(t *testing.T) {
	tests := []struct{ event, tool, want string }{
		{"PreToolUse", "Bash", "bash"},
		{"PostToolUse", "Bash", "bash"},
		{"PreToolUse", "Edit", "file"},
		{"PreToolUse", "Write", "file"},
		{"PostToolUse", "MultiEdit", "file"},
		{"PreToolUse", "NotebookEdit", "(none)"},
		{"PreToolUse", "Read", "(none)"},
		{"PreToolUse", "bash", "(none)"},
		{"PreToolUse", "mcp__x__y", "(none)"},
		{"Stop", "", "stop"},
		{"UserPromptSubmit", "", "prompt"},
	}
	for _, tt := range tests {
		kind, on := EventFilter(Hookify, tt.event, tt.tool)
		if got := map[bool]string{true: kind, false: "(none)"}[on]; got != tt.want {
			t.Errorf("EventFilter(Hookify, %q, %q) = %q, want %q", tt.event, tt.tool, got, tt.want)
		}
	}
}

// TestConsiders covers spec §6: which rule events each hook call sees.
func TestConsiders(t *testing.T) {
	filters := []string{"bash", "file", "stop", "prompt", ""}
	tests := []struct {
		event string
		sees  []bool // per filter above
	}{
		{"bash", []bool{true, false, false, false, true}},
		{"file", []bool{false, true, false, false, true}},
		{"stop", []bool{false, false, true, false, true}},
		{"prompt", []bool{false, false, false, true, true}},
		{"all", []bool{true, true, true, true, true}},
		{"Bash", []bool{false, false, false, false, true}},
		{"[]", []bool{false, false, false, false, true}},
		{"True", []bool{false, false, false, false, true}},
	}
	for _, tt := range tests {
		for i, f := range filters {
			r := &ir.Rule{Event: tt.event, Enabled: true}
			if got := Considers(r, f, f != ""); got != tt.sees[i] {
				t.Errorf("event %q, filter %q: %v", tt.event, f, got)
			}
			r.Enabled = false
			if Considers(r, f, f != "") {
				t.Errorf("disabled rule selected")
			}
		}
	}
}
