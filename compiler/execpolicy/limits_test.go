package execpolicy

import (
	"strings"
	"testing"
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
