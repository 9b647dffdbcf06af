package perm

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/suggest"
)

// LoadGenesis reads the permission patterns of a genesis.key YAML file:
//
//	hooks:
//	  pre_tool_use:
//	    - matcher: "Bash(rm -rf *)"   # a Tool(glob) pattern; Edit|Write lists tools
//	      type: deny                  # deny, ask or allow
//	      config:
//	        reason: "…"               # becomes the rule's Message
//	permissions:
//	  actors:
//	    <actor>:                      # recorded in ir.Permission.Actor
//	      allow: [ "Bash(git *)" ]
//	      deny:  [ "Read(.env)" ]
//	      ask:   [ … ]
//	  allow: [ … ]                    # patterns for every actor
//
// Each usable pattern becomes one rule positioned at its scalar. Unknown keys
// and entry types are reported as warnings and ignored; malformed entries and
// patterns are skipped with an error diagnostic. The error is non-nil (a
// *Diagnostic) only when the file is not YAML or not a mapping.
func LoadGenesis(file string, data []byte, opts LoadOptions) ([]*ir.Rule, []Diagnostic, error) {
	b := &builder{file: file, baseDir: opts.baseDir(file)}
	g := &genesis{b: b, data: data, lines: newLines(data)}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		pos, msg := yamlError(err)
		return nil, nil, &Diagnostic{File: file, Pos: pos, Severity: SeverityError, Msg: msg}
	}
	if len(doc.Content) == 0 {
		return nil, nil, nil // empty document
	}
	root := resolve(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, nil, &Diagnostic{File: file, Pos: g.pos(root), Severity: SeverityError, Msg: "a genesis file must be a YAML mapping"}
	}
	g.mapping(root, "", func(key string, k, v *yaml.Node) {
		switch key {
		case "hooks":
			g.hooks(v)
		case "permissions":
			g.permissions(v)
		default:
			b.warn(g.pos(k), "unknown key %q ignored%s", key, suggest.Hint(key, []string{"hooks", "permissions"}))
		}
	})
	return b.rules, b.sortedDiags(), nil
}

// genesis walks a genesis.key document.
type genesis struct {
	b     *builder
	data  []byte
	lines lines
}

// mapping calls fn for each key of a mapping node; a non-mapping is reported
// (as path) and skipped.
func (g *genesis) mapping(n *yaml.Node, path string, fn func(key string, k, v *yaml.Node)) {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.MappingNode {
		g.b.errorf(g.pos(n), "%s must be a mapping", path)
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), n.Content[i+1]
		fn(k.Value, k, resolve(v))
	}
}

func (g *genesis) hooks(n *yaml.Node) {
	g.mapping(n, "hooks", func(key string, k, v *yaml.Node) {
		if key != "pre_tool_use" {
			// Other events hold hook types placed by compiler/genesis.
			g.b.warn(g.pos(k), "hooks.%s holds no permission rules; its hooks are placed by hookifyc genesis plan/emit", key)
			return
		}
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			return
		}
		if v.Kind != yaml.SequenceNode {
			g.b.errorf(g.pos(v), "hooks.pre_tool_use must be a list")
			return
		}
		for _, item := range v.Content {
			g.hook(resolve(item))
		}
	})
}

