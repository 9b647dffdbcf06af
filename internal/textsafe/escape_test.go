package textsafe

import "testing"

// TestEscapeControls: text quoting commands, paths or file contents
// reaches the terminal with its control and deceptive characters as
// escapes; EscapeLine also keeps it on one line.
func TestEscapeControls(t *testing.T) {
	for in, want := range map[string][2]string{
		"plain\nlines\tand tabs":   {"plain\nlines\tand tabs", `plain\nlines\tand tabs`},
		"\x1b[31mred\x1b[0m\rover": {`\x1b[31mred\x1b[0m\rover`, `\x1b[31mred\x1b[0m\rover`},
		"a\u202eb\x7f":             {`a\u202eb\x7f`, `a\u202eb\x7f`},
		"été":                      {"été", "été"},
		"bad\xffbyte":              {`bad\ufffdbyte`, `bad\ufffdbyte`},
		"x\n::error file=a::F":     {"x\n::error file=a::F", `x\n::error file=a::F`},
	} {
		if got := EscapeControls(in); got != want[0] {
			t.Errorf("EscapeControls(%q) = %q, want %q", in, got, want[0])
		}
		if got := EscapeLine(in); got != want[1] {
			t.Errorf("EscapeLine(%q) = %q, want %q", in, got, want[1])
		}
	}
}
