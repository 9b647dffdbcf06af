# Task shortcuts (install just with `npm install -g rust-just`). The README's
# two commands need only Go.

# Run the main job on the bundled example rules.
example:
    go run ./cmd/hookifyc compile --out build corpus/examples && cat build/hookify.rules

# Run all tests (what CI runs).
test:
    go test ./...

# The benchmark tables of docs/benchmarks.md (under 5 minutes): the starter
# pack's accuracy in both semantics (hook and compiled .rules), the evasion
# matrix, and process latency against the floor with 4, 100 and 1,000 rules.
bench:
    HOOKIFYC_BENCH=1 go test ./internal/benchtables -run Tables -v -count=1 -timeout 10m

# In-process Go benchmarks (engine, regex, JSON, execpolicy).
bench-go:
    go test -run '^$' -bench . -benchmem ./runtime/... ./compiler/...

# Whole-process hook latency: median of `hookifyc hook` with 100 rule files.
bench-hook:
    go test -run '^$' -bench 'HookProcess$' -benchtime 400x ./cmd/hookifyc

# Short fuzzing of every parser and emitter.
fuzz seconds="20":
    ./scripts/fuzz-all {{seconds}}