// hook reads one hooks.pre_tool_use entry.
func (g *genesis) hook(n *yaml.Node) {
	var matcher, typ *yaml.Node
	reason := ""
	g.mapping(n, "a hooks.pre_tool_use entry", func(key string, k, v *yaml.Node) {
		switch key {
		case "matcher":
			matcher = v
		case "type":
			typ = v
		case "config":
			g.mapping(v, "config", func(ckey string, ck, cv *yaml.Node) {
				if ckey == "condition" {
					g.b.warn(g.pos(ck), "config.condition %q cannot be evaluated by hookifyc: the entry applies to every matching call", cv.Value)
					return
				}
				if ckey != "reason" {
					g.b.warn(g.pos(ck), "unknown key config.%s ignored", ckey)
					return
				}
				if cv.Kind != yaml.ScalarNode {
					g.b.errorf(g.pos(cv), "config.reason must be a string")
					return
				}
				reason = cv.Value
			})
		default:
			g.b.warn(g.pos(k), "unknown key %q in a hooks.pre_tool_use entry ignored", key)
		}
	})
	if n.Kind != yaml.MappingNode {
		return
	}
	if matcher == nil || matcher.Kind != yaml.ScalarNode || matcher.Value == "" {
		g.b.errorf(g.pos(n), "hooks.pre_tool_use entry without a matcher string; skipped")
		return
	}
	if typ == nil || typ.Kind != yaml.ScalarNode {
		g.b.warn(g.pos(n), "hooks.pre_tool_use entry without a type; skipped")
		return
	}
	d, ok := listDecision(typ.Value)
	if typ.Value == "approval_gate" {
		// A human must approve: ask (genesis.md).
		d, ok = Ask, true
	}
	if !ok && genesisHookTypes[typ.Value] {
		g.b.warn(g.pos(typ), "hooks.pre_tool_use type %q holds no permission rule; it is placed by hookifyc genesis plan/emit", typ.Value)
		return
	}
	if !ok {
		g.b.warn(g.pos(typ), "hooks.pre_tool_use type %q is not supported (want deny, ask or allow); entry skipped", typ.Value)
		return
	}
	loc := g.scalarLoc(matcher)
	for _, part := range splitToolList(matcher.Value) {
		ploc := loc
		if part.off > 0 {
			ploc = strLoc{Start: loc.at(part.off + 1)}
		}
		g.b.add(entry{text: part.text, loc: ploc, decision: d, message: reason})
	}
}

// genesisHookTypes are the genesis.key hook types that are not permission
// rules (compiler/genesis places them).
var genesisHookTypes = map[string]bool{"evidence_capture": true, "command": true, "modify": true, "genesis_enforcement": true}

// toolListPart is one name of an Edit|Write matcher.
type toolListPart struct {
	text string
	off  int
}

// splitToolList splits a matcher that lists bare tool names with | (the
// Claude Code hooks spelling); anything else is one pattern.
func splitToolList(s string) []toolListPart {
	if !strings.Contains(s, "|") || strings.Contains(s, "(") {
		return []toolListPart{{text: s}}
	}
	var out []toolListPart
	off := 0
	for _, part := range strings.Split(s, "|") {
		out = append(out, toolListPart{text: part, off: off})
		off += len(part) + 1
	}
	return out
}

func (g *genesis) permissions(n *yaml.Node) {
	g.mapping(n, "permissions", func(key string, k, v *yaml.Node) {
		if key == "actors" {
			g.mapping(v, "permissions.actors", func(actor string, _, av *yaml.Node) {
				g.lists(av, "permissions.actors."+actor, actor)
			})
			return
		}
		if d, ok := listDecision(key); ok {
			g.list(v, "permissions."+key, d, "")
			return
		}
		g.b.warn(g.pos(k), "unknown key permissions.%s ignored%s", key, suggest.Hint(key, []string{"allow", "ask", "deny", "actors"}))
	})
}

// lists reads the allow/deny/ask lists of one actor.
func (g *genesis) lists(n *yaml.Node, path, actor string) {
	g.mapping(n, path, func(key string, k, v *yaml.Node) {
		d, ok := listDecision(key)
		if !ok {
			g.b.warn(g.pos(k), "unknown key %s.%s ignored%s", path, key, suggest.Hint(key, []string{"allow", "ask", "deny"}))
			return
		}
		g.list(v, path+"."+key, d, actor)
	})
}

func (g *genesis) list(n *yaml.Node, path string, d Decision, actor string) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return
	}
	if n.Kind != yaml.SequenceNode {
		g.b.errorf(g.pos(n), "%s must be a list of patterns", path)
		return
	}
	for _, item := range n.Content {
		item = resolve(item)
		if item.Kind != yaml.ScalarNode || item.Tag == "!!null" {
			g.b.errorf(g.pos(item), "%s entries must be strings", path)
			continue
		}
		g.b.add(entry{text: item.Value, loc: g.scalarLoc(item), decision: d, actor: actor})
	}
}

// resolve follows aliases.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

// offset returns the byte offset of a node (yaml columns count characters).
func (g *genesis) offset(n *yaml.Node) (int, bool) {
	if n.Line < 1 || n.Line > len(g.lines.starts) {
		return 0, false
	}
	off := g.lines.starts[n.Line-1]
	for i := 1; i < n.Column && off < len(g.data) && g.data[off] != '\n'; i++ {
		_, size := utf8.DecodeRune(g.data[off:])
		off += size
	}
	return off, true
}

