package perm

import (
	"fmt"
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/hookifyc/hookifyc/compiler/shell"
)

// explain says which part of a tool call pattern p matched under d (or,
// when matched is false, what was compared), for Answer.Detail. It only
// describes: the decision is MatchRule's. It returns "" when the whole input
// matched as written.
func explain(p Pattern, tool string, input map[string]any, ctx Context, d Decision, matched bool) string {
	if p.Kind == SpecPath {
		return explainPathCall(p, tool, input, ctx, d, matched)
	}
	if !MatchTool(p.Tool, tool) {
		return fmt.Sprintf("tool %s is not %s", tool, p.Tool)
	}
	switch p.Kind {
	case SpecTool:
		if tool != p.Tool {
			return fmt.Sprintf("tool %s", tool)
		}
	case SpecCommand:
		cmd, ok := input["command"].(string)
		if !ok {
			return "no command in the tool input"
		}
		if d.restrictive() {
			return explainRestrictive(p.Specifier, cmd, matched)
		}
		return explainAllow(p.Specifier, cmd, matched)
	case SpecDomain:
		u, _ := input["url"].(string)
		if h := hostOf(u); h != "" {
			return fmt.Sprintf("host %q", h)
		}
		return fmt.Sprintf("no host in %q", u)
	case SpecParam:
		v, ok := scalarString(input[p.Param])
		if !ok {
			return fmt.Sprintf("no %s in the tool input", p.Param)
		}
		return fmt.Sprintf("%s = %q", p.Param, v)
	}
	return ""
}

// explainRestrictive names the simple command (past assignments and
// wrappers) a deny or ask specifier matched.
func explainRestrictive(spec, cmd string, matched bool) string {
	if !matched {
		return ""
	}
	s := compileCommandSpec(spec)
	for _, t := range restrictiveTexts(cmd) {
		if s.match(t) {
			if t == strings.TrimSpace(cmd) {
				return ""
			}
			return fmt.Sprintf("%q in %q", t, cmd)
		}
	}
	return ""
}

// explainAllow names the simple commands an allow specifier covered, or the
// first one it did not cover.
func explainAllow(spec, cmd string, matched bool) string {
	groups, ok := allowGroups(cmd)
	if !ok {
		switch {
		case len(cmd) > MaxAllowCommandBytes:
			return fmt.Sprintf("commands over %d bytes never match allow rules", MaxAllowCommandBytes)
		}
		if cmds, err := shell.Parse(cmd); err != nil {
			return "the command does not parse: allow rules never match it"
		} else if len(cmds) == 0 {
			return "an empty command never matches allow rules"
		}
		return "only assignments of known-safe variables: nothing for an allow rule to cover"
	}
	s := compileCommandSpec(spec)
	unsafe := unsafeAssigns(cmd)
	var covered []string
	for i, g := range groups {
		hit := ""
		for _, t := range g {
			if s.match(t) {
				hit = t
				break
			}
		}
		if hit == "" {
			why := ""
			if i < len(unsafe) && len(unsafe[i]) > 0 {
				why = fmt.Sprintf(" (allow rules see past assignments of known-safe variables only, not %s)", strings.Join(unsafe[i], ", "))
			}
			if len(groups) == 1 && g[0] == strings.TrimSpace(cmd) {
				if why == "" {
					return ""
				}
				return fmt.Sprintf("%q not covered%s", g[0], why)
			}
			return fmt.Sprintf("%q not covered in %q%s", g[0], cmd, why)
		}
		covered = append(covered, fmt.Sprintf("%q", hit))
	}
	if !matched {
		return ""
	}
	if len(groups) == 1 && covered[0] == fmt.Sprintf("%q", strings.TrimSpace(cmd)) {
		return ""
	}
	return strings.Join(covered, ", ") + fmt.Sprintf(" in %q", cmd)
}

// explainPathCall mirrors Pattern.matchPathCall.
func explainPathCall(p Pattern, tool string, input map[string]any, ctx Context, d Decision, matched bool) string {
	if !contains(p.ConsultedTools(d), tool) {
		return fmt.Sprintf("%s(…) %s rules are not consulted for %s", p.Tool, d, tool)
	}
	switch tool {
	case "Bash":
		cmd, _ := input["command"].(string)
		ops := bashFileOperands(cmd, p.Tool == "Edit")
		if len(ops) == 0 {
			kind := "read"
			if p.Tool == "Edit" {
				kind = "written"
			}
			return fmt.Sprintf("no file %s by a command %s rules see in %q", kind, p.Tool, cmd)
		}
		for _, f := range ops {
			if detail, ok := explainPath(p.Specifier, f, ctx, d); ok == matched || len(ops) == 1 {
				return detail + fmt.Sprintf(" in %q", cmd)
			}
		}
		return ""
	case "apply_patch":
		files := patchFiles(input)
		if len(files) == 0 {
			return "no file in the patch"
		}
		// Deny and ask: the first file that matches; allow: the first that
		// does not (or the first when all do).
		want := d.restrictive() == matched
		for _, f := range files {
			if detail, ok := explainPath(p.Specifier, f, ctx, d); ok == want {
				return detail
			}
		}
		detail, _ := explainPath(p.Specifier, files[0], ctx, d)
		return detail
	}
	f, ok := input[pathField(tool)].(string)
	if !ok || f == "" {
		return fmt.Sprintf("no %s in the tool input", pathField(tool))
	}
	detail, _ := explainPath(p.Specifier, f, ctx, d)
	return detail
}

// explainPath shows a file path as MatchPath compares it: made absolute,
// against the anchored pattern, naming the parent directory that matched.
func explainPath(spec, filePath string, ctx Context, d Decision) (string, bool) {
	pat, dirOnly := anchorPath(spec, ctx, d)
	target := resolvePath(filePath, ctx)
	form, ok := "", false
	if (!dirOnly || d.restrictive()) && doublestar.MatchUnvalidated(pat, target) {
		form, ok = target, true
	}
	for dir := path.Dir(target); !ok && dir != "/" && dir != "."; dir = path.Dir(dir) {
		if doublestar.MatchUnvalidated(pat, dir) {
			form, ok = dir, true
		}
	}
	var b strings.Builder
	if ok && form != target {
		fmt.Fprintf(&b, "%q, a directory of", form)
		b.WriteByte(' ')
	}
	fmt.Fprintf(&b, "%q", target)
	if strings.TrimSpace(filePath) != target {
		fmt.Fprintf(&b, " (%q)", filePath)
	}
	fmt.Fprintf(&b, " against %q", pat)
	return b.String(), ok
}

// unsafeAssigns lists, for each simple command an allow rule must cover (the
// groups of allowGroups), the variables it assigns that allow rules do not
// see past.
func unsafeAssigns(command string) [][]string {
	cmds, err := shell.Parse(command)
	if err != nil {
		return nil
	}
	var out [][]string
	for _, c := range cmds {
		if _, neutral := allowTexts(c); neutral {
			continue
		}
		var names []string
		for _, a := range c.Assigns {
			if !safeAssigns([]shell.Assign{a}) {
				names = append(names, a.Name)
			}
		}
		out = append(out, names)
	}
	return out
}
