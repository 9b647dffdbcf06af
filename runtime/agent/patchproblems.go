package agent

import "github.com/hookifyc/hookifyc/compiler/engine"

// ProblemApplyPatch: a call applies a patch whose files the hook cannot know
// exactly (a patch Codex's grammar rejects, a patch read from a pipe or a
// file, a shell script we cannot follow). File rules were checked against
// every path the text names; the fail mode decides whether the call may run.
const ProblemApplyPatch engine.ProblemKind = "apply-patch"

// PatchProblems reports why the file events of in (see Normalize) may miss
// a file that the call changes; nil when they are exact or the call applies
// no patch. The hook adds them to the result's problems, so that fail closed
// refuses such a call and fail open reports it.
func (in Input) PatchProblems() []engine.Problem {
	if in.Event == nil {
		return nil
	}
	var out []engine.Problem
	for _, p := range in.patchProblems {
		out = append(out, engine.Problem{Kind: ProblemApplyPatch, Text: p})
	}
	return out
}
