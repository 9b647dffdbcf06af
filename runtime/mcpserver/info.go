package mcpserver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/internal/atomicfile"
)

// Empty is the input of the tools that take none.
type Empty struct{}

// Health is hookify_health's answer.
type Health struct {
	OK        bool       `json:"ok" jsonschema:"true when every rule file loads"`
	Version   string     `json:"version"`
	Semantics string     `json:"semantics" jsonschema:"fixed (hookify's defects fixed) or hookify (exact replica)"`
	FailMode  string     `json:"fail_mode" jsonschema:"open or closed: what an evaluation that cannot be completed answers"`
	RuleDirs  []RuleDir  `json:"rule_dirs"`
	Counts    RuleCounts `json:"counts"`
	Problems  []string   `json:"problems" jsonschema:"rule files and directories that cannot be used, and name collisions"`
	AuditLog  string     `json:"audit_log" jsonschema:"where evaluations are logged, or off"`
}

// RuleDir is one directory of the layered discovery.
type RuleDir struct {
	Layer    string `json:"layer"`
	Path     string `json:"path"`
	Exists   bool   `json:"exists"`
	Writable bool   `json:"writable" jsonschema:"whether this server may change its rules"`
}

// RuleCounts counts the rules found.
type RuleCounts struct {
	Total    int `json:"total"`
	Enabled  int `json:"enabled"`
	Disabled int `json:"disabled"`
	Block    int `json:"block" jsonschema:"enabled rules that block"`
	Warn     int `json:"warn" jsonschema:"enabled rules that warn"`
}

// Config is hookify_get_config's answer.
type Config struct {
	Version     string   `json:"version"`
	Project     string   `json:"project"`
	Home        string   `json:"home"`
	ManagedDir  string   `json:"managed_dir"`
	RuleDir     string   `json:"rule_dir" jsonschema:"HOOKIFY_RULE_DIR: when set, its rules are the only ones"`
	WriteLayers []string `json:"write_layers" jsonschema:"layers whose rules this server may change"`
	OutBase     string   `json:"out_base" jsonschema:"the directory hookify_emit_execpolicy writes below"`
	Semantics   string   `json:"semantics"`
	FailMode    string   `json:"fail_mode"`
	AuditLog    string   `json:"audit_log"`
	Tools       []string `json:"tools"`
}

// EmitInput is hookify_emit_execpolicy's input.
type EmitInput struct {
	OutDir string `json:"out_dir,omitempty" jsonschema:"a relative directory below the server's output base (default: the base)"`
}

// EmitResult is hookify_emit_execpolicy's answer.
type EmitResult struct {
	OK       bool          `json:"ok"`
	OutDir   string        `json:"out_dir"`
	Files    []string      `json:"files"`
	Counts   lower.Counts  `json:"counts" jsonschema:"verdicts: exact, partial, runtime, ... and the prefix rules emitted"`
	Rules    []EmittedRule `json:"rules"`
	Problems []string      `json:"problems"`
}

