// Package pyval models the Python values that hookify works with: the objects
// json.load builds from a hook's stdin, and the strings, booleans, lists and
// dicts that hookify's frontmatter parser builds from a rule file. It gives
// them Python's semantics where hookify's observable behaviour depends on
// them: str() and repr(), truthiness, type names in error texts, json.load
// (with CPython 3.11's exact error messages) and json.dumps with its default
// byte format. It is no Python interpreter: nothing beyond what hookify's
// output depends on is modelled.
//
// Strings are Go strings holding WTF-8: valid UTF-8, except that a lone
// surrogate code point (which Python strings may hold, e.g. from the JSON
// escape "\ud800") is stored as its 3-byte generalised UTF-8 encoding.
// Use [Runes] to get Python's code points.
//
// Entry points: [ToStr] and [Repr] (str() and repr()), [Truthy],
// [FloatRepr], [LoadJSON] (json.loads), [Dumps] (json.dumps), [DecodeUTF8]
// (bytes.decode with Python's UnicodeDecodeError text), [Runes] and
// [RuneCount]. The parity target is CPython 3.11; the tests hold its
// answers (testdata/gen_golden.py regenerates them).
package pyval

import "hash/maphash"

// Value is a Python value: None, Bool, Int, Float, Str, *List or *Dict.
type Value interface {
	// TypeName is Python's type(v).__name__: "NoneType", "bool", "int",
	// "float", "str", "list", "dict".
	TypeName() string
}

// None is Python's None (JSON null).
type None struct{}

// Bool is a Python bool.
type Bool bool

// Int is a Python int, held as its canonical decimal text ("-12", "0",
// arbitrarily many digits) so big JSON integers stay exact.
type Int string

// Float is a Python float (IEEE double), including inf, -inf and nan.
type Float float64

// Str is a Python str, in WTF-8 (see the package comment).
type Str string

// List is a Python list.
type List struct {
	Items []Value
}

// Dict is a Python dict with string keys, in insertion order. Setting an
// existing key keeps its position and replaces its value, as Python does.
//
// A dict that LoadJSON decodes from a large document may hold large nested
// arrays and objects undecoded (see lazyValue): Get and At decode them on
// first use, which no caller can tell apart from an eager decode.
type Dict struct {
	ents  []dictEntry
	index *dictIndex // built once the dict grows past dictIndexThreshold keys
}

type dictEntry struct {
	key string
	val Value // may be a *lazyValue: read it through resolve
}

func (None) TypeName() string  { return "NoneType" }
func (Bool) TypeName() string  { return "bool" }
func (Int) TypeName() string   { return "int" }
func (Float) TypeName() string { return "float" }
func (Str) TypeName() string   { return "str" }
func (*List) TypeName() string { return "list" }
func (*Dict) TypeName() string { return "dict" }

// NewDict returns an empty dict.
func NewDict() *Dict { return &Dict{} }

// Len is the number of keys.
func (d *Dict) Len() int { return len(d.ents) }

// Keys returns the keys in insertion order, in a new slice.
func (d *Dict) Keys() []string {
	keys := make([]string, len(d.ents))
	for i := range d.ents {
		keys[i] = d.ents[i].key
	}
	return keys
}

// At returns the i-th key and value in insertion order.
func (d *Dict) At(i int) (string, Value) {
	e := &d.ents[i]
	return e.key, resolve(e.val)
}

// StrAt returns the i-th value in insertion order if it is a str. Unlike
// At it never decodes a large array or object that LoadJSON left undecoded,
// so looking for the strings of a dict costs nothing for its other values.
func (d *Dict) StrAt(i int) (Str, bool) {
	s, ok := d.ents[i].val.(Str)
	return s, ok
}

// Get returns the value for key and whether it is present (Python `key in d`).
func (d *Dict) Get(key string) (Value, bool) {
	if i := d.find(key); i >= 0 {
		return resolve(d.ents[i].val), true
	}
	return nil, false
}

// Set sets key to v: a new key goes last, an existing key keeps its place.
func (d *Dict) Set(key string, v Value) {
	if i := d.find(key); i >= 0 {
		d.ents[i].val = v
		return
	}
	d.ents = append(d.ents, dictEntry{key, v})
	if d.index != nil {
		d.index.insert(d.ents, len(d.ents)-1)
	} else if len(d.ents) > dictIndexThreshold {
		d.index = newDictIndex(d.ents)
	}
}

// dictIndexThreshold is the most keys a dict finds by a linear scan.
const dictIndexThreshold = 8

func (d *Dict) find(key string) int {
	if d.index != nil {
		return d.index.find(d.ents, key)
	}
	for i := range d.ents {
		if d.ents[i].key == key {
			return i
		}
	}
	return -1
}

// dictIndex finds the keys of a larger dict: an open-addressing hash table
// (linear probing, at most half full) of 1 + the entry's position, 0 for a
// free slot. It costs 8 to 16 bytes a key where a map[string]int costs
// about 50. The hash is seeded per process, so no payload can choose keys
// that collide.
type dictIndex struct {
	slots []int32
}

var dictIndexSeed = maphash.MakeSeed()

func newDictIndex(ents []dictEntry) *dictIndex {
	n := 16
	for n < 2*len(ents)+2 {
		n *= 2
	}
	x := &dictIndex{slots: make([]int32, n)}
	for i := range ents {
		x.place(ents, i)
	}
	return x
}

func (x *dictIndex) find(ents []dictEntry, key string) int {
	mask := uint64(len(x.slots) - 1)
	for p := maphash.String(dictIndexSeed, key) & mask; ; p = (p + 1) & mask {
		e := x.slots[p]
		if e == 0 {
			return -1
		}
		if ents[e-1].key == key {
			return int(e - 1)
		}
	}
}

// insert adds the new entry ents[i], growing the table to keep it at most
// half full.
func (x *dictIndex) insert(ents []dictEntry, i int) {
	if 2*(i+1) > len(x.slots) {
		*x = *newDictIndex(ents[:i+1])
		return
	}
	x.place(ents, i)
}

func (x *dictIndex) place(ents []dictEntry, i int) {
	mask := uint64(len(x.slots) - 1)
	p := maphash.String(dictIndexSeed, ents[i].key) & mask
	for x.slots[p] != 0 {
		p = (p + 1) & mask
	}
	x.slots[p] = int32(i + 1)
}
