// Package agent speaks each coding agent's hook contract. It decodes a hook's
// stdin exactly as hookify's json.load does ([Decode]), recognises which
// agent and payload shape sent it (Claude Code, Codex, the legacy nested Codex
// payload, or a flat {tool_name, tool_input} object), normalises it for the
// engine ([Normalize], which also turns a Codex apply_patch into one event
// per file), and renders an engine result as the stdout bytes and exit code
// the agent enforces ([Render], [RenderCompat]; spec: agent-hooks.md Part D).
// It neither finds nor evaluates rules: package hook ties it to the engine.
package agent

import (
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Kind is the agent a hook talks to.
type Kind string

const (
	Auto   Kind = "auto"
	Claude Kind = "claude"
	Codex  Kind = "codex"
)

// Shape is the payload layout found on stdin.
type Shape string

const (
	ShapeHook        Shape = "hook"         // {hook_event_name, tool_name, tool_input, ...}: Claude Code and Codex
	ShapeCodexLegacy Shape = "codex-legacy" // {hook_event: {event_type, tool_name, tool_input: {input_type, ...}}}
	ShapeFlat        Shape = "flat"         // {tool_name, tool_input} without an event name
)

// Input is a decoded and normalised hook input.
type Input struct {
	// Raw is the value json.load returned.
	Raw pyval.Value
	// Event is the Claude-shaped dict the fixed engine evaluates
	// (hook_event_name, tool_name, tool_input, cwd, ...). It is Raw itself for
	// the hook shape.
	Event *pyval.Dict
	// Events are the events to evaluate: Event itself, or one file event per
	// file of a Codex apply_patch call (see patchEvents).
	Events []*pyval.Dict
	// patchProblems are what Normalize's patch analysis could not know
	// (PatchProblems), kept so that the call is analysed once.
	patchProblems []string
	Shape         Shape
	// Agent is the agent detected from the payload (Codex payloads carry turn_id).
	Agent Kind
	// HookEvent is the normalised hook event name ("" when unknown).
	HookEvent string
	// Cwd is the event's working directory ("" when absent).
	Cwd string
}

// Decode reads stdin as hookify does: strict UTF-8 text, then json.loads.
// The error text is Python's str() of the exception.
func Decode(stdin []byte) (pyval.Value, error) {
	text, err := pyval.DecodeUTF8(stdin)
	if err != nil {
		return nil, err
	}
	// hookify calls json.load from main(), one frame deeper than a bare
	// script: nesting fails one level earlier.
	return pyval.LoadJSONDepth(text, pyval.JSONMaxDepthHookScript)
}
