// Package bincode is the one varint codec of hookifyc's binary files (the
// IR's rule encoding and the hook's rule and pattern caches): unsigned and
// zig-zag varints, booleans and length-prefixed byte strings, appended to a
// buffer and read back by a Decoder that stops at the first error.
package bincode

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"
)

// AppendUint appends v as an unsigned varint.
func AppendUint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

// AppendInt appends v as a zig-zag varint.
func AppendInt(b []byte, v int64) []byte { return binary.AppendVarint(b, v) }

// AppendBool appends v as one byte, 0 or 1.
func AppendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// AppendString appends s with its length as an unsigned varint.
func AppendString(b []byte, s string) []byte {
	return append(AppendUint(b, uint64(len(s))), s...)
}

// ErrCorrupt is wrapped by every Decoder error.
var ErrCorrupt = errors.New("corrupt binary data")

// Decoder reads what the Append functions write. After the first error
// every read returns a zero value and Err keeps the error; a corrupt length
// never makes it allocate more than its input.
type Decoder struct {
	B   []byte
	Err error
	// Base, when set, is wrapped by errors instead of ErrCorrupt.
	Base error
}

// Fail records an error (the first one is kept) and drops the input.
func (d *Decoder) Fail(format string, args ...any) {
	if d.Err == nil {
		base := d.Base
		if base == nil {
			base = ErrCorrupt
		}
		d.Err = fmt.Errorf("%w: "+format, append([]any{base}, args...)...)
	}
	d.B = nil
}

// Uint reads an unsigned varint.
func (d *Decoder) Uint() uint64 {
	if d.Err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.B)
	if n <= 0 {
		d.Fail("truncated or overlong integer")
		return 0
	}
	d.B = d.B[n:]
	return v
}

// Int reads a zig-zag varint.
func (d *Decoder) Int() int64 {
	if d.Err != nil {
		return 0
	}
	v, n := binary.Varint(d.B)
	if n <= 0 {
		d.Fail("truncated or overlong integer")
		return 0
	}
	d.B = d.B[n:]
	return v
}

// Bool reads one byte that must be 0 or 1.
func (d *Decoder) Bool() bool {
	if d.Err != nil {
		return false
	}
	if len(d.B) == 0 || d.B[0] > 1 {
		d.Fail("bad boolean")
		return false
	}
	v := d.B[0] == 1
	d.B = d.B[1:]
	return v
}

// Count reads a length whose items take at least min bytes each, failing
// when the rest of the input cannot hold that many.
func (d *Decoder) Count(min int) int {
	v := d.Uint()
	if d.Err == nil && v > uint64(len(d.B)/min) {
		d.Fail("count %d exceeds the input", v)
		return 0
	}
	return int(v)
}

// Bytes reads a length-prefixed byte string, sharing the input buffer.
func (d *Decoder) Bytes() []byte {
	n := d.Uint()
	if d.Err != nil {
		return nil
	}
	if n > uint64(len(d.B)) {
		d.Fail("string of %d bytes exceeds the input", n)
		return nil
	}
	b := d.B[:n:n]
	d.B = d.B[n:]
	return b
}

// String reads a length-prefixed string, copied out of the input.
func (d *Decoder) String() string { return string(d.Bytes()) }

// StringShared reads a length-prefixed string that shares the input's
// memory: the input must never change afterwards.
func (d *Decoder) StringShared() string {
	b := d.Bytes()
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
