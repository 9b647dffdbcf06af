package perm

import "strings"

// cmdSpec is a compiled Bash specifier.
type cmdSpec struct {
	full glob
	// bare is set when the specifier ends in a word-boundary " *" (or the
	// legacy ":*"): the command may also be exactly the part before it.
	bare    glob
	hasBare bool
}

// compileCommandSpec compiles a Bash specifier: * matches any characters
// (spaces included); \* is a literal star; a trailing " *" is a word
// boundary (`ls *` matches `ls` and `ls -la`, not `lsof`); a trailing ":*"
// is the legacy spelling of " *" (only at the very end).
func compileCommandSpec(spec string) cmdSpec {
	spec = strings.TrimSpace(spec)
	if strings.HasSuffix(spec, ":*") && !escapedAt(spec, len(spec)-1) {
		spec = spec[:len(spec)-2] + " *"
	}
	s := cmdSpec{full: compileGlob(spec, true)}
	if strings.HasSuffix(spec, " *") && !escapedAt(spec, len(spec)-1) {
		s.bare, s.hasBare = compileGlob(strings.TrimRight(spec[:len(spec)-2], " "), true), true
	}
	return s
}

// escapedAt reports whether the byte at i is escaped by an odd run of
// backslashes.
func escapedAt(s string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

func (s cmdSpec) match(cmd string) bool {
	return s.full.match(cmd) || (s.hasBare && s.bare.match(cmd))
}
