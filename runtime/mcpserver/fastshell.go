package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// hookify_evaluate_shell is the tool a model calls before every command,
// so it is registered with a handler of its own instead of mcp.AddTool's
// typed one. The SDK's typed handler decodes the arguments twice and
// re-encodes them, marshals the answer and then decodes and re-encodes it
// again to check it against the output schema; with its JSON decoder
// taking a 32 KiB buffer for each decode, that was half of a round trip
// and most of its garbage (docs/mcp.md, BenchmarkEvaluateShell100). This
// handler offers the same tool: the schemas are inferred from the same
// types with the same options, the arguments are checked against the
// same input schema by the same validator with the same error words
// (`validating "arguments": ...`), and the answer is the same JSON in
// structuredContent and in content[0]. The output schema is not checked
// per call: a Decision always fits it (TestShellOutputFitsSchema).

// shellTool is hookify_evaluate_shell's definition and its resolved
// input schema.
type shellTool struct {
	tool  *mcp.Tool
	input *jsonschema.Resolved
}

// newShellTool infers hookify_evaluate_shell's schemas as mcp.AddTool
// infers them.
func newShellTool(ann *mcp.ToolAnnotations, description string) (*shellTool, error) {
	in, err := jsonschema.For[ShellInput](&jsonschema.ForOptions{})
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	resolved, err := in.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	out, err := jsonschema.For[Decision](&jsonschema.ForOptions{})
	if err != nil {
		return nil, fmt.Errorf("output schema: %w", err)
	}
	return &shellTool{
		tool:  &mcp.Tool{Name: "hookify_evaluate_shell", Description: description, Annotations: ann, InputSchema: in, OutputSchema: out},
		input: resolved,
	}, nil
}

// args reads and checks the call's arguments.
func (t *shellTool) args(raw json.RawMessage) (ShellInput, error) {
	m := map[string]any{}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &m); err != nil {
			return ShellInput{}, fmt.Errorf("validating \"arguments\": unmarshaling arguments: %w", err)
		}
		if m == nil { // "arguments": null
			m = map[string]any{}
		}
	}
	if err := t.input.Validate(m); err != nil {
		return ShellInput{}, fmt.Errorf("validating \"arguments\": %w", err)
	}
	cmd, ok := m["command"].(string)
	if !ok { // the schema requires a string; never reached
		return ShellInput{}, fmt.Errorf("validating \"arguments\": command is not a string")
	}
	return ShellInput{Command: cmd}, nil
}

// handler answers one call. A panic becomes the call's error result
// (internalError), the result the SDK makes of the error addTool's
// handlers return.
func (t *shellTool) handler(s *Server) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
		defer func() {
			if p := recover(); p != nil {
				res, err = errorResult(internalError(t.tool.Name, p)), nil
			}
		}()
		var raw json.RawMessage
		if req.Params != nil {
			raw = req.Params.Arguments
		}
		in, err := t.args(raw)
		if err != nil {
			return errorResult(err), nil
		}
		_, d, err := s.evaluateShell(ctx, req, in)
		if err != nil {
			return errorResult(err), nil
		}
		b, err := json.Marshal(d)
		if err != nil {
			return nil, fmt.Errorf("marshaling output: %w", err)
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}, StructuredContent: json.RawMessage(b)}, nil
	}
}

// errorResult is a tool error answer, as the SDK writes one.
func errorResult(err error) *mcp.CallToolResult {
	var res mcp.CallToolResult
	res.SetError(err)
	return &res
}
