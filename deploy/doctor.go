package deploy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	iofs "io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hookifyc/hookifyc/compiler/codexhooks"
	"github.com/hookifyc/hookifyc/compiler/driver"
	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/compiler/shell"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/sysfile"
	"github.com/hookifyc/hookifyc/runtime/agenthooks"
)

// Finding levels.
const (
	LevelOK      = "ok"
	LevelWarning = "warning"
	LevelError   = "error"
)

// Finding is one result of Doctor: a level, what was checked, what was
// found and, for a problem, the fix.
type Finding struct {
	Level   string `json:"level"`
	Check   string `json:"check"`
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
}

// DoctorOptions say what Doctor looks at. Every directory is optional.
type DoctorOptions struct {
	// CodexHome is the user's Codex directory; Project a project root (its
	// .codex and .claude are checked).
	CodexHome, Project string
	// ClaudeHome is ~/.claude; Home the user's home directory.
	ClaudeHome, Home string
	// Path is $PATH, where codex is looked for.
	Path string
	// Build is the running hookifyc's build information
	// (version.BuildInfo); installed hooks must run a hookifyc or
	// hookifyc-hook of the same build (buildDifference). nil: not compared.
	Build *debug.BuildInfo
	// ReadBuildInfo reads the build information of a program the hooks
	// run (default: ReadBuildInfo). Doctor never runs such a program, not
	// even for its version: the paths come from files the guarded agent
	// may have written (a project's install.json and hooks.json).
	ReadBuildInfo func(path string) (*debug.BuildInfo, error)
	// Discovery is the layered discovery to report on (nil: skipped).
	Discovery *sources.Discovery
	// AuditLog is the decision log's path ("" when off); CacheDir the
	// rule cache's directory ("" when off).
	AuditLog, CacheDir string
	// Run runs a program with arguments and returns its output (default:
	// os/exec with a 10 s limit): only codex found on Path, for its
	// version.
	Run func(name string, args ...string) (string, error)
}

