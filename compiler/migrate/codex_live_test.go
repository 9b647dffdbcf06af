package migrate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// TestCodexLoads (HOOKIFYC_LIVE=1): the hooks converted from a settings
// file using every event and handler type load in Codex 0.169.0, as
// hooks.json and as config.toml [hooks], without a warning, every handler
// with its event, matcher and command.
func TestCodexLoads(t *testing.T) {
	if !codextest.Live() {
		t.Skip("needs the real codex: HOOKIFYC_LIVE=1")
	}
	bin := codextest.Binary(t)
	hooks, _ := ClaudeHooks([]string{"settings.json"}, map[string][]byte{"settings.json": []byte(every)})
	tm, err := hooks.TOML()
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, gs := range hooks {
		for _, g := range gs {
			want += len(g.Hooks)
		}
	}
	for name, files := range map[string]map[string][]byte{
		"hooks.json":  {"hooks.json": hooks.JSON()},
		"config.toml": {"config.toml": tm},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			home := filepath.Join(root, ".codex")
			os.MkdirAll(home, 0o755)
			for f, data := range files {
				if err := os.WriteFile(filepath.Join(home, f), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			listed, problems := codextest.HooksList(t, bin, home, root, root)
			if len(problems) > 0 {
				t.Errorf("codex reports: %s", problems)
			}
			if len(listed) != want {
				t.Errorf("codex loads %d hooks, want %d", len(listed), want)
			}
			seen := map[string]bool{}
			for _, h := range listed {
				seen[strings.ToLower(h.EventName[:1])+h.EventName[1:]+" "+h.Matcher+" "+h.Command] = true
			}
			for ev, gs := range hooks {
				for _, g := range gs {
					for _, h := range g.Hooks {
						key := strings.ToLower(ev[:1]) + ev[1:] + " " + g.Matcher + " " + h.Command
						if !seen[key] {
							t.Errorf("codex does not list %s", key)
						}
					}
				}
			}
		})
	}
}
