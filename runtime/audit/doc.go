// Package audit keeps the decision log of hookifyc: one JSON line per
// decision of `hookifyc hook` (and of `hookifyc check --log`), appended to
// a size-capped, rotated file that any number of hook processes write at
// once ([Log.Append]), and read back, filtered and summarised for
// `hookifyc log` ([Read], [Filter], [Stats]).
//
// What is logged about a call is a short summary of its command, file path
// or prompt with secrets redacted ([Redact]); the payload itself is never
// written. Logging never decides anything: a log that cannot be written
// costs one line on stderr, never the hook's answer.
//
// The package does no discovery of rules and knows nothing of the agents'
// payloads: the caller fills an [Entry].
package audit
