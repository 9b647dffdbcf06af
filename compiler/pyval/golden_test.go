package pyval

import (
	"bufio"
	"encoding/hex"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The golden files in testdata/ hold CPython 3.11.7's answers, produced by
// testdata/gen_golden.py (never run by the tests). With PYVAL_GOLDEN_DIR set,
// the files of that directory (gen_golden.py --big) are checked as well.

func goldenDirs() []string {
	dirs := []string{"testdata"}
	if d := os.Getenv("PYVAL_GOLDEN_DIR"); d != "" {
		dirs = append(dirs, d)
	}
	return dirs
}

// forGolden calls f with the space-separated fields of each line of the
// golden file name, in every golden directory that has it.
func forGolden(t *testing.T, name string, f func(line int, fields []string)) {
	t.Helper()
	found := false
	for _, dir := range goldenDirs() {
		path := filepath.Join(dir, name)
		file, err := os.Open(path)
		if errors.Is(err, os.ErrNotExist) && dir != "testdata" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		found = true
		sc := bufio.NewScanner(file)
		sc.Buffer(nil, 1<<24)
		n := 0
		for sc.Scan() {
			n++
			if sc.Text() == "" {
				continue
			}
			f(n, strings.Fields(sc.Text()))
		}
		file.Close()
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	if !found {
		t.Fatalf("no golden file %s", name)
	}
}

// unhex decodes a hex field ("-" is the empty string).
func unhex(t *testing.T, field string) string {
	t.Helper()
	if field == "-" {
		return ""
	}
	b, err := hex.DecodeString(field)
	if err != nil {
		t.Fatalf("bad hex field %q: %v", field, err)
	}
	return string(b)
}

func TestGoldenPrintable(t *testing.T) {
	var ranges [][2]rune
	forGolden(t, "printable_py311.txt", func(_ int, f []string) {
		lo, err1 := strconv.ParseInt(f[0], 16, 32)
		hi, err2 := strconv.ParseInt(f[1], 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad range %v", f)
		}
		ranges = append(ranges, [2]rune{rune(lo), rune(hi)})
	})
	bad := 0
	for r := rune(0); r <= 0x10FFFF; r++ {
		want := inRangeTable(r, ranges)
		if got := IsPrintable(r); got != want {
			if bad++; bad <= 10 {
				t.Errorf("IsPrintable(%U) = %v, Python says %v", r, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d code points differ", bad)
	}
}

func TestGoldenFloatRepr(t *testing.T) {
	forGolden(t, "float_repr.txt", func(line int, f []string) {
		bits, err := strconv.ParseUint(f[0], 16, 64)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		v := math.Float64frombits(bits)
		if got := FloatRepr(v); got != f[1] {
			t.Errorf("line %d: FloatRepr(%x) = %q, Python %q", line, bits, got, f[1])
		}
	})
}

func TestGoldenStrRepr(t *testing.T) {
	forGolden(t, "str_repr.txt", func(line int, f []string) {
		in, want := unhex(t, f[0]), unhex(t, f[1])
		if got := Repr(Str(in)); got != want {
			t.Errorf("line %d: Repr(%q) = %q, Python %q", line, in, got, want)
		}
	})
}

func TestGoldenDecodeUTF8(t *testing.T) {
	forGolden(t, "decode_utf8.txt", func(line int, f []string) {
		in := unhex(t, f[0])
		got, err := DecodeUTF8([]byte(in))
		if f[1] == "ok" {
			if err != nil || got != in {
				t.Errorf("line %d: DecodeUTF8(%q) = %q, %v; want ok", line, in, got, err)
			}
			return
		}
		start, _ := strconv.Atoi(f[2])
		end, _ := strconv.Atoi(f[3])
		want := unhex(t, f[4])
		var ue *UnicodeDecodeError
		if !errors.As(err, &ue) {
			t.Errorf("line %d: DecodeUTF8(%q) = %q, %v; want error %q", line, in, got, err, want)
			return
		}
		if ue.Error() != want || ue.Start != start || ue.End != end {
			t.Errorf("line %d: DecodeUTF8(%q): error %q [%d:%d], Python %q [%d:%d]", line, in, ue.Error(), ue.Start, ue.End, want, start, end)
		}
	})
}

// pythonErrorType is the Python exception class LoadJSON's error stands for.
func pythonErrorType(err error) string {
	switch err.(type) {
	case *JSONDecodeError:
		return "JSONDecodeError"
	case *IntDigitsError:
		return "ValueError"
	case *RecursionError:
		return "RecursionError"
	}
	return "?"
}

func TestGoldenJSON(t *testing.T) {
	testGoldenJSON(t)
}

// TestGoldenJSONLazy decodes every golden document in two passes, with
// every array and object of a dict left undecoded until it is read (see
// LoadJSONDepth), as only large documents are otherwise.
func TestGoldenJSONLazy(t *testing.T) {
	forceLazy(t)
	testGoldenJSON(t)
}

func testGoldenJSON(t *testing.T) {
	forGolden(t, "json.txt", func(line int, f []string) {
		in := unhex(t, f[0])
		v, err := LoadJSON(in)
		if f[1] == "err" {
			want := unhex(t, f[3])
			if err == nil {
				t.Errorf("line %d: LoadJSON(%q) = %s; Python raises %s: %s", line, in, Dumps(v), f[2], want)
			} else if err.Error() != want || pythonErrorType(err) != f[2] {
				t.Errorf("line %d: LoadJSON(%q): %s: %s\nPython: %s: %s", line, in, pythonErrorType(err), err, f[2], want)
			}
			return
		}
		if err != nil {
			t.Errorf("line %d: LoadJSON(%q): %v; Python decodes it", line, in, err)
			return
		}
		dumps, repr, str := unhex(t, f[2]), unhex(t, f[3]), unhex(t, f[4])
		if got := string(Dumps(v)); got != dumps {
			t.Errorf("line %d: Dumps(LoadJSON(%q)) =\n%s\nPython:\n%s", line, in, got, dumps)
		}
		if got := Repr(v); got != repr {
			t.Errorf("line %d: Repr(LoadJSON(%q)) =\n%q\nPython:\n%q", line, in, got, repr)
		}
		if got := ToStr(v); got != str {
			t.Errorf("line %d: ToStr(LoadJSON(%q)) =\n%q\nPython:\n%q", line, in, got, str)
		}
	})
}
