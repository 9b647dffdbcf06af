//go:build !windows

package sources

// PlatformManagedDir is the managed rule directory of a Unix machine
// (DefaultManagedDir).
func PlatformManagedDir(func(string) string) string { return DefaultManagedDir }
