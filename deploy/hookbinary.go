package deploy

import (
	"debug/buildinfo"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
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
// directory, when it is an executable file built as cmd/hookifyc-hook from
// the same module, version, Go release and build settings (VCS revision
// and modified flag included) as that hookifyc. Nothing is run to find
// out: the build information is read from the two files (readInfo; nil:
// debug/buildinfo.ReadFile), so a program planted there never runs at plan
// time and cannot hang it. A hookifyc-hook inside project (the project a
// project plan installs into; "" for none) is not used: the guarded agent
// can rewrite it. Otherwise it returns "" and why, for a note: the hooks
// then run `hookifyc hook`.
func HookBinaryBeside(hookifyc, project string, readInfo func(string) (*debug.BuildInfo, error)) (path, why string) {
	p := filepath.Join(filepath.Dir(hookifyc), HookBinaryName())
	fi, err := os.Stat(p)
	if err != nil || !executable(fi) {
		return "", "there is no " + HookBinaryName() + " beside " + hookifyc
	}
	if real, err := filepath.EvalSymlinks(p); project != "" && (err != nil || inDirs(real, []string{project})) {
		return "", p + " is inside the project, which the agent can rewrite"
	}
	if readInfo == nil {
		readInfo = buildinfo.ReadFile
	}
	hook, err := readInfo(p)
	if err != nil {
		return "", p + " is not a Go program with build information: " + err.Error()
	}
	main, err := readInfo(hookifyc)
	if err != nil {
		return "", "the build information of " + hookifyc + " cannot be read: " + err.Error()
	}
	if !strings.HasSuffix(hook.Path, "/cmd/hookifyc-hook") {
		return "", p + " is not hookifyc-hook (it was built from " + hook.Path + ")"
	}
	if d := buildDifference(main, hook); d != "" {
		return "", p + " is another build than " + hookifyc + " (" + d + ")"
	}
	return p, ""
}

// buildDifference names the first way two builds differ (module, version,
// Go release, a build setting), "" when they do not.
func buildDifference(a, b *debug.BuildInfo) string {
	switch {
	case a.Main.Path != b.Main.Path:
		return "module " + a.Main.Path + " against " + b.Main.Path
	case a.Main.Version != b.Main.Version || a.Main.Sum != b.Main.Sum:
		return "version " + a.Main.Version + " against " + b.Main.Version
	case a.GoVersion != b.GoVersion:
		return a.GoVersion + " against " + b.GoVersion
	}
	settings := func(bi *debug.BuildInfo) map[string]string {
		m := map[string]string{}
		for _, s := range bi.Settings {
			m[s.Key] = s.Value
		}
		return m
	}
	sa, sb := settings(a), settings(b)
	for _, k := range slices.Sorted(maps.Keys(sa)) {
		if sa[k] != sb[k] {
			return k + "=" + sa[k] + " against " + k + "=" + sb[k]
		}
	}
	for k := range sb {
		if _, ok := sa[k]; !ok {
			return k + "=" + sb[k] + " only in " + HookBinaryName()
		}
	}
	return ""
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
