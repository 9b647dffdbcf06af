package hookify

import (
	"io/fs"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// loadJob is one rule file to read: its name in the fs.FS and its display path.
type loadJob struct {
	name, display string
}

type loadResult struct {
	rule *ir.Rule
	diag *Diagnostic
}

// loadAll reads and parses rule files, on all cores when there are enough of
// them (a hook reads every rule file on every tool call). Results are in job
// order, so discovery order never depends on scheduling.
func loadAll(fsys fs.FS, jobs []loadJob) []loadResult {
	out := make([]loadResult, len(jobs))
	var dirs *dirHandles
	if o, ok := fsys.(osFS); ok && o.cache != nil && len(jobs) > 1 {
		dirs = newDirHandles()
		defer dirs.close()
	}
	workers := runtime.GOMAXPROCS(0)
	if workers > len(jobs)/8 {
		workers = len(jobs) / 8
	}
	if workers < 2 {
		for i, j := range jobs {
			out[i].rule, out[i].diag = loadRule(fsys, dirs, j.name, j.display)
		}
		return out
	}
	work := func(w int) {
		for i := w; i < len(jobs); i += workers {
			out[i].rule, out[i].diag = loadRule(fsys, dirs, jobs[i].name, jobs[i].display)
		}
	}
	// The caller is one of the workers: a new goroutine's stack starts
	// small and grows by copying.
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			work(w)
		}(w)
	}
	work(0)
	wg.Wait()
	return out
}

// Loaded is one rule file read by LoadFiles: its rule, or why it was skipped.
type Loaded struct {
	Rule *ir.Rule
	Diag *Diagnostic
}

// LoadFiles reads and parses rule files given by OS path, as LoadRule does
// (four system calls each, on all cores when there are many), in order.
// Diagnostics name each file as given. A non-nil cache is used as by
// CachedOSFS.
func LoadFiles(paths []string, cache RuleCache) []Loaded {
	jobs := make([]loadJob, len(paths))
	for i, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			abs = p
		}
		jobs[i] = loadJob{name: fsName(abs), display: p}
	}
	res := loadAll(CachedOSFS("/", cache), jobs)
	out := make([]Loaded, len(res))
	for i, r := range res {
		out[i] = Loaded{Rule: r.rule, Diag: r.diag}
	}
	return out
}
