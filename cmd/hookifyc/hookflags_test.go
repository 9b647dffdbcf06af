package main

import (
	"context"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/runtime/hookcmd"
)

// TestHookFlagsAgree: hookifyc-hook reads its command line (hookcmd.Parse)
// as `hookifyc hook` reads it through urfave/cli: the same flags from the
// same arguments and environment, and an error where it has one.
func TestHookFlagsAgree(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  map[string]string
	}{
		{args: nil},
		{args: []string{"--agent", "codex"}},
		{args: []string{"--agent=claude", "--compat", "hookify"}},
		{args: []string{"-agent", "codex", "-fail=closed"}},
		{args: []string{"--agent", "codex", "--actor", "reviewer", "/abs/rules", "/abs/settings.json"}},
		{args: []string{"/abs/rules", "--agent", "codex"}},
		{args: []string{"--agent", "codex", "--", "--not-a-flag"}},
		{args: []string{"--regex-timeout", "250ms", "--max-input", "0x100", "--deadline", "0"}},
		{args: []string{"--cache", "off", "--audit-log", "off"}},
		{args: []string{"--deadline", "2s"}, env: map[string]string{"HOOKIFYC_DEADLINE": "5s", "HOOKIFYC_FAIL": "closed"}},
		{args: nil, env: map[string]string{"HOOKIFYC_ACTOR": "ci", "HOOKIFYC_MAX_INPUT": "4096", "HOOKIFYC_CACHE": "/tmp/c"}},
		{args: []string{"--fail", "open"}, env: map[string]string{"HOOKIFYC_FAIL": "closed"}},
		// Errors.
		{args: []string{"--agent", "bogus"}},
		{args: []string{"--fail", "maybe"}},
		{args: []string{"--compat", "claude"}},
		{args: []string{"--compat="}},
		{args: nil, env: map[string]string{"HOOKIFYC_COMPAT": "hookify"}}, // no such variable: neither reads it
		{args: []string{"--agent"}},
		{args: []string{"--nope"}},
		{args: []string{"--deadline", "5"}},
		{args: []string{"--max-input", "lots"}},
		{args: nil, env: map[string]string{"HOOKIFYC_DEADLINE": "soon"}},
		{args: nil, env: map[string]string{"HOOKIFYC_FAIL": "sideways"}},
		{args: nil, env: map[string]string{"HOOKIFYC_FAIL": ""}},
		{args: nil, env: map[string]string{"HOOKIFYC_DEADLINE": ""}},
		{args: nil, env: map[string]string{"HOOKIFYC_MAX_INPUT": ""}},
		{args: []string{"--fail", "open"}, env: map[string]string{"HOOKIFYC_FAIL": "sideways"}},
		{args: []string{"--deadline", "2s"}, env: map[string]string{"HOOKIFYC_DEADLINE": "soon"}},
		{args: []string{"--agent", "codex", "--agent", "claude"}},
		{args: []string{"--max-input=-1"}},
		{args: []string{"--max-input", "0"}},
		{args: nil, env: map[string]string{"HOOKIFYC_MAX_INPUT": "-5"}},
		{args: []string{"--regex-timeout", "-1s"}},
		{args: []string{"--regex-timeout", "0"}},
		{args: []string{"--deadline", "-1ms"}},
		{args: nil, env: map[string]string{"HOOKIFYC_DEADLINE": "-2s"}},
		{args: []string{"-h"}},
		{args: nil, env: map[string]string{"HOOKIFYC_ACTOR": "", "HOOKIFYC_CACHE": ""}},
	} {
		name := strings.Join(c.args, " ")
		for k, v := range c.env {
			name += " " + k + "=" + v
		}
		t.Run(name, func(t *testing.T) {
			for _, k := range []string{"HOOKIFYC_FAIL", "HOOKIFYC_ACTOR", "HOOKIFYC_MAX_INPUT", "HOOKIFYC_CACHE", "HOOKIFYC_DEADLINE", "HOOKIFYC_COMPAT"} {
				t.Setenv(k, "") // restored after the test
				if v, ok := c.env[k]; ok {
					os.Setenv(k, v)
				} else {
					os.Unsetenv(k)
				}
			}
			viaCLI, ran, cliErr := cliHookFlags(c.args)
			viaParse, action, parseErr := hookcmd.Parse(c.args, os.LookupEnv)
			if (cliErr != nil) != (parseErr != nil) {
				t.Fatalf("hookifyc hook: %v; hookifyc-hook: %v", cliErr, parseErr)
			}
			if cliErr != nil {
				return
			}
			if ran != (action == hookcmd.Answer) {
				t.Fatalf("hookifyc hook answers the call: %v; hookifyc-hook: %v", ran, action == hookcmd.Answer)
			}
			if !ran {
				return // help
			}
			if len(viaCLI.Sources) == 0 {
				viaCLI.Sources = nil
			}
			if !reflect.DeepEqual(viaCLI, viaParse) {
				t.Errorf("hookifyc hook reads %+v\nhookifyc-hook reads %+v", viaCLI, viaParse)
			}
		})
	}
}

// cliHookFlags parses args as `hookifyc hook ARGS` does and returns the
// flags the hook would run with.
func cliHookFlags(args []string) (hookcmd.Flags, bool, error) {
	a := &app{m: machine{getenv: os.Getenv}}
	hc := a.hookCommand()
	var got hookcmd.Flags
	ran := false
	hc.Action = func(_ context.Context, cmd *cli.Command) error {
		got, ran = hookFlags(cmd), true
		return nil
	}
	root := &cli.Command{Name: "hookifyc", Commands: []*cli.Command{hc}, Writer: io.Discard, ErrWriter: io.Discard}
	err := root.Run(context.Background(), append([]string{"hookifyc", "hook"}, args...))
	return got, ran, err
}
