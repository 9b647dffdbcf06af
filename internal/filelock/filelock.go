// Package filelock takes and releases an exclusive advisory lock on an
// open file (flock(2) on Unix, LockFileEx on Windows), for the writers
// that share a file across processes: the audit log, the evidence ledger,
// the Codex install of the tests.
package filelock
