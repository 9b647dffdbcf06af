package deploy

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// HookBinaryName is the file name of hookifyc-hook, the hook-only binary
// (cmd/hookifyc-hook): `hookifyc hook` in a binary that links only what a
// hook call needs, so that it starts faster.
func HookBinaryName() string {
	if runtime.GOOS == "windows" {
		return "hookifyc-hook.exe"
	}
	return "hookifyc-hook"
}

// HookBinaryBeside returns the hookifyc-hook that the hooks of the
// hookifyc binary at hookifyc (absolute) should run: the one in the same
// directory, when it is an executable file and its --version names the
// same build as version (hookifyc's own version words). Otherwise it
// returns "" and why, for a note: the hooks then run `hookifyc hook`.
// A hookifyc-hook inside project (the project a project plan installs
// into; "" for none) is not run: the guarded agent can rewrite it (as
// doctor, which does not run it either). run runs a program and returns
// its stdout (nil: os/exec with a 10 s limit).
func HookBinaryBeside(hookifyc, version, project string, run func(name string, args ...string) (string, error)) (path, why string) {
	p := filepath.Join(filepath.Dir(hookifyc), HookBinaryName())
	fi, err := os.Stat(p)
	if err != nil || !executable(fi) {
		return "", "there is no " + HookBinaryName() + " beside " + hookifyc
	}
	if real, err := filepath.EvalSymlinks(p); project != "" && (err != nil || inDirs(real, []string{project})) {
		return "", p + " is inside the project, which the agent can rewrite (not run to check it)"
	}
	if run == nil {
		run = runProgram
	}
	out, err := run(p, "--version")
	if err != nil {
		return "", p + " --version failed: " + err.Error()
	}
	if got := VersionWords(out); got != VersionWords(version) {
		return "", p + " is another build (" + got + ") than " + hookifyc + " (" + VersionWords(version) + ")"
	}
	return p, ""
}

// VersionWords are the words of a --version line after "version " (the
// whole line when it has none): "hookifyc version X" and "hookifyc-hook
// version X" name the same build X.
func VersionWords(s string) string {
	s = strings.TrimSpace(s)
	if _, after, ok := strings.Cut(s, "version "); ok {
		return strings.TrimSpace(after)
	}
	return s
}

// hookBinaryNote is the plan's note when the hooks run `hookifyc hook`:
// the faster hookifyc-hook was not found beside hookifyc.
func hookBinaryNote(o Options) string {
	if o.HookBinary != "" {
		return ""
	}
	why := o.NoHookBinary
	if why == "" {
		why = "no " + HookBinaryName() + " was given"
	}
	return "the hooks run `hookifyc hook` (" + why + "); with hookifyc-hook beside hookifyc (go install ./cmd/hookifyc-hook) each hook call starts about 0.4 ms faster"
}

func runProgram(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).Output()
	return string(out), err
}
