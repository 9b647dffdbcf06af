package main

import (
	"strings"
	"testing"
)

// TestMergeHooksJSON: --write twice adds the hooks once, keeps the other
// keys, and refuses an event that is not a list rather than replace it.
func TestMergeHooksJSON(t *testing.T) {
	add := []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"x","timeout":10}]}]}}`)
	once, err := mergeHooksJSON([]byte(`{"other":1,"hooks":{"Stop":[{"hooks":[{"type":"command","command":"mine"}]}]}}`), add)
	if err != nil {
		t.Fatal(err)
	}
	twice, err := mergeHooksJSON(once, add)
	if err != nil {
		t.Fatal(err)
	}
	if string(once) != string(twice) || strings.Count(string(twice), `"command": "x"`) != 1 || !strings.Contains(string(twice), `"mine"`) || !strings.Contains(string(twice), `"other"`) {
		t.Errorf("once:\n%s\ntwice:\n%s", once, twice)
	}
	if _, err := mergeHooksJSON([]byte(`{"hooks":{"Stop":{"x":1}}}`), add); err == nil || !strings.Contains(err.Error(), "hooks.Stop is not a list") {
		t.Errorf("an event that is not a list: %v", err)
	}
}