func (g *genesis) pos(n *yaml.Node) ir.Pos {
	off, ok := g.offset(n)
	if !ok {
		return ir.Pos{Line: n.Line, Col: n.Column}
	}
	return g.lines.pos(off)
}

// scalarLoc locates a scalar and, when it is written on one line, each byte
// of its value.
func (g *genesis) scalarLoc(n *yaml.Node) strLoc {
	loc := strLoc{Start: g.pos(n)}
	off, ok := g.offset(n)
	if !ok {
		return loc
	}
	rest := g.data[off:]
	if i := strings.IndexByte(string(rest), '\n'); i >= 0 {
		rest = rest[:i]
	}
	switch {
	case n.Style&yaml.DoubleQuotedStyle != 0:
		loc.offs = yamlDoubleOffsets(rest, n.Value)
	case n.Style&yaml.SingleQuotedStyle != 0:
		loc.offs = yamlSingleOffsets(rest, n.Value)
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 && strings.HasPrefix(string(rest), n.Value):
		loc.offs = make([]int, len(n.Value)+1)
		for i := range loc.offs {
			loc.offs[i] = i
		}
	}
	return loc
}

// yamlSingleOffsets maps a one-line single-quoted scalar (” is a quote).
func yamlSingleOffsets(raw []byte, want string) []int {
	var offs []int
	i := 1
	for i < len(raw) {
		if raw[i] == '\'' {
			if i+1 < len(raw) && raw[i+1] == '\'' {
				offs = append(offs, i)
				i += 2
				continue
			}
			offs = append(offs, i)
			break
		}
		offs = append(offs, i)
		i++
	}
	if len(offs) != len(want)+1 {
		return nil
	}
	return offs
}

// yamlDoubleOffsets maps a one-line double-quoted scalar with escapes.
func yamlDoubleOffsets(raw []byte, want string) []int {
	var offs []int
	i := 1
	for i < len(raw) {
		c := raw[i]
		if c == '"' {
			offs = append(offs, i)
			break
		}
		if c != '\\' || i+1 >= len(raw) {
			offs = append(offs, i)
			i++
			continue
		}
		n, size := 1, 2
		switch raw[i+1] {
		case 'x', 'u', 'U':
			digits := 2
			if raw[i+1] == 'u' {
				digits = 4
			} else if raw[i+1] == 'U' {
				digits = 8
			}
			if i+2+digits <= len(raw) {
				if v, err := strconv.ParseUint(string(raw[i+2:i+2+digits]), 16, 32); err == nil {
					n = utf8.RuneLen(rune(v))
				}
			}
			size = 2 + digits
		case 'N', '_':
			n = 2
		case 'L', 'P':
			n = 3
		}
		for k := 0; k < n; k++ {
			offs = append(offs, i)
		}
		i += size
	}
	if len(offs) != len(want)+1 {
		return nil
	}
	return offs
}

// yamlError splits a yaml.v3 error into its line and its message.
func yamlError(err error) (ir.Pos, string) {
	msg := err.Error()
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	rest, ok := strings.CutPrefix(msg, "line ")
	if !ok {
		return ir.Pos{}, msg
	}
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(rest[:end])
	if err != nil {
		return ir.Pos{}, msg
	}
	return ir.Pos{Line: n, Col: 1}, strings.TrimPrefix(rest[end:], ": ")
}

// Actor is one actor a genesis file names under permissions.actors, at
// its key.
type Actor struct {
	Name string
	Pos  ir.Pos
}

// GenesisActors lists the actors of a genesis file's permissions.actors,
// in file order. A file LoadGenesis cannot read names none.
func GenesisActors(data []byte) []Actor {
	g := &genesis{b: &builder{}, data: data, lines: newLines(data)}
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return nil
	}
	root := resolve(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil
	}
	var out []Actor
	g.mapping(root, "", func(key string, _, v *yaml.Node) {
		if key != "permissions" {
			return
		}
		g.mapping(v, "permissions", func(key string, _, v *yaml.Node) {
			if key != "actors" {
				return
			}
			g.mapping(v, "permissions.actors", func(actor string, k, _ *yaml.Node) {
				out = append(out, Actor{Name: actor, Pos: g.pos(k)})
			})
		})
	})
	return out
}
