package suggest

import "testing"

func TestClosest(t *testing.T) {
	known := []string{"allow", "ask", "deny", "command", "regex_match", "bash", "block"}
	for in, want := range map[string]string{
		"alow": "allow", "comand": "command", "regex_matches": "regex_match", "bahs": "bash",
		"blocks": "block", "dney": "deny", "allow": "", "xyz": "", "url": "",
	} {
		if got := Closest(in, known); got != want {
			t.Errorf("Closest(%q) = %q, want %q", in, got, want)
		}
	}
	if Hint("alow", known) != ` (did you mean "allow"?)` {
		t.Error(Hint("alow", known))
	}
}
