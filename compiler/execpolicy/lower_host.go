package execpolicy

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

// Codex core resolves an absolute (or relative) program path to its
// basename when no rule is keyed by the path itself, and then applies the
// basename's rules: `/bin/rm -rf x` meets the rules of `rm`. Unless the
// file declares host_executable(name, paths), that fallback accepts any
// path, which would let a lowered rule match argvs its source rule does
// not (`^git\s+push` does not match "/usr/bin/git push"; a permission
// allow rule never matches a path, and an unrestricted fallback would run
// /tmp/x/git outside the sandbox). So the lowering proves, like every
// other argv, each rule with its program written as each of the standard
// paths below, and EmitLowered declares for every program exactly the
// paths proven for all of its rules (often none: paths=[] turns the
// fallback off).
//
// Codex normalizes the path lexically before the lookup, so an unusual
// spelling of a listed path ("/usr/bin/./rm", "/usr/bin/x y/../rm") also
// reaches the rules while its canonical form differs from the one proved;
// for the listed paths only forbidden and prompt rules are concerned (no
// allow rule is ever proven for a path), so that residue can only ask or
// refuse more, never allow more.
func standardBinDirs() []string {
	return []string{"/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"}
}

// provenPaths returns the standard program paths with which every argv of
// the pattern is proved sound for the source rule.
func provenPaths(p []Token, o oracle) []string {
	first := p[0][0]
	if o.noPaths() || strings.ContainsRune(first, '/') || first == "." || first == ".." {
		return nil // never reached through the fallback
	}
	exps, ok := expand(p, maxExpansions)
	if !ok {
		return nil
	}
	var out []string
	for _, dir := range standardBinDirs() {
		prog := dir + "/" + first
		proved := true
		for _, e := range exps {
			e[0] = prog
			c := shell.Canonical(e)
			e[0] = first
			if !o.matches(c) || !o.tail(c) {
				proved = false
				break
			}
		}
		if proved {
			out = append(out, prog)
		}
	}
	return out
}

// HostExecutables returns the host_executable() declarations that keep
// Codex's basename fallback sound for the lowered rules: one per program
// (in order of first use) with the standard paths proven for every rule of
// that program, possibly none.
func HostExecutables(ls []Lowered) []HostExecutable {
	var out []HostExecutable
	idx := map[string]int{}
	for _, l := range ls {
		for i, pr := range l.Rules {
			if strings.ContainsRune(pr.First, '/') || pr.First == "." || pr.First == ".." {
				continue
			}
			var paths []string
			if i < len(l.hostPaths) {
				paths = l.hostPaths[i]
			}
			j, seen := idx[pr.First]
			if !seen {
				idx[pr.First] = len(out)
				out = append(out, HostExecutable{Name: pr.First, Paths: slices.Clone(paths)})
				continue
			}
			out[j].Paths = slices.DeleteFunc(out[j].Paths, func(p string) bool { return !slices.Contains(paths, p) })
		}
	}
	return out
}

// EmitLowered writes the lowered rules as a `.rules` file: Emit's output
// (which Emit loads back and checks, examples included) followed by the
// HostExecutables declarations, which are loaded back and checked on their
// own. Together they load as well: the declarations only gate the basename
// fallback, every match example names its rule's program literally (so
// Codex matches it without the fallback, which is checked here), and a
// gate can only remove matches from a not_match example. This avoids
// loading the rules a second time, which costs the loader one index per
// prefix_rule call over all declarations.
func EmitLowered(ls []Lowered, header string) ([]byte, error) {
	rules := PrefixRules(ls)
	out, err := Emit(rules, header)
	if err != nil {
		return nil, err
	}
	hosts := HostExecutables(ls)
	if len(hosts) == 0 {
		return out, nil
	}
	for _, r := range rules {
		for _, ex := range r.Match {
			if len(ex) == 0 || ex[0] != r.First {
				return nil, fmt.Errorf("rule %s: match example %q does not start with the rule's program", describe(r), ex)
			}
		}
	}
	var b bytes.Buffer
	b.WriteString("\n# Program paths Codex may resolve to the programs above: only those the rules were proved for.\n")
	for _, h := range hosts {
		b.WriteString("host_executable(name=")
		if err := writeStr(&b, h.Name); err != nil {
			return nil, fmt.Errorf("host_executable %q: %w", h.Name, err)
		}
		b.WriteString(", paths=")
		if err := writeList(&b, h.Paths); err != nil {
			return nil, fmt.Errorf("host_executable %q: %w", h.Name, err)
		}
		b.WriteString(")\n")
	}
	back, err := LoadFile("emitted.rules", b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("emitted host executables do not load: %w", err)
	}
	if len(back.Rules) != 0 || len(back.HostExecutables) != len(hosts) {
		return nil, fmt.Errorf("emitted %d host executables but they load as %d", len(hosts), len(back.HostExecutables))
	}
	for i, h := range hosts {
		g := back.HostExecutables[i]
		if g.Name != h.Name || !slices.Equal(g.Paths, h.Paths) {
			return nil, fmt.Errorf("host_executable %q does not load back unchanged", h.Name)
		}
	}
	return append(out, b.Bytes()...), nil
}
