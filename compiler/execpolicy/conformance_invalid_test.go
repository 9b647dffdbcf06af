package execpolicy_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/execpolicy"
	"github.com/hookifyc/hookifyc/internal/codextest"
)

// wantLines reads the "# want: TEXT" (expected in both messages) and
// "# ours: TEXT" (expected in hookifyc's message instead) header comments of
// a testdata file.
func wantLines(data []byte) (want, ours string) {
	for _, l := range strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n") {
		if w, ok := strings.CutPrefix(l, "# want: "); ok {
			want = w
		} else if o, ok := strings.CutPrefix(l, "# ours: "); ok {
			ours = o
		} else if !strings.HasPrefix(l, "#") {
			break
		}
	}
	if ours == "" {
		ours = want
	}
	return want, ours
}

// TestConformanceInvalid checks that every file in testdata/invalid is
// rejected by hookifyc and by codex 0.169.0 (`execpolicy check` exit 1), and
// that both messages say what the file's "# want:" line says (codex's
// answers recorded in testdata/codex/invalid.jsonl; live with
// HOOKIFYC_LIVE=1).
func TestConformanceInvalid(t *testing.T) {
	files, err := filepath.Glob("testdata/invalid/*.rules")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 30 {
		t.Fatalf("only %d invalid testdata files", len(files))
	}
	cx := codextest.Open(t, filepath.Join("testdata", "codex", "invalid.jsonl"),
		"HOOKIFYC_LIVE=1 go test ./compiler/execpolicy -run Conformance -update")
	paths := make([]string, len(files))
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		paths[i] = cx.File(filepath.Base(f), data)
	}
	type outcome struct {
		res codextest.Result
		err error
	}
	results := make([]outcome, len(files))
	var mu sync.Mutex
	codextest.Parallel(len(files), 2, func(i int) {
		res, err := cx.Check([]string{paths[i]}, false, []string{"x"})
		mu.Lock()
		results[i] = outcome{res, err}
		mu.Unlock()
	})
	for i, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".rules"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, ours := wantLines(data)
			if want == "" {
				t.Fatalf("%s has no '# want:' line", f)
			}
			_, lerr := execpolicy.LoadFile(f, data)
			var perr *execpolicy.Error
			switch {
			case lerr == nil:
				t.Errorf("hookifyc accepted %s", f)
			case !errors.As(lerr, &perr):
				t.Errorf("error is %T, want *execpolicy.Error", lerr)
			case !strings.Contains(perr.Msg, ours):
				t.Errorf("hookifyc: %v\nwant it to contain: %s", lerr, ours)
			case !perr.Pos.IsValid() || perr.Pos.File != f:
				t.Errorf("hookifyc error has no position: %v", lerr)
			}
			o := results[i]
			if o.err != nil {
				t.Fatalf("running codex: %v", o.err)
			}
			if o.res.ExitCode != 1 || len(o.res.Stdout) != 0 {
				t.Fatalf("codex exit %d, stdout %q, want exit 1 and no output", o.res.ExitCode, o.res.Stdout)
			}
			if got := codextest.ErrorText(o.res.Stderr); !strings.Contains(got, want) {
				t.Errorf("codex: %s\nwant it to contain: %s\nstderr:\n%s", got, want, o.res.Stderr)
			}
		})
	}
}
