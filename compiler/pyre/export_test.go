package pyre

// For the external tests (linear_corpus_test.go, which reads rule files
// with compiler/hookify, a package that imports pyre).

// SearchBacktrack searches with the regexp2 path, whatever the pattern.
func SearchBacktrack(re *Regexp, subject string) (bool, error) { return backtrack(re, subject) }

// NoTimeout is noTimeout.
const NoTimeout = noTimeout
