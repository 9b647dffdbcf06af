package lower

import (
	"path"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
)

// Codex core resolves an absolute (or relative) program path to its
// basename when no rule is keyed by the path itself, and then applies the
// basename's rules: `/bin/rm -rf x` meets the rules of `rm`. Unless some
// file declares host_executable(name, paths), that fallback accepts any
// path, so a lowered rule would also apply to /tmp/x/git. And a declaration
// is global: it gates the fallback for every file's rules of that name,
// the user's default.rules and the managed policy included.
//
// So EmitLowered declares, for every program it emits rules for, exactly
// the standard program paths below: never narrower than where programs
// live, so other policies keep reaching /bin/rm and /usr/bin/git, while
// programs elsewhere (/tmp/x/git) no longer borrow any rules of that name.
// A program at a standard path counts as the program itself: canonical
// forms treat "/usr/bin/git push" as "git push" (the soundness test does
// too). Only forbidden and prompt rules are concerned by default (allow
// rules are lowered only with LowerOptions.Allow), so this equivalence can
// only refuse or ask more, never allow more.
func standardBinDirs() []string {
	return []string{"/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"}
}

// StandardProgram returns the program name of argv0 when it is a standard
// program path (after lexical cleaning), else argv0.
func StandardProgram(argv0 string) string {
	if !strings.ContainsRune(argv0, '/') {
		return argv0
	}
	clean := path.Clean(argv0)
	for _, dir := range standardBinDirs() {
		if path.Dir(clean) == dir {
			return path.Base(clean)
		}
	}
	return argv0
}

// HostExecutables returns the host_executable() declarations of the
// lowered rules: one per program (in order of first use), each with the
// standard program paths (see standardBinDirs).
func HostExecutables(ls []Lowered) []execpolicy.HostExecutable {
	var out []execpolicy.HostExecutable
	seen := map[string]bool{}
	for _, l := range ls {
		for _, pr := range l.Rules {
			if strings.ContainsRune(pr.First, '/') || pr.First == "." || pr.First == ".." || seen[pr.First] {
				continue
			}
			seen[pr.First] = true
			var paths []string
			for _, dir := range standardBinDirs() {
				paths = append(paths, dir+"/"+pr.First)
			}
			out = append(out, execpolicy.HostExecutable{Name: pr.First, Paths: paths})
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
	out, err := execpolicy.Emit(rules, header)
	if err != nil {
		return nil, err
	}
	hosts := HostExecutables(ls)
	if len(hosts) == 0 {
		return out, nil
	}
	tail, err := execpolicy.EmitHostExecutables(rules, hosts)
	if err != nil {
		return nil, err
	}
	return append(out, tail...), nil
}
