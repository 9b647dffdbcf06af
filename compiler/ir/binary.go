package ir

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sort"
	"unsafe"
)

// BinaryVersion identifies the layout written by AppendBinary. Change it
// whenever the layout or the Rule type changes: a reader refuses any other
// version, so no stored rule is ever decoded with a different meaning.
const BinaryVersion = 1

// ErrBinary is wrapped by every DecodeBinary error.
var ErrBinary = errors.New("ir: bad binary rule")

// AppendBinary appends a compact binary encoding of r to b and returns the
// extended buffer. DecodeBinary gives back a Rule equal to r in every field,
// nil and empty slices and maps kept apart, so a rule can be stored (the hook's
// rule cache) and read back without parsing its source again. The encoding is
// deterministic: map keys are written in sorted order.
func AppendBinary(b []byte, r *Rule) []byte {
	e := encoder{b: b}
	e.uint(BinaryVersion)
	e.str(string(r.Origin))
	e.str(r.Source.File)
	e.pos(r.Source.Pos)
	e.str(r.Name)
	e.bool(r.Enabled)
	e.str(r.Event)
	e.str(r.ActionText)
	e.str(string(r.Action))

	m := r.ToolMatcher
	e.bool(m.Set)
	e.bool(m.Any)
	e.strs(m.Names)
	e.str(m.TypeError)

	e.bool(r.Conditions != nil)
	e.uint(uint64(len(r.Conditions)))
	for _, c := range r.Conditions {
		e.str(c.Field)
		e.str(c.Operator)
		e.str(c.Pattern)
		e.str(c.PatternTypeError)
		e.bool(c.Legacy)
		e.pos(c.Pos)
	}

	e.str(r.Message)

	e.bool(r.KeyPos != nil)
	keys := make([]string, 0, len(r.KeyPos))
	for k := range r.KeyPos {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	e.uint(uint64(len(keys)))
	for _, k := range keys {
		e.str(k)
		e.pos(r.KeyPos[k])
	}

	e.bool(r.Permission != nil)
	if p := r.Permission; p != nil {
		e.str(p.Pattern)
		e.str(p.Tool)
		e.str(p.Specifier)
		e.str(p.BaseDir)
		e.str(p.Actor)
	}
	return e.b
}

// DecodeBinary decodes one rule written by AppendBinary at the start of b
// and returns it with the bytes that follow it. Malformed input (truncated,
// another version, impossible lengths) is an error wrapping ErrBinary, never
// a panic.
//
// The rule's strings share b's memory (decoding a hundred rules is then a
// few hundred allocations instead of thousands): b must never be modified
// after the call.
func DecodeBinary(b []byte) (*Rule, []byte, error) {
	d := decoder{b: b}
	if v := d.uint(); d.err == nil && v != BinaryVersion {
		return nil, b, fmt.Errorf("%w: version %d, want %d", ErrBinary, v, BinaryVersion)
	}
	r := &Rule{}
	r.Origin = Origin(d.str())
	r.Source.File = d.str()
	r.Source.Pos = d.pos()
	r.Name = d.str()
	r.Enabled = d.bool()
	r.Event = d.str()
	r.ActionText = d.str()
	r.Action = Action(d.str())

	r.ToolMatcher.Set = d.bool()
	r.ToolMatcher.Any = d.bool()
	r.ToolMatcher.Names = d.strs()
	r.ToolMatcher.TypeError = d.str()

	hasConds := d.bool()
	n := d.count(6) // a condition takes at least six bytes
	if hasConds {
		r.Conditions = make([]Condition, n)
	} else if n != 0 {
		d.fail("conditions: nil with %d items", n)
	}
	for i := 0; i < len(r.Conditions) && d.err == nil; i++ {
		c := &r.Conditions[i]
		c.Field = d.str()
		c.Operator = d.str()
		c.Pattern = d.str()
		c.PatternTypeError = d.str()
		c.Legacy = d.bool()
		c.Pos = d.pos()
	}

	r.Message = d.str()

	hasKeys := d.bool()
	n = d.count(3)
	if hasKeys {
		r.KeyPos = make(map[string]Pos, n)
	} else if n != 0 {
		d.fail("key positions: nil with %d items", n)
	}
	prev := ""
	for i := 0; i < n && r.KeyPos != nil && d.err == nil; i++ {
		k := d.str()
		if i > 0 && k <= prev {
			d.fail("key positions: keys out of order")
		}
		prev = k
		r.KeyPos[k] = d.pos()
	}

	if d.bool() {
		r.Permission = &Permission{Pattern: d.str(), Tool: d.str(), Specifier: d.str(), BaseDir: d.str(), Actor: d.str()}
	}
	if d.err != nil {
		return nil, b, d.err
	}
	return r, d.b, nil
}

type encoder struct{ b []byte }

func (e *encoder) uint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }

func (e *encoder) int(v int) { e.b = binary.AppendVarint(e.b, int64(v)) }

func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

func (e *encoder) str(s string) {
	e.uint(uint64(len(s)))
	e.b = append(e.b, s...)
}

func (e *encoder) strs(ss []string) {
	e.bool(ss != nil)
	e.uint(uint64(len(ss)))
	for _, s := range ss {
		e.str(s)
	}
}

func (e *encoder) pos(p Pos) {
	e.int(p.Line)
	e.int(p.Col)
}

// decoder reads what encoder writes; after the first error every read
// returns a zero value and the error is kept.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: "+format, append([]any{ErrBinary}, args...)...)
	}
}

func (d *decoder) uint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("truncated or overlong integer")
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) int() int {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b)
	if n <= 0 || v != int64(int(v)) {
		d.fail("truncated or overlong integer")
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

func (d *decoder) bool() bool {
	if d.err != nil {
		return false
	}
	if len(d.b) == 0 || d.b[0] > 1 {
		d.fail("bad boolean")
		return false
	}
	v := d.b[0] == 1
	d.b = d.b[1:]
	return v
}

// count reads a length whose items take at least min bytes each, so that a
// corrupt length cannot make the decoder allocate more than the input.
func (d *decoder) count(min int) int {
	v := d.uint()
	if d.err == nil && v > uint64(len(d.b)/min) {
		d.fail("count %d exceeds the input", v)
		return 0
	}
	return int(v)
}

func (d *decoder) str() string {
	n := d.uint()
	if d.err != nil {
		return ""
	}
	if n > uint64(len(d.b)) {
		d.fail("string of %d bytes exceeds the input", n)
		return ""
	}
	if n == 0 {
		return ""
	}
	s := unsafe.String(&d.b[0], int(n))
	d.b = d.b[n:]
	return s
}

func (d *decoder) strs() []string {
	isSet := d.bool()
	n := d.count(1)
	if !isSet {
		if n != 0 {
			d.fail("strings: nil with %d items", n)
		}
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = d.str()
	}
	return ss
}

func (d *decoder) pos() Pos {
	return Pos{Line: d.int(), Col: d.int()}
}