func (o *DoctorOptions) run(name string, args ...string) (string, error) {
	if o.Run != nil {
		return o.Run(name, args...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).Output()
	return string(out), err
}

func (o *DoctorOptions) readBuildInfo(path string) (*debug.BuildInfo, error) {
	if o.ReadBuildInfo != nil {
		return o.ReadBuildInfo(path)
	}
	return ReadBuildInfo(path)
}

type findings []Finding

func (fs *findings) add(level, check, msg, fix string) {
	*fs = append(*fs, Finding{Level: level, Check: check, Message: msg, Fix: fix})
}

// Doctor checks an installation: Codex on PATH and its version, every
// .rules file Codex would load (one bad file and Codex drops them all),
// hookifyc's hooks (present, running an existing hookifyc of this build,
// told by its build information, never by running it; trust), the rule
// layers, the audit log and cache directories, and the Claude Code side.
func Doctor(o DoctorOptions) []Finding {
	var fs findings
	codexChecks(&fs, &o)
	for _, d := range codexDirs(o) {
		rulesCheck(&fs, d)
		installCheck(&fs, &o, "codex", d)
	}
	for _, d := range claudeDirs(o) {
		installCheck(&fs, &o, "claude", d)
		pluginCheck(&fs, d)
	}
	if o.Discovery != nil {
		layersCheck(&fs, o.Discovery)
	}
	writableCheck(&fs, "audit log", o.AuditLog, true)
	writableCheck(&fs, "rule cache", o.CacheDir, false)
	return fs
}

func codexDirs(o DoctorOptions) []string {
	var out []string
	if o.CodexHome != "" {
		out = append(out, o.CodexHome)
	}
	if o.Project != "" {
		out = append(out, filepath.Join(o.Project, ".codex"))
	}
	return out
}

func claudeDirs(o DoctorOptions) []string {
	var out []string
	if o.ClaudeHome != "" {
		out = append(out, o.ClaudeHome)
	}
	if o.Project != "" {
		out = append(out, filepath.Join(o.Project, ".claude"))
	}
	return out
}

var codexVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(\d+\.\d+\.\d+)\b`) })

func codexChecks(fs *findings, o *DoctorOptions) {
	path := lookPath("codex", o.Path)
	if path == "" {
		fs.add(LevelWarning, "codex-cli", "codex is not on PATH", "install it: npm install -g @openai/codex@"+execpolicy.CodexVersion)
		return
	}
	out, err := o.run(path, "--version")
	if err != nil {
		fs.add(LevelError, "codex-cli", fmt.Sprintf("%s --version failed: %v", path, err), "reinstall Codex")
		return
	}
	v := codexVersion().FindString(out)
	if v != execpolicy.CodexVersion {
		fs.add(LevelWarning, "codex-cli", fmt.Sprintf("%s is Codex %s; hookifyc targets the contract of Codex %s", path, strings.TrimSpace(out), execpolicy.CodexVersion), "npm install -g @openai/codex@"+execpolicy.CodexVersion+", or check the hook and .rules behaviour of your version")
		return
	}
	fs.add(LevelOK, "codex-cli", fmt.Sprintf("%s is Codex %s", path, v), "")
}

// lookPath finds an executable in a PATH string.
func lookPath(name, path string) string {
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		for _, ext := range exeSuffixes() {
			p := filepath.Join(dir, name+ext)
			if fi, err := os.Stat(p); err == nil && executable(fi) {
				return p
			}
		}
	}
	return ""
}

func rulesCheck(fs *findings, dir string) {
	rdir := filepath.Join(dir, "rules")
	files, err := codexRuleFiles(rdir)
	if err != nil {
		fs.add(LevelError, "rules", fmt.Sprintf("%s: %v", rdir, err), "make the directory readable")
		return
	}
	if len(files) == 0 {
		return
	}
	pol, err := execpolicy.LoadLimited(files, execpolicy.Bounded)
	if err != nil {
		var e *execpolicy.Error
		if errors.As(err, &e) && e.Bound != "" {
			fs.add(LevelWarning, "rules", fmt.Sprintf("could not check the rules in %s as Codex loads them: %v", rdir, err), "compute less at load time: codex runs the files before every command")
			return
		}
		fs.add(LevelError, "rules", fmt.Sprintf("Codex refuses the rules in %s, all of them: %v", rdir, err), "fix or remove the file named (one bad file disables every rule)")
		return
	}
	fs.add(LevelOK, "rules", fmt.Sprintf("%s: %d file(s), %d prefix rule(s), all load as Codex loads them", rdir, len(files), len(pol.Rules)), "")
}

// installCheck checks what apply installed in dir.
func installCheck(fs *findings, o *DoctorOptions, target, dir string) {
	st, _, err := readState(dir)
	if err != nil {
		fs.add(LevelError, target, err.Error(), "")
		return
	}
	apply := fmt.Sprintf("hookifyc apply %s", target)
	if st == nil {
		if target == "codex" && dir == o.CodexHome || target == "claude" && dir == o.ClaudeHome {
			fs.add(LevelWarning, target, fmt.Sprintf("hookifyc is not installed in %s", dir), "run "+apply)
		}
		return
	}
	for rel, f := range st.Files {
		data, err := readFile(filepath.Join(dir, filepath.FromSlash(rel)))
		switch {
		case err != nil:
			fs.add(LevelError, target, err.Error(), "")
		case data == nil:
			fs.add(LevelError, target, fmt.Sprintf("%s was installed but is gone", filepath.Join(dir, rel)), "run "+apply)
		case sum(data) != f.After:
			fs.add(LevelWarning, target, fmt.Sprintf("%s changed since hookifyc installed it", filepath.Join(dir, rel)), "run hookifyc plan "+target+" to see the difference, then "+apply)
		}
	}
	if len(st.HookCommands) == 0 {
		fs.add(LevelOK, target, fmt.Sprintf("%s: installed (.rules only: no rule needs the hook)", dir), "")
		return
	}
	found, unread := false, false
	for _, name := range []string{CodexHooks, CodexConfig, ClaudeSettings} {
		data, err := readFile(filepath.Join(dir, name))
		if err != nil {
			fs.add(LevelError, target, cannotRead(err), "make it a readable regular file")
			unread = true
			continue
		}
		if data != nil && holdsCommand(name, data, st.HookCommands) {
			found = true
		}
	}
	if !found && unread {
		return // which file should hold the hooks is reported above
	}
	if !found {
		fs.add(LevelError, target, fmt.Sprintf("hookifyc's hooks are missing from %s (removed since apply)", dir), "run "+apply)
		return
	}
	for _, c := range st.HookCommands {
		words, err := shell.SplitShlex(c)
		if err != nil || len(words) == 0 {
			fs.add(LevelError, target, fmt.Sprintf("cannot read the hook command %q", c), "run "+apply)
			continue
		}
		bin := words[0]
		if !filepath.IsAbs(bin) {
			fs.add(LevelError, target, fmt.Sprintf("the hooks run %s, not an absolute path: which program that is depends on where the hook runs", bin), "run "+apply)
			continue
		}
		if fi, err := os.Stat(bin); err != nil || !executable(fi) {
			fs.add(LevelError, target, fmt.Sprintf("the hooks run %s, which does not exist or is not executable: every hook call fails open", bin), "reinstall hookifyc there, or run "+apply+" with the hookifyc you keep")
			continue
		}
		fix := "run " + apply + " with the hookifyc you mean to use"
		if filepath.Base(bin) == HookBinaryName() {
			fix = "reinstall it with hookifyc (go install ./cmd/...), or remove it and run " + apply
		}
		if InProject(bin, o.Project) {
			// The guarded agent writes the project: a program there
			// runs what the agent wants.
			fs.add(LevelError, target, fmt.Sprintf("the hooks run %s, inside the project, which the agent can rewrite", bin), "run "+apply+" with a hookifyc installed outside the project")
			continue
		}
		// Never run: the path comes from files the agent may have
		// written. The build information is read from the file.
		bi, err := o.readBuildInfo(bin)
		switch {
		case err != nil:
			fs.add(LevelError, target, fmt.Sprintf("the hooks run %s, which is not hookifyc: not a Go program with build information (%v)", bin, err), fix)
		case !isHookifycBuild(bi):
			fs.add(LevelError, target, fmt.Sprintf("the hooks run %s, which is not hookifyc: it was built from %s", bin, bi.Path), fix)
		default:
			diff := ""
			if o.Build != nil {
				diff = buildDifference(o.Build, bi)
			}
			if diff != "" {
				fs.add(LevelWarning, target, fmt.Sprintf("the hooks run %s, a different build from this hookifyc (%s)", bin, diff), fix)
			} else {
				fs.add(LevelOK, target, fmt.Sprintf("%s: hooks installed, running %s", dir, bin), "")
			}
		}
	}
	if target == "codex" {
		trustCheck(fs, o, dir, st.HookCommands)
	}
}

// trustCheck reports Codex's review status of our hooks in dir (see
// runtime/agenthooks): an untrusted hook is skipped, by codex exec silently.
func trustCheck(fs *findings, o *DoctorOptions, dir string, cmds []string) {
	env := agenthooks.Env{
		Home: o.Home,
		// Regular files only: the project's hooks.json could be a FIFO.
		ReadFile: func(p string) ([]byte, error) { return sysfile.ReadRegular(p, maxFile) },
		Exists:   exists,
		NotExist: func(err error) bool { return errors.Is(err, iofs.ErrNotExist) },
	}
	if dir == o.CodexHome {
		env.CodexHome, env.Dir = dir, dir
	} else {
		env.CodexHome, env.Dir = o.CodexHome, filepath.Dir(dir)
		if env.CodexHome == "" {
			env.CodexHome = filepath.Join(o.Home, ".codex")
		}
	}
	hooks, problems := agenthooks.List(env)
	for _, p := range problems {
		// Files Codex reads for this directory's hooks and their trust
		// (Claude's files are checked by pluginCheck and the claude
		// target).
		if within(p.File, env.CodexHome) || within(p.File, dir) {
			fs.add(LevelError, "trust", fmt.Sprintf("%s: Codex cannot read it, so neither can doctor tell which hooks it runs", p), "fix or remove it")
		}
	}
	counts := map[agenthooks.Trust]int{}
	n := 0
	for _, h := range hooks {
		if h.Agent != "codex" || !slices.Contains(cmds, h.Command) || !within(h.Source, dir) {
			continue
		}
		counts[h.Trust]++
		n++
	}
	fix := "start codex in this directory and trust the hookifyc hooks in /hooks (codex exec: --dangerously-bypass-hook-trust for one run)"
	switch {
	case n == 0:
	case counts[agenthooks.TrustDisabled] > 0:
		fs.add(LevelError, "trust", fmt.Sprintf("%d of hookifyc's %d hook(s) in %s are disabled in Codex (enabled = false): they never run", counts[agenthooks.TrustDisabled], n, dir), "enable them in /hooks")
	case counts[agenthooks.TrustProjectUntrusted] > 0:
		fs.add(LevelError, "trust", fmt.Sprintf("the project of %s is not trusted: Codex loads none of its hooks or rules", dir), "codex exec --trust in the project, or [projects.\"<root>\"] trust_level = \"trusted\"")
	case counts[agenthooks.TrustUntrusted] > 0:
		fs.add(LevelWarning, "trust", fmt.Sprintf("%d of hookifyc's %d hook(s) in %s are not trusted yet: Codex skips them (codex exec silently)", counts[agenthooks.TrustUntrusted], n, dir), fix)
	case counts[agenthooks.TrustUnknown] > 0:
		fs.add(LevelOK, "trust", fmt.Sprintf("hookifyc's %d hook(s) in %s have a recorded trust hash (only Codex can say it still matches: a changed hook needs review again)", n, dir), "")
	default:
		fs.add(LevelOK, "trust", fmt.Sprintf("hookifyc's %d hook(s) in %s need no review (managed)", n, dir), "")
	}
}

// within reports whether path is inside dir.
func within(path, dir string) bool {
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}

// holdsCommand reports whether the file name (hooks.json, settings.json or
// config.toml) runs one of cmds. A hooks document is decoded; in
// config.toml the command is looked for as hookifyc's block writes it
// (codexhooks.QuoteTOML, which escapes control and deceptive characters,
// as textsafe.EscapeJSON does in the JSON files).
func holdsCommand(name string, data []byte, cmds []string) bool {
	if name == CodexConfig {
		for _, c := range cmds {
			if q, err := codexhooks.QuoteTOML(c); err == nil && bytes.Contains(data, []byte(q)) {
				return true
			}
		}
		return false
	}
	for _, c := range hookCommandsOfDoc(data) {
		if slices.Contains(cmds, c) {
			return true
		}
	}
	return false
}

// pluginCheck warns when the hookify plugin is enabled beside our hooks.
func pluginCheck(fs *findings, dir string) {
	st, _, _ := readState(dir)
	installed := st != nil && len(st.HookCommands) > 0
	for _, name := range []string{ClaudeSettings, "settings.local.json"} {
		data, err := readFile(filepath.Join(dir, name))
		if err != nil {
			fs.add(LevelError, "claude", cannotRead(err), "make it a readable regular file")
			continue
		}
		keys, ok := enabledHookifyPlugins(data)
		if !ok {
			fs.add(LevelError, "claude", fmt.Sprintf("%s is not valid JSON: Claude Code ignores it", filepath.Join(dir, name)), "fix the JSON")
			continue
		}
		if len(keys) > 0 && installed {
			fs.add(LevelWarning, "claude", fmt.Sprintf("the hookify plugin is still enabled in %s: every call is judged twice", filepath.Join(dir, name)), "claude plugin disable hookify (hookifyc's hooks replace it)")
		}
	}
}

func layersCheck(fs *findings, d *sources.Discovery) {
	counts := map[sources.Layer]int{}
	for _, f := range d.Rules {
		counts[f.Layer]++
	}
	var parts []string
	for _, l := range []sources.Layer{sources.LayerManaged, sources.LayerUser, sources.LayerProject, sources.LayerProjectClaude, sources.LayerRuleDir} {
		if counts[l] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", l, counts[l]))
		}
	}
	if len(parts) == 0 {
		fs.add(LevelWarning, "layers", "the layered discovery finds no rule", "hookifyc rules create, or put rules in ~/.codex/hookify")
	} else {
		fs.add(LevelOK, "layers", fmt.Sprintf("%d rule(s): %s", len(d.Rules), strings.Join(parts, ", ")), "")
	}
	for _, p := range append(append([]sources.Problem{}, d.Problems...), driver.Validate(d.RuleList())...) {
		level := LevelWarning
		if p.Costly() {
			level = LevelError
		}
		fs.add(level, "layers", p.Error(), "")
	}
}

// writableCheck checks that path (a file, or a directory when !file) can
// be written, creating nothing.
func writableCheck(fs *findings, what, path string, file bool) {
	if path == "" {
		fs.add(LevelOK, what, "off", "")
		return
	}
	dir := path
	if file {
		if fi, err := os.Stat(path); err == nil {
			if !fi.Mode().IsRegular() {
				fs.add(LevelError, what, fmt.Sprintf("%s is not a regular file", path), "remove it")
				return
			}
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				fs.add(LevelError, what, fmt.Sprintf("%s cannot be written: %v", path, err), "fix its permissions")
				return
			}
			f.Close()
			fs.add(LevelOK, what, path+" is writable", "")
			return
		}
		dir = filepath.Dir(path)
	}
	// The nearest existing ancestor must be a writable directory.
	d := dir
	for {
		fi, err := os.Stat(d)
		if err == nil {
			if !fi.IsDir() {
				fs.add(LevelError, what, fmt.Sprintf("%s: %s is not a directory", path, d), "remove it")
				return
			}
			if !dirWritable(d) {
				fs.add(LevelError, what, fmt.Sprintf("%s cannot be created: %s is not writable", path, d), "fix the permissions of "+d)
				return
			}
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	fs.add(LevelOK, what, path+" is writable", "")
}

func dirWritable(dir string) bool {
	f, err := os.CreateTemp(dir, ".hookifyc-doctor-*")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}

// Errors counts the error findings.
func Errors(fs []Finding) int {
	return len(slices.DeleteFunc(slices.Clone(fs), func(f Finding) bool { return f.Level != LevelError }))
}

// exeSuffixes are the file name endings of programs: none on Unix; on
// Windows .exe and .cmd (npm installs codex as codex.cmd).
func exeSuffixes() []string {
	if runtime.GOOS == "windows" {
		return []string{".exe", ".cmd"}
	}
	return []string{""}
}
