package execpolicy

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// loadBounded loads src under lim and returns its *Error.
func loadBounded(t *testing.T, name, src string, lim Limits) *Error {
	t.Helper()
	_, err := LoadLimited([]File{{Name: name, Data: []byte(src)}}, lim)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v (%T), want an *Error", err, err)
	}
	return e
}

// A file whose computation doubles a value is stopped by the memory bound,
// which the step bound alone does not give (one step doubles the string).
func TestLoadMemoryBound(t *testing.T) {
	src := "def f():\n    s = \"ab\"\n    for i in range(40):\n        s = s + s\nf()\n"
	e := loadBounded(t, "dbl.rules", src, Bounded)
	if e.Bound != "512 MiB of memory" || !strings.Contains(e.Msg, "Codex has no bound") {
		t.Fatalf("err = %v (bound %q), want the memory bound", e, e.Bound)
	}
}

// A file whose steps each cost time in proportion to a long string (the
// step bound counts them as one) is stopped by the time bound.
func TestLoadTimeBound(t *testing.T) {
	src := "x = \"" + strings.Repeat("é", 1<<20) + "\"\ndef f():\n    for i in range(1000000):\n        y = x[1000000]\nf()\n"
	start := time.Now()
	e := loadBounded(t, "idx.rules", src, Limits{Time: 200 * time.Millisecond})
	if e.Bound != "200ms" {
		t.Fatalf("err = %v (bound %q), want the time bound", e, e.Bound)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("stopped after %v", d)
	}
}

// The step bound stops a loop at the loop; Load, as Codex, has no bound
// (the semantics conformance set loads a loop past 200 million steps and
// compares it with Codex).
func TestLoadStepBound(t *testing.T) {
	src := "x = 0\nfor i in range(100000):\n    x += 1\nprefix_rule([\"loop\", str(x)])\n"
	e := loadBounded(t, "loop.rules", src, Limits{Steps: 10000})
	if e.Bound != "10000 steps" || e.Pos.Line != 2 {
		t.Fatalf("err = %v (bound %q), want the step bound at line 2", e, e.Bound)
	}
	pol, err := Load([]File{{Name: "loop.rules", Data: []byte(src)}})
	if err != nil || len(pol.Rules) != 1 || !pol.Rules[0].Rest[0].Matches("100000") {
		t.Fatalf("Load: %v, %+v", err, pol)
	}
}
