package hookify

import (
	"strings"

	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
)

// Frontmatter is what hookify's extract_frontmatter makes of a file's text,
// plus the source position of everything it read.
type Frontmatter struct {
	// Values is hookify's frontmatter dict. Each value is a pyval.Str, a
	// pyval.Bool, or a *pyval.List whose items are pyval.Str or *pyval.Dict
	// (whose values are pyval.Str). It is empty when hookify finds no
	// frontmatter; it is never nil.
	Values *pyval.Dict
	// Message is the text after the closing "---", stripped as Python's str.strip().
	Message string
	// Closed reports whether the text starts with "---" and has a closing
	// "---" (hookify's "at least three parts"). When it is false, Values is empty.
	Closed bool

	// Keys lists every top-level key line (a line of branch A) in file order,
	// duplicates included.
	Keys []KeyLine
	// Effective maps each key of Values to the index in Keys of the line that
	// produced its final value: the last assignment wins, and a list value
	// belongs to the line that started the list.
	Effective map[string]int
	// Items holds, for each list-valued key of Values, one entry per item of
	// the final list, in list order.
	Items map[string][]Item

	// Open and Close locate the opening and the closing "---"; Body is the
	// first character of Message (zero when Message is empty).
	Open, Close, Body ir.Pos

	idx lineIndex
}

// KeyLine is one top-level "key: value" line.
type KeyLine struct {
	Key   string
	Pos   ir.Pos // first byte of the line (the key, unless the key is empty)
	Colon ir.Pos // the first ":" of the line
	// Value and ValueEnd delimit the value text after whitespace stripping and
	// before quote stripping: [Value, ValueEnd), on the same line. For an empty
	// value both are just after the colon.
	Value, ValueEnd ir.Pos
	// Raw is the value text between Value and ValueEnd.
	Raw string
	// List is true when the value is empty: the line starts a list.
	List bool
}

// Item is one item of a list value.
type Item struct {
	Pos ir.Pos // the "-" that starts the item
	// Inline marks an item written "- k: v, k2: v2" (hookify's inline-dict path).
	Inline bool
	// KeyPos gives, for a dict item, the position of each key (the last line
	// that set it). Nil for a string item.
	KeyPos map[string]ir.Pos
}

// KeyPos returns the position of the effective occurrence of a top-level key.
func (f *Frontmatter) KeyPos(key string) (ir.Pos, bool) {
	i, ok := f.Effective[key]
	if !ok {
		return ir.Pos{}, false
	}
	return f.Keys[i].Pos, true
}

// Lines is the number of lines of the parsed text.
func (f *Frontmatter) Lines() int { return f.idx.lines() }

// LineLen is the length in bytes of a line of the parsed text (1-based), or -1.
func (f *Frontmatter) LineLen(line int) int { return f.idx.lineLen(line) }

// stripQuotes is hookify's value.strip('"').strip("'").
func stripQuotes(s string) string {
	return pyval.StripChars(pyval.StripChars(s, `"`), `'`)
}

// scalar converts a quote-stripped top-level value as hookify does: only
// "true" and "false", in any ASCII case, become booleans. (Python's
// str.lower() maps no non-ASCII character to an ASCII letter of these words.)
func scalar(v string) pyval.Value {
	switch {
	case asciiLowerIs(v, "true"):
		return pyval.Bool(true)
	case asciiLowerIs(v, "false"):
		return pyval.Bool(false)
	}
	return pyval.Str(v)
}

