package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/lint"
)

// Bounds of what hookify_create_rule accepts.
const (
	MaxMarkdownBytes   = 64 << 10
	MaxPatternBytes    = 16 << 10
	MaxConditions      = 32
	maxFieldOrOperator = 64
)

// ListInput is hookify_list_rules' input.
type ListInput struct {
	Event           string `json:"event,omitempty" jsonschema:"only rules of this event: bash, file, prompt, stop or all"`
	Enabled         *bool  `json:"enabled,omitempty" jsonschema:"only enabled (true) or disabled (false) rules"`
	IncludeDisabled bool   `json:"include_disabled,omitempty" jsonschema:"list disabled rules too (default: enabled rules only)"`
}

// RuleList is hookify_list_rules' answer.
type RuleList struct {
	Rules    []RuleInfo `json:"rules"`
	Problems []string   `json:"problems,omitempty" jsonschema:"rule files that could not be read or parsed"`
}

// RuleInfo is one rule found by the discovery.
type RuleInfo struct {
	Name       string   `json:"name"`
	Event      string   `json:"event"`
	Action     string   `json:"action"`
	Enabled    bool     `json:"enabled"`
	File       string   `json:"file"`
	Layer      string   `json:"layer" jsonschema:"managed, user, project, project-claude or rule-dir"`
	Trust      string   `json:"trust" jsonschema:"managed, user or project"`
	Writable   bool     `json:"writable" jsonschema:"whether this server may enable, disable or delete it"`
	Collisions []string `json:"collisions" jsonschema:"files of other layers holding a rule of the same name (all apply)"`
}

// ConditionInput is one condition of a new rule.
type ConditionInput struct {
	Field    string `json:"field" jsonschema:"command, file_path, new_text, old_text, content, user_prompt, transcript, ..."`
	Operator string `json:"operator" jsonschema:"regex_match, contains, equals, not_contains, starts_with or ends_with"`
	Pattern  string `json:"pattern"`
}

// CreateInput is hookify_create_rule's input.
type CreateInput struct {
	Name            string           `json:"name" jsonschema:"the rule's name; its file is named after it"`
	Event           string           `json:"event" jsonschema:"bash, file, prompt, stop or all"`
	Action          string           `json:"action,omitempty" jsonschema:"warn (default) or block"`
	Pattern         string           `json:"pattern,omitempty" jsonschema:"a Python regex on the event's main field (command, new_text, user_prompt, transcript); or give conditions"`
	Conditions      []ConditionInput `json:"conditions,omitempty" jsonschema:"conditions that must all hold; or give pattern"`
	MessageMarkdown string           `json:"message_markdown" jsonschema:"the message shown when the rule matches (markdown)"`
	Overwrite       bool             `json:"overwrite,omitempty" jsonschema:"replace an existing rule file of the same name"`
	Enabled         *bool            `json:"enabled,omitempty" jsonschema:"write the rule enabled (default) or disabled"`
	Layer           string           `json:"layer,omitempty" jsonschema:"project or user (default: the server's first writable layer)"`
}

// CreateResult is hookify_create_rule's answer.
type CreateResult struct {
	OK          bool     `json:"ok"`
	File        string   `json:"file,omitempty"`
	Layer       string   `json:"layer,omitempty"`
	Diagnostics []string `json:"diagnostics" jsonschema:"why nothing was written, or warnings"`
}

// SetEnabledInput is hookify_set_rule_enabled's input.
type SetEnabledInput struct {
	Name    string `json:"name" jsonschema:"the rule's name"`
	Enabled bool   `json:"enabled"`
}

// NameInput is hookify_delete_rule's input.
type NameInput struct {
	Name string `json:"name" jsonschema:"the rule's name"`
}

// EditResult is the answer of hookify_set_rule_enabled and
// hookify_delete_rule.
type EditResult struct {
	OK      bool   `json:"ok"`
	Name    string `json:"name"`
	File    string `json:"file"`
	Layer   string `json:"layer"`
	Enabled *bool  `json:"enabled,omitempty" jsonschema:"the rule's state now (hookify_set_rule_enabled only)"`
	Changed bool   `json:"changed" jsonschema:"false when the rule already had the requested state"`
	Deleted bool   `json:"deleted,omitempty"`
}

