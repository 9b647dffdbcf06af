package agent

import (
	"testing"

	"github.com/hookifyc/hookifyc/compiler/pyval"
)

func TestPatchEvents(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: .env\n+KEY=1\n*** Update File: src/a.js\n@@ function f\n-old()\n+console.log(x)\n*** Delete File: /abs/gone.txt\n*** End Patch\n"
	raw, err := pyval.LoadJSON(`{"hook_event_name":"PreToolUse","turn_id":"t","cwd":"/p","tool_name":"apply_patch","tool_input":{"command":` + string(pyval.AppendJSONString(nil, patch)) + `}}`)
	if err != nil {
		t.Fatal(err)
	}
	in, ok := Normalize(raw)
	if !ok || in.Agent != Codex {
		t.Fatalf("normalize: %v %v", ok, in.Agent)
	}
	want := []string{
		`{"hook_event_name": "PreToolUse", "turn_id": "t", "cwd": "/p", "tool_name": "Write", "tool_input": {"file_path": "/p/.env", "content": "KEY=1"}}`,
		`{"hook_event_name": "PreToolUse", "turn_id": "t", "cwd": "/p", "tool_name": "Edit", "tool_input": {"file_path": "/p/src/a.js", "old_string": "old()", "new_string": "console.log(x)"}}`,
		`{"hook_event_name": "PreToolUse", "turn_id": "t", "cwd": "/p", "tool_name": "Edit", "tool_input": {"file_path": "/abs/gone.txt", "old_string": "", "new_string": ""}}`,
	}
	if len(in.Events) != len(want) {
		t.Fatalf("%d events, want %d", len(in.Events), len(want))
	}
	for i, ev := range in.Events {
		if got := string(pyval.Dumps(ev)); got != want[i] {
			t.Errorf("event %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
	// Not a patch: the event stays as it is.
	raw, _ = pyval.LoadJSON(`{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"nonsense"}}`)
	if in, _ := Normalize(raw); len(in.Events) != 1 || in.Events[0] != in.Event {
		t.Errorf("non-patch apply_patch rewritten: %d events", len(in.Events))
	}
}
