//go:build !unix

package main

// replaceProcess does nothing where a process cannot be replaced: the
// server runs as a child instead.
func replaceProcess(bin string, args []string) error { return nil }
