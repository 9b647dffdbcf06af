package mcpserver

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/runtime/audit"
	"github.com/hookifyc/hookifyc/runtime/mcplaunch"
)

// The layers the server may write (see mcplaunch.LayerProject).
const (
	LayerProject = mcplaunch.LayerProject
	LayerUser    = mcplaunch.LayerUser
)

// Options configure a Server. The command fills them from its flags and
// process; tests build their own.
type Options struct {
	// Env is where the layered discovery looks (managed directory, home,
	// HOOKIFY_RULE_DIR); Env.Dir is the base of a relative RuleDir.
	Env sources.Env
	// Project is the absolute project directory: where discovery starts,
	// whose .codex/hookify is the project layer, and the base of out_dir.
	// The model cannot change it.
	Project string
	// WriteLayers are the layers hookify_create_rule, _set_rule_enabled
	// and _delete_rule may change (LayerProject, LayerUser); none makes
	// the rules read-only. The first is where new rules go by default.
	WriteLayers []string
	// Semantics of evaluation (engine.Fixed by default).
	Semantics engine.Semantics
	// FailClosed answers block when the rules cannot be evaluated (a rule
	// file that does not load, a rule that fails on the event).
	FailClosed bool
	// OutBase is the directory hookify_emit_execpolicy writes under: its
	// out_dir is a relative path inside it. "" means
	// <Project>/.codex/hookify-build.
	OutBase string
	// Audit, when not nil, receives one entry per evaluation.
	Audit *audit.Log
	// Stderr receives the lines about a log that cannot be written.
	Stderr io.Writer
	// Version is what hookify_health reports.
	Version string
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Server answers the hookify tools. Its methods are safe for concurrent
// use; one Server may serve any number of sessions.
type Server struct {
	opts Options
	// mu guards cur, the rules read last.
	mu  sync.Mutex
	cur *snapshot
	// reload serialises rereading the rules, so that a change read once
	// serves every call waiting for it.
	reload sync.Mutex
	// write serialises the rule edits of this process.
	write sync.Mutex
	// racy is racyWindow (tests shorten it).
	racy time.Duration
	// shell is hookify_evaluate_shell's definition (fastshell.go).
	shell *shellTool
}

// New returns a Server for opts.
func New(opts Options) (*Server, error) {
	if !filepath.IsAbs(opts.Project) {
		return nil, fmt.Errorf("mcp: the project directory must be absolute (got %q)", opts.Project)
	}
	opts.Project = filepath.Clean(opts.Project)
	for _, l := range opts.WriteLayers {
		if l != LayerProject && l != LayerUser {
			return nil, fmt.Errorf("mcp: a writable layer is %q or %q (got %q; the managed layer is never written)", LayerProject, LayerUser, l)
		}
	}
	if opts.OutBase == "" {
		opts.OutBase = filepath.Join(opts.Project, ".codex", "hookify-build")
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Stderr == nil {
		opts.Stderr = io.Discard
	}
	shell, err := newShellTool(readOnly("Evaluate a shell command"),
		"Ask the hookify rules about a shell command before running it. Answers {decision: allow|warn|block, messages, matched_rules} and what the compiled Codex .rules decide for it (execpolicy). Never run a command whose decision is block; show warn messages to the user.")
	if err != nil {
		return nil, err
	}
	return &Server{opts: opts, racy: racyWindow, shell: shell}, nil
}

// MCPServer returns an MCP server with every hookify tool. Each call
// builds a new one over the same rules, as the HTTP handler needs.
func (s *Server) MCPServer() *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "hookifyc", Title: "hookify guardrails", Version: s.opts.Version},
		&mcp.ServerOptions{Instructions: mcplaunch.Instructions})
	s.addTools(srv)
	return srv
}

// ToolNames are the tools the server offers, in the order listed.
var ToolNames = mcplaunch.ToolNames

// readOnly annotates a tool that changes nothing.
func readOnly(title string) *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(bool)}
}

// edits annotates a tool that writes files.
func edits(title string, destructive, idempotent bool) *mcp.ToolAnnotations {
	return &mcp.ToolAnnotations{Title: title, DestructiveHint: &destructive, IdempotentHint: idempotent, OpenWorldHint: new(bool)}
}

