package execpolicy

import (
	"strings"

	"go.starlark.net/starlark"
)

var (
	prefixRuleSig = signature{"prefix_rule",
		[]string{"pattern", "decision", "match", "not_match", "justification", "canonical_matching"}, 1}
	hostExecutableSig = signature{"host_executable", []string{"name", "paths"}, 2}
	networkRuleSig    = signature{"network_rule", []string{"host", "protocol", "decision", "justification"}, 3}
)

// builtins returns the predeclared names of a rule file.
func (l *loader) builtins() starlark.StringDict {
	return starlark.StringDict{
		"prefix_rule":     starlark.NewBuiltin("prefix_rule", l.wrap(l.prefixRule)),
		"host_executable": starlark.NewBuiltin("host_executable", l.wrap(l.hostExecutable)),
		"network_rule":    starlark.NewBuiltin("network_rule", l.wrap(l.networkRule)),
	}
}

type builtinFunc func(pos Position, args starlark.Tuple, kwargs []starlark.Tuple) error

// callError is a builtin failure located at the call.
type callError struct {
	pos Position
	err error
}

func (e *callError) Error() string { return e.err.Error() }

// wrap locates the call (the start of the call expression, as Codex does)
// and tags errors with it.
func (l *loader) wrap(f builtinFunc) func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
	return func(thread *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		pos := l.callPos(thread.CallFrame(1).Pos)
		if err := f(pos, args, kwargs); err != nil {
			return nil, &callError{pos, err}
		}
		return starlark.None, nil
	}
}

func (l *loader) prefixRule(pos Position, args starlark.Tuple, kwargs []starlark.Tuple) error {
	v, err := prefixRuleSig.bind(args, kwargs)
	if err != nil {
		return err
	}
	patternList, err := unpackList("pattern", v[0])
	if err != nil {
		return err
	}
	decisionStr, hasDecision, err := unpackStr("decision", v[1])
	if err != nil {
		return err
	}
	matchList, err := unpackList("match", v[2])
	if err != nil {
		return err
	}
	notMatchList, err := unpackList("not_match", v[3])
	if err != nil {
		return err
	}
	justification, hasJustification, err := unpackStr("justification", v[4])
	if err != nil {
		return err
	}
	canonical, err := unpackBool("canonical_matching", v[5])
	if err != nil {
		return err
	}

	decision := Allow
	if hasDecision {
		if decision, err = ParseDecision(decisionStr); err != nil {
			return plainError("%v", err)
		}
	}
	if hasJustification && strings.TrimSpace(justification) == "" {
		return invalidRule("justification cannot be empty")
	}
	pattern, err := parsePattern(listItems(patternList))
	if err != nil {
		return err
	}
	matches, err := parseExamples(listItems(matchList))
	if err != nil {
		return err
	}
	notMatches, err := parseExamples(listItems(notMatchList))
	if err != nil {
		return err
	}

	rest := pattern[1:]
	call := pendingCall{pos: pos, matches: matches, notMatches: notMatches}
	for _, first := range pattern[0] {
		r := &PrefixRule{
			First:             first,
			Rest:              rest,
			Decision:          decision,
			Justification:     justification,
			CanonicalMatching: canonical,
			Match:             matches,
			NotMatch:          notMatches,
			Pos:               pos,
		}
		call.rules = append(call.rules, r)
		l.rules = append(l.rules, r)
	}
	l.pending = append(l.pending, call)
	return nil
}

func parsePattern(items []starlark.Value) ([]Token, error) {
	out := make([]Token, 0, len(items))
	for _, it := range items {
		switch it := it.(type) {
		case starlark.String:
			out = append(out, Token{string(it)})
		case *starlark.List:
			var alts Token
			for _, a := range listItems(it) {
				s, ok := a.(starlark.String)
				if !ok {
					return nil, invalidPattern("pattern alternative must be a string (got %s)", typeName(a))
				}
				alts = append(alts, string(s))
			}
			if len(alts) == 0 {
				return nil, invalidPattern("pattern alternatives cannot be empty")
			}
			out = append(out, alts)
		default:
			return nil, invalidPattern("pattern element must be a string or list of strings (got %s)", typeName(it))
		}
	}
	if len(out) == 0 {
		return nil, invalidPattern("pattern cannot be empty")
	}
	return out, nil
}

func parseExamples(items []starlark.Value) ([][]string, error) {
	if len(items) == 0 {
		return nil, nil
	}
	out := make([][]string, 0, len(items))
	for _, it := range items {
		switch it := it.(type) {
		case starlark.String:
			toks, err := SplitExample(string(it))
			if err != nil {
				return nil, invalidExample("example string has invalid shell syntax")
			}
			if len(toks) == 0 {
				return nil, invalidExample("example cannot be an empty string")
			}
			out = append(out, toks)
		case *starlark.List:
			var toks []string
			for _, t := range listItems(it) {
				s, ok := t.(starlark.String)
				if !ok {
					return nil, invalidExample("example tokens must be strings (got %s)", typeName(t))
				}
				toks = append(toks, string(s))
			}
			if len(toks) == 0 {
				return nil, invalidExample("example cannot be an empty list")
			}
			out = append(out, toks)
		default:
			return nil, invalidExample("example must be a string or list of strings (got %s)", typeName(it))
		}
	}
	return out, nil
}

func (l *loader) hostExecutable(pos Position, args starlark.Tuple, kwargs []starlark.Tuple) error {
	v, err := hostExecutableSig.bind(args, kwargs)
	if err != nil {
		return err
	}
	name, _, err := unpackStr("name", v[0])
	if err != nil {
		return err
	}
	pathList, err := unpackList("paths", v[1])
	if err != nil {
		return err
	}
	if err := validateHostName(name); err != nil {
		return err
	}
	var paths []string
	for _, it := range listItems(pathList) {
		s, ok := it.(starlark.String)
		if !ok {
			return invalidRule("host_executable paths must be strings (got %s)", typeName(it))
		}
		p, err := hostPath(name, string(s))
		if err != nil {
			return err
		}
		if !contains(paths, p) {
			paths = append(paths, p)
		}
	}
	h := HostExecutable{Name: name, Paths: paths, Pos: pos}
	if i, ok := l.hostIdx[name]; ok {
		l.hosts[i] = h
	} else {
		l.hostIdx[name] = len(l.hosts)
		l.hosts = append(l.hosts, h)
	}
	return nil
}

func (l *loader) networkRule(pos Position, args starlark.Tuple, kwargs []starlark.Tuple) error {
	v, err := networkRuleSig.bind(args, kwargs)
	if err != nil {
		return err
	}
	var s [3]string
	for i, p := range networkRuleSig.params[:3] {
		if s[i], _, err = unpackStr(p, v[i]); err != nil {
			return err
		}
	}
	justification, hasJustification, err := unpackStr("justification", v[3])
	if err != nil {
		return err
	}
	protocol, err := parseProtocol(s[1])
	if err != nil {
		return err
	}
	decision, err := parseNetworkDecision(s[2])
	if err != nil {
		return err
	}
	if hasJustification && strings.TrimSpace(justification) == "" {
		return invalidRule("justification cannot be empty")
	}
	host, err := normalizeHost(s[0])
	if err != nil {
		return err
	}
	l.net = append(l.net, NetworkRule{Host: host, Protocol: protocol, Decision: decision, Justification: justification, Pos: pos})
	return nil
}
