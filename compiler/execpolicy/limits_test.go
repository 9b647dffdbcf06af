package execpolicy

import (
	"strings"
	"testing"
	"time"
)

// A file whose computation doubles a value is stopped by the memory bound,
// which the step limit alone does not give (one step doubles the string).
func TestLoadMemoryBound(t *testing.T) {
	src := "def f():\n    s = \"ab\"\n    for i in range(40):\n        s = s + s\nf()\n"
	_, err := LoadFile("dbl.rules", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "MiB of memory") {
		t.Fatalf("err = %v, want the memory limit", err)
	}
}

// A file whose steps each cost time in proportion to a long string (the
// step limit counts them as one) is stopped by the time bound.
func TestLoadTimeBound(t *testing.T) {
	defer func(d time.Duration) { maxEvalTime = d }(maxEvalTime)
	maxEvalTime = 200 * time.Millisecond
	src := "x = \"" + strings.Repeat("é", 1<<20) + "\"\ndef f():\n    for i in range(1000000):\n        y = x[1000000]\nf()\n"
	start := time.Now()
	_, err := LoadFile("idx.rules", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "evaluation took more than") {
		t.Fatalf("err = %v, want the time limit", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("stopped after %v", d)
	}
}
