package notifybridge

import (
	"reflect"
	"testing"
)

func TestArgument(t *testing.T) {
	done := "done \"ok\" <&>"
	for _, tc := range []struct {
		name, payload, client string
		inputs                []string
		want                  string
	}{
		{"codex exec turn", `{"session_id":"th","turn_id":"tu","cwd":"/w","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"` + `done \"ok\" <&>` + `"}`, "codex_exec", []string{"run it"},
			`{"type":"agent-turn-complete","thread-id":"th","turn-id":"tu","cwd":"/w","client":"codex_exec","input-messages":["run it"],"last-assistant-message":"done \"ok\" <&>"}`},
		{"serde_json escapes", `{"session_id":"th","turn_id":"tu","cwd":"/w","last_assistant_message":"a\u2028b\u0001\t\u007f é"}`, "", []string{"x\ny"},
			"{\"type\":\"agent-turn-complete\",\"thread-id\":\"th\",\"turn-id\":\"tu\",\"cwd\":\"/w\",\"input-messages\":[\"x\\ny\"],\"last-assistant-message\":\"a\u2028b\\u0001\\t\u007f é\"}"},
		{"no client, no message", `{"session_id":"th","turn_id":"tu","cwd":"/w","last_assistant_message":null}`, "", nil,
			`{"type":"agent-turn-complete","thread-id":"th","turn-id":"tu","cwd":"/w","input-messages":[],"last-assistant-message":null}`},
	} {
		s, err := Parse([]byte(tc.payload))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(Argument(s, tc.client, tc.inputs)); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
	_ = done
}

// rollout is the shape of a Codex 0.169.0 rollout (abridged from a real
// codex exec session): two turns.
const rollout = `{"type":"session_meta","payload":{"id":"th","originator":"codex_exec","cli_version":"0.169.0"}}
{"type":"event_msg","payload":{"type":"task_started","turn_attribution":{"turn_id":"t1"}}}
{"type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context>…"}]}}
{"type":"event_msg","payload":{"type":"item_completed","thread_id":"th","turn_id":"t1","item":{"type":"UserMessage","content":[{"type":"text","text":"first","text_elements":[]}]}}}
{"type":"event_msg","payload":{"type":"item_completed","thread_id":"th","turn_id":"t1","item":{"type":"AgentMessage","content":[{"type":"Text","text":"ok"}]}}}
{"type":"event_msg","payload":{"type":"task_started","turn_attribution":{"turn_id":"t2"}}}
{"type":"event_msg","payload":{"type":"item_completed","thread_id":"th","turn_id":"t2","item":{"type":"UserMessage","content":[{"type":"text","text":"second"},{"type":"image"},{"type":"text","text":"and more"}]}}}
not json
`

func TestTurnInputs(t *testing.T) {
	for turn, want := range map[string][]string{"t1": {"first"}, "t2": {"second", "and more"}, "": {"second", "and more"}, "t9": nil} {
		if got := TurnInputs([]byte(rollout), turn); !reflect.DeepEqual(got, want) {
			t.Errorf("turn %q: %q, want %q", turn, got, want)
		}
	}
	if got := Client([]byte(rollout)); got != "codex_exec" {
		t.Errorf("Client: %q", got)
	}
	if got := Client([]byte("{}\n")); got != "" {
		t.Errorf("Client of nothing: %q", got)
	}
}
