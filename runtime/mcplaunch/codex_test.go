package mcplaunch

import "testing"

func TestCodexConfigQuotes(t *testing.T) {
	got := CodexConfig("/opt/a \"b\"\\c\u202e\x01/hookifyc")
	want := "[mcp_servers.hookify]\ncommand = \"/opt/a \\\"b\\\"\\\\c\\u202E\\u0001/hookifyc\"\nargs = [\"mcp\"]\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
