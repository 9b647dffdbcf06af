package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/migrate"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
	"github.com/hookifyc/hookifyc/internal/sysfile"
	"github.com/hookifyc/hookifyc/runtime/notifybridge"
)

func (a *app) migrateCommand() *cli.Command {
	outFlags := func() []cli.Flag {
		return []cli.Flag{
			&cli.BoolFlag{Name: "toml", Usage: "print [hooks] tables for config.toml instead of hooks.json"},
			&cli.BoolFlag{Name: "write", Usage: "add the hooks to $CODEX_HOME/hooks.json (atomic; existing hooks kept)"},
			&cli.StringFlag{Name: "codex-home", Usage: "Codex's home (default: $CODEX_HOME, else ~/.codex)"},
		}
	}
	return &cli.Command{
		Name:  "migrate",
		Usage: "move Claude Code hooks and Codex notify onto Codex hooks",
		Commands: []*cli.Command{
			{
				Name:      "claude-hooks",
				Usage:     "convert the hooks of Claude Code settings files into Codex hooks",
				ArgsUsage: "[SETTINGS.json...]",
				Description: `Converts the hooks of the given Claude Code settings files (default:
~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json)
into a Codex hooks.json (or [hooks] TOML with --toml): events kept where Codex
has them, matchers translated (Edit, Write, MultiEdit → apply_patch; MCP names
kept; tools Codex lacks dropped), timeouts kept. Every handler Codex cannot run
as written is reported on stderr with its location. Prints the result; --write
adds it to $CODEX_HOME/hooks.json.`,
				Flags:  outFlags(),
				Action: a.runMigrateClaude,
			},
			{
				Name:   "notify",
				Usage:  "turn config.toml's notify program into a Stop hook that runs it through notify-bridge",
				Flags:  append(outFlags(), &cli.StringFlag{Name: "config", Usage: "the config.toml (default: $CODEX_HOME/config.toml)"}),
				Action: a.runMigrateNotify,
			},
		},
	}
}

// codexHome is --codex-home, $CODEX_HOME or ~/.codex.
func (a *app) codexHome(cmd *cli.Command) string {
	if h := cmd.String("codex-home"); h != "" {
		return h
	}
	if h := a.m.getenv("CODEX_HOME"); h != "" {
		return h
	}
	return filepath.Join(a.m.home(), ".codex")
}

func (a *app) runMigrateClaude(ctx context.Context, cmd *cli.Command) error {
	names := cmd.Args().Slice()
	explicit := len(names) > 0
	if !explicit {
		dir, err := a.m.getwd()
		if err != nil {
			return exitError(2, "%v", err)
		}
		names = []string{filepath.Join(a.m.home(), ".claude", "settings.json"), filepath.Join(dir, ".claude", "settings.json"), filepath.Join(dir, ".claude", "settings.local.json")}
	}
	files := map[string][]byte{}
	var read []string
	for _, n := range names {
		data, err := sysfile.ReadRegular(n, sysfile.MaxFileSize)
		if err != nil {
			if !explicit && errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return exitError(2, "migrate claude-hooks: %v", err)
		}
		files[n] = data
		read = append(read, n)
	}
	if len(read) == 0 {
		return exitError(2, "migrate claude-hooks: no Claude Code settings found (name SETTINGS.json files)")
	}
	hooks, findings := migrate.ClaudeHooks(read, files)
	for _, f := range findings {
		fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: migrate: %s\n", f)
	}
	return a.migrateOut(cmd, hooks)
}

func (a *app) runMigrateNotify(ctx context.Context, cmd *cli.Command) error {
	config := cmd.String("config")
	if config == "" {
		config = filepath.Join(a.codexHome(cmd), "config.toml")
	}
	data, err := sysfile.ReadRegular(config, sysfile.MaxFileSize)
	if err != nil {
		return exitError(2, "migrate notify: %v", err)
	}
	bin, err := a.m.executable()
	if err != nil {
		return exitError(2, "migrate notify: %v", err)
	}
	hooks, argv, err := migrate.Notify(data, bin)
	if err != nil {
		return exitError(2, "migrate notify: %s: %v", config, err)
	}
	fmt.Fprintf(cmd.Root().ErrWriter, "hookifyc: migrate: %s: notify = %q now runs from a Stop hook; remove the notify line, or it runs twice\n", config, argv)
	return a.migrateOut(cmd, hooks)
}

