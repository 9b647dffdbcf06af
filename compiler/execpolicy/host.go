package execpolicy

import (
	"os"
	"path"
	"strconv"
	"strings"
	"syscall"
)

// validateHostName checks a host_executable name: a single path component,
// not "." or "..".
func validateHostName(name string) error {
	if name == "" {
		return invalidRule("host_executable name cannot be empty")
	}
	if strings.ContainsRune(name, '/') || name == "." || name == ".." {
		return invalidRule("host_executable name must be a bare executable name (got %s)", name)
	}
	return nil
}

// hostPath validates and normalizes one host_executable path for name.
func hostPath(name, raw string) (string, error) {
	if !strings.HasPrefix(raw, "/") {
		return "", invalidRule("host_executable paths must be absolute (got %s)", raw)
	}
	p := path.Clean(raw)
	if p == "/" || path.Base(p) != name {
		return "", invalidRule("host_executable path `%s` must have basename `%s`", raw, name)
	}
	return p, nil
}

// NeedsResolution reports whether resolving program against the working
// directory can yield a basename different from program itself.
func NeedsResolution(program string) bool {
	return program == "" || program == "." || program == ".." || program == "~" ||
		strings.ContainsRune(program, '/')
}

// resolveProgram turns argv[0] into the absolute path Codex resolves it to
// (a leading "~" or "~/" is the home directory, a relative path is joined to
// the working directory, "." and ".." are folded) and returns that path and
// its basename; ok is false for "/".
func resolveProgram(program string, opts MatchOptions) (abs, base string, ok bool) {
	p := program
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = homeDir(opts) + p[1:]
	}
	if !strings.HasPrefix(p, "/") {
		wd := workDir(opts)
		if wd == "" {
			return "", "", false
		}
		p = wd + "/" + p
	}
	p = path.Clean(p)
	if p == "/" {
		return "", "", false
	}
	return p, path.Base(p), true
}

func workDir(opts MatchOptions) string {
	if opts.WorkDir != "" {
		return opts.WorkDir
	}
	// The physical directory, like Rust's current_dir (os.Getwd prefers $PWD).
	wd, err := syscall.Getwd()
	if err != nil {
		return ""
	}
	return wd
}

func homeDir(opts MatchOptions) string {
	if opts.Home != "" {
		return opts.Home
	}
	if h := os.Getenv("HOME"); h != "" {
		return h
	}
	return passwdHome(os.Getuid())
}

// passwdHome reads the home directory of uid from /etc/passwd, as Codex
// does when $HOME is empty. (os/user would do the same but links cgo, which
// makes every hookifyc process start slower.)
func passwdHome(uid int) string {
	data, err := os.ReadFile("/etc/passwd")
	if err != nil {
		return ""
	}
	want := strconv.Itoa(uid)
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, ":")
		if len(f) >= 7 && f[2] == want {
			return f[5]
		}
	}
	return ""
}
