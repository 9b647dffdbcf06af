package perm

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// MatchPath reports whether a file path matches a Read/Edit path specifier
// under decision d, with Claude Code's gitignore-style anchoring:
//
//	//path          absolute from the filesystem root
//	~/path          relative to ctx.Home
//	/path           relative to ctx.BaseDir (the settings file's base), not absolute
//	path, ./path    relative to ctx.Cwd
//
// A specifier without a slash (a bare file name such as .env or *.pem, or a
// name with only a trailing slash) matches at any depth: below Cwd for allow,
// anywhere for deny and ask. A single directory segment followed by /**
// (src/**) matches only Cwd/src for allow and a src directory at any depth for
// deny and ask. A trailing slash matches directories only. As in gitignore, a
// path also matches when one of its parent directories matches.
//
// The path itself may be absolute, ~/-relative or relative to Cwd; Windows
// drive paths (C:\x) are read as /c/x. Globs are doublestar's: * and ?
// within one segment, ** across segments, [ ] classes and { } alternatives.
func MatchPath(spec, filePath string, ctx Context, d Decision) bool {
	pat, dirOnly := anchorPath(spec, ctx, d)
	target := resolvePath(filePath, ctx)
	ok := matchAnchored(pat, dirOnly, target, d)
	if ctx.Realpath == nil {
		return ok
	}
	real, resolved := ctx.Realpath(target)
	if !resolved || real == "" {
		return ok
	}
	real = resolvePath(real, ctx)
	if real == target {
		return ok
	}
	if d.restrictive() {
		return ok || matchAnchored(pat, dirOnly, real, d)
	}
	return ok && matchAnchored(pat, dirOnly, real, d)
}

// matchAnchored matches an absolute doublestar pattern against an absolute
// path and its parent directories.
func matchAnchored(pat string, dirOnly bool, target string, d Decision) bool {
	if !dirOnly || d.restrictive() {
		if doublestar.MatchUnvalidated(pat, target) {
			return true
		}
	}
	for dir := path.Dir(target); dir != "/" && dir != "."; dir = path.Dir(dir) {
		if doublestar.MatchUnvalidated(pat, dir) {
			return true
		}
	}
	return false
}

// anchorPath turns a specifier into an absolute doublestar pattern.
func anchorPath(spec string, ctx Context, d Decision) (pat string, dirOnly bool) {
	s := strings.TrimSpace(spec)
	if len(s) > 1 && strings.HasSuffix(s, "/") && !strings.HasSuffix(s, "//") {
		dirOnly = true
		s = strings.TrimRight(s, "/")
	}
	cwd := escapeGlob(cwdOf(ctx))
	switch {
	case strings.HasPrefix(s, "//"):
		pat = s[1:]
	case s == "~" || strings.HasPrefix(s, "~/"):
		pat = escapeGlob(homeOf(ctx)) + s[1:]
	case strings.HasPrefix(s, "/"):
		base := ctx.BaseDir
		if base == "" {
			base = cwdOf(ctx)
		}
		pat = escapeGlob(resolvePath(base, ctx)) + s
	case s == "." || strings.HasPrefix(s, "./") || s == ".." || strings.HasPrefix(s, "../"):
		pat = cwd + "/" + s
	case !strings.Contains(s, "/"):
		// A bare name matches at any depth.
		if d.restrictive() {
			pat = "/**/" + s
		} else {
			pat = cwd + "/**/" + s
		}
	default:
		seg, rest, _ := strings.Cut(s, "/")
		if d.restrictive() && rest == "**" && seg != "**" {
			pat = "/**/" + s
		} else {
			pat = cwd + "/" + s
		}
	}
	return cleanPattern(pat), dirOnly
}

// cleanPattern cleans an absolute pattern like path.Clean, keeping a
// trailing "/**".
func cleanPattern(p string) string {
	c := path.Clean(p)
	if !strings.HasPrefix(c, "/") {
		c = "/" + c
	}
	return c
}

// resolvePath makes a tool's file path absolute and clean.
func resolvePath(p string, ctx Context) string {
	p = fromWindows(strings.TrimSpace(p))
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		p = homeOf(ctx) + p[1:]
	case !strings.HasPrefix(p, "/"):
		p = cwdOf(ctx) + "/" + p
	}
	return path.Clean(p)
}

// fromWindows reads a Windows drive path (C:\x\y) as /c/x/y.
func fromWindows(p string) string {
	if len(p) >= 2 && p[1] == ':' && isASCIILetter(p[0]) && (len(p) == 2 || p[2] == '\\' || p[2] == '/') {
		return "/" + strings.ToLower(p[:1]) + strings.ReplaceAll(p[2:], "\\", "/")
	}
	return p
}

func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func cwdOf(ctx Context) string {
	cwd := fromWindows(ctx.Cwd)
	if !strings.HasPrefix(cwd, "/") {
		cwd = "/" + cwd
	}
	return path.Clean(cwd)
}

// homeOf returns the home directory; without one, "~" stays a literal
// directory name so that only paths written with ~ match ~/ specifiers.
func homeOf(ctx Context) string {
	if ctx.Home == "" {
		return "/~"
	}
	return path.Clean(fromWindows(ctx.Home))
}

// escapeGlob quotes doublestar's metacharacters in a literal path.
func escapeGlob(s string) string {
	if !strings.ContainsAny(s, "*?[]{}\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("*?[]{}\\", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
