package engine

import (
	"fmt"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// SyntheticTranscript is the transcript_path of a synthetic Stop event:
// the engine's ReadFile must answer it with the transcript text.
const SyntheticTranscript = "<check>"

// BashEvent is the PreToolUse event of a Bash call running command.
func BashEvent(command string) Event {
	ev, _ := SyntheticEvent(ir.EventBash, command, "")
	return ev
}

// SyntheticEvent builds the hook input an agent would send for text, by
// rule event: "bash" (a PreToolUse Bash call running the command text),
// "file" (a PreToolUse Write of text to filePath), "prompt" (a
// UserPromptSubmit of the prompt text) or "stop" (a Stop whose transcript,
// at SyntheticTranscript, is text: the caller's ReadFile provides it).
func SyntheticEvent(event, text, filePath string) (Event, error) {
	d := pyval.NewDict()
	ti := pyval.NewDict()
	switch event {
	case ir.EventBash:
		d.Set("hook_event_name", pyval.Str(ir.PreToolUse))
		d.Set("tool_name", pyval.Str("Bash"))
		ti.Set("command", pyval.Str(text))
		d.Set("tool_input", ti)
	case ir.EventFile:
		d.Set("hook_event_name", pyval.Str(ir.PreToolUse))
		d.Set("tool_name", pyval.Str("Write"))
		ti.Set("file_path", pyval.Str(filePath))
		ti.Set("content", pyval.Str(text))
		d.Set("tool_input", ti)
	case ir.EventPrompt:
		d.Set("hook_event_name", pyval.Str(ir.UserPromptSubmit))
		d.Set("prompt", pyval.Str(text))
	case ir.EventStop:
		d.Set("hook_event_name", pyval.Str(ir.Stop))
		d.Set("transcript_path", pyval.Str(SyntheticTranscript))
		d.Set("stop_hook_active", pyval.Bool(false))
	default:
		return Event{}, fmt.Errorf("event must be bash, file, prompt or stop (got %q)", event)
	}
	return Event{Input: d}, nil
}