func asciiLowerIs(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// leadLen is the number of bytes of Python whitespace at the start of s.
func leadLen(s string) int { return len(s) - len(pyval.LStrip(s)) }

// ParseFrontmatter runs hookify's extract_frontmatter on text, the whole file
// content after UTF-8 decoding and universal-newline translation (see
// Translate). Lines and columns in the result refer to that text; columns
// count bytes.
func ParseFrontmatter(text string) *Frontmatter {
	f := &Frontmatter{
		Values:    pyval.NewDict(),
		Effective: map[string]int{},
		Items:     map[string][]Item{},
		idx:       newLineIndex(text),
	}
	// content.split('---', 2): the opening "---" must start the text, and the
	// next "---" anywhere, even mid-line, closes the frontmatter.
	if !strings.HasPrefix(text, "---") {
		return f
	}
	end := strings.Index(text[3:], "---")
	if end < 0 {
		return f
	}
	end += 3
	f.Closed = true
	f.Open = f.idx.pos(0)
	f.Close = f.idx.pos(end)
	body := text[end+3:]
	f.Message = pyval.Strip(body)
	if f.Message != "" {
		f.Body = f.idx.pos(end + 3 + leadLen(body))
	}
	p := parser{f: f, dict: pyval.NewDict()}
	off := 3
	for _, line := range strings.Split(text[3:end], "\n") {
		p.line(line, off)
		off += len(line) + 1
	}
	p.finish()
	return f
}

// parser holds extract_frontmatter's state. The fields mirror hookify's
// variables (current_key, current_list, current_dict, in_list,
// in_dict_item); items, dictItem and keyLine carry the positions alongside.
type parser struct {
	f          *Frontmatter
	key        string // current_key ("" is falsy, like None)
	keyLine    int    // index in f.Keys of the line that set key
	list       []pyval.Value
	items      []Item
	dict       *pyval.Dict
	dictItem   Item
	inList     bool
	inDictItem bool
}

func (p *parser) pos(off int) ir.Pos { return p.f.idx.pos(off) }

func (p *parser) appendDict() {
	p.list = append(p.list, p.dict)
	p.items = append(p.items, p.dictItem)
	p.dict = pyval.NewDict()
	p.dictItem = Item{}
}

// storeList is fm[current_key] = current_list.
func (p *parser) storeList() {
	p.f.Values.Set(p.key, &pyval.List{Items: p.list})
	p.f.Effective[p.key] = p.keyLine
	p.f.Items[p.key] = p.items
}

func (p *parser) line(line string, off int) {
	stripped := pyval.Strip(line)
	if stripped == "" || strings.HasPrefix(stripped, "#") {
		return
	}
	indent := pyval.LeadingSpace(line) // code points, a tab counts one
	sOff := off + leadLen(line)        // byte offset of stripped
	switch {
	case indent == 0 && strings.Contains(line, ":") && !strings.HasPrefix(stripped, "-"):
		p.topLevel(line, off)
	case strings.HasPrefix(stripped, "-") && p.inList:
		p.listItem(stripped, sOff)
	case indent > 2 && p.inDictItem && strings.Contains(line, ":"):
		c := strings.IndexByte(stripped, ':')
		k := pyval.Strip(stripped[:c])
		p.dict.Set(k, pyval.Str(stripQuotes(pyval.Strip(stripped[c+1:]))))
		p.setKeyPos(&p.dictItem, k, sOff+leadLen(stripped[:c]))
	}
	// Anything else is silently ignored.
}

// topLevel is branch A: a "key: value" line at indent 0.
func (p *parser) topLevel(line string, off int) {
	if p.inList && p.key != "" {
		if p.inDictItem && p.dict.Len() > 0 {
			p.appendDict()
		}
		p.storeList()
		p.inList = false
		p.inDictItem = false
		p.list = nil
		p.items = nil
	}
	c := strings.IndexByte(line, ':')
	key := pyval.Strip(line[:c])
	rest := line[c+1:]
	value := pyval.Strip(rest)
	vStart := off + c + 1 + leadLen(rest)
	if value == "" {
		vStart = off + c + 1
	}
	kl := KeyLine{
		Key:      key,
		Pos:      p.pos(off),
		Colon:    p.pos(off + c),
		Value:    p.pos(vStart),
		ValueEnd: p.pos(vStart + len(value)),
		Raw:      value,
		List:     value == "",
	}
	p.f.Keys = append(p.f.Keys, kl)
	if value == "" {
		p.key = key
		p.keyLine = len(p.f.Keys) - 1
		p.inList = true
		p.list = []pyval.Value{}
		p.items = nil
		return
	}
	p.f.Values.Set(key, scalar(stripQuotes(value)))
	p.f.Effective[key] = len(p.f.Keys) - 1
	delete(p.f.Items, key)
}

// listItem is branch B: a line starting with "-" while a list is open.
func (p *parser) listItem(stripped string, sOff int) {
	if p.inDictItem && p.dict.Len() > 0 {
		p.appendDict()
	}
	after := stripped[1:]
	text := pyval.Strip(after)
	tOff := sOff + 1 + leadLen(after)
	item := Item{Pos: p.pos(sOff)}
	hasColon := strings.Contains(text, ":")
	switch {
	case hasColon && strings.Contains(text, ","):
		// Inline dict: split on every comma; parts without ":" are dropped.
		d := pyval.NewDict()
		item.Inline = true
		partOff := tOff
		for _, part := range strings.Split(text, ",") {
			if c := strings.IndexByte(part, ':'); c >= 0 {
				k := pyval.Strip(part[:c])
				d.Set(k, pyval.Str(stripQuotes(pyval.Strip(part[c+1:]))))
				p.setKeyPos(&item, k, partOff+leadLen(part[:c]))
			}
			partOff += len(part) + 1
		}
		p.list = append(p.list, d)
		p.items = append(p.items, item)
		p.inDictItem = false
	case hasColon:
		c := strings.IndexByte(text, ':')
		k := pyval.Strip(text[:c])
		p.dict = pyval.NewDict()
		p.dict.Set(k, pyval.Str(stripQuotes(pyval.Strip(text[c+1:]))))
		p.dictItem = item
		p.setKeyPos(&p.dictItem, k, tOff)
		p.inDictItem = true
	default:
		p.list = append(p.list, pyval.Str(stripQuotes(text)))
		p.items = append(p.items, item)
		p.inDictItem = false
	}
}

func (p *parser) setKeyPos(it *Item, key string, off int) {
	if it.KeyPos == nil {
		it.KeyPos = map[string]ir.Pos{}
	}
	it.KeyPos[key] = p.pos(off)
}

func (p *parser) finish() {
	if p.inList && p.key != "" {
		if p.inDictItem && p.dict.Len() > 0 {
			p.appendDict()
		}
		p.storeList()
	}
}
