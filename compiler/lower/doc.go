// Package lower turns IR rules into Codex execpolicy prefix rules, soundly:
// an emitted rule never matches an argv whose canonical command the source
// rule would let through. Every candidate the regex and glob analyses
// propose is proved with the engine (compiler/engine) for hookify rules and
// with compiler/perm for permission patterns before it is emitted, and each
// source rule gets a verdict (exact, partial, runtime) with a reason.
//
// [Lower] does the lowering, [EmitLowered] writes the result as a `.rules`
// file through compiler/execpolicy, and [NewReport] describes it as
// report.json. It does not read sources, write files, or produce the hooks
// that enforce the rest at runtime (package codexhooks does).
// docs/compile.md explains verdicts and soundness.
package lower
