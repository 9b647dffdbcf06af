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

	"github.com/hookifyc/hookifyc/internal/sysfile"
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

// ReadBuildInfo reads the Go build information of the program at path
// without running it: the file is opened as a regular file without ever
// waiting (sysfile.OpenRegular: a FIFO or a device planted there is
// refused, never read), then parsed by debug/buildinfo.
func ReadBuildInfo(path string) (*debug.BuildInfo, error) {
	f, err := sysfile.OpenRegular(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return buildinfo.Read(f)
}

// HookBinaryBeside returns the hookifyc-hook that the hooks of the
// hookifyc binary at hookifyc (absolute) should run: the one in the same
// directory, when it is an executable file built as cmd/hookifyc-hook from
// the same module, version, Go release, build settings (VCS stamp
// included, as far as the builds carry one) and dependency versions as
// that hookifyc (buildDifference). Nothing is run to find out: the build
// information is read from the two files (readInfo; nil: ReadBuildInfo),
// so a program planted there never runs at plan time and cannot hang it.
// Otherwise it returns "" and why, for HookBinaryNote: the hooks then run
// `hookifyc hook`. Whether a path may be installed at all (a project
// plan's hooks never run a program inside the project) is checkBinary's.
func HookBinaryBeside(hookifyc string, readInfo func(string) (*debug.BuildInfo, error)) (path, why string) {
	p := filepath.Join(filepath.Dir(hookifyc), HookBinaryName())
	fi, err := os.Stat(p)
	if err != nil || !executable(fi) {
		return "", "there is no " + HookBinaryName() + " beside " + hookifyc
	}
	if readInfo == nil {
		readInfo = ReadBuildInfo
	}
	hook, err := readInfo(p)
	if err != nil {
		return "", p + " is not a Go program with build information: " + err.Error()
	}
	main, err := readInfo(hookifyc)
	if err != nil {
		return "", "the build information of " + hookifyc + " cannot be read: " + err.Error()
	}
	if !isHookBuild(hook) {
		return "", p + " is not hookifyc-hook (it was built from " + hook.Path + ")"
	}
	if d := buildDifference(main, hook); d != "" {
		return "", p + " is another build than " + hookifyc + " (" + d + ")"
	}
	return p, ""
}

// isHookBuild reports whether bi is a build of cmd/hookifyc-hook;
// isHookifycBuild whether of cmd/hookifyc or cmd/hookifyc-hook.
func isHookBuild(bi *debug.BuildInfo) bool { return strings.HasSuffix(bi.Path, "/cmd/hookifyc-hook") }

func isHookifycBuild(bi *debug.BuildInfo) bool {
	return isHookBuild(bi) || strings.HasSuffix(bi.Path, "/cmd/hookifyc")
}

// buildDifference names the first way the build b differs from a (module,
// version, Go release, a build setting, a dependency's version), "" when
// it does not. Only what the build information records is compared: two
// builds without a VCS stamp (-buildvcs=false, go test) or both stamped
// vcs.modified=true compare equal whatever their sources. A dependency
// of one only is a difference, except that hookifyc-hook links a subset of
// hookifyc's (same module, same go.mod: the same versions). The message
// is deterministic.
func buildDifference(a, b *debug.BuildInfo) string {
	switch {
	case a.Main.Path != b.Main.Path:
		return "module " + a.Main.Path + " against " + b.Main.Path
	case a.Main.Version != b.Main.Version || a.Main.Sum != b.Main.Sum:
		return "version " + a.Main.Version + " against " + b.Main.Version
	case a.GoVersion != b.GoVersion:
		return a.GoVersion + " against " + b.GoVersion
	}
	if !slices.Equal(a.Settings, b.Settings) {
		return settingsDifference(a.Settings, b.Settings)
	}
	return depsDifference(a, b)
}

// settingsDifference names the first (by key) build setting in which two
// unequal setting lists differ.
func settingsDifference(a, b []debug.BuildSetting) string {
	m := func(ss []debug.BuildSetting) map[string]string {
		out := map[string]string{}
		for _, s := range ss {
			out[s.Key] = s.Value
		}
		return out
	}
	sa, sb := m(a), m(b)
	for _, k := range unionKeys(sa, sb) {
		va, oka := sa[k]
		vb, okb := sb[k]
		switch {
		case !oka:
			return k + " unset against " + k + "=" + vb
		case !okb:
			return k + "=" + va + " against " + k + " unset"
		case va != vb:
			return k + "=" + va + " against " + k + "=" + vb
		}
	}
	return "build settings in another order or repeated"
}

// unionKeys is the keys of a and b, sorted.
func unionKeys(a, b map[string]string) []string {
	keys := slices.Collect(maps.Keys(a))
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// depsDifference names the first (by path) dependency in which b differs
// from a.
func depsDifference(a, b *debug.BuildInfo) string {
	m := func(bi *debug.BuildInfo) map[string]string {
		out := map[string]string{}
		for _, d := range bi.Deps {
			if d == nil {
				continue
			}
			v := d.Version + " " + d.Sum
			if r := d.Replace; r != nil {
				v += " => " + r.Path + " " + r.Version + " " + r.Sum
			}
			out[d.Path] = strings.TrimSpace(v)
		}
		return out
	}
	da, db := m(a), m(b)
	for _, p := range unionKeys(da, db) {
		va, oka := da[p]
		vb, okb := db[p]
		switch {
		case oka && okb && va != vb:
			return "dependency " + p + " " + va + " against " + vb
		case oka && !okb && !isHookBuild(b):
			return "dependency " + p + " " + va + " only in the first"
		case !oka && okb && !isHookBuild(a):
			return "dependency " + p + " " + vb + " only in the second"
		}
	}
	return ""
}

// HookBinaryNote is the note, for plan, apply and compile --target hooks,
// that the hooks run `hookifyc hook` and why (why: HookBinaryBeside's
// reason, or "" when no hookifyc-hook was looked for).
func HookBinaryNote(why string) string {
	if why == "" {
		why = "no " + HookBinaryName() + " was given"
	}
	return "the hooks run `hookifyc hook` (" + why + "); with hookifyc-hook beside hookifyc (go install ./cmd/hookifyc-hook) each hook call starts about 0.4 ms faster"
}

// hookBinaryNote is the plan's note when the hooks run `hookifyc hook`.
func hookBinaryNote(o Options) string {
	if o.HookBinary != "" {
		return ""
	}
	return HookBinaryNote(o.NoHookBinary)
}

// InProject reports whether path lies inside the project directory, as
// written or with the symbolic links of either resolved. A path whose
// links cannot be resolved (a loop, a component gone) counts as inside:
// where it leads cannot be told.
func InProject(path, project string) bool {
	if project == "" {
		return false
	}
	dirs := []string{filepath.Clean(project)}
	if r, err := filepath.EvalSymlinks(project); err == nil {
		dirs = append(dirs, r)
	}
	paths := []string{filepath.Clean(path)}
	r, err := filepath.EvalSymlinks(path)
	if err != nil {
		return true
	}
	paths = append(paths, r)
	for _, p := range paths {
		for _, d := range dirs {
			rel, err := filepath.Rel(d, p)
			if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				return true
			}
		}
	}
	return false
}
