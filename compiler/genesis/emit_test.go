package genesis

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEmitEscapesDeceptive: a bidi override in a genesis command never
// reaches the emitted hooks raw, and decodes back unchanged.
func TestEmitEscapesDeceptive(t *testing.T) {
	cmd := "/opt/audit\u202Etxt.sh"
	for _, agent := range []string{"claude", "codex"} {
		out := Emit([]Hook{{Type: Command, Event: "PreToolUse", Matcher: "Bash", Run: cmd}}, agent, "/usr/local/bin/hookifyc")
		if strings.ContainsRune(string(out), '\u202E') {
			t.Errorf("%s: raw U+202E in\n%s", agent, out)
		}
		var v any
		if err := json.Unmarshal(out, &v); err != nil {
			t.Errorf("%s: %v", agent, err)
		}
	}
}
