package deploy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// This file edits a hooks document ({"hooks": {"Event": [group, ...]}}) as
// text: the groups hookifyc owns are removed and its new groups appended
// to each event's list, and every other byte of the document (the user's
// groups, other keys, their order, spacing and escapes) is kept. Only the
// separators of a list that changes are normalised to the list's first.

// span is a byte range [start, end) of a JSON text.
type span struct{ start, end int }

// member is one "key": value of an object.
type member struct {
	key   string
	all   span // from the key's quote to the value's end
	value span
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// scanValue returns the end of the JSON value starting at i.
func scanValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, fmt.Errorf("unexpected end of JSON")
	}
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			switch b[j] {
			case '\\':
				j++
			case '"':
				return j + 1, nil
			}
		}
		return 0, fmt.Errorf("unterminated string at byte %d", i)
	case '{', '[':
		_, end, err := scanList(b, i)
		return end, err
	}
	j := i
	for j < len(b) && !strings.ContainsRune(" \t\r\n,]}:", rune(b[j])) {
		j++
	}
	if j == i {
		return 0, fmt.Errorf("unexpected %q at byte %d", b[i], i)
	}
	return j, nil
}

// scanList returns the items of the object or array opening at open (for
// an object, each item spans "key": value) and the offset after its close.
func scanList(b []byte, open int) ([]span, int, error) {
	closer := byte(']')
	if b[open] == '{' {
		closer = '}'
	}
	var items []span
	i := skipWS(b, open+1)
	if i < len(b) && b[i] == closer {
		return nil, i + 1, nil
	}
	for {
		start := i
		if closer == '}' {
			end, err := scanValue(b, i)
			if err != nil {
				return nil, 0, err
			}
			if end-i < 2 || b[i] != '"' {
				return nil, 0, fmt.Errorf("expected a key at byte %d", i)
			}
			i = skipWS(b, end)
			if i >= len(b) || b[i] != ':' {
				return nil, 0, fmt.Errorf("expected ':' at byte %d", i)
			}
			i = skipWS(b, i+1)
		}
		end, err := scanValue(b, i)
		if err != nil {
			return nil, 0, err
		}
		items = append(items, span{start, end})
		i = skipWS(b, end)
		if i >= len(b) {
			return nil, 0, fmt.Errorf("unexpected end of JSON")
		}
		if b[i] == closer {
			return items, i + 1, nil
		}
		if b[i] != ',' {
			return nil, 0, fmt.Errorf("expected ',' or %q at byte %d", closer, i)
		}
		i = skipWS(b, i+1)
	}
}

// members splits an object's items into keys and values.
func members(b []byte, items []span) ([]member, error) {
	out := make([]member, len(items))
	for k, it := range items {
		kend, _ := scanValue(b, it.start)
		var key string
		if err := json.Unmarshal(b[it.start:kend], &key); err != nil {
			return nil, err
		}
		v := skipWS(b, kend)
		v = skipWS(b, v+1)
		out[k] = member{key: key, all: it, value: span{v, it.end}}
	}
	return out, nil
}

// lineIndent is the leading white space of the line holding offset pos.
func lineIndent(b []byte, pos int) string {
	ls := bytes.LastIndexByte(b[:pos], '\n') + 1
	e := ls
	for e < pos && (b[e] == ' ' || b[e] == '\t') {
		e++
	}
	return string(b[ls:e])
}

// listLayout is how a list is written: the white space after its opener,
// between items and before its closer, and its items' indentation.
type listLayout struct {
	lead, sep, trail string
	indent, unit     string
}

func layoutOf(b []byte, open, close int, items []span) listLayout {
	parent := lineIndent(b, open)
	var l listLayout
	if len(items) == 0 {
		l.unit = "  "
		if !bytes.Contains(b[:open], []byte("\n")) && open > 0 {
			l.unit = "" // a one-line document stays on one line
		}
		if l.unit == "" {
			l.sep = ", "
			return l
		}
		l.indent = parent + l.unit
		l.lead, l.trail, l.sep = "\n"+l.indent, "\n"+parent, ",\n"+l.indent
		return l
	}
	l.lead = string(b[open+1 : items[0].start])
	l.trail = string(b[items[len(items)-1].end : close-1])
	if len(items) > 1 {
		l.sep = string(b[items[0].end:items[1].start])
	} else {
		l.sep = "," + l.lead
		if l.lead == "" {
			l.sep = ","
		}
	}
	if i := strings.LastIndexByte(l.lead, '\n'); i >= 0 {
		l.indent = l.lead[i+1:]
		l.unit = strings.TrimPrefix(l.indent, parent)
		if parent != "" && l.unit == l.indent || l.unit == "" {
			l.unit = "  "
		}
	}
	return l
}

