package execpolicy

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Floats as starlark-rust writes them (values/types/float/float.rs):
// str() and %g use writeCompact, %e writeScientific, %f writeDecimal, with
// starlark-rust's quirks kept (6 digits after the point in scientific form;
// str(123456789.0) is "1.234568e+08", str(9.999999999999999e14) "0e+15",
// str(5e-324) "infe-324").

const floatPrecision = 6

func writeNonFinite(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case f > 0:
		return "+inf"
	}
	return "-inf"
}

func isFinite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

func floatDecimal(f float64) string {
	if !isFinite(f) {
		return writeNonFinite(f)
	}
	return strconv.FormatFloat(f, 'f', floatPrecision, 64)
}

// rustDisplay is Rust's `{}` of an f64: the shortest representation that
// reads back, never in exponent form.
func rustDisplay(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func floatScientific(f float64, expChar byte, strip bool) string {
	if !isFinite(f) {
		return writeNonFinite(f)
	}
	abs := math.Abs(f)
	exponent := 0
	normal := 0.0
	if f != 0 {
		exponent = log10Floor(abs)
		normal = abs / pow10(exponent)
	}
	var b strings.Builder
	if math.Signbit(f) {
		b.WriteByte('-')
	}
	b.WriteString(rustDisplay(math.Trunc(normal)))
	_, frac := math.Modf(normal)
	if math.IsInf(normal, 0) {
		frac = math.NaN()
	}
	tail := saturatingU64(math.Round(frac * 1e6))
	var rev []byte
	removing := strip
	for i := 0; i < floatPrecision; i++ {
		d := tail % 10
		if d != 0 || !removing {
			removing = false
			rev = append(rev, byte(d))
		}
		tail /= 10
	}
	if len(rev) > 0 {
		b.WriteByte('.')
	}
	for i := len(rev) - 1; i >= 0; i-- {
		b.WriteByte('0' + rev[i])
	}
	b.WriteByte(expChar)
	if exponent < 0 {
		b.WriteByte('-')
	} else {
		b.WriteByte('+')
	}
	e := strconv.Itoa(abs32(exponent))
	if len(e) < 2 {
		e = "0" + e
	}
	b.WriteString(e)
	return b.String()
}

func abs32(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// saturatingU64 is Rust's `f as u64`.
func saturatingU64(f float64) uint64 {
	switch {
	case math.IsNaN(f) || f <= 0:
		return 0
	case f >= 18446744073709551615.0:
		return math.MaxUint64
	}
	return uint64(f)
}

// floatCompact is starlark-rust's write_compact (str() of a float, %g).
func floatCompact(f float64, expChar byte) string {
	if !isFinite(f) {
		return writeNonFinite(f)
	}
	exponent := 0
	if f != 0 {
		exponent = log10Floor(math.Abs(f))
	}
	switch {
	case abs32(exponent) >= floatPrecision:
		return floatScientific(f, expChar, true)
	case f == math.Trunc(f):
		return strconv.FormatFloat(f, 'f', 1, 64)
	}
	return rustDisplay(f)
}

func rustFloatString(f float64) string { return floatCompact(f, 'e') }

// pow10 is Rust's 10f64.powf(e): the double nearest 10^e.
// It is the correctly rounded value but where musl's pow is known to round
// the other way (measured with Codex: "%e" % 1e23 is "0.000000e+23").
func pow10(e int) float64 {
	v, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 64)
	switch e {
	case 23, 126, 210:
		v = math.Nextafter(v, math.Inf(1))
	}
	return v
}

var ln10 = new(big.Float).SetPrec(200).SetFloat64(math.Ln10)

// log10Floor is floor(x.log10()) for a finite x > 0 with a correctly rounded
// log10 (as the musl libm in Codex's binary computes it): the exact floor,
// except that an x just below a power of ten whose logarithm rounds to it
// counts as that power.
func log10Floor(x float64) int {
	// The decimal exponent is within one of the answer (math.Log10 is
	// not accurate enough for subnormals).
	f := strconv.FormatFloat(x, 'e', -1, 64)
	k, _ := strconv.Atoi(f[strings.IndexByte(f, 'e')+1:])
	for i := 0; i < 3 && !log10AtLeast(x, k); i++ {
		k--
	}
	for i := 0; i < 3 && log10AtLeast(x, k+1); i++ {
		k++
	}
	return k
}

// log10AtLeast reports whether the correctly rounded log10(x) is >= k.
func log10AtLeast(x float64, k int) bool {
	kf := float64(k)
	h := (kf - math.Nextafter(kf, math.Inf(-1))) / 2 // half the gap below k
	// x >= 10^(k-h) ≈ 10^k (1 - h ln 10)
	p := new(big.Float).SetPrec(300)
	if k >= 0 {
		p.SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil))
	} else {
		d := new(big.Float).SetPrec(300).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-k)), nil))
		p.Quo(new(big.Float).SetPrec(300).SetInt64(1), d)
	}
	corr := new(big.Float).SetPrec(300).Mul(new(big.Float).SetPrec(300).SetFloat64(h), ln10)
	corr.Sub(new(big.Float).SetPrec(300).SetInt64(1), corr)
	p.Mul(p, corr)
	return new(big.Float).SetPrec(300).SetFloat64(x).Cmp(p) >= 0
}
