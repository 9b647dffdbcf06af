package pyval

import (
	"cmp"
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// Nesting limits of json.loads. CPython 3.11 counts nested JSON arrays and
// objects against the interpreter's recursion limit (1000), together with
// the Python frames already on the stack, so the deepest document it accepts
// depends on where json.load is called from.
const (
	// JSONMaxDepth is the deepest nesting that
	// `python3 -c 'import json,sys; json.load(sys.stdin)'` accepts: 994
	// nested arrays/objects decode, the 995th raises RecursionError.
	JSONMaxDepth = 994
	// JSONMaxDepthHookScript is the limit in hookify's hook scripts, which
	// call json.load(sys.stdin) from main(), one Python frame deeper.
	JSONMaxDepthHookScript = JSONMaxDepth - 1
)

// LoadJSON is CPython 3.11's json.loads(s) with default arguments (the C
// scanner) and the nesting limit JSONMaxDepth.
//
// The result holds None, Bool, Int (exact decimal text), Float, Str, *List
// and *Dict. Strings are returned as WTF-8: escaped lone surrogates are kept
// (a \uD8xx\uDCxx pair is joined). s itself should be WTF-8; a byte that is
// not part of a WTF-8 sequence is read as the code point U+DC00+byte, as if s
// had been decoded with Python's "surrogateescape" error handler.
//
// Errors are Python's: a *JSONDecodeError for malformed input, an
// *IntDigitsError for an integer with more than IntMaxStrDigits digits and
// a *RecursionError for nesting deeper than the limit; their Error() texts
// are Python's str(e).
//
// A large document is checked whole before LoadJSON returns, but its large
// arrays and objects may be decoded only when a Dict method first returns
// them (see "Large documents" below); no caller can tell the difference,
// except in the memory a payload costs.
func LoadJSON(s string) (Value, error) { return LoadJSONDepth(s, JSONMaxDepth) }

// LoadJSONDepth is LoadJSON with a different nesting limit: up to maxDepth
// nested arrays/objects decode, one more raises the RecursionError.
func LoadJSONDepth(s string, maxDepth int) (Value, error) {
	s = normalizeWTF8(s)
	if strings.HasPrefix(s, "\uFEFF") {
		return nil, newJSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
	}
	if len(s) < lazyMin || uint64(len(s)) > math.MaxUint32 {
		d := decoder{s: s, maxDepth: maxDepth, build: true}
		d.getStacks()
		defer d.putStacks()
		return d.document()
	}
	// A large document: check it whole first (every error is found in
	// the same order as in one pass, and nothing is allocated), then
	// decode it knowing where its large arrays and objects end.
	check := decoder{s: s, maxDepth: maxDepth}
	if _, err := check.document(); err != nil {
		return nil, err
	}
	slices.SortFunc(check.spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
	doc := &document{s: s, maxDepth: maxDepth, spans: check.spans}
	d := doc.decoder(0, len(s))
	defer d.putStacks()
	return d.document() // no error: the first pass found none
}

// Large documents. A hook's stdin is chosen by the agent the hook guards,
// up to its size limit (64 MiB by default), and a Go value per JSON value
// costs many times the JSON text: 16 bytes for the interface in its list or
// dict, 16 for a boxed string or integer, 32 for a dict and 32 for each of
// its entries. A document of at least lazyMin bytes is therefore decoded
// in two passes. The first checks it whole, as the one pass of a small
// document does (the same errors, at the same positions, in the same
// order), and notes the arrays and objects that are large or have many
// items (span). The second builds the values, with the large arrays and
// objects that are values of a dict, within lazyDepth levels of the top,
// left undecoded (lazyValue) until Get or At first returns them. A payload
// whose bulk the rules never read then costs little more than its text,
// however many values it holds. Decoded values are compact: strings and
// keys without escapes share the document's bytes; slices have their exact
// length, sized from the first pass or gathered on a stack; dicts, lists
// and slices of small containers come from slabs; short strings and
// numbers that repeat share one boxed value; large dicts find keys through
// a dictIndex. Behaviour is that of the one pass: the same values, the same
// Python semantics, the same identities (a lazy value is decoded once).
var (
	// lazyMin is the size of the smallest document decoded in two
	// passes, and of the smallest array or object left undecoded.
	lazyMin = 1024
	// lazyDepth is the deepest nesting (the top value is at 1) of an
	// array or object left undecoded.
	lazyDepth = 8
	// presizeMin is the fewest items of an array or object whose count
	// the first pass notes; smaller ones are gathered on a stack.
	presizeMin = 256
	// internMinSpan is the least text a decoder must have ahead of it to
	// keep a cache of boxed values.
	internMinSpan = 64 << 10
)

// internMaxLen is the longest JSON text of a string or number whose boxed
// value is shared with its repeats.
const internMaxLen = 32

// span is an array or object that the first pass noted: the offsets of
// its bracket and just past its closing bracket, and its number of items.
type span struct {
	start, end, n uint32
}

// document is a checked large document and what its first pass noted.
type document struct {
	s        string
	maxDepth int
	spans    []span // by start
}

// find returns the span starting at offset start, or nil.
func (doc *document) find(start int) *span {
	k, ok := slices.BinarySearchFunc(doc.spans, uint32(start), func(sp span, t uint32) int { return cmp.Compare(sp.start, t) })
	if !ok {
		return nil
	}
	return &doc.spans[k]
}

// decoder returns a decoder that builds values from the checked document,
// for text of about n bytes.
func (doc *document) decoder(depth, n int) *decoder {
	d := &decoder{s: doc.s, maxDepth: doc.maxDepth, depth: depth, build: true, doc: doc}
	if n >= internMinSpan {
		d.intern = new(internCache)
	}
	d.getStacks()
	return d
}

// lazyValue is an array or object of a checked document that is the value
// of a dict entry and is not decoded yet; see resolve. It never leaves the
// package: Dict's methods return what it decodes to.
type lazyValue struct {
	doc   *document
	start int // offset of its bracket
	depth int // its nesting depth
	once  sync.Once
	v     Value
}

func (lv *lazyValue) TypeName() string { return lv.get().TypeName() }

// get decodes the value on first use (once, so concurrent readers of a dict
// see one value, as with an eager decode).
func (lv *lazyValue) get() Value {
	lv.once.Do(func() {
		sp := lv.doc.find(lv.start)
		d := lv.doc.decoder(lv.depth-1, int(sp.end-sp.start))
		v, _, err := d.value(lv.start)
		d.putStacks()
		if err != nil {
			panic("pyval: decoding a checked JSON document: " + err.Error())
		}
		lv.v, lv.doc = v, nil
	})
	return lv.v
}

// resolve returns v, decoded if it is a lazyValue.
func resolve(v Value) Value {
	if lv, ok := v.(*lazyValue); ok {
		return lv.get()
	}
	return v
}

// internCache shares the boxed values of short strings and numbers that
// repeat: a direct-mapped cache from JSON text to value. (Boxing a string
// or integer into a Value allocates 16 bytes.) Seeded hashing keeps a
// payload from choosing collisions, which would only cost misses anyway.
type internCache struct {
	ents [1024]internSlot
}

type internSlot struct {
	raw string // the JSON text, "" for a free slot
	v   Value
}

var internSeed = maphash.MakeSeed()

// slot returns the cache entry for the JSON text raw.
func (c *internCache) slot(raw string) *internSlot {
	return &c.ents[maphash.String(internSeed, raw)&(uint64(len(c.ents))-1)]
}

// decoder holds the state of one decoding pass.
type decoder struct {
	s        string // well-formed WTF-8
	maxDepth int
	depth    int // arrays and objects currently open

	// build is false in the first pass of a large document, which only
	// checks it and notes spans.
	build bool
	spans []span

	// doc is the checked document of a second pass (nil for a small
	// document's single pass).
	doc    *document
	intern *internCache
	items  []Value     // items of the open arrays, when not presized
	pairs  []dictEntry // entries of the open objects, when not presized
	stacks *stacks     // where items and pairs came from
	// slabs
	dicts []Dict
	lists []List
	vals  []Value
	ents  []dictEntry
}

// stacks are the items and entries stacks of a decoder, kept for the next
// one: most documents are small, and then gathering costs no allocation.
type stacks struct {
	items []Value
	pairs []dictEntry
}

var stackPool = sync.Pool{New: func() any { return new(stacks) }}

// stackKeepMax is the largest stack kept for the next decoder.
const stackKeepMax = 1024

func (d *decoder) getStacks() {
	d.stacks = stackPool.Get().(*stacks)
	d.items, d.pairs = d.stacks.items[:0], d.stacks.pairs[:0]
}

// putStacks returns the decoder's stacks, cleared, to the pool.
func (d *decoder) putStacks() {
	clear(d.items)
	clear(d.pairs)
	st := d.stacks
	d.stacks = nil
	if st == nil || cap(d.items) > stackKeepMax || cap(d.pairs) > stackKeepMax {
		return
	}
	st.items, st.pairs = d.items[:0], d.pairs[:0]
	stackPool.Put(st)
}

// document decodes the whole text: one value between optional whitespace.
func (d *decoder) document() (Value, error) {
	v, i, err := d.value(skipJSONSpace(d.s, 0))
	if err != nil {
		return nil, err
	}
	if i = skipJSONSpace(d.s, i); i != len(d.s) {
		return nil, d.errorAt("Extra data", i)
	}
	return v, nil
}

// carve returns n zero elements of *slab with capacity n (so an append
// never writes into a neighbour), starting a new slab of chunk elements
// when it runs out; a larger n gets its own array.
func carve[T any](slab *[]T, n, chunk int) []T {
	if n > chunk/4 {
		return make([]T, n)
	}
	if len(*slab) < n {
		*slab = make([]T, chunk)
	}
	s := (*slab)[:n:n]
	*slab = (*slab)[n:]
	return s
}

func (d *decoder) newDict() *Dict {
	if d.doc == nil {
		return &Dict{}
	}
	return &carve(&d.dicts, 1, 64)[0]
}

func (d *decoder) newList() *List {
	if d.doc == nil {
		return &List{}
	}
	return &carve(&d.lists, 1, 64)[0]
}

func (d *decoder) errorAt(msg string, off int) error {
	return newJSONDecodeError(msg, d.s, off)
}

func skipJSONSpace(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// value decodes the JSON value at byte offset i and returns it with the
// offset just past it. The first pass returns a nil Value.
func (d *decoder) value(i int) (Value, int, error) {
	s := d.s
	if i >= len(s) {
		return nil, i, d.errorAt("Expecting value", i)
	}
	switch s[i] {
	case '"':
		if d.doc != nil {
			return d.strValue(i)
		}
		str, next, err := d.str(i + 1)
		if err != nil || !d.build {
			return nil, next, err
		}
		return Str(str), next, nil
	case '{':
		return d.object(i)
	case '[':
		return d.array(i)
	case 'n', 't', 'f', 'N', 'I', '-':
		for _, lit := range jsonLiterals {
			if strings.HasPrefix(s[i:], lit.text) {
				if !d.build {
					return nil, i + len(lit.text), nil
				}
				return lit.v, i + len(lit.text), nil
			}
		}
	}
	return d.number(i)
}

// jsonLiterals are the values json.loads reads from a name; their boxed
// values are shared.
var jsonLiterals = []struct {
	text string
	v    Value
}{
	{"null", None{}},
	{"true", Bool(true)},
	{"false", Bool(false)},
	{"NaN", Float(math.NaN())},
	{"Infinity", Float(math.Inf(1))},
	{"-Infinity", Float(math.Inf(-1))},
}

func (d *decoder) enter(what byte) error {
	if d.depth >= d.maxDepth {
		if what == '[' {
			return &RecursionError{Msg: recursionArrayMsg}
		}
		return &RecursionError{Msg: recursionObjectMsg}
	}
	d.depth++
	return nil
}

// note records, in the first pass, the array or object that spans
// s[start:end] and has n items, if the second pass needs it.
func (d *decoder) note(start, end, n int) {
	if n >= presizeMin || end-start >= lazyMin && d.depth <= lazyDepth {
		d.spans = append(d.spans, span{uint32(start), uint32(end), uint32(n)})
	}
}

// presized returns the number of items the first pass found in the array
// or object at s[i], or -1.
func (d *decoder) presized(i int) int {
	if d.doc == nil {
		return -1
	}
	if sp := d.doc.find(i); sp != nil {
		return int(sp.n)
	}
	return -1
}

// array decodes the array whose '[' is at s[i].
func (d *decoder) array(i int) (Value, int, error) {
	if err := d.enter('['); err != nil {
		return nil, i, err
	}
	v, next, err := d.arrayItems(i)
	d.depth--
	return v, next, err
}

func (d *decoder) arrayItems(start int) (Value, int, error) {
	s := d.s
	i := skipJSONSpace(s, start+1)
	var list *List
	if d.build {
		list = d.newList()
	}
	if i < len(s) && s[i] == ']' {
		if !d.build {
			d.note(start, i+1, 0)
			return nil, i + 1, nil
		}
		return list, i + 1, nil
	}
	// Items go to list.Items when their number is known, else to the
	// d.items stack from base on.
	base := len(d.items)
	if n := d.presized(start); n >= 0 {
		list.Items = make([]Value, 0, n)
	}
	n := 0
	for {
		v, next, err := d.value(i)
		if err != nil {
			return nil, i, err
		}
		n++
		if d.build {
			if list.Items != nil {
				list.Items = append(list.Items, v)
			} else {
				d.items = append(d.items, v)
			}
		}
		i = skipJSONSpace(s, next)
		if i < len(s) && s[i] == ']' {
			break
		}
		if i >= len(s) || s[i] != ',' {
			return nil, i, d.errorAt("Expecting ',' delimiter", i)
		}
		i = skipJSONSpace(s, i+1)
	}
	if !d.build {
		d.note(start, i+1, n)
		return nil, i + 1, nil
	}
	if list.Items == nil {
		gathered := d.items[base:]
		if d.doc != nil {
			list.Items = carve(&d.vals, len(gathered), 256)
		} else {
			list.Items = make([]Value, len(gathered))
		}
		copy(list.Items, gathered)
		clear(gathered)
		d.items = d.items[:base]
	}
	return list, i + 1, nil
}

// object decodes the object whose '{' is at s[i].
func (d *decoder) object(i int) (Value, int, error) {
	if err := d.enter('{'); err != nil {
		return nil, i, err
	}
	v, next, err := d.objectItems(i)
	d.depth--
	return v, next, err
}

func (d *decoder) objectItems(start int) (Value, int, error) {
	s := d.s
	i := skipJSONSpace(s, start+1)
	var dict *Dict
	if d.build {
		dict = d.newDict()
	}
	if i < len(s) && s[i] == '}' {
		if !d.build {
			d.note(start, i+1, 0)
			return nil, i + 1, nil
		}
		return dict, i + 1, nil
	}
	// Entries go straight into dict when their number is known, else to
	// the d.pairs stack from base on (then into dict, which drops
	// repeated keys as Python does: the last value at the first place).
	base := len(d.pairs)
	presized := false
	if n := d.presized(start); n >= 0 {
		dict.ents = make([]dictEntry, 0, n)
		presized = true
	}
	n := 0
	for {
		if i >= len(s) || s[i] != '"' {
			return nil, i, d.errorAt("Expecting property name enclosed in double quotes", i)
		}
		key, next, err := d.key(i)
		if err != nil {
			return nil, i, err
		}
		i = skipJSONSpace(s, next)
		if i >= len(s) || s[i] != ':' {
			return nil, i, d.errorAt("Expecting ':' delimiter", i)
		}
		i = skipJSONSpace(s, i+1)
		var v Value
		if lv := d.lazy(i); lv != nil {
			v, next = lv, int(d.doc.find(i).end)
		} else if v, next, err = d.value(i); err != nil {
			return nil, i, err
		}
		n++
		if d.build {
			if presized {
				dict.Set(key, v)
			} else {
				d.pairs = append(d.pairs, dictEntry{key, v})
			}
		}
		i = skipJSONSpace(s, next)
		if i < len(s) && s[i] == '}' {
			break
		}
		if i >= len(s) || s[i] != ',' {
			return nil, i, d.errorAt("Expecting ',' delimiter", i)
		}
		i = skipJSONSpace(s, i+1)
	}
	if !d.build {
		d.note(start, i+1, n)
		return nil, i + 1, nil
	}
	if !presized {
		gathered := d.pairs[base:]
		if d.doc != nil {
			dict.ents = carve(&d.ents, len(gathered), 128)[:0]
		} else {
			dict.ents = make([]dictEntry, 0, len(gathered))
		}
		for _, e := range gathered {
			dict.Set(e.key, e.val)
		}
		clear(gathered)
		d.pairs = d.pairs[:base]
	}
	return dict, i + 1, nil
}

// lazy returns the array or object at s[i], a dict entry's value, as a
// lazyValue when it is to stay undecoded for now, else nil.
func (d *decoder) lazy(i int) *lazyValue {
	if d.doc == nil || d.depth+1 > lazyDepth || (d.s[i] != '{' && d.s[i] != '[') {
		return nil
	}
	sp := d.doc.find(i)
	if sp == nil || int(sp.end-sp.start) < lazyMin {
		return nil
	}
	return &lazyValue{doc: d.doc, start: i, depth: d.depth + 1}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// number decodes the JSON number at s[i]: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?
// An incomplete fraction or exponent is not part of the number (what
// follows is then "Extra data" or a delimiter error, as in Python).
func (d *decoder) number(i int) (Value, int, error) {
	s := d.s
	start := i
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i++; i < len(s) && isDigit(s[i]); i++ {
		}
	default:
		return nil, start, d.errorAt("Expecting value", start)
	}
	isFloat := false
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		isFloat = true
		for i += 2; i < len(s) && isDigit(s[i]); i++ {
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			isFloat = true
			for j++; j < len(s) && isDigit(s[j]); j++ {
			}
			i = j
		}
	}
	text := s[start:i]
	if !d.build {
		digits := len(text)
		if text[0] == '-' {
			digits--
		}
		if !isFloat && digits > IntMaxStrDigits {
			return nil, start, &IntDigitsError{Digits: digits}
		}
		return nil, i, nil
	}
	var slot *internSlot
	if d.intern != nil && len(text) <= internMaxLen {
		if slot = d.intern.slot(text); slot.raw == text {
			return slot.v, i, nil
		}
	}
	var v Value
	if isFloat {
		// Correctly rounded like Python's float(); overflow gives ±inf
		// (strconv reports it as ErrRange, which float() does not).
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !isRangeError(err) {
			return nil, start, d.errorAt("Expecting value", start)
		}
		v = Float(f)
	} else {
		digits := len(text)
		if text[0] == '-' {
			digits--
			if text == "-0" {
				text = "0"
			}
		}
		if digits > IntMaxStrDigits {
			return nil, start, &IntDigitsError{Digits: digits}
		}
		v = Int(text)
	}
	if slot != nil {
		slot.raw, slot.v = s[start:i], v
	}
	return v, i, nil
}

func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// isStringStop reports whether c ends a run of plain string bytes: the
// closing quote, a backslash or a control character.
func isStringStop(c byte) bool { return c == '"' || c == '\\' || c < 0x20 }

// str decodes the string whose content starts at s[i] (just after the
// opening quote) and returns it with the offset past the closing quote. The
// first pass only checks it and returns "".
func (d *decoder) str(i int) (string, int, error) {
	s := d.s
	begin := i
	for i < len(s) && !isStringStop(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '"' {
		return s[begin:i], i + 1, nil // no escapes: share the input's bytes
	}
	build := d.build
	var buf []byte
	if build {
		size := i - begin + 16
		if d.doc != nil {
			size = i - begin + unescapedLen(s, i)
		}
		buf = make([]byte, 0, size)
		buf = append(buf, s[begin:i]...)
	}
	for {
		if i >= len(s) {
			return "", i, d.errorAt("Unterminated string starting at", begin-1)
		}
		switch c := s[i]; {
		case c == '"':
			return bufString(buf), i + 1, nil
		case c != '\\':
			return "", i, d.errorAt("Invalid control character at", i)
		}
		i++ // past the backslash
		if i >= len(s) {
			return "", i, d.errorAt("Unterminated string starting at", begin-1)
		}
		var c byte
		switch s[i] {
		case '"', '\\', '/':
			c = s[i]
		case 'b':
			c = '\b'
		case 'f':
			c = '\f'
		case 'n':
			c = '\n'
		case 'r':
			c = '\r'
		case 't':
			c = '\t'
		case 'u':
			r, ok := hexEscape(s, i)
			if !ok {
				return "", i, d.errorAt("Invalid \\uXXXX escape", i)
			}
			i += 4
			if r >= 0xD800 && r <= 0xDBFF && i+2 < len(s) && s[i+1] == '\\' && s[i+2] == 'u' {
				if lo, ok := hexEscape(s, i+2); ok && lo >= 0xDC00 && lo <= 0xDFFF {
					r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
					i += 6
				}
			}
			if build {
				buf = AppendRune(buf, r)
			}
		default:
			return "", i, d.errorAt("Invalid \\escape", i-1)
		}
		if build && c != 0 {
			buf = append(buf, c)
		}
		i++
		run := i
		for i < len(s) && !isStringStop(s[i]) {
			i++
		}
		if build {
			buf = append(buf, s[run:i]...)
		}
	}
}

// bufString returns the bytes of buf, which nothing else refers to, as a
// string: in place when they fill at least half of it, else copied.
func bufString(buf []byte) string {
	if len(buf) == 0 || len(buf) < cap(buf)/2 {
		return string(buf)
	}
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// strEnd returns the offset just past the closing quote of the string of a
// checked document whose content starts at or before s[i] (at a byte that
// is not inside an escape), and whether the string has escapes from s[i] on.
func strEnd(s string, i int) (int, bool) {
	q := strings.IndexByte(s[i:], '"')
	if strings.IndexByte(s[i:i+q], '\\') < 0 {
		return i + q + 1, false
	}
	for {
		switch s[i] {
		case '"':
			return i + 1, true
		case '\\':
			i += 2
		default:
			i++
		}
	}
}

// unescapedLen returns the length in bytes of what the rest of a string of
// a checked document decodes to, from s[i] (not inside an escape) to its
// closing quote: str's decoding, counted.
func unescapedLen(s string, i int) int {
	n := 0
	for {
		j := strings.IndexAny(s[i:], "\\\"")
		n += j
		i += j
		if s[i] == '"' {
			return n
		}
		if s[i+1] != 'u' {
			n++
			i += 2
			continue
		}
		r, _ := hexEscape(s, i+1)
		i += 6
		if r >= 0xD800 && r <= 0xDBFF && i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
			if lo, ok := hexEscape(s, i+1); ok && lo >= 0xDC00 && lo <= 0xDFFF {
				n += 4
				i += 6
				continue
			}
		}
		switch {
		case r < 0x80:
			n++
		case r < 0x800:
			n += 2
		default:
			n += 3 // surrogates included (WTF-8)
		}
	}
}

// strValue decodes the string at s[i] (its opening quote) of a checked
// document, sharing the boxed value of a repeated short string.
func (d *decoder) strValue(i int) (Value, int, error) {
	end, escaped := strEnd(d.s, i+1)
	raw := d.s[i:end]
	var slot *internSlot
	if d.intern != nil && len(raw) <= internMaxLen {
		if slot = d.intern.slot(raw); slot.raw == raw {
			return slot.v, end, nil
		}
	}
	var v Value
	if escaped {
		str, _, err := d.str(i + 1)
		if err != nil {
			return nil, i, err
		}
		v = Str(str)
	} else {
		v = Str(d.s[i+1 : end-1])
	}
	if slot != nil {
		slot.raw, slot.v = raw, v
	}
	return v, end, nil
}

// key decodes the object key at s[i] (its opening quote).
func (d *decoder) key(i int) (string, int, error) {
	if d.doc == nil {
		return d.str(i + 1)
	}
	end, escaped := strEnd(d.s, i+1)
	if !escaped {
		return d.s[i+1 : end-1], end, nil
	}
	v, end, err := d.strValue(i)
	if err != nil {
		return "", i, err
	}
	return string(v.(Str)), end, nil
}

// hexEscape reads the 4 hex digits after the 'u' at s[u]. Like CPython it
// also requires at least one more character after them.
func hexEscape(s string, u int) (rune, bool) {
	if u+5 >= len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[u+1 : u+5]) {
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(v)
	}
	return r, true
}
