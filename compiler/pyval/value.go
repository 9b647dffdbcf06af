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
type Dict struct {
	keys  []string
	vals  []Value
	index map[string]int // built lazily once the dict grows past a few keys
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
func (d *Dict) Len() int { return len(d.keys) }

// Keys returns the keys in insertion order. The caller must not modify the slice.
func (d *Dict) Keys() []string { return d.keys }

// At returns the i-th key and value in insertion order.
func (d *Dict) At(i int) (string, Value) { return d.keys[i], d.vals[i] }

const dictIndexThreshold = 8

func (d *Dict) find(key string) int {
	if d.index != nil {
		if i, ok := d.index[key]; ok {
			return i
		}
		return -1
	}
	for i, k := range d.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// Get returns the value for key and whether it is present (Python `key in d`).
func (d *Dict) Get(key string) (Value, bool) {
	if i := d.find(key); i >= 0 {
		return d.vals[i], true
	}
	return nil, false
}

// Set sets key to v: a new key goes last, an existing key keeps its place.
func (d *Dict) Set(key string, v Value) {
	if i := d.find(key); i >= 0 {
		d.vals[i] = v
		return
	}
	d.keys = append(d.keys, key)
	d.vals = append(d.vals, v)
	if d.index != nil {
		d.index[key] = len(d.keys) - 1
	} else if len(d.keys) > dictIndexThreshold {
		d.index = make(map[string]int, len(d.keys)*2)
		for i, k := range d.keys {
			d.index[k] = i
		}
	}
}