// writeDir is the directory of a writable layer, and the root its real
// path must stay in.
func (s *Server) writeDir(layer string) (dir, root string, err error) {
	if !slices.Contains(s.opts.WriteLayers, layer) {
		if len(s.opts.WriteLayers) == 0 {
			return "", "", errors.New("this server may not change rules (started without writable layers; see hookifyc mcp --write)")
		}
		return "", "", fmt.Errorf("this server may not write the %s layer (writable: %s; see hookifyc mcp --write)", layer, strings.Join(s.opts.WriteLayers, ", "))
	}
	env := s.opts.Env
	if env.RuleDir != "" {
		if layer != LayerUser {
			return "", "", errors.New("HOOKIFY_RULE_DIR is set, so only its rules are read: new rules go there, which takes the user layer (hookifyc mcp --write user)")
		}
		rd := env.RuleDir
		if !filepath.IsAbs(rd) {
			rd = filepath.Join(env.Dir, rd)
		}
		return filepath.Clean(rd), filepath.Clean(rd), nil
	}
	switch layer {
	case LayerProject:
		return filepath.Join(s.opts.Project, ".codex", "hookify"), s.opts.Project, nil
	case LayerUser:
		if env.Home == "" {
			return "", "", errors.New("no home directory: there is no user layer")
		}
		return filepath.Join(env.Home, ".codex", "hookify"), env.Home, nil
	}
	return "", "", fmt.Errorf("layer must be %q or %q (got %q)", LayerProject, LayerUser, layer)
}

// forbidden are the rule directories of the layers the server may not
// write.
func (s *Server) forbidden() []string {
	var out []string
	if s.opts.Env.ManagedDir != "" {
		out = append(out, s.opts.Env.ManagedDir)
	}
	if !slices.Contains(s.opts.WriteLayers, LayerUser) && s.opts.Env.Home != "" {
		out = append(out, filepath.Join(s.opts.Env.Home, ".codex", "hookify"))
	}
	return out
}

// writableDirs are the directories whose rules the server may change,
// by layer. A directory that is also one of a layer the server may not
// write (the project is the home directory) is not one of them.
func (s *Server) writableDirs() map[string]string {
	out := map[string]string{}
	forbidden := s.forbidden()
	for _, l := range s.opts.WriteLayers {
		dir, _, err := s.writeDir(l)
		if err != nil {
			continue
		}
		dirs := []string{dir}
		if l == LayerProject {
			dirs = append(dirs, filepath.Join(s.opts.Project, hookify.CompatDir))
		}
		for _, d := range dirs {
			if !slices.Contains(forbidden, d) {
				out[d] = l
			}
		}
	}
	return out
}

// writable reports whether f is in one of dirs (writableDirs).
func writable(dirs map[string]string, f *sources.Found) bool {
	if f.Rule.Origin != ir.OriginHookify || f.Layer == sources.LayerManaged {
		return false
	}
	_, ok := dirs[filepath.Dir(filepath.FromSlash(f.Path))]
	return ok
}

func (s *Server) listRules(ctx context.Context, req *mcp.CallToolRequest, in ListInput) (*mcp.CallToolResult, *RuleList, error) {
	if in.Event != "" && !slices.Contains(hookify.Events, in.Event) {
		return nil, nil, fmt.Errorf("event must be one of %s (got %q)", strings.Join(hookify.Events, ", "), in.Event)
	}
	sn := s.snapshot()
	dirs := s.writableDirs()
	out := &RuleList{Rules: []RuleInfo{}}
	for _, f := range sn.d.Rules {
		r := f.Rule
		switch {
		case in.Event != "" && r.Event != in.Event:
			continue
		case in.Enabled != nil && r.Enabled != *in.Enabled:
			continue
		case in.Enabled == nil && !in.IncludeDisabled && !r.Enabled:
			continue
		}
		info := RuleInfo{Name: r.Name, Event: r.Event, Action: r.ActionText, Enabled: r.Enabled, File: f.Path,
			Layer: f.Layer.String(), Trust: f.Layer.Trust(), Writable: writable(dirs, f), Collisions: []string{}}
		for _, c := range f.Collides {
			info.Collisions = append(info.Collisions, c.Path)
		}
		out.Rules = append(out.Rules, info)
	}
	for _, p := range sn.d.Problems {
		out.Problems = append(out.Problems, p.Error())
	}
	return nil, out, nil
}

