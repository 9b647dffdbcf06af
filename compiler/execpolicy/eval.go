package execpolicy

// Match is one rule that matched an argv.
type Match struct {
	Rule *PrefixRule
	// MatchedPrefix is the part of the command the pattern consumed (it
	// shares the argv's backing array; do not modify it). After a basename
	// fallback its first token is the basename, not the path.
	MatchedPrefix []string
	// ResolvedProgram is the normalized absolute program path when the match
	// came from the host-executable basename fallback, else "".
	ResolvedProgram string
}

// Evaluation is the result of checking one argv.
type Evaluation struct {
	Matches  []Match  // every matching rule, in insertion order
	Decision Decision // the strictest decision among Matches; zero if none
}

// MatchOptions tunes evaluation.
type MatchOptions struct {
	// ResolveHostExecutables enables the basename fallback for program
	// paths (`--resolve-host-executables`; Codex core always resolves).
	ResolveHostExecutables bool
	// WorkDir and Home resolve relative and "~/" program paths the way Codex
	// does; empty means the process's working directory and home.
	WorkDir, Home string
}

// Check evaluates argv (already tokenized, no shell splitting) like
// `codex execpolicy check [--resolve-host-executables]`.
func (p *Policy) Check(argv []string, resolveHostExecutables bool) Evaluation {
	return p.CheckWith(argv, MatchOptions{ResolveHostExecutables: resolveHostExecutables})
}

// CheckWith is Check with explicit options.
func (p *Policy) CheckWith(argv []string, opts MatchOptions) Evaluation {
	ms := p.index().match(argv, opts, nil)
	return Evaluation{Matches: ms, Decision: strictest(ms)}
}

func strictest(ms []Match) Decision {
	var d Decision
	for _, m := range ms {
		d = max(d, m.Rule.Decision)
	}
	return d
}

// splitThreshold is the bucket size above which rules sharing a first
// token are also indexed by their second pattern position.
const splitThreshold = 8

// index keys rules by first token, as Codex does.
type index struct {
	rules   []*PrefixRule
	byFirst map[string]*bucket
	hosts   map[string][]string // host_executable name → allowed paths
}

type bucket struct {
	all []int32 // every rule with this first token, ascending
	// When len(all) > splitThreshold: short holds the rules without Rest,
	// bySecond the others keyed by each alternative of Rest[0].
	short    []int32
	bySecond map[string][]int32
}

func newIndex(rules []*PrefixRule, hosts []HostExecutable) *index {
	ix := &index{rules: rules, byFirst: make(map[string]*bucket), hosts: make(map[string][]string, len(hosts))}
	for _, h := range hosts {
		ix.hosts[h.Name] = h.Paths
	}
	for i, r := range rules {
		b := ix.byFirst[r.First]
		if b == nil {
			b = &bucket{}
			ix.byFirst[r.First] = b
		}
		b.all = append(b.all, int32(i))
	}
	for _, b := range ix.byFirst {
		if len(b.all) <= splitThreshold {
			continue
		}
		b.bySecond = make(map[string][]int32)
		for _, i := range b.all {
			r := rules[i]
			if len(r.Rest) == 0 {
				b.short = append(b.short, i)
				continue
			}
			for _, alt := range r.Rest[0] {
				l := b.bySecond[alt]
				if len(l) > 0 && l[len(l)-1] == i {
					continue // duplicate alternative
				}
				b.bySecond[alt] = append(l, i)
			}
		}
	}
	return ix
}

// match implements Codex's matches_for_command_with_options: the rules keyed
// by argv[0] first; only if none of them matches, and resolution is on, the
// rules keyed by the resolved program's basename.
func (ix *index) match(argv []string, opts MatchOptions, dst []Match) []Match {
	if len(argv) == 0 {
		return dst
	}
	n := len(dst)
	dst = ix.matchKey(argv, "", dst)
	if len(dst) > n || !opts.ResolveHostExecutables {
		return dst
	}
	if !NeedsResolution(argv[0]) {
		// A bare name resolves to <cwd>/<name>, whose basename is the
		// name itself: the fallback would try the same rules again.
		return dst
	}
	prog, base, ok := resolveProgram(argv[0], opts)
	if !ok || ix.byFirst[base] == nil {
		return dst
	}
	if paths, declared := ix.hosts[base]; declared && !contains(paths, prog) {
		return dst
	}
	cmd := make([]string, len(argv))
	cmd[0] = base
	copy(cmd[1:], argv[1:])
	return ix.matchKey(cmd, prog, dst)
}

func (ix *index) matchKey(cmd []string, resolved string, dst []Match) []Match {
	b := ix.byFirst[cmd[0]]
	if b == nil {
		return dst
	}
	try := func(i int32) {
		r := ix.rules[i]
		if r.MatchPrefix(cmd) {
			n := r.Len()
			dst = append(dst, Match{Rule: r, MatchedPrefix: cmd[:n:n], ResolvedProgram: resolved})
		}
	}
	switch {
	case b.bySecond == nil:
		for _, i := range b.all {
			try(i)
		}
	case len(cmd) < 2:
		for _, i := range b.short {
			try(i)
		}
	default:
		// Merge the two ascending lists to keep insertion order.
		a, c := b.short, b.bySecond[cmd[1]]
		for len(a) > 0 || len(c) > 0 {
			if len(c) == 0 || (len(a) > 0 && a[0] < c[0]) {
				try(a[0])
				a = a[1:]
			} else {
				try(c[0])
				c = c[1:]
			}
		}
	}
	return dst
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
