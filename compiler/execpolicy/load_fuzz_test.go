package execpolicy

import (
	"errors"
	"os"
	"testing"
	"time"
)

// FuzzLoadFile: loading any file never panics, and a refusal is always an
// *Error; the seeds are the builtin and method calls, annotations and
// spoiled policies Codex was compared on, and the conformance policy.
func FuzzLoadFile(f *testing.F) {
	_, files := builtinCallFiles()
	for i := 0; i < len(files); i += 7 {
		f.Add(files[i])
	}
	if data, err := os.ReadFile("testdata/conformance.rules"); err == nil {
		f.Add(data)
	}
	// Type annotations and spoiled policies.
	_, anns := annotationFiles()
	for i := 0; i < len(anns); i += 13 {
		f.Add(anns[i])
	}
	_, spoiled := syntaxMutants()
	for i := 0; i < len(spoiled); i += 29 {
		f.Add(spoiled[i])
	}
	lim := Limits{Steps: 100_000, HeapGrowth: 64 << 20, Time: time.Second}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := LoadLimited([]File{{Name: "f.rules", Data: data}}, lim)
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("error %v (%T), want an *Error", err, err)
		}
	})
}