// EmittedRule is the compile report's line for one rule.
type EmittedRule struct {
	Name    string `json:"name"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Verdict string `json:"verdict" jsonschema:"exact, partial, runtime, disabled or not-compiled"`
	Reason  string `json:"reason"`
}

func (s *Server) failMode() string {
	if s.opts.FailClosed {
		return "closed"
	}
	return "open"
}

func (s *Server) auditPath() string {
	if s.opts.Audit == nil {
		return "off"
	}
	return s.opts.Audit.Path
}

func (s *Server) health(ctx context.Context, req *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, *Health, error) {
	sn := s.snapshot()
	h := &Health{OK: true, Version: s.opts.Version, Semantics: s.opts.Semantics.String(), FailMode: s.failMode(),
		RuleDirs: []RuleDir{}, Problems: []string{}, AuditLog: s.auditPath()}
	writable := s.writableDirs()
	add := func(layer, dir string) {
		p := filepath.FromSlash(dir)
		fi, err := os.Stat(p)
		_, w := writable[p]
		h.RuleDirs = append(h.RuleDirs, RuleDir{Layer: layer, Path: p, Exists: err == nil && fi.IsDir(), Writable: w})
	}
	env := s.opts.Env
	layout := env.Layout()
	if layout.RuleDir != "" {
		add("rule-dir", layout.RuleDir)
	} else {
		if env.ManagedDir != "" {
			add("managed", env.ManagedDir)
		}
		if env.Home != "" {
			add("user", filepath.Join(env.Home, ".codex", "hookify"))
		}
		for _, d := range sn.d.Dirs {
			add("project", filepath.Join(filepath.FromSlash(d), ".codex", "hookify"))
			add("project-claude", filepath.Join(filepath.FromSlash(d), hookify.CompatDir))
		}
	}
	for _, f := range sn.d.Rules {
		h.Counts.Total++
		switch {
		case !f.Rule.Enabled:
			h.Counts.Disabled++
		case f.Rule.Blocks():
			h.Counts.Enabled++
			h.Counts.Block++
		default:
			h.Counts.Enabled++
			h.Counts.Warn++
		}
	}
	for _, p := range sn.d.Problems {
		h.Problems = append(h.Problems, p.Error())
		h.OK = h.OK && !p.Costly()
	}
	return nil, h, nil
}

func (s *Server) getConfig(ctx context.Context, req *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, *Config, error) {
	env := s.opts.Env
	c := &Config{Version: s.opts.Version, Project: s.opts.Project, Home: env.Home, ManagedDir: env.ManagedDir, RuleDir: env.RuleDir,
		WriteLayers: append([]string{}, s.opts.WriteLayers...), OutBase: s.opts.OutBase, Semantics: s.opts.Semantics.String(),
		FailMode: s.failMode(), AuditLog: s.auditPath(), Tools: slices.Clone(ToolNames)}
	return nil, c, nil
}

func (s *Server) emitExecpolicy(ctx context.Context, req *mcp.CallToolRequest, in EmitInput) (*mcp.CallToolResult, *EmitResult, error) {
	if err := CheckRelDir(in.OutDir); err != nil {
		return nil, nil, err
	}
	base := filepath.Clean(s.opts.OutBase)
	dir := filepath.Join(base, filepath.FromSlash(in.OutDir))
	res, err := driver.Compile(driver.Options{Env: s.opts.Env, Cwd: s.opts.Project, Targets: driver.TargetRules})
	if err != nil {
		return nil, nil, fmt.Errorf("compile: %v", err)
	}
	out := &EmitResult{OK: true, OutDir: dir, Files: []string{}, Rules: []EmittedRule{}, Problems: []string{}, Counts: res.Report.Counts}
	for _, p := range res.Problems {
		out.Problems = append(out.Problems, p.Error())
	}
	for _, r := range res.Report.Rules {
		out.Rules = append(out.Rules, EmittedRule{Name: r.Name, File: r.File, Line: r.Line, Verdict: string(r.Verdict), Reason: r.Reason})
	}
	if len(res.Errors()) > 0 {
		out.OK = false
		return &mcp.CallToolResult{IsError: true}, out, nil // nothing written, as compile does
	}

	s.write.Lock()
	defer s.write.Unlock()
	// The base is created below the project (or wherever the user put
	// it); each directory below it must stay there, through any link.
	root := base
	if rel, err := filepath.Rel(s.opts.Project, base); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		root = s.opts.Project
	} else if err := os.MkdirAll(base, 0o755); err != nil {
		return nil, nil, err // a base the user chose outside the project
	}
	if err := mkdirWithin(base, root); err != nil {
		return nil, nil, err
	}
	if err := mkdirWithin(dir, base); err != nil {
		return nil, nil, err
	}
	if err := checkDir(dir, base, s.forbidden()); err != nil {
		return nil, nil, err
	}
	var set []atomicfile.Entry
	for _, f := range res.Files {
		p := filepath.Join(dir, f.Name)
		if _, err := os.Lstat(p); err == nil {
			if err := checkFile(p); err != nil {
				return nil, nil, err
			}
		}
		set = append(set, atomicfile.Entry{Path: p, Data: f.Data, Perm: 0o644})
		out.Files = append(out.Files, p)
	}
	if err := atomicfile.WriteSet(set); err != nil {
		return nil, nil, err
	}
	return nil, out, nil
}