// newRule builds the rule hookify_create_rule asks for, or says why not.
func newRule(in CreateInput) (*ir.Rule, []string) {
	var diags []string
	action := in.Action
	if action == "" {
		action = string(ir.ActionWarn)
	}
	if len(in.MessageMarkdown) > MaxMarkdownBytes {
		diags = append(diags, fmt.Sprintf("message_markdown is %d bytes long; at most %d", len(in.MessageMarkdown), MaxMarkdownBytes))
	}
	r := &ir.Rule{Origin: ir.OriginHookify, Name: in.Name, Enabled: in.Enabled == nil || *in.Enabled,
		Event: in.Event, ActionText: action, Action: ir.ActionWarn, Message: strings.TrimSpace(in.MessageMarkdown)}
	if action == string(ir.ActionBlock) {
		r.Action = ir.ActionBlock
	}
	switch {
	case in.Pattern != "" && len(in.Conditions) > 0:
		diags = append(diags, "give either pattern or conditions, not both")
	case in.Pattern != "":
		field := map[string]string{ir.EventBash: "command", ir.EventFile: "new_text", ir.EventPrompt: "user_prompt", ir.EventStop: "transcript"}[in.Event]
		if field == "" && slices.Contains(hookify.Events, in.Event) {
			diags = append(diags, fmt.Sprintf("pattern needs an event of bash, file, prompt or stop to know the field it matches (event %q): give conditions instead", in.Event))
		}
		in.Conditions = []ConditionInput{{Field: field, Operator: ir.OpRegexMatch, Pattern: in.Pattern}}
	case len(in.Conditions) == 0:
		diags = append(diags, "give a pattern or conditions: a rule without conditions never matches")
	}
	if len(in.Conditions) > MaxConditions {
		diags = append(diags, fmt.Sprintf("%d conditions; at most %d", len(in.Conditions), MaxConditions))
		in.Conditions = nil
	}
	for i, c := range in.Conditions {
		if len(c.Pattern) > MaxPatternBytes || len(c.Field) > maxFieldOrOperator || len(c.Operator) > maxFieldOrOperator {
			diags = append(diags, fmt.Sprintf("condition %d is too long (pattern at most %d bytes, field and operator %d)", i+1, MaxPatternBytes, maxFieldOrOperator))
			continue
		}
		r.Conditions = append(r.Conditions, ir.Condition{Field: c.Field, Operator: c.Operator, Pattern: c.Pattern})
	}
	if len(diags) > 0 {
		return nil, diags
	}
	if d := hookify.Validate(r); len(d) > 0 {
		return nil, d
	}
	return r, nil
}

func (s *Server) createRule(ctx context.Context, req *mcp.CallToolRequest, in CreateInput) (*mcp.CallToolResult, *CreateResult, error) {
	fail := func(diags ...string) (*mcp.CallToolResult, *CreateResult, error) {
		return &mcp.CallToolResult{IsError: true}, &CreateResult{OK: false, Diagnostics: append([]string{"nothing written"}, diags...)}, nil
	}
	stem, err := FileStem(in.Name)
	if err != nil {
		return fail(err.Error())
	}
	r, diags := newRule(in)
	if len(diags) > 0 {
		return fail(diags...)
	}
	data, err := hookify.Render(r)
	if err != nil {
		return fail(err.Error())
	}
	lintErrs, lintWarns := s.lintRule(stem, data)
	if len(lintErrs) > 0 {
		return fail(append(lintErrs, lintWarns...)...)
	}
	layer := in.Layer
	if layer == "" {
		if len(s.opts.WriteLayers) == 0 {
			return fail("this server may not change rules (started without writable layers; see hookifyc mcp --write)")
		}
		layer = s.opts.WriteLayers[0]
	}
	dir, root, err := s.writeDir(layer)
	if err != nil {
		return fail(err.Error())
	}
	name, err := hookify.RuleFileName(dir, stem)
	if err != nil {
		return fail(err.Error())
	}
	p := filepath.Join(dir, name)
	if filepath.Dir(p) != dir {
		return fail(fmt.Sprintf("the file name %q would leave %s", name, dir))
	}

	s.write.Lock()
	defer s.write.Unlock()
	defer s.invalidate()
	if err := mkdirWithin(dir, root); err != nil {
		return fail(err.Error())
	}
	if err := checkDir(dir, root, s.forbidden()); err != nil {
		return fail(err.Error())
	}
	// Another file of the layer holding a rule of that name would make
	// the name ambiguous: set_rule_enabled and delete_rule refuse it.
	dirs := s.writableDirs()
	for _, f := range s.snapshot().d.Rules {
		if fp := filepath.FromSlash(f.Path); f.Rule.Name == r.Name && fp != p && dirs[filepath.Dir(fp)] == layer {
			return fail(fmt.Sprintf("a rule called %q is already in %s: change or delete that one, or choose another name", r.Name, fp))
		}
	}
	d, err := s.openRuleDir(dir, root, true)
	if err != nil {
		return fail(err.Error())
	}
	defer d.Close()
	var werr error
	switch _, err := d.dir.Lstat(name); {
	case err == nil:
		if !in.Overwrite {
			return fail(fmt.Sprintf("%s already exists: pass overwrite: true to replace it", p))
		}
		if _, _, err := d.read(name); err != nil {
			return fail(err.Error())
		}
		werr = d.write(name, data, 0o644, false)
	case errors.Is(err, fs.ErrNotExist):
		werr = d.write(name, data, 0o644, true)
		if errors.Is(werr, fs.ErrExist) {
			werr = fmt.Errorf("%s already exists: pass overwrite: true to replace it", p)
		}
	default:
		werr = err
	}
	if werr != nil {
		return fail(werr.Error())
	}
	return nil, &CreateResult{OK: true, File: p, Layer: layer, Diagnostics: append([]string{}, lintWarns...)}, nil
}

