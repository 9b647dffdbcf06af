package engine

import (
	"encoding/json"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// permissionMatches evaluates a Tool(specifier) permission rule with Claude
// Code's semantics. A deny rule blocks and an ask rule warns (a hook cannot
// ask on every agent; Claude Code's own permission system still asks). An
// allow rule grants nothing a hook can express, so it never matches here.
func (m *matcher) permissionMatches(rule *ir.Rule) (bool, *PyError) {
	if rule.Action == ir.ActionAllow {
		return false, nil
	}
	if rule.Permission.Actor != "" && rule.Permission.Actor != m.e.opts.Actor {
		return false, nil
	}
	tool, _ := m.tool.(pyval.Str)
	if m.permInput == nil {
		m.permInput = map[string]any{}
		if d, ok := m.toolInput.(*pyval.Dict); ok {
			m.permInput = toAny(d).(map[string]any)
		}
	}
	cwd, _ := getOr(m.input, "cwd", pyval.Str("")).(pyval.Str)
	ok, err := perm.MatchRule(rule, string(tool), m.permInput, perm.Context{Cwd: string(cwd), Home: m.e.opts.Home})
	if err != nil {
		return false, &PyError{Msg: err.Error()}
	}
	if ok && m.e.opts.Explain {
		field, value := primaryInput(string(tool), m.permInput)
		m.explained = append(m.explained, ConditionMatch{Condition: &ir.Condition{Field: field, Operator: "permission", Pattern: rule.Name}, Field: field, Value: value})
	}
	return ok, nil
}

// primaryInput is the tool input a permission pattern is about: the
// command of Bash, the path of the file tools, the URL of WebFetch...; for
// other tools, the input as JSON.
func primaryInput(tool string, input map[string]any) (field, value string) {
	for _, f := range []string{"command", "file_path", "notebook_path", "url", "query", "pattern", "path"} {
		if s, ok := input[f].(string); ok {
			return f, s
		}
	}
	b, _ := json.Marshal(input)
	return "tool_input", tool + " " + string(b)
}

// toAny converts a Python value to the encoding/json-like value perm expects.
func toAny(v pyval.Value) any {
	switch x := v.(type) {
	case pyval.Str:
		return string(x)
	case pyval.Bool:
		return bool(x)
	case pyval.Int:
		return string(x)
	case pyval.Float:
		return float64(x)
	case *pyval.List:
		out := make([]any, len(x.Items))
		for i, it := range x.Items {
			out[i] = toAny(it)
		}
		return out
	case *pyval.Dict:
		out := make(map[string]any, x.Len())
		for i := 0; i < x.Len(); i++ {
			k, val := x.At(i)
			out[k] = toAny(val)
		}
		return out
	}
	return nil
}
