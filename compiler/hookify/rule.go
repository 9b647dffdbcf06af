package hookify

import (
	"fmt"
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Python exception texts that hookify produces from a rule's values.
const (
	// errRegexNotString is re.compile(True)'s TypeError.
	errRegexNotString = "first argument must be string or compiled pattern"
	// errRegexList is functools.lru_cache hashing a list before re.compile sees it.
	errRegexList = "unhashable type: 'list'"
)

// Error is an error in a rule file. Msg is the Python exception text that
// hookify prints (str(e)); Kind is the Python exception type.
type Error struct {
	File string
	Pos  ir.Pos
	Kind string // "AttributeError", "UnicodeDecodeError", ...
	Msg  string
	Err  error // the underlying error, if any
}

func (e *Error) Error() string {
	return ir.Source{File: e.File, Pos: e.Pos}.String() + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// FromFrontmatter is hookify's Rule.from_dict applied to a parsed
// frontmatter; file is recorded in the rule's Source. It fails only where
// hookify raises: a condition item that is not a dict (AttributeError
// "'str' object has no attribute 'get'"). Errors hookify raises later, when it
// evaluates the rule, are recorded in the IR instead (ToolMatcher.TypeError,
// Condition.PatternTypeError).
func FromFrontmatter(f *Frontmatter, file string) (*ir.Rule, error) {
	get := func(key string, def pyval.Value) pyval.Value {
		if v, ok := f.Values.Get(key); ok {
			return v
		}
		return def
	}
	r := &ir.Rule{
		Origin:     ir.OriginHookify,
		Source:     ir.Source{File: file, Pos: ir.Pos{Line: 1, Col: 1}},
		Name:       pyval.ToStr(get("name", pyval.Str("unnamed"))),
		Enabled:    pyval.Truthy(get("enabled", pyval.Bool(true))),
		Event:      pyval.ToStr(get("event", pyval.Str(ir.EventAll))),
		ActionText: pyval.ToStr(get("action", pyval.Str("warn"))),
		Message:    f.Message,
	}
	r.Action = ir.ActionWarn
	if a, ok := get("action", pyval.Str("warn")).(pyval.Str); ok && a == "block" {
		r.Action = ir.ActionBlock
	}
	keyPos := make(map[string]ir.Pos, len(f.Effective))
	for k, i := range f.Effective {
		keyPos[k] = f.Keys[i].Pos
	}
	r.KeyPos = ir.KeyPositionsOf(keyPos)
	if tm, ok := f.Values.Get("tool_matcher"); ok {
		r.ToolMatcher = toolMatcher(tm)
	}

	// conditions: only a list counts; each item must be a dict.
	if v, ok := f.Values.Get("conditions"); ok {
		if l, ok := v.(*pyval.List); ok {
			items := f.Items["conditions"]
			for i, it := range l.Items {
				var pos ir.Pos
				if i < len(items) {
					pos = items[i].Pos
				}
				d, ok := it.(*pyval.Dict)
				if !ok {
					return nil, &Error{File: file, Pos: pos, Kind: "AttributeError",
						Msg: fmt.Sprintf("'%s' object has no attribute 'get'", it.TypeName())}
				}
				r.Conditions = append(r.Conditions, ir.Condition{
					Field:    dictStr(d, "field", ""),
					Operator: dictStr(d, "operator", ir.OpRegexMatch),
					Pattern:  dictStr(d, "pattern", ""),
					Pos:      pos,
				})
			}
		}
	}

	// Legacy pattern: only if truthy and no conditions.
	if simple, ok := f.Values.Get("pattern"); ok && pyval.Truthy(simple) && len(r.Conditions) == 0 {
		pos, _ := f.KeyPos("pattern")
		c := ir.Condition{
			Field:    LegacyField(get("event", pyval.Str(ir.EventAll))),
			Operator: ir.OpRegexMatch,
			Pattern:  pyval.ToStr(simple),
			Legacy:   true,
			Pos:      pos,
		}
		switch simple.(type) {
		case pyval.Str:
		case *pyval.List:
			c.PatternTypeError = errRegexList
		default:
			c.PatternTypeError = errRegexNotString
		}
		r.Conditions = []ir.Condition{c}
	}
	return r, nil
}

// LegacyField is the field hookify gives a legacy top-level `pattern:`, chosen
// from the rule's raw event value: bash → command, file → new_text, anything
// else → content.
func LegacyField(event pyval.Value) string {
	if s, ok := event.(pyval.Str); ok {
		switch s {
		case ir.EventBash:
			return "command"
		case ir.EventFile:
			return "new_text"
		}
	}
	return "content"
}

// toolMatcher converts the raw tool_matcher value.
func toolMatcher(v pyval.Value) ir.ToolMatcher {
	if !pyval.Truthy(v) {
		return ir.ToolMatcher{}
	}
	s, ok := v.(pyval.Str)
	if !ok {
		return ir.ToolMatcher{Set: true,
			TypeError: fmt.Sprintf("'%s' object has no attribute 'split'", v.TypeName())}
	}
	if s == "*" {
		return ir.ToolMatcher{Set: true, Any: true}
	}
	return ir.ToolMatcher{Set: true, Names: strings.Split(string(s), "|")}
}

// dictStr is str(d.get(key, def)).
func dictStr(d *pyval.Dict, key, def string) string {
	if v, ok := d.Get(key); ok {
		return pyval.ToStr(v)
	}
	return def
}
