package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// mockModel is the model of the live Codex tests (codex-e2e-harness.md):
// it answers the first request with first (a tool call item, or nil for
// none) and every request that carries a tool's output, or every request
// when first is nil, with an assistant message saying final.
func mockModel(first json.RawMessage, final string) *httptest.Server {
	return codextest.MockModel(func(body []byte) json.RawMessage {
		if _, answered := codextest.ToolOutput(body); first != nil && !answered {
			return first
		}
		return codextest.Message(final)
	})
}

// mockConfig is a CODEX_HOME config.toml for the mock model at url, with
// the workdir trusted and extra lines at the top level.
func mockConfig(url, wd, extra string) string {
	return fmt.Sprintf("model = \"gpt-5.1-codex\"\nmodel_provider = \"mock\"\ncheck_for_update_on_startup = false\n%s[model_providers.mock]\nname = \"mock\"\nbase_url = %q\nwire_api = \"responses\"\nenv_key = \"MOCK_API_KEY\"\n[projects.%q]\ntrust_level = \"trusted\"\n",
		extra, url+"/v1", wd)
}
