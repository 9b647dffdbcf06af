package codextest

import "testing"

func TestErrorText(t *testing.T) {
	for _, tc := range []struct{ stderr, want string }{
		{"Error: failed to parse policy at x.rules\n\nCaused by:\n    starlark error: Traceback (most recent call last):\n      * x.rules:1, in <module>\n          prefix_rule([\"git\"], decision = \"deny\")\n    error: invalid decision: deny\n     --> x.rules:1:1\n", "invalid decision: deny"},
		{"Error: failed to parse policy at x.rules\n\nCaused by:\n    starlark error: error: Parse error: unexpected new line, expected symbol ')'\n     --> x.rules:1:1\n", "Parse error: unexpected new line, expected symbol ')'"},
		{"Error: failed to parse policy at x.rules\n\nCaused by:\n    expected example to not match rule `R`: git status\n", "expected example to not match rule `R`: git status"},
		{"", ""},
	} {
		if got := ErrorText([]byte(tc.stderr)); got != tc.want {
			t.Errorf("ErrorText = %q, want %q", got, tc.want)
		}
	}
}

func TestCleanStderr(t *testing.T) {
	in := "WARNING: proceeding, even though we could not create PATH aliases: x\nError: y\n"
	if got := string(CleanStderr([]byte(in))); got != "Error: y\n" {
		t.Errorf("got %q", got)
	}
}

// TestBinary locates (installing if needed) the pinned codex and checks its
// version; it fails, never skips, when codex cannot be had.
func TestBinary(t *testing.T) {
	bin := Binary(t)
	if err := checkVersion(bin); err != nil {
		t.Fatal(err)
	}
}