// render writes raw (compact JSON) in the layout's indentation.
func (l listLayout) render(raw []byte) []byte {
	var buf bytes.Buffer
	if l.indent == "" && !strings.Contains(l.lead, "\n") {
		json.Compact(&buf, raw)
		return buf.Bytes()
	}
	json.Indent(&buf, raw, l.indent, l.unit)
	return buf.Bytes()
}

// rebuild writes a list from its kept items (original text) and added
// ones (already rendered); an empty result is "[]" or "{}".
func (l listLayout) rebuild(opener, closer byte, parts [][]byte) []byte {
	var out []byte
	out = append(out, opener)
	if len(parts) == 0 {
		return append(out, closer)
	}
	out = append(out, l.lead...)
	for i, p := range parts {
		if i > 0 {
			out = append(out, l.sep...)
		}
		out = append(out, p...)
	}
	out = append(out, l.trail...)
	return append(out, closer)
}

// EventGroups are hook groups (compact JSON) by event, in event order.
type EventGroups struct {
	Events []string
	Groups map[string][][]byte
}

// spliceHooks returns the hooks document src with the groups for which
// owned is true removed and add appended. An empty or all-space src
// becomes a new document.
func spliceHooks(src []byte, owned func(group []byte) bool, add EventGroups) ([]byte, error) {
	root := skipWS(src, 0)
	if root == len(src) {
		src = []byte("{}\n")
		root = 0
	}
	if src[root] != '{' {
		return nil, fmt.Errorf("not a JSON object")
	}
	if !json.Valid(src) {
		var v any
		err := json.Unmarshal(src, &v)
		return nil, fmt.Errorf("not valid JSON: %v", err)
	}
	rootItems, rootEnd, err := scanList(src, root)
	if err != nil {
		return nil, err
	}
	rootMembers, err := members(src, rootItems)
	if err != nil {
		return nil, err
	}
	hooksAt := -1
	for i, m := range rootMembers {
		if m.key == "hooks" {
			hooksAt = i
		}
	}
	var hooksText []byte
	if hooksAt >= 0 && src[rootMembers[hooksAt].value.start] == '{' {
		hooksText, err = spliceEvents(src, rootMembers[hooksAt].value, owned, add)
		if err != nil {
			return nil, err
		}
		hm := rootMembers[hooksAt]
		var out []byte
		out = append(out, src[:hm.value.start]...)
		out = append(out, hooksText...)
		return append(out, src[hm.value.end:]...), nil
	}
	if hooksAt >= 0 {
		return nil, fmt.Errorf(`"hooks" is not an object`)
	}
	if len(add.Events) == 0 {
		return src, nil
	}
	// No "hooks" key: add one at the end of the root object.
	l := layoutOf(src, root, rootEnd, rootItems)
	inner := listLayout{unit: l.unit}
	if l.unit != "" {
		inner.indent = l.indent + l.unit
		inner.lead, inner.trail, inner.sep = "\n"+inner.indent, "\n"+l.indent, ",\n"+inner.indent
	} else {
		inner.sep = ", "
	}
	hooksText = eventsText(add, inner)
	var parts [][]byte
	for _, it := range rootItems {
		parts = append(parts, src[it.start:it.end])
	}
	parts = append(parts, append([]byte(`"hooks": `), hooksText...))
	var out []byte
	out = append(out, src[:root]...)
	out = append(out, l.rebuild('{', '}', parts)...)
	return append(out, src[rootEnd:]...), nil
}

// eventsText renders new event members as an object in layout l.
func eventsText(add EventGroups, l listLayout) []byte {
	var parts [][]byte
	for _, ev := range add.Events {
		parts = append(parts, eventMember(ev, add.Groups[ev], l))
	}
	return l.rebuild('{', '}', parts)
}

