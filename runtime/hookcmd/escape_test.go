package hookcmd

import "testing"

// TestEscapeControls: the hook's stderr quotes the agent's commands; their
// control and deceptive characters reach the terminal as escapes.
func TestEscapeControls(t *testing.T) {
	for in, want := range map[string]string{
		"plain\nlines\tand tabs":   "plain\nlines\tand tabs",
		"\x1b[31mred\x1b[0m\rover": `\x1b[31mred\x1b[0m\rover`,
		"a\u202eb\x7f":             `a\u202eb\x7f`,
		"été":                      "été",
	} {
		if got := EscapeControls(in); got != want {
			t.Errorf("EscapeControls(%q) = %q, want %q", in, got, want)
		}
	}
}
