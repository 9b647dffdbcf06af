//go:build !unix

package benchtables

import (
	"testing"
	"time"
)

// fileChecks measures the rule cache's Unix system calls
// (resident_unix_test.go); the resident table is measured on Unix only.
func fileChecks(t *testing.T, dir string, runs int) time.Duration {
	t.Fatal("the resident table measures fstatat and faccessat: run it on Unix")
	return 0
}
