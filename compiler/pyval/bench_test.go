package pyval

import (
	"strings"
	"testing"
)

// A typical PreToolUse event as Claude Code sends it (~300 bytes).
const typicalHookInput = `{"session_id": "abc123", "transcript_path": "/home/u/.claude/projects/proj/abc123.jsonl", "cwd": "/home/u/proj", "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Edit", "tool_input": {"file_path": "/home/u/proj/src/app.ts", "old_string": "let x = 1;", "new_string": "console.log(\"x\");\n\tlet x = 2; // caf\u00e9"}}`

func BenchmarkLoadJSONHookInput(b *testing.B) {
	b.SetBytes(int64(len(typicalHookInput)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadJSON(typicalHookInput); err != nil {
			b.Fatal(err)
		}
	}
}

func benchmarkLargeString(b *testing.B, tail string) {
	in := `{"content": "` + strings.Repeat("abcdefghé😀 ", 10<<20/16) + tail + `"}`
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadJSON(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadJSON10MBString(b *testing.B)       { benchmarkLargeString(b, "") }
func BenchmarkLoadJSON10MBStringEscape(b *testing.B) { benchmarkLargeString(b, `\n`) }

func BenchmarkDumpsHookOutput(b *testing.B) {
	out := NewDict()
	hso := NewDict()
	hso.Set("hookEventName", Str("PreToolUse"))
	hso.Set("permissionDecision", Str("deny"))
	out.Set("hookSpecificOutput", hso)
	out.Set("systemMessage", Str("**[block-dangerous-rm]**\n\u26a0\ufe0f **Dangerous rm command detected!**\n\nThis command could delete important files. Please:\n- Verify the path is correct\n- Consider using a safer approach\n- Make sure you have backups"))
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf = AppendDumps(buf[:0], out)
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkDumpsHookInput(b *testing.B) {
	v, err := LoadJSON(typicalHookInput)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Dumps(v)
	}
}

func BenchmarkReprHookInput(b *testing.B) {
	v, err := LoadJSON(typicalHookInput)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Repr(v)
	}
}
