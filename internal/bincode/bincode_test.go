package bincode

import (
	"errors"
	"math"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	var b []byte
	b = AppendUint(b, math.MaxUint64)
	b = AppendInt(b, math.MinInt64)
	b = AppendBool(b, true)
	b = AppendString(b, "héllo")
	b = AppendUint(b, 2)
	d := Decoder{B: b}
	if d.Uint() != math.MaxUint64 || d.Int() != math.MinInt64 || !d.Bool() || d.String() != "héllo" || d.Count(0+1) != 0 && d.Err == nil {
		t.Fatalf("round trip: %v", d.Err)
	}
}

func TestCorrupt(t *testing.T) {
	for name, b := range map[string][]byte{
		"truncated varint": {0x80},
		"bad bool":         {2},
		"long string":      AppendUint(nil, 100),
		"huge count":       AppendUint(nil, 1<<40),
	} {
		d := Decoder{B: b}
		switch name {
		case "bad bool":
			d.Bool()
		case "long string":
			_ = d.String()
		case "huge count":
			d.Count(1)
		default:
			d.Uint()
		}
		if !errors.Is(d.Err, ErrCorrupt) {
			t.Errorf("%s: %v", name, d.Err)
		}
		if d.Uint() != 0 || d.String() != "" {
			t.Errorf("%s: reads after an error return values", name)
		}
	}
	base := errors.New("mine")
	d := Decoder{B: nil, Base: base}
	d.Uint()
	if !errors.Is(d.Err, base) {
		t.Errorf("base not wrapped: %v", d.Err)
	}
}

func FuzzDecoder(f *testing.F) {
	f.Add([]byte{1, 2, 3})
	f.Add(AppendString(AppendBool(nil, true), "x"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d := Decoder{B: b}
		for d.Err == nil && len(d.B) > 0 {
			switch d.B[0] % 5 {
			case 0:
				d.Uint()
			case 1:
				d.Int()
			case 2:
				d.Bool()
			case 3:
				_ = d.String()
			case 4:
				d.Count(1)
			}
		}
	})
}