// migrateOut prints the hooks, or with --write adds them to hooks.json.
func (a *app) migrateOut(cmd *cli.Command, hooks migrate.Hooks) error {
	w := cmd.Root().Writer
	if !cmd.Bool("write") {
		if cmd.Bool("toml") {
			b, err := hooks.TOML()
			if err != nil {
				return exitError(1, "%s%v", commandPrefix(cmd), err)
			}
			w.Write(b)
			return nil
		}
		w.Write(hooks.JSON())
		return nil
	}
	if cmd.Bool("toml") {
		return exitError(2, "%s--write adds to hooks.json; paste the --toml output into config.toml yourself", commandPrefix(cmd))
	}
	path := filepath.Join(a.codexHome(cmd), "hooks.json")
	old, err := sysfile.ReadRegular(path, sysfile.MaxFileSize)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return exitError(1, "%s%v", commandPrefix(cmd), err)
	}
	merged, err := mergeHooksJSON(old, hooks.JSON())
	if err != nil {
		return exitError(1, "%s%s: %v", commandPrefix(cmd), path, err)
	}
	if old == nil {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err == nil {
			err = atomicfile.Create(path, merged, 0o600)
		}
	} else {
		err = atomicfile.Rewrite(path, old, merged)
	}
	if err != nil {
		return exitError(1, "%s%v", commandPrefix(cmd), err)
	}
	fmt.Fprintf(w, "wrote %s (Codex asks to review the new hooks in /hooks before it runs them)\n", path)
	return nil
}

// mergeHooksJSON appends the matcher groups of add to those of old, per
// event, keeping every other key of old; a group old already has is not
// added again.
func mergeHooksJSON(old, add []byte) ([]byte, error) {
	doc := map[string]any{}
	if len(bytes.TrimSpace(old)) > 0 {
		if err := json.Unmarshal(old, &doc); err != nil {
			return nil, fmt.Errorf("not JSON: %v", err)
		}
	}
	var extra struct {
		Hooks map[string][]any `json:"hooks"`
	}
	if err := json.Unmarshal(add, &extra); err != nil {
		return nil, err
	}
	hooks, _ := doc["hooks"].(map[string]any)
	if hooks == nil {
		if _, ok := doc["hooks"]; ok {
			return nil, fmt.Errorf("hooks is not an object")
		}
		hooks = map[string]any{}
	}
	for ev, groups := range extra.Hooks {
		have, ok := hooks[ev].([]any)
		if !ok && hooks[ev] != nil {
			return nil, fmt.Errorf("hooks.%s is not a list", ev)
		}
	group:
		for _, g := range groups {
			for _, h := range have {
				if reflect.DeepEqual(g, h) {
					continue group // written by an earlier --write: not twice
				}
			}
			have = append(have, g)
		}
		hooks[ev] = have
	}
	doc["hooks"] = hooks
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (a *app) notifyBridgeCommand() *cli.Command {
	return &cli.Command{
		Name:      "notify-bridge",
		Usage:     "run a Codex notify program from a Stop hook, with the argument notify gives it",
		ArgsUsage: "-- PROG [ARGS...]",
		Description: `Reads a Codex Stop payload on stdin and starts PROG ARGS... with one more
argument, the JSON Codex's legacy notify passes after each turn
(agent-hooks.md A8): type, thread-id, turn-id, cwd, client (--client, else the
session transcript's originator; left out when unknown, as Codex does),
input-messages (the turn's user messages, from the transcript) and
last-assistant-message. PROG is started and not
waited for, with no stdin, stdout or stderr. Prints {} and exits 0: the turn
ends as it would have. hookifyc migrate notify writes this hook.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "client", Usage: "the client name to pass (default: the transcript's originator: codex_exec, codex-tui)"},
		},
		Action: a.runNotifyBridge,
	}
}

func (a *app) runNotifyBridge(ctx context.Context, cmd *cli.Command) error {
	w, stderr := cmd.Root().Writer, cmd.Root().ErrWriter
	defer io.WriteString(w, "{}\n")
	argv := cmd.Args().Slice()
	if len(argv) == 0 {
		fmt.Fprintln(stderr, "hookifyc: notify-bridge: no program (hookifyc notify-bridge -- PROG ARGS...)")
		return nil
	}
	payload, err := io.ReadAll(io.LimitReader(cmd.Root().Reader, 64<<20))
	if err != nil {
		fmt.Fprintf(stderr, "hookifyc: notify-bridge: reading stdin: %v\n", err)
		return nil
	}
	stop, err := notifybridge.Parse(payload)
	if err != nil {
		fmt.Fprintf(stderr, "hookifyc: notify-bridge: %v\n", err)
		return nil
	}
	var inputs []string
	client := cmd.String("client")
	if stop.TranscriptPath != nil && *stop.TranscriptPath != "" {
		if t, err := sysfile.ReadRegular(*stop.TranscriptPath, sysfile.MaxFileSize); err != nil {
			fmt.Fprintf(stderr, "hookifyc: notify-bridge: the transcript: %v (input-messages left empty)\n", err)
		} else {
			inputs = notifybridge.TurnInputs(t, stop.TurnID)
			if client == "" {
				client = notifybridge.Client(t)
			}
		}
	}
	arg := notifybridge.Argument(stop, client, inputs)
	c := exec.Command(argv[0], append(argv[1:], string(arg))...)
	detach(c)
	if err := c.Start(); err != nil {
		fmt.Fprintf(stderr, "hookifyc: notify-bridge: %v\n", err)
		return nil
	}
	c.Process.Release()
	return nil
}