// eventMember renders "Event": [groups] at layout l's indentation.
func eventMember(ev string, groups [][]byte, l listLayout) []byte {
	key, _ := json.Marshal(ev)
	arr := listLayout{unit: l.unit}
	if l.unit != "" {
		arr.indent = l.indent + l.unit
		arr.lead, arr.trail, arr.sep = "\n"+arr.indent, "\n"+l.indent, ",\n"+arr.indent
	} else {
		arr.sep = ", "
	}
	var parts [][]byte
	for _, g := range groups {
		parts = append(parts, arr.render(g))
	}
	return append(append(key, ": "...), arr.rebuild('[', ']', parts)...)
}

// spliceEvents edits the hooks object at v.
func spliceEvents(src []byte, v span, owned func([]byte) bool, add EventGroups) ([]byte, error) {
	items, end, err := scanList(src, v.start)
	if err != nil {
		return nil, err
	}
	ms, err := members(src, items)
	if err != nil {
		return nil, err
	}
	l := layoutOf(src, v.start, end, items)
	done := map[string]bool{}
	var parts [][]byte
	for _, m := range ms {
		val := m.value
		if src[val.start] != '[' {
			parts = append(parts, src[m.all.start:m.all.end])
			continue
		}
		gs, aend, err := scanList(src, val.start)
		if err != nil {
			return nil, err
		}
		al := layoutOf(src, val.start, aend, gs)
		if len(gs) == 0 && al.unit != "" {
			al.indent = l.indent + l.unit + l.unit
			al.lead, al.trail, al.sep = "\n"+al.indent, "\n"+l.indent, ",\n"+al.indent
		}
		var kept [][]byte
		removed := false
		for _, g := range gs {
			if owned(src[g.start:g.end]) {
				removed = true
				continue
			}
			kept = append(kept, src[g.start:g.end])
		}
		var added [][]byte
		if !done[m.key] {
			for _, g := range add.Groups[m.key] {
				added = append(added, al.render(g))
			}
			done[m.key] = true
		}
		switch {
		case !removed && len(added) == 0:
			parts = append(parts, src[m.all.start:m.all.end])
		case len(kept) == 0 && len(added) == 0:
			// Only our groups were there: the event goes.
		default:
			text := append([]byte{}, src[m.all.start:val.start]...)
			text = append(text, al.rebuild('[', ']', append(kept, added...))...)
			parts = append(parts, text)
		}
	}
	changed := len(parts) != len(ms)
	for _, ev := range add.Events {
		if done[ev] {
			continue
		}
		changed = true
		lm := l
		if len(items) == 0 {
			lm = layoutOf(src, v.start, end, nil)
		}
		parts = append(parts, eventMember(ev, add.Groups[ev], lm))
	}
	if len(items) == 0 && !changed {
		return src[v.start:end], nil
	}
	if len(items) == 0 {
		l = layoutOf(src, v.start, end, nil)
	}
	return l.rebuild('{', '}', parts), nil
}

// hookCommands returns the commands of a group's handlers.
func hookCommands(group []byte) []string {
	var g struct {
		Hooks []struct {
			Command string `json:"command"`
		} `json:"hooks"`
	}
	if json.Unmarshal(group, &g) != nil {
		return nil
	}
	var out []string
	for _, h := range g.Hooks {
		out = append(out, h.Command)
	}
	return out
}

// groupsOf reads a hooks.json document into its groups by event, compact.
func groupsOf(doc []byte) (EventGroups, error) {
	eg := EventGroups{Groups: map[string][][]byte{}}
	if len(bytes.TrimSpace(doc)) == 0 {
		return eg, nil
	}
	root := skipWS(doc, 0)
	items, _, err := scanList(doc, root)
	if err != nil {
		return eg, err
	}
	ms, err := members(doc, items)
	if err != nil {
		return eg, err
	}
	for _, m := range ms {
		if m.key != "hooks" || doc[m.value.start] != '{' {
			continue
		}
		evItems, _, err := scanList(doc, m.value.start)
		if err != nil {
			return eg, err
		}
		evs, err := members(doc, evItems)
		if err != nil {
			return eg, err
		}
		for _, ev := range evs {
			if doc[ev.value.start] != '[' {
				continue
			}
			gs, _, err := scanList(doc, ev.value.start)
			if err != nil {
				return eg, err
			}
			if _, ok := eg.Groups[ev.key]; !ok {
				eg.Events = append(eg.Events, ev.key)
			}
			for _, g := range gs {
				var buf bytes.Buffer
				json.Compact(&buf, doc[g.start:g.end])
				eg.Groups[ev.key] = append(eg.Groups[ev.key], buf.Bytes())
			}
		}
	}
	return eg, nil
}
