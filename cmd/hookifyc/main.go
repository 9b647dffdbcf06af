// A hook process lives a few milliseconds: reading the cgroup CPU quota at
// start-up and re-reading it in the background (Go 1.25's container-aware
// GOMAXPROCS) costs more than it can save, so these directives make
// GOMAXPROCS the number of CPUs.
//
//go:debug containermaxprocs=0
//go:debug updatemaxprocs=0

// Command hookifyc reads hookify rule files and Tool(glob) permission
// patterns, evaluates them as a hook for Claude Code and Codex (hook,
// check), compiles what prefix rules can express to Codex execpolicy .rules
// (compile), and lists, edits and tests rules (rules).
//
// This package only parses flags and prints; the packages under compiler/
// and runtime/ do the work.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/hookifyc/hookifyc/compiler/sources"
	ver "github.com/hookifyc/hookifyc/internal/version"
	"github.com/hookifyc/hookifyc/runtime/hookcmd"
)

// managedDir is the managed (fleet) rule directory: "default" means the
// platform's (/etc/codex/hookify; %ProgramData%\codex\hookify on Windows).
// It is a variable only so that test builds can point it elsewhere
// (-ldflags -X main.managedDir=DIR; empty disables the managed layer).
var managedDir = "default"

func main() {
	os.Exit(run(context.Background(), hostMachine(), os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// machine is what the commands take from the process they run in. main
// uses the real one; tests build their own.
type machine struct {
	getenv     func(string) string
	getwd      func() (string, error)
	executable func() (string, error)
	managedDir string
	// exit ends the process at once (os.Exit): a hook that answered at its
	// deadline does not wait for the evaluation it gave up on. Tests leave
	// it nil: the command then returns once that evaluation ends.
	exit func(code int)
	// buildInfo reads a Go program's build information (nil:
	// deploy.ReadBuildInfo), to find the hookifyc-hook beside hookifyc and
	// for doctor's checks of the hook programs.
	buildInfo func(string) (*debug.BuildInfo, error)
}

func hostMachine() machine {
	m := machine{getenv: os.Getenv, getwd: os.Getwd, executable: os.Executable, managedDir: managedDir, exit: os.Exit}
	if m.managedDir == "default" {
		m.managedDir = sources.PlatformManagedDir(os.Getenv)
	}
	return m
}

// home is the user's home directory: $HOME, or on Windows, where native
// processes seldom have it, %USERPROFILE%.
func (m machine) home() string {
	if h := m.getenv("HOME"); h != "" || runtime.GOOS != "windows" {
		return h
	}
	return m.getenv("USERPROFILE")
}

// sourcesEnv is where rules are found for a process working in dir.
func (m machine) sourcesEnv(dir string) sources.Env {
	return sources.Env{Dir: dir, ManagedDir: m.managedDir, Home: m.home(), RuleDir: m.getenv("HOOKIFY_RULE_DIR")}
}

// run executes the command line and returns the process exit code.
func run(ctx context.Context, m machine, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(m, stdin, stdout, stderr, args)
	if err := app.Run(ctx, args); err != nil {
		if ec, ok := err.(cli.ExitCoder); ok {
			if msg := ec.Error(); msg != "" {
				fmt.Fprintln(stderr, "hookifyc:", msg)
			}
			return ec.ExitCode()
		}
		fmt.Fprintln(stderr, "hookifyc:", err)
		return 2
	}
	return 0
}

// app holds what every command needs.
type app struct {
	m machine
	// args is the command line as given, for the commands that must know
	// what stood after "--" (the flag parser drops it).
	args []string
}

// afterDashes returns how many arguments follow the first "--" of the
// command line, and whether there is one.
func (a *app) afterDashes() (int, bool) {
	for i, arg := range a.args {
		if arg == "--" {
			return len(a.args) - i - 1, true
		}
	}
	return 0, false
}

func newApp(m machine, stdin io.Reader, stdout, stderr io.Writer, args []string) *cli.Command {
	a := &app{m: m, args: args}
	var commands []*cli.Command
	if len(args) > 1 && args[1] == "hook" {
		// A hook runs on every tool call: set up only its command.
		commands = []*cli.Command{a.hookCommand()}
	} else {
		commands = []*cli.Command{
			a.hookCommand(),
			a.checkCommand(),
			a.compileCommand(),
			a.rulesCommand(),
			a.execpolicyCommand(),
			a.logCommand(),
			a.mcpCommand(),
			a.codexCommand(),
			a.planCommand(),
			a.applyCommand(),
			a.uninstallCommand(),
			a.doctorCommand(),
			a.hooksCommand(),
			a.genesisCommand(),
			a.evidenceCommand(),
			a.migrateCommand(),
			a.notifyBridgeCommand(),
			a.modifyCommand(),
			a.lintCommand(),
			a.initCommand(),
		}
	}
	root := &cli.Command{
		Name:      "hookifyc",
		Usage:     "portable, enforceable guardrails for AI coding agents",
		Version:   version(),
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed once, by run.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
		// hookifyc completion bash|zsh|fish|pwsh prints a completion script.
		EnableShellCompletion: true,
		Commands:              commands,
	}
	withManners(root)
	return root
}

// withManners makes cmd and its subcommands answer a usage error with one
// line on stderr, a suggestion where one is close, and exit code 2, with
// no help text; a command that only groups others does the same for an
// unknown subcommand.
func withManners(cmd *cli.Command) {
	cmd.OnUsageError = usageError
	if len(cmd.Commands) > 0 && cmd.Action == nil {
		cmd.Action = unknownCommand
	}
	for _, sub := range cmd.Commands {
		withManners(sub)
	}
}

// usageError is every command's OnUsageError.
func usageError(_ context.Context, cmd *cli.Command, err error, _ bool) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		name = strings.TrimLeft(name, "-")
		msg = fmt.Sprintf("%sunknown flag --%s", commandPrefix(cmd), name)
		if s := cli.SuggestFlag(cmd.Flags, name, false); s != "" && similar(strings.TrimLeft(s, "-"), name) {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
	} else if i := strings.Index(msg, ": --"); strings.HasPrefix(msg, "invalid value ") && i > 0 {
		// A validator's message already names the flag and the value.
		msg = commandPrefix(cmd) + msg[i+2:]
	}
	return exitError(2, "%s", msg)
}

// unknownCommand is the action of a command that only groups others: no
// arguments print its help, anything else is an unknown command.
func unknownCommand(ctx context.Context, cmd *cli.Command) error {
	if cmd.Args().Len() == 0 {
		if cmd.Root() == cmd {
			return cli.ShowRootCommandHelp(cmd)
		}
		return cli.ShowSubcommandHelp(cmd)
	}
	name := cmd.Args().First()
	msg := fmt.Sprintf("%sunknown command %q", commandPrefix(cmd), name)
	if s := cli.SuggestCommand(cmd.Commands, name); s != "" && similar(s, name) {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return exitError(2, "%s (run '%s --help')", msg, cmd.FullName())
}

// commandPrefix is "compile: " for hookifyc compile, "" for hookifyc.
func commandPrefix(cmd *cli.Command) string {
	if cmd.Root() == cmd {
		return ""
	}
	return strings.TrimPrefix(cmd.FullName(), cmd.Root().Name+" ") + ": "
}

// similar reports whether a suggestion is close enough to what was typed
// to be worth offering: one shares its first letter, or holds the other.
func similar(suggestion, typed string) bool {
	if suggestion == "" || typed == "" {
		return false
	}
	return suggestion[0] == typed[0] || strings.Contains(suggestion, typed) || strings.Contains(typed, suggestion)
}

// version is what --version prints after "hookifyc version ": this build,
// the Go release that built it and the Codex release whose contract it
// targets.
func version() string { return ver.String() }

// exitError is an error with an exit code, printed by run.
func exitError(code int, format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), code)
}

// oneOf is a flag validator accepting the given values (hookcmd.OneOf:
// hookifyc-hook's flags say the same).
func oneOf(flag string, values ...string) func(string) error {
	return hookcmd.OneOf(flag, values...)
}
