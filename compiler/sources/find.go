package sources

import (
	"path/filepath"
	"time"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
)

// Env is what finding rules depends on outside the arguments. Commands
// build it once from the process (see cmd/hookifyc); tests build their own.
type Env struct {
	// Dir is the process working directory: the base of a relative
	// HOOKIFY_RULE_DIR.
	Dir string
	// ManagedDir is the managed (fleet) rule directory, normally
	// DefaultManagedDir; "" disables the managed layer.
	ManagedDir string
	// Home is the user's home directory; "" disables the user layer.
	Home string
	// RuleDir is $HOOKIFY_RULE_DIR: when set, its *.md files are the only
	// rules of the discovery.
	RuleDir string
	// Cache, when not nil, keeps parsed rule files between calls (see
	// hookify.CachedOSFS); it never changes what is found.
	Cache hookify.RuleCache
	// Deadline, when not zero, is when the discovery stops reading: what
	// is left is a ProblemDeadline (Layout.Deadline).
	Deadline time.Time
	// ProjectPatternBytes, when not zero, bounds the patterns of the
	// project layers' rules (Layout.ProjectPatternBytes).
	ProjectPatternBytes int
}

// Layout is the layered discovery of env on the real file system.
func (env Env) Layout() Layout {
	ruleDir := env.RuleDir
	if ruleDir != "" && !filepath.IsAbs(ruleDir) {
		ruleDir = filepath.Join(env.Dir, ruleDir)
	}
	return Layout{
		FS:         hookify.CachedOSFS("/", env.Cache),
		ManagedDir: slashPath(env.ManagedDir),
		HomeDir:    slashPath(env.Home),
		RuleDir:    slashPath(ruleDir),
		Deadline:   env.Deadline,

		ProjectPatternBytes: env.ProjectPatternBytes,
	}
}

// Find reads the rules of explicit sources, or, when there are none, runs
// the layered discovery from the start directories (see Discover).
func Find(env Env, srcs []string, starts ...string) ([]*ir.Rule, []Problem) {
	rules, problems, _ := FindLayered(env, srcs, starts...)
	return rules, problems
}

// FindLayered is Find, also returning how many of the rules, the first
// ones, come from layers the guarded agent cannot write (managed, user,
// HOOKIFY_RULE_DIR) or from explicit sources (all of them): the rules
// after them are the project layers'.
func FindLayered(env Env, srcs []string, starts ...string) (rules []*ir.Rule, problems []Problem, trusted int) {
	if len(srcs) > 0 {
		rules, problems = Load(srcs, env.Home, env.Cache)
		return rules, problems, len(rules)
	}
	slashed := make([]string, len(starts))
	for i, s := range starts {
		slashed[i] = slashPath(s)
	}
	d := Discover(env.Layout(), slashed...)
	return d.RuleList(), d.Problems, d.Trusted()
}

// Trusted is how many of the rules, the first ones (discovery lists the
// layers in trust order), come from layers the guarded agent cannot write:
// managed, user, HOOKIFY_RULE_DIR (engine.Options.TrustedRules).
func (d *Discovery) Trusted() int {
	n := 0
	for _, f := range d.Rules {
		if f.Layer.Trust() == "project" {
			break
		}
		n++
	}
	return n
}

// RuleList returns the rules (disabled ones included) in order.
func (d *Discovery) RuleList() []*ir.Rule {
	rules := make([]*ir.Rule, len(d.Rules))
	for i, f := range d.Rules {
		rules[i] = f.Rule
	}
	return rules
}

// slashPath is an OS path as a path of the file system rooted at "/"
// (hookify.SlashPath: /C:/x for C:\x on Windows); "" stays "".
func slashPath(p string) string {
	if p == "" {
		return ""
	}
	return hookify.SlashPath(p)
}
