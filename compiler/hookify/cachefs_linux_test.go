package hookify

import "testing"

// TestCacheableFSLinux: the test's temporary directory (ext4 or tmpfs on
// the project machine) qualifies; /proc, which is no rule store, does not.
func TestCacheableFSLinux(t *testing.T) {
	if !cacheableFS(t.TempDir()) {
		t.Error("the temporary directory's file system does not qualify")
	}
	if cacheableFS("/proc") {
		t.Error("/proc qualifies")
	}
	if cacheableFS("/nonexistent/dir") {
		t.Error("a missing directory qualifies")
	}
}
