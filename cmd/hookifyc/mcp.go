package main

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/runtime/audit"
	"github.com/hookifyc/hookifyc/runtime/mcplaunch"
)

// defaultTokenEnv names the variable whose value, when set, is the bearer
// token HTTP clients must send.
const defaultTokenEnv = "HOOKIFY_MCP_TOKEN"

func (a *app) mcpCommand() *cli.Command {
	return &cli.Command{
		Name:  "mcp",
		Usage: "serve the hookify tools to MCP clients (stdio, or streamable HTTP with --http)",
		Description: `Serves the hookify MCP tools: hookify_evaluate_shell, _file_edit, _prompt and
_stop (the decision JSON of check --json), hookify_explain, hookify_list_rules,
hookify_create_rule, hookify_set_rule_enabled, hookify_delete_rule,
hookify_health, hookify_get_config and hookify_emit_execpolicy (docs/mcp.md).

Rules are found by the layered discovery from --project (default: the current
directory) and re-read when they change. Rule edits go only to the layers
--write names: project (<project>/.codex/hookify, the default), user
(~/.codex/hookify), both (project,user) or none; the managed layer never.

With --http 127.0.0.1:PORT the server speaks streamable HTTP at /mcp (and /),
on loopback addresses only unless --listen-any; when $HOOKIFY_MCP_TOKEN (or the
variable --token-env names) is set, every request must carry
"Authorization: Bearer <token>".`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "http", Usage: "serve streamable HTTP on ADDR (host:port) instead of stdio"},
			&cli.BoolFlag{Name: "listen-any", Usage: "allow --http on a non-loopback address"},
			&cli.StringFlag{Name: "token-env", Value: defaultTokenEnv, Usage: "variable holding the bearer token HTTP clients must send (no token when it is unset)"},
			&cli.StringFlag{Name: "project", Usage: "the project directory: discovery starts there and its .codex/hookify is the project layer (default: the current directory)"},
			&cli.StringFlag{Name: "write", Value: mcplaunch.LayerProject, Usage: "layers whose rules the tools may change: project, user, project,user or none"},
			&cli.StringFlag{Name: "out-base", Usage: "directory hookify_emit_execpolicy writes below (default: <project>/.codex/hookify-build)"},
			&cli.StringFlag{Name: "compat", Usage: "\"hookify\" to evaluate with hookify's exact semantics", Validator: oneOf("compat", "hookify")},
			&cli.StringFlag{Name: "fail", Value: "open", Usage: "when rules cannot be evaluated: open (answer what the usable rules say) or closed (block)", Validator: oneOf("fail", "open", "closed")},
			auditLogFlag(),
		},
		Action: a.runMCP,
	}
}

func (a *app) runMCP(ctx context.Context, cmd *cli.Command) error {
	if cmd.Args().Len() > 0 {
		return exitError(2, "mcp: unexpected argument %q", cmd.Args().First())
	}
	cwd, err := a.m.getwd()
	if err != nil {
		return exitError(2, "%v", err)
	}
	project := cmd.String("project")
	if project == "" {
		project = cwd
	} else if !filepath.IsAbs(project) {
		project = filepath.Join(cwd, project)
	}
	if fi, err := os.Stat(project); err != nil || !fi.IsDir() {
		return exitError(2, "mcp: --project %s is not a directory", project)
	}
	var layers []string
	if w := cmd.String("write"); w != "none" {
		for _, l := range strings.Split(w, ",") {
			l = strings.TrimSpace(l)
			if l != mcplaunch.LayerProject && l != mcplaunch.LayerUser {
				return exitError(2, "mcp: --write must list project and/or user, or be none (got %q)", w)
			}
			layers = append(layers, l)
		}
	}
	outBase := cmd.String("out-base")
	if outBase != "" && !filepath.IsAbs(outBase) {
		outBase = filepath.Join(cwd, outBase)
	}
	addr := cmd.String("http")
	if addr != "" {
		host, err := splitHost(addr)
		if err != nil {
			return exitError(2, "mcp: --http %q: want host:port (e.g. 127.0.0.1:8765)", addr)
		}
		if !cmd.Bool("listen-any") && !loopbackHost(host) {
			return exitError(2, "mcp: --http %s is not a loopback address; the tools change rule files: pass --listen-any to serve other hosts (and set $%s)", addr, cmd.String("token-env"))
		}
	}
	stderr := cmd.Root().ErrWriter
	env := a.m.sourcesEnv(cwd)
	l := &mcplaunch.Launch{
		Dir: env.Dir, ManagedDir: env.ManagedDir, Home: env.Home, RuleDir: env.RuleDir,
		Project: project, WriteLayers: layers, Compat: cmd.String("compat") == "hookify",
		FailClosed: cmd.String("fail") == "closed", OutBase: outBase, Version: version(),
		HTTP: addr, TokenEnv: cmd.String("token-env"),
	}
	log, err := a.auditLog(cmd.String("audit-log"), cwd)
	audit.ReportConfig(stderr, err)
	if log != nil {
		l.AuditLog, l.AuditMaxBytes, l.AuditFiles = log.Path, log.MaxBytes, log.Files
	}
	bin, err := a.mcpBinary()
	if err != nil {
		return exitError(1, "mcp: %v", err)
	}
	args, err := l.Args()
	if err != nil {
		return exitError(1, "mcp: %v", err)
	}
	if cmd.Root().Reader == os.Stdin && cmd.Root().Writer == os.Stdout && stderr == os.Stderr {
		// The server replaces this process where the system allows it
		// (execve): the agent's signals and pipes reach it directly.
		if err := replaceProcess(bin, args); err != nil {
			return exitError(1, "mcp: %v", err)
		}
	}
	c := exec.CommandContext(ctx, bin, args...)
	c.Stdin, c.Stdout, c.Stderr = cmd.Root().Reader, cmd.Root().Writer, stderr
	if err := c.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return cli.Exit("", ee.ExitCode())
		}
		return exitError(1, "mcp: %v", err)
	}
	return nil
}

