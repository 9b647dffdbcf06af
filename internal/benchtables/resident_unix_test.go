//go:build unix

package benchtables

import (
	"os"
	"sort"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// fileChecks is the median time, in a warm process, of what any
// evaluator that trusts no notification must do on every call to know
// its rules are current: list the rule directory, then stat each file
// and ask whether this process could write it (the rule cache's checks,
// docs/compat.md).
func fileChecks(t *testing.T, dir string, runs int) time.Duration {
	var samples []time.Duration
	for i := 0; i <= runs; i++ {
		start := time.Now()
		f, err := os.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		names, err := f.Readdirnames(-1)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(names)
		dfd, err := unix.Open(dir, unix.O_PATH|unix.O_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		var st unix.Stat_t
		for _, n := range names {
			if err := unix.Fstatat(dfd, n, &st, 0); err != nil {
				t.Fatal(err)
			}
			if err := unix.Faccessat(dfd, n, unix.W_OK, 0); err != nil {
				t.Fatal(err)
			}
		}
		unix.Close(dfd)
		if i > 0 {
			samples = append(samples, time.Since(start))
		}
	}
	return median(samples)
}
