package migrate

import (
	"fmt"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

// Notify turns config.toml's `notify = [PROG, ARGS…]` into a Stop hook
// running `bin notify-bridge -- PROG ARGS…`, which gives PROG the argument
// Codex's notify gives it. It returns the hooks and the notify argv; no
// notify is an error.
func Notify(config []byte, bin string) (Hooks, []string, error) {
	var c struct {
		Notify []string `toml:"notify"`
	}
	if _, err := toml.Decode(string(config), &c); err != nil {
		return nil, nil, fmt.Errorf("config.toml: %v", err)
	}
	if len(c.Notify) == 0 || c.Notify[0] == "" {
		return nil, nil, fmt.Errorf("config.toml has no notify program")
	}
	argv := append([]string{bin, "notify-bridge", "--"}, c.Notify...)
	var q []string
	for _, a := range argv {
		q = append(q, shell.Quote(a))
	}
	hooks := Hooks{"Stop": {{Hooks: []Handler{{Command: strings.Join(q, " "), Timeout: 10}}}}}
	return hooks, c.Notify, nil
}
