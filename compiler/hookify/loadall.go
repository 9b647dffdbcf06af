package hookify

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// loadJob is one rule file to read: its name in the fs.FS and its display path.
type loadJob struct {
	name, display string
}

type loadResult struct {
	rule *ir.Rule
	diag *Diagnostic
	read bool // false: the deadline passed first
}

// markUnread gives the first file the deadline left unread a DiagDeadline
// counting them all.
func markUnread(out []loadResult, jobs []loadJob, deadline time.Time) {
	if deadline.IsZero() {
		return
	}
	unread, first := 0, -1
	for i := range out {
		if !out[i].read {
			if first < 0 {
				first = i
			}
			unread++
		}
	}
	if first >= 0 {
		out[first].diag = &Diagnostic{Kind: DiagDeadline, Path: jobs[first].display,
			Msg: fmt.Sprintf("not read, with %d more rule files of this directory: the call's deadline passed", unread-1)}
	}
}

// loadAll reads and parses rule files, on all cores when there are enough of
// them (a hook reads every rule file on every tool call). Results are in job
// order, so discovery order never depends on scheduling.
func loadAll(fsys fs.FS, jobs []loadJob, deadline time.Time) []loadResult {
	out := make([]loadResult, len(jobs))
	defer markUnread(out, jobs, deadline)
	var dirs *dirHandles
	if o, ok := fsys.(osFS); ok && o.cache != nil && len(jobs) > 1 {
		dirs = newDirHandles()
		defer dirs.close()
	}
	workers := runtime.GOMAXPROCS(0)
	if workers > len(jobs)/8 {
		workers = len(jobs) / 8
	}
	late := func() bool { return !deadline.IsZero() && time.Now().After(deadline) }
	if workers < 2 {
		for i, j := range jobs {
			if late() {
				break
			}
			out[i].rule, out[i].diag = loadRule(fsys, dirs, j.name, j.display)
			out[i].read = true
		}
		return out
	}
	work := func(w int) {
		for i := w; i < len(jobs); i += workers {
			if late() {
				return
			}
			out[i].rule, out[i].diag = loadRule(fsys, dirs, jobs[i].name, jobs[i].display)
			out[i].read = true
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
	res := loadAll(CachedOSFS("/", cache), jobs, time.Time{})
	out := make([]Loaded, len(res))
	for i, r := range res {
		out[i] = Loaded{Rule: r.rule, Diag: r.diag}
	}
	return out
}
