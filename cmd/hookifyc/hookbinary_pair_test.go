package main

import (
	"testing"

	"github.com/hookifyc/hookifyc/deploy"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// TestBuiltBinariesPair: hookifyc and hookifyc-hook built together from
// this checkout are one build to deploy.HookBinaryBeside, which reads their
// real build information: a build setting given to one main package only
// (a //go:debug line, say) would quietly stop apply from installing the
// hook-only binary.
func TestBuiltBinariesPair(t *testing.T) {
	bin := testenv.Binary(t)
	got, why := deploy.HookBinaryBeside(bin, nil)
	if want := testenv.HookBinary(t); got != want {
		t.Fatalf("HookBinaryBeside(%s) = %q (%s), want %s", bin, got, why, want)
	}
}
