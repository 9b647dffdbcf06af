package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/genesis"
	"github.com/hookifyc/hookifyc/internal/sysfile"
)

func (a *app) genesisCommand() *cli.Command {
	agentFlag := &cli.StringFlag{Name: "agent", Usage: "claude or codex (plan: both by default)", Validator: oneOf("agent", "claude", "codex")}
	return &cli.Command{
		Name:  "genesis",
		Usage: "place every genesis.key hook type on Claude Code and Codex (docs/genesis.md)",
		Commands: []*cli.Command{
			{
				Name:      "plan",
				Usage:     "say, for each hook of a genesis file, where each agent enforces it, or why it cannot",
				ArgsUsage: "GENESIS.key",
				Flags:     []cli.Flag{agentFlag, &cli.BoolFlag{Name: "json", Usage: "print the placements as JSON"}},
				Action:    a.runGenesisPlan,
			},
			{
				Name:      "emit",
				Usage:     "print the settings.json (claude) or hooks.json (codex) entries the genesis file's hooks need",
				ArgsUsage: "GENESIS.key",
				Flags:     []cli.Flag{&cli.StringFlag{Name: "agent", Required: true, Usage: "claude or codex", Validator: oneOf("agent", "claude", "codex")}},
				Action:    a.runGenesisEmit,
			},
		},
	}
}

// loadGenesis reads the one genesis file of a genesis subcommand and
// prints its diagnostics.
func (a *app) loadGenesis(cmd *cli.Command) ([]genesis.Hook, error) {
	if cmd.Args().Len() != 1 {
		return nil, exitError(2, "%swant one genesis file", commandPrefix(cmd))
	}
	path := cmd.Args().First()
	data, err := sysfile.ReadRegular(path, sysfile.MaxFileSize)
	if err != nil {
		return nil, exitError(2, "%s%v", commandPrefix(cmd), err)
	}
	hooks, diags := genesis.Load(path, data)
	for _, d := range diags {
		fmt.Fprintln(cmd.Root().ErrWriter, d.Error())
	}
	return hooks, nil
}

func (a *app) runGenesisPlan(ctx context.Context, cmd *cli.Command) error {
	hooks, err := a.loadGenesis(cmd)
	if err != nil {
		return err
	}
	agents := []string{genesis.Claude, genesis.Codex}
	if ag := cmd.String("agent"); ag != "" {
		agents = []string{ag}
	}
	type row struct {
		Source  string `json:"source"`
		Event   string `json:"event"`
		Type    string `json:"type"`
		Matcher string `json:"matcher,omitempty"`
		Agent   string `json:"agent"`
		Where   string `json:"where"`
		Why     string `json:"why"`
	}
	var rows []row
	for i := range hooks {
		for _, ag := range agents {
			p := genesis.Place(hooks[i:i+1], ag)[0]
			rows = append(rows, row{hooks[i].Source.String(), hooks[i].Event, string(hooks[i].Type), hooks[i].Matcher, ag, string(p.Where), p.Why})
		}
	}
	w := cmd.Root().Writer
	if cmd.Bool("json") {
		if rows == nil {
			rows = []row{}
		}
		b, _ := json.MarshalIndent(rows, "", "  ")
		fmt.Fprintf(w, "%s\n", b)
		return nil
	}
	for _, r := range rows {
		m := r.Matcher
		if m == "" {
			m = "(all)"
		}
		fmt.Fprintf(w, "%s: %s %s %s\n  %s: %s: %s\n", r.Source, r.Event, r.Type, m, r.Agent, r.Where, r.Why)
	}
	return nil
}

func (a *app) runGenesisEmit(ctx context.Context, cmd *cli.Command) error {
	hooks, err := a.loadGenesis(cmd)
	if err != nil {
		return err
	}
	bin, err := a.m.executable()
	if err != nil {
		bin = "hookifyc"
	}
	if abs, err := filepath.Abs(bin); err == nil {
		bin = abs
	}
	cmd.Root().Writer.Write(genesis.Emit(hooks, cmd.String("agent"), bin))
	return nil
}