// mcpBinary finds hookifyc-mcp: $HOOKIFYC_MCP_BINARY, beside this binary,
// or on PATH.
func (a *app) mcpBinary() (string, error) {
	if p := a.m.getenv("HOOKIFYC_MCP_BINARY"); p != "" {
		return p, nil
	}
	name := mcplaunch.Binary
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if exe, err := a.m.executable(); err == nil {
		p := filepath.Join(filepath.Dir(exe), name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("the server binary %s is neither beside this hookifyc nor on PATH: install it with `go install ./cmd/hookifyc-mcp` (it is kept apart so that hook calls stay fast; docs/mcp.md)", name)
}

// loopbackHost reports whether host names only loopback addresses.
func loopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// splitHost is the host of a host:port address ("[::1]:80" → "::1"). It
// does what net.SplitHostPort does for that without linking package net:
// net's cgo resolver makes hookifyc a dynamically linked binary, which
// costs every hook process about a millisecond at start-up.
func splitHost(addr string) (string, error) {
	i := strings.LastIndexByte(addr, ':')
	if i < 0 {
		return "", fmt.Errorf("missing port in address %q", addr)
	}
	host, port := addr[:i], addr[i+1:]
	if port == "" || strings.ContainsAny(port, ":[]") {
		return "", fmt.Errorf("bad port in address %q", addr)
	}
	if strings.HasPrefix(host, "[") {
		if !strings.HasSuffix(host, "]") {
			return "", fmt.Errorf("bad address %q", addr)
		}
		return host[1 : len(host)-1], nil
	}
	if strings.ContainsAny(host, ":[]") {
		return "", fmt.Errorf("too many colons in address %q", addr)
	}
	return host, nil
}

// codexCommand is `hookifyc codex config|instructions`: what registers
// the MCP server in Codex and what tells the model to use it.
func (a *app) codexCommand() *cli.Command {
	return &cli.Command{
		Name:  "codex",
		Usage: "print what Codex needs to use the hookify MCP server",
		Commands: []*cli.Command{
			{
				Name:  "config",
				Usage: "print the [mcp_servers.hookify] block of Codex's config.toml",
				Description: `Prints the block that registers "hookifyc mcp" (this binary, by absolute path)
as Codex's "hookify" MCP server. apply codex --mcp writes it into config.toml.`,
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "hookifyc", Usage: "the hookifyc binary Codex should run (default: this one)"},
				},
				Action: a.runCodexConfig,
			},
			{
				Name:   "instructions",
				Usage:  "print the AGENTS.md section that tells the model to ask hookify before acting",
				Action: a.runCodexInstructions,
			},
		},
	}
}

func (a *app) runCodexConfig(ctx context.Context, cmd *cli.Command) error {
	bin := cmd.String("hookifyc")
	if bin == "" {
		exe, err := a.m.executable()
		if err != nil {
			return exitError(1, "codex config: cannot find this binary: %v (pass --hookifyc)", err)
		}
		bin = exe
	}
	if !filepath.IsAbs(bin) {
		return exitError(2, "codex config: --hookifyc must be an absolute path (Codex runs it from any directory)")
	}
	if !utf8.ValidString(bin) {
		return exitError(2, "codex config: the path %q is not valid UTF-8, which config.toml cannot hold", bin)
	}
	fmt.Fprint(cmd.Root().Writer, mcplaunch.CodexConfig(bin))
	return nil
}

func (a *app) runCodexInstructions(ctx context.Context, cmd *cli.Command) error {
	fmt.Fprint(cmd.Root().Writer, mcplaunch.AgentsSection())
	return nil
}
