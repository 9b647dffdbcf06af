package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
)

// mockModel is the model of the live Codex tests (codex-e2e-harness.md):
// it answers the first request with first (a tool call item, or nil for
// none) and every request that carries a tool's output, or every request
// when first is nil, with an assistant message saying final.
func mockModel(first json.RawMessage, final string) *httptest.Server {
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
		text, _ := json.Marshal(final)
		item := json.RawMessage(`{"type":"message","role":"assistant","id":"msg_1","content":[{"type":"output_text","text":` + string(text) + `}]}`)
		if first != nil {
			var req struct {
				Input []map[string]any `json:"input"`
			}
			json.Unmarshal(body, &req)
			answered := false
			for _, in := range req.Input {
				if typ, _ := in["type"].(string); strings.HasSuffix(typ, "call_output") {
					answered = true
				}
			}
			if !answered {
				item = first
			}
		}
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

// mockConfig is a CODEX_HOME config.toml for the mock model at url, with
// the workdir trusted and extra lines at the top level.
func mockConfig(url, wd, extra string) string {
	return fmt.Sprintf("model = \"gpt-5.1-codex\"\nmodel_provider = \"mock\"\ncheck_for_update_on_startup = false\n%s[model_providers.mock]\nname = \"mock\"\nbase_url = %q\nwire_api = \"responses\"\nenv_key = \"MOCK_API_KEY\"\n[projects.%q]\ntrust_level = \"trusted\"\n",
		extra, url+"/v1", wd)
}
