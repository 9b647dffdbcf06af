package deploy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDoctorFindsHooksOfAnOddPath: the hook command is found in hooks.json
// and in config.toml as apply wrote it, escapes included (a hookifyc path
// with a deceptive character is written \u200b): doctor must not call the
// hooks missing right after apply.
func TestDoctorFindsHooksOfAnOddPath(t *testing.T) {
	for _, inTOML := range []bool{false, true} {
		home, rules := fixture(t)
		if inTOML {
			must(t, os.Remove(filepath.Join(home, "hooks.json")))
			write(t, filepath.Join(home, "config.toml"), userConfig+"\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"true\"\n", 0o600)
		}
		o := opts(home, rules)
		bin := filepath.Join(filepath.Dir(rules), "b\u200bin", "hookifyc")
		must(t, os.MkdirAll(filepath.Dir(bin), 0o755))
		write(t, bin, "#!/bin/sh\n", 0o755)
		o.Hookifyc = bin
		p, err := PlanCodex(o)
		must(t, err)
		_, err = Apply(p)
		must(t, err)
		fs := Doctor(DoctorOptions{CodexHome: home, Run: func(string, ...string) (string, error) { return "", nil }})
		for _, f := range fs {
			if f.Level == LevelError {
				t.Errorf("inTOML=%v: %s: %s", inTOML, f.Check, f.Message)
			}
			if strings.Contains(f.Message, "hooks installed") {
				t.Logf("%s", f.Message)
			}
		}
	}
}