// findWritable finds the one rule called name that the server may change.
func (s *Server) findWritable(name string) (*sources.Found, string, error) {
	if name == "" {
		return nil, "", errors.New("the rule name is empty")
	}
	sn := s.snapshot()
	dirs := s.writableDirs()
	var mine, others []*sources.Found
	for _, f := range sn.d.Rules {
		if f.Rule.Name != name || f.Rule.Origin != ir.OriginHookify {
			continue
		}
		if writable(dirs, f) {
			mine = append(mine, f)
		} else {
			others = append(others, f)
		}
	}
	switch {
	case len(mine) == 1:
		return mine[0], dirs[filepath.Dir(filepath.FromSlash(mine[0].Path))], nil
	case len(mine) > 1:
		var files []string
		for _, f := range mine {
			files = append(files, f.Path)
		}
		return nil, "", fmt.Errorf("%d rule files are called %q: %s; rename one first", len(mine), name, strings.Join(files, ", "))
	case len(others) > 0:
		return nil, "", fmt.Errorf("rule %q is in the %s layer (%s), which this server may not change", name, others[0].Layer, others[0].Path)
	}
	return nil, "", fmt.Errorf("Rule not found: %q (hookify_list_rules with include_disabled lists the rules)", name)
}

// openEditable checks a found rule file before changing it, and opens
// its directory for the change (ruleDir).
func (s *Server) openEditable(f *sources.Found, layer string) (string, *ruleDir, error) {
	p := filepath.FromSlash(f.Path)
	_, root, err := s.writeDir(layer)
	if err != nil {
		return "", nil, err
	}
	if err := checkDir(filepath.Dir(p), root, s.forbidden()); err != nil {
		return "", nil, err
	}
	if err := checkFile(p); err != nil {
		return "", nil, err
	}
	d, err := s.openRuleDir(filepath.Dir(p), root, false)
	if err != nil {
		return "", nil, err
	}
	return p, d, nil
}

func (s *Server) setRuleEnabled(ctx context.Context, req *mcp.CallToolRequest, in SetEnabledInput) (*mcp.CallToolResult, *EditResult, error) {
	s.write.Lock()
	defer s.write.Unlock()
	defer s.invalidate()
	s.invalidate()
	f, layer, err := s.findWritable(in.Name)
	if err != nil {
		return nil, nil, err
	}
	p, d, err := s.openEditable(f, layer)
	if err != nil {
		return nil, nil, err
	}
	defer d.Close()
	if _, err := d.setEnabled(filepath.Base(p), in.Enabled); err != nil {
		return nil, nil, err
	}
	return nil, &EditResult{OK: true, Name: in.Name, File: p, Layer: layer, Enabled: &in.Enabled, Changed: f.Rule.Enabled != in.Enabled}, nil
}

func (s *Server) deleteRule(ctx context.Context, req *mcp.CallToolRequest, in NameInput) (*mcp.CallToolResult, *EditResult, error) {
	s.write.Lock()
	defer s.write.Unlock()
	defer s.invalidate()
	s.invalidate()
	f, layer, err := s.findWritable(in.Name)
	if err != nil {
		return nil, nil, err
	}
	p, d, err := s.openEditable(f, layer)
	if err != nil {
		return nil, nil, err
	}
	defer d.Close()
	if err := d.remove(filepath.Base(p)); err != nil {
		return nil, nil, err
	}
	return nil, &EditResult{OK: true, Name: in.Name, File: p, Layer: layer, Changed: true, Deleted: true}, nil
}

// lintRule runs `hookifyc lint` on a rule file about to be written (a copy
// in a private temporary directory) and returns its errors and its
// warnings and notes, located by the rule's name.
func (s *Server) lintRule(stem string, data []byte) (errs, warns []string) {
	dir, err := os.MkdirTemp("", "hookifyc-mcp-lint-")
	if err != nil {
		return nil, []string{"lint: " + err.Error()}
	}
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, stem+".md")
	if err := os.WriteFile(p, data, 0o600); err != nil {
		return nil, []string{"lint: " + err.Error()}
	}
	res := lint.Run(lint.Options{Paths: []string{p}, Env: sources.Env{Home: s.opts.Env.Home}, Cwd: dir, Semantics: s.opts.Semantics})
	for _, d := range res.Diagnostics {
		d.Path = stem + ".md"
		if d.Severity == lint.Error {
			errs = append(errs, d.String())
		} else {
			warns = append(warns, d.String())
		}
	}
	return errs, warns
}
