package ir

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hookifyc/hookifyc/internal/bincode"
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
	keys := slices.Clone(r.KeyPos)
	slices.SortStableFunc(keys, func(a, b KeyPosition) int { return strings.Compare(a.Key, b.Key) })
	keys = slices.CompactFunc(keys, func(a, b KeyPosition) bool { return a.Key == b.Key })
	e.uint(uint64(len(keys)))
	for _, k := range keys {
		e.str(k.Key)
		e.pos(k.Pos)
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
// after the call. The rule, its first condition and its first key
// positions are one allocation (ruleBlock).
func DecodeBinary(b []byte) (*Rule, []byte, error) {
	d := decoder{bincode.Decoder{B: b, Base: ErrBinary}}
	if v := d.uint(); d.Err == nil && v != BinaryVersion {
		return nil, b, fmt.Errorf("%w: version %d, want %d", ErrBinary, v, BinaryVersion)
	}
	blk := new(ruleBlock)
	r := &blk.rule
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
		if n <= len(blk.conds) {
			r.Conditions = blk.conds[:n:n]
		} else {
			r.Conditions = make([]Condition, n)
		}
	} else if n != 0 {
		d.fail("conditions: nil with %d items", n)
	}
	for i := 0; i < len(r.Conditions) && d.Err == nil; i++ {
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
		if n <= len(blk.keys) {
			r.KeyPos = blk.keys[:0:n]
		} else {
			r.KeyPos = make(KeyPositions, 0, n)
		}
	} else if n != 0 {
		d.fail("key positions: nil with %d items", n)
	}
	prev := ""
	for i := 0; i < n && r.KeyPos != nil && d.Err == nil; i++ {
		k := d.str()
		if i > 0 && k <= prev {
			d.fail("key positions: keys out of order")
		}
		prev = k
		r.KeyPos = append(r.KeyPos, KeyPosition{k, d.pos()})
	}

	if d.bool() {
		r.Permission = &Permission{Pattern: d.str(), Tool: d.str(), Specifier: d.str(), BaseDir: d.str(), Actor: d.str()}
	}
	if d.Err != nil {
		return nil, b, d.Err
	}
	return r, d.B, nil
}

// ruleBlock holds a decoded rule with room for the conditions and key
// positions most rules have (one condition; name, enabled, event, action
// and a pattern or conditions key), so that decoding one takes one
// allocation instead of three, of about the same size (the 512-byte size
// class for 240+88+5×32 bytes, against 240+96+160 for the three). The
// slices are capped at their length: appending to them never writes into
// the block.
type ruleBlock struct {
	rule  Rule
	conds [1]Condition
	keys  [5]KeyPosition
}

// encoder and decoder write and read the rule layout with the shared
// codec (internal/bincode).
type encoder struct{ b []byte }

func (e *encoder) uint(v uint64) { e.b = bincode.AppendUint(e.b, v) }
func (e *encoder) int(v int)     { e.b = bincode.AppendInt(e.b, int64(v)) }
func (e *encoder) bool(v bool)   { e.b = bincode.AppendBool(e.b, v) }
func (e *encoder) str(s string)  { e.b = bincode.AppendString(e.b, s) }

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
// returns a zero value and the error, wrapping ErrBinary, is kept.
type decoder struct{ bincode.Decoder }

func (d *decoder) fail(format string, args ...any) { d.Fail(format, args...) }
func (d *decoder) uint() uint64                    { return d.Uint() }
func (d *decoder) bool() bool                      { return d.Bool() }
func (d *decoder) count(min int) int               { return d.Count(min) }

// str shares the input's memory (see DecodeBinary).
func (d *decoder) str() string { return d.StringShared() }

func (d *decoder) int() int {
	v := d.Int()
	if v != int64(int(v)) {
		d.fail("integer %d out of range", v)
		return 0
	}
	return int(v)
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
