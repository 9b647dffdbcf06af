package perm

import "testing"

var pathCtx = Context{Cwd: "/home/u/proj", Home: "/home/u", BaseDir: "/home/u/proj"}

type pathCase struct {
	spec, path  string
	allow, deny bool
}

func runPathCases(t *testing.T, ctx Context, cases []pathCase) {
	t.Helper()
	for _, c := range cases {
		if got := MatchPath(c.spec, c.path, ctx, Allow); got != c.allow {
			t.Errorf("allow %q on %q = %v, want %v", c.spec, c.path, got, c.allow)
		}
		for _, d := range []Decision{Deny, Ask} {
			if got := MatchPath(c.spec, c.path, ctx, d); got != c.deny {
				t.Errorf("%s %q on %q = %v, want %v", d, c.spec, c.path, got, c.deny)
			}
		}
	}
}

// Part C, Read/Edit path table.
func TestPathAnchors(t *testing.T) {
	runPathCases(t, pathCtx, []pathCase{
		// //path: absolute from the filesystem root.
		{"//etc/passwd", "/etc/passwd", true, true},
		{"//etc/**", "/etc/ssh/sshd_config", true, true},
		{"//etc/passwd", "/home/u/proj/etc/passwd", false, false},
		// ~/path: home directory.
		{"~/.ssh/*", "/home/u/.ssh/id_rsa", true, true},
		{"~/.ssh/**", "~/.ssh/keys/id_rsa", true, true},
		{"~/.ssh/*", "/root/.ssh/id_rsa", false, false},
		{"~", "/home/u/notes.txt", true, true},
		// /path: relative to the settings file's base, NOT absolute.
		{"/src/**/*.ts", "/home/u/proj/src/a/b.ts", true, true},
		{"/src/**/*.ts", "/src/a/b.ts", false, false},
		{"/secrets", "/home/u/proj/secrets/key.pem", true, true},
		// path and ./path: relative to the current directory.
		{"./.env", "/home/u/proj/.env", true, true},
		{"./.env", "/home/u/proj/sub/.env", false, false},
		{"docs/*.md", "/home/u/proj/docs/a.md", true, true},
		{"docs/*.md", "/home/u/proj/docs/x/a.md", false, false},
		{"docs/*.md", "docs/a.md", true, true}, // relative path resolved against Cwd
		{"../shared/**", "/home/u/shared/x", true, true},
	})
}

// Part C: "A bare filename matches at any depth (Read(.env) ≡ Read(**/.env))".
func TestPathBareName(t *testing.T) {
	runPathCases(t, pathCtx, []pathCase{
		{".env", "/home/u/proj/.env", true, true},
		{".env", "/home/u/proj/a/b/.env", true, true},
		{"**/.env", "/home/u/proj/a/b/.env", true, true},
		{".env", "/home/u/proj/.env.local", false, false},
		{".env", "/srv/other/.env", false, true}, // outside cwd: deny only
		{"*.pem", "/home/u/proj/certs/server.pem", true, true},
		{"*.env", "/home/u/proj/cfg/.env", true, true}, // no dotfile rule
		{"secrets", "/home/u/proj/a/secrets/key", true, true},
		{"secrets/", "/home/u/proj/a/secrets/key", true, true}, // trailing slash: directories
		{"secrets/", "/home/u/proj/a/secrets", false, true},    // the path itself may be a file
	})
}

// Part C: "A single-segment dir pattern like src/** matches only <cwd>/src for
// allow, any depth for deny/ask".
func TestPathSingleSegmentDir(t *testing.T) {
	runPathCases(t, pathCtx, []pathCase{
		{"src/**", "/home/u/proj/src", true, true},
		{"src/**", "/home/u/proj/src/a.go", true, true},
		{"src/**", "/home/u/proj/src/x/y/z.go", true, true},
		{"src/**", "/home/u/proj/lib/src/a.go", false, true},
		{"src/**", "/home/u/proj/srcx/a.go", false, false},
		{"src/*", "/home/u/proj/src/x/y.go", true, true}, // the parent src/x matches src/*
		{"src/*.go", "/home/u/proj/src/x/y.go", false, false},
		{"{src,lib}/**/*.ts", "/home/u/proj/lib/x/y.ts", true, true},
		{"a/**/b", "/home/u/proj/a/b", true, true},
	})
}

func TestPathWindowsAndEscapes(t *testing.T) {
	runPathCases(t, Context{Cwd: `C:\Users\me\proj`, Home: `C:\Users\me`}, []pathCase{
		{"src/**", `C:\Users\me\proj\src\a.go`, true, true},
		{"//c/Users/me/proj/.env", `C:\Users\me\proj\.env`, true, true},
		{"~/.aws/**", `C:\Users\me\.aws\credentials`, true, true},
	})
	// Glob characters in the directories a pattern is anchored at are literal.
	runPathCases(t, Context{Cwd: "/w/[x]*"}, []pathCase{
		{"a.txt", "/w/[x]*/a.txt", true, true},
		{"a.txt", "/w/x/a.txt", false, true},
	})
	// An empty context resolves against "/" with an unknown home.
	runPathCases(t, Context{}, []pathCase{
		{"src/**", "src/a.go", true, true},
		{"~/.ssh/**", "~/.ssh/id", true, true},
		{"/x/*", "/x/y", true, true},
	})
}

// Part C: "Symlinks: allow needs link and target to match; deny needs either".
func TestPathSymlinks(t *testing.T) {
	ctx := pathCtx
	ctx.Realpath = func(p string) (string, bool) {
		if p == "/home/u/proj/link" {
			return "/etc/shadow", true
		}
		return p, true
	}
	runPathCases(t, ctx, []pathCase{
		{"./link", "/home/u/proj/link", false, true},
		{"//etc/shadow", "/home/u/proj/link", false, true},
		{"**", "/home/u/proj/link", false, true}, // the target is outside cwd
		{"//**", "/home/u/proj/link", true, true},
		{"./ok", "/home/u/proj/ok", true, true},
	})
}