// addTool registers one tool. A panic in its handler becomes the call's
// error answer: the SDK does not recover it, and one hostile argument
// would end the server for every session.
func addTool[In, Out any](srv *mcp.Server, name string, ann *mcp.ToolAnnotations, h mcp.ToolHandlerFor[In, Out], description string) {
	mcp.AddTool(srv, &mcp.Tool{Name: name, Description: description, Annotations: ann},
		func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
			defer func() {
				if p := recover(); p != nil {
					var zero Out
					res, out, err = nil, zero, internalError(name, p)
				}
			}()
			return h(ctx, req, in)
		})
}

// internalError is a tool's answer to a panic in its handler.
func internalError(tool string, p any) error {
	return fmt.Errorf("%s: internal error (a bug in hookifyc, please report it): %v", tool, p)
}

func (s *Server) addTools(srv *mcp.Server) {
	srv.AddTool(s.shell.tool, s.shell.handler(s))
	addTool(srv, "hookify_evaluate_file_edit", readOnly("Evaluate a file edit"), s.evaluateFileEdit,
		"Ask the hookify rules about writing new_text to file_path (an edit replacing old_text when given, else a whole-file write). Answers {decision, messages, matched_rules}.")
	addTool(srv, "hookify_evaluate_prompt", readOnly("Evaluate a user prompt"), s.evaluatePrompt,
		"Ask the hookify prompt rules about a user prompt. Answers {decision, messages, matched_rules}.")
	addTool(srv, "hookify_evaluate_stop", readOnly("Evaluate stopping"), s.evaluateStop,
		"Ask the hookify stop rules whether the agent may stop, given the transcript so far. Answers {decision, messages, matched_rules}.")
	addTool(srv, "hookify_explain", readOnly("Explain a decision"), s.explain,
		"Explain the decision on a shell command: every matching rule, its file and layer, each condition, the value it matched and why.")
	addTool(srv, "hookify_list_rules", readOnly("List rules"), s.listRules,
		"List the rules the layered discovery finds (managed, user, project), with event, action, enabled, file, layer, whether this server may change it, and name collisions between layers. Disabled rules are listed with include_disabled or enabled=false.")
	addTool(srv, "hookify_create_rule", edits("Create a rule", true, false), s.createRule,
		"Create a hookify rule file, only when the user asks for a rule. The rule is validated first (event, action, operators, fields, regexes); nothing is written on a problem. event: bash, file, prompt, stop or all; action: warn (default) or block; either pattern (a Python regex on the event's main field) or conditions [{field, operator, pattern}]. The file is <layer dir>/<name>.md; an existing rule is replaced only with overwrite.")
	addTool(srv, "hookify_set_rule_enabled", edits("Enable or disable a rule", true, true), s.setRuleEnabled,
		"Enable or disable a rule by name, only when the user asks; only its enabled: line changes. Rules outside the layers this server may write (managed rules, user rules unless allowed) cannot be changed.")
	addTool(srv, "hookify_delete_rule", edits("Delete a rule", true, false), s.deleteRule,
		"Delete a rule file by rule name, only when the user asks. Rules outside the layers this server may write cannot be deleted.")
	addTool(srv, "hookify_health", readOnly("Health"), s.health,
		"Server health: version, rule directories per layer, rule counts, rule files that do not load, semantics and fail mode.")
	addTool(srv, "hookify_get_config", readOnly("Configuration"), s.getConfig,
		"The server's configuration: project, home, managed and rule directories, writable layers, output base, audit log, semantics and fail mode.")
	addTool(srv, "hookify_emit_execpolicy", edits("Emit Codex .rules", false, true), s.emitExecpolicy,
		"Compile the rules to Codex execpolicy .rules through the compile driver and write hookify.rules and report.json to out_dir, a relative directory under the server's output base (default: the base itself). Answers the files written, the per-rule verdicts (exact, partial, runtime) and problems.")
}

// Serve runs the server over stdio (or any transport) until the client
// disconnects or ctx ends.
func (s *Server) Serve(ctx context.Context, t mcp.Transport) error {
	return s.MCPServer().Run(ctx, t)
}

// excerpt shortens s for an answer: the value a condition matched may be
// a 10 MB command.
func excerpt(s string) string {
	const max = 200
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8Start(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%d bytes)", len(s))
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// joinProblems is problems as one line.
func joinProblems(ps []string) string { return strings.Join(ps, "; ") }
