package codextest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
)

// MockModel is the model of the live Codex tests: an OpenAI Responses API
// server (configure it as a model provider with wire_api = "responses" and
// base_url = URL + "/v1"). It lists no models, answers 404 on any other
// path, and answers each POST to /responses with one output item, streamed
// as Codex expects: reply is given the request's body and returns the
// item (e.g. a tool call, or [Message]). The caller closes the server.
func MockModel(reply func(body []byte) json.RawMessage) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.Method == http.MethodGet {
			io.WriteString(w, `{"data":[],"object":"list"}`)
			return
		}
		if !strings.HasSuffix(r.URL.Path, "/responses") {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, "{}")
			return
		}
		item := reply(body)
		w.Header().Set("Content-Type", "text/event-stream")
		for _, ev := range []string{
			`{"type":"response.created","response":{"id":"resp_1"}}`,
			`{"type":"response.output_item.done","item":` + string(item) + `}`,
			`{"type":"response.completed","response":{"id":"resp_1","usage":{"input_tokens":1,"input_tokens_details":null,"output_tokens":1,"output_tokens_details":null,"total_tokens":2}}}`,
		} {
			var typ struct{ Type string }
			json.Unmarshal([]byte(ev), &typ)
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ.Type, ev)
		}
	}))
}

// Message is an assistant message item saying text.
func Message(text string) json.RawMessage {
	t, _ := json.Marshal(text)
	return json.RawMessage(`{"type":"message","role":"assistant","id":"msg_1","content":[{"type":"output_text","text":` + string(t) + `}]}`)
}

// ToolOutput returns the output of the first tool call's result a
// Responses request body carries (an input item whose type ends in
// "call_output"), a non-string output as JSON; ok is false when it carries
// none.
func ToolOutput(body []byte) (output string, ok bool) {
	var req struct {
		Input []map[string]any `json:"input"`
	}
	json.Unmarshal(body, &req)
	for _, in := range req.Input {
		if typ, _ := in["type"].(string); strings.HasSuffix(typ, "call_output") {
			switch o := in["output"].(type) {
			case string:
				return o, true
			default:
				b, _ := json.Marshal(o)
				return string(b), true
			}
		}
	}
	return "", false
}

// MockConfig is the config.toml of a live test's CODEX_HOME that points
// Codex at a MockModel (provider "mock", its key read from $MOCK_API_KEY).
type MockConfig struct {
	URL      string // the MockModel server's URL
	Model    string // the model name; "" is gpt-5.1-codex
	Trusted  string // a project directory to trust, or ""
	TopLevel string // more top-level keys, each line ending in "\n"
}

// TOML renders c. Tables a test adds go after it.
func (c MockConfig) TOML() string {
	model := c.Model
	if model == "" {
		model = "gpt-5.1-codex"
	}
	s := fmt.Sprintf("model = %q\nmodel_provider = \"mock\"\ncheck_for_update_on_startup = false\n", model) + c.TopLevel +
		fmt.Sprintf("\n[model_providers.mock]\nname = \"mock\"\nbase_url = %q\nwire_api = \"responses\"\nenv_key = \"MOCK_API_KEY\"\n", c.URL+"/v1")
	if c.Trusted != "" {
		s += fmt.Sprintf("\n[projects.%q]\ntrust_level = \"trusted\"\n", c.Trusted)
	}
	return s
}
