package main

import (
	"encoding/json"
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
