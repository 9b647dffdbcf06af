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
