package hookcmd

import (
	"strings"
	"testing"
	"time"
)

// FuzzParse: any command line and environment is parsed without a panic,
// and flags that parse are flags Run accepts (values it validates are
// valid, --max-input at least 1).
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"--agent\x00codex", "--agent=claude\x00--compat\x00hookify", "-fail=closed\x00/abs/rules",
		"--max-input\x00-1", "--deadline\x005", "--\x00--agent", "--nope", "--agent", "-h", "--version",
	} {
		f.Add(s, "closed", "2s")
	}
	f.Fuzz(func(t *testing.T, line, fail, deadline string) {
		args := strings.Split(line, "\x00")
		env := map[string]string{"HOOKIFYC_FAIL": fail, "HOOKIFYC_DEADLINE": deadline}
		flags, action, err := Parse(args, func(k string) (string, bool) { v, ok := env[k]; return v, ok })
		if err != nil || action != Answer {
			return
		}
		if err := flags.validate(); err != nil {
			t.Fatalf("%q: parsed flags %+v fail validation: %v", args, flags, err)
		}
		if flags.MaxInput < 1 || flags.RegexTimeout <= 0 || flags.Deadline < 0 {
			t.Fatalf("%q: out-of-range flags %+v", args, flags)
		}
	})
}

// TestMainWords: the hook-only binary's usage errors are one line each.
func TestMainWords(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--agent", "bogus"}, `hookifyc-hook: --agent must be "auto", "claude" or "codex" (got "bogus")` + "\n"},
		{[]string{"--nope"}, "hookifyc-hook: unknown flag --nope\n"},
		{[]string{"--compat="}, `hookifyc-hook: --compat must be "hookify" (got "")` + "\n"},
		{[]string{"--deadline"}, "hookifyc-hook: flag needs an argument: --deadline\n"},
		{[]string{"--max-input=-3"}, "hookifyc-hook: --max-input must be a number of bytes, 1 or more (got -3)\n"},
		{[]string{"--max-input", "0"}, "hookifyc-hook: --max-input must be a number of bytes, 1 or more (got 0)\n"},
		{[]string{"--regex-timeout", "-1s"}, "hookifyc-hook: --regex-timeout must be a duration above 0 (got -1s)\n"},
		{[]string{"--regex-timeout", "0"}, "hookifyc-hook: --regex-timeout must be a duration above 0 (got 0s)\n"},
		{[]string{"--deadline", "-5ms"}, "hookifyc-hook: --deadline must be a duration, 0 (none) or more (got -5ms)\n"},
	} {
		var out, errOut strings.Builder
		h := Host{Getenv: func(string) string { return "" }, Stdout: &out, Stderr: &errOut}
		code := Main(c.args, func(string) (string, bool) { return "", false }, h, time.Time{})
		if code != 2 || errOut.String() != c.want || out.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want exit 2, stderr %q", c.args, code, errOut.String(), out.String(), c.want)
		}
	}
}
