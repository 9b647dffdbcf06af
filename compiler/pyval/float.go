package pyval

import (
	"math"
	"strconv"
)

// FloatRepr is Python's repr(f) (and str(f)): the shortest digit string that
// reads back as f, in positional notation with a ".0" when the decimal
// exponent is in [-4, 16), otherwise as "d.ddde+XX" with at least two
// exponent digits; "inf", "-inf", "nan" and "-0.0" for the special values.
func FloatRepr(f float64) string {
	var buf [32]byte
	return string(AppendFloatRepr(buf[:0], f))
}

// AppendFloatRepr appends FloatRepr(f) to dst.
func AppendFloatRepr(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "nan"...)
	case math.IsInf(f, 1):
		return append(dst, "inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-inf"...)
	case f == 0:
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	// strconv gives the shortest round-trip digits as "-d.ddde±XX".
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	if e[0] == '-' {
		dst = append(dst, '-')
		e = e[1:]
	}
	var digits [24]byte
	nd := 0
	k := 0
	for ; e[k] != 'e'; k++ {
		if e[k] != '.' {
			digits[nd] = e[k]
			nd++
		}
	}
	exp := 0
	for _, c := range e[k+2:] { // skip 'e' and the sign
		exp = exp*10 + int(c-'0')
	}
	if e[k+1] == '-' {
		exp = -exp
	}
	d := digits[:nd]

	if exp < -4 || exp >= 16 {
		dst = append(dst, d[0])
		if nd > 1 {
			dst = append(dst, '.')
			dst = append(dst, d[1:]...)
		}
		dst = append(dst, 'e')
		if exp < 0 {
			dst = append(dst, '-')
			exp = -exp
		} else {
			dst = append(dst, '+')
		}
		if exp < 10 {
			dst = append(dst, '0')
		}
		return strconv.AppendInt(dst, int64(exp), 10)
	}
	point := exp + 1 // digits before the decimal point
	switch {
	case point <= 0:
		dst = append(dst, '0', '.')
		for ; point < 0; point++ {
			dst = append(dst, '0')
		}
		return append(dst, d...)
	case point >= nd:
		dst = append(dst, d...)
		for ; point > nd; point-- {
			dst = append(dst, '0')
		}
		return append(dst, '.', '0')
	default:
		dst = append(dst, d[:point]...)
		dst = append(dst, '.')
		return append(dst, d[point:]...)
	}
}
