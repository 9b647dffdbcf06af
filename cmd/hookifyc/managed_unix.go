//go:build !windows

package main

import "github.com/hookifyc/hookifyc/compiler/sources"

// platformManagedDir is the managed rule directory of a Unix machine.
func platformManagedDir(func(string) string) string { return sources.DefaultManagedDir }
