package hookify

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

// The corpus lives in ../shared next to the repository (read, never copied).
func corpusDir(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(testenv.Shared(t), "corpus", "hookify")
	if _, err := os.Stat(filepath.Join(dir, "rules")); err != nil {
		t.Fatalf("hookify corpus missing (expected at %s): %v", dir, err)
	}
	return dir
}

type corpusRule struct {
	id   string
	data []byte
	rule *ir.Rule
}

func loadCorpus(t testing.TB) []corpusRule {
	dir := filepath.Join(corpusDir(t), "rules")
	ents, err := os.ReadDir(dir)
	must(t, err)
	var out []corpusRule
	for _, e := range ents {
		id, ok := strings.CutSuffix(e.Name(), ".md")
		if !ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		must(t, err)
		r, d := ReadRule(".claude/hookify."+id+".local.md", data)
		if d != nil {
			t.Fatalf("%s: %v", id, d)
		}
		out = append(out, corpusRule{id, data, r})
	}
	if len(out) != 153 {
		t.Fatalf("corpus has %d rule files, want 153", len(out))
	}
	return out
}

// condString renders conditions compactly: "field op pattern" joined by " & ",
// legacy ones prefixed with "L:", type errors appended in brackets.
func condString(cs []ir.Condition) string {
	var parts []string
	for _, c := range cs {
		s := c.Field + " " + c.Operator + " " + c.Pattern
		if c.Legacy {
			s = "L:" + s
		}
		if c.PatternTypeError != "" {
			s += " [" + c.PatternTypeError + "]"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " & ")
}

// TestCorpusExpected checks a representative subset against values derived
// by hand from the spec (§4, §5).
func TestCorpusExpected(t *testing.T) {
	type want struct {
		name, event, action string
		enabled             bool
		conds               string
	}
	expected := map[string]want{
		"ex-console-log-warning":       {"warn-console-log", "file", "warn", true, `L:new_text regex_match console\.log\(`},
		"ex-dangerous-rm":              {"block-dangerous-rm", "bash", "block", true, `L:command regex_match rm\s+-rf`},
		"ex-require-tests-stop":        {"require-tests-run", "stop", "block", false, "transcript not_contains npm test|pytest|cargo test"},
		"ex-sensitive-files-warning":   {"warn-sensitive-files", "file", "warn", true, `file_path regex_match \.env$|\.env\.|credentials|secrets`},
		"q-01-contains-case-sensitive": {"q01", "bash", "warn", true, "command contains RM"},
		"q-02-regex-ignorecase":        {"q02", "bash", "warn", true, `L:command regex_match RM\s+-RF`},
		"q-05-starts-ends":             {"q05", "bash", "warn", true, "command starts_with git & command ends_with --force"},
		"q-06-unknown-operator":        {"q06", "bash", "warn", true, "command regex .*"},
		"q-09-user-prompt-empty-regex": {"q09", "prompt", "warn", true, "user_prompt regex_match ^$"},
		"q-11-nonstring-timeout":       {"q11", "bash", "warn", true, "timeout equals 120 & run_in_background equals True"},
		"q-12-edits-repr":              {"q12", "file", "warn", true, "edits contains [{'old_string':"},
		"q-13-event-capitalized":       {"q13", "Bash", "warn", true, "command contains ls"},
		"q-14-action-block":            {"q14", "bash", "BLOCK", true, "L:command regex_match rm"},
		"q-15-enabled-no":              {"q15", "bash", "warn", true, "L:command regex_match rm"},
		"q-16-pattern-true":            {"q16", "bash", "warn", true, "L:command regex_match True [first argument must be string or compiled pattern]"},
		"q-19-legacy-prompt":           {"q19", "prompt", "warn", true, "L:content regex_match .*"},
		"q-21-file-legacy-write":       {"q21", "file", "warn", true, "L:new_text regex_match secret"},
		"q-23-no-conditions":           {"q23", "all", "warn", true, ""},
		"q-24-tool-matcher-true":       {"q24", "all", "warn", true, ""},
		"q-26-empty-message":           {"q26", "bash", "block", true, "L:command regex_match rm"},
		"q-27-name-list":               {"[]", "bash", "warn", true, "L:command regex_match rm"},
		"q-28-all-content-on-bash":     {"q28", "all", "warn", true, "L:content regex_match rm"},
		"q-31-dotall-multiline":        {"q31", "bash", "warn", true, "command regex_match ^b$"},
		// CRLF file.
		"pub-aloekun-claude-code-hook-test-block-dangerous-rm": {"block-dangerous-rm", "bash", "block", true, `L:command regex_match rm\s+-rf`},
		// Nested "hookify:" mapping: an empty list, everything else ignored.
		"pub-woink-upstate-fishing-sensitive-files": {"unnamed", "all", "warn", true, ""},
		"pub-woink-upstate-fishing-dangerous-rm":    {"unnamed", "all", "warn", true, ""},
		// Four-space item indent, six-space continuation.
		"pub-kimchanhyung98-agentic-workflows-block-packages": {"block-packages", "file", "block", true,
			`file_path regex_match (^|/)(node_modules|vendor|\.venv|venv|__pycache__|\.git)/`},
		// Double quotes stripped, backslashes kept as written.
		"pub-corbanb-x4-mono-no-any-type": {"no-any-type", "file", "warn", true,
			`file_path regex_match \.tsx?$ & new_text regex_match :\\ any[^\\w]|as any[^\\w]`},
		"pub-a1mingming-planer-domain-layer-purity": {"warn-domain-layer-purity", "file", "warn", true,
			`file_path regex_match /domain/ & new_text regex_match from ['\"].*infrastructure`},
		"pub-orqastudio-app-emoji-in-ui-v1-d735e9d": {"warn-emoji-in-ui", "file", "warn", true,
			`file_path regex_match src/.*\.svelte$ & new_text regex_match [^\\x00-\\x7F]{2,}`},
		// action after the conditions list closes it.
		"pub-naporin0624-seo-claude-plugins-sensitive-files": {"block-sensitive-files", "file", "block", true,
			`file_path regex_match \.env$|\.env\.local$|\.env\.\w+$|credentials|\.pem$|\.key$|secrets`},
		"pub-earnestwong-relive-auto-approve-safe": {"auto-approve-safe-operations", "bash", "approve", false,
			`command regex_match ^(git\s|ls|cat|pwd|whoami|date|echo|tree|grep|find|which|make\s|go\s|npm\s|pnpm\s|yarn\s|node\s|docker\s(?!.*\s-v)|docker-compose\s(?!.*\s-v)|curl|wget|mkdir|touch|cp\s|mv\s|chmod|chown)`},
		"pub-asshat1981ar-project-chimera-prompt-strategy": {"prompt-strategy-advisor", "userpromptsubmit", "warn", true,
			`user_prompt regex_match \b(fix|bug|refactor|implement|feature|test|architect|secure|design|build|debug|crash|error)\b`},
		"pub-xhxiaiein-orchestrator-require-tests": {"require-tests-before-completion", "stop", "warn", true, ""},
	}
	seen := 0
	for _, c := range loadCorpus(t) {
		w, ok := expected[c.id]
		if !ok {
			continue
		}
		seen++
		r := c.rule
		got := want{r.Name, r.Event, r.ActionText, r.Enabled, condString(r.Conditions)}
		if got != w {
			t.Errorf("%s:\n got %+v\nwant %+v", c.id, got, w)
		}
		if r.Blocks() != (w.action == "block") {
			t.Errorf("%s: Blocks() = %v", c.id, r.Blocks())
		}
	}
	if seen != len(expected) {
		t.Errorf("only %d of %d expected rules found", seen, len(expected))
	}
	// tool_matcher probes.
	for _, c := range loadCorpus(t) {
		switch c.id {
		case "q-10-tool-matcher":
			if tm := c.rule.ToolMatcher; !tm.Set || tm.Any || strings.Join(tm.Names, ",") != "Edit,Write" {
				t.Errorf("q10 tool matcher %+v", tm)
			}
		case "q-24-tool-matcher-true":
			if tm := c.rule.ToolMatcher; tm.TypeError != "'bool' object has no attribute 'split'" {
				t.Errorf("q24 tool matcher %+v", tm)
			}
		case "q-26-empty-message":
			if c.rule.Message != "" {
				t.Errorf("q26 message %q", c.rule.Message)
			}
		}
	}
}

// TestCorpusOracle cross-checks every rule against hookify's real outputs in
// expected.jsonl (each rule evaluated alone): whenever hookify warned or
// blocked, its message must be exactly "**[<name>]**\n<message>" built from
// our rule, the rule must be enabled and must pass hookify's event filter;
// the evaluation-time type errors we record must be the ones hookify printed.
func TestCorpusOracle(t *testing.T) {
	dir := corpusDir(t)
	rules := map[string]*ir.Rule{}
	for _, c := range loadCorpus(t) {
		rules[c.id] = c.rule
	}
	filters := loadInputFilters(t, filepath.Join(dir, "inputs.jsonl"))

	f, err := os.Open(filepath.Join(dir, "expected.jsonl"))
	must(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	fired := map[string]int{}
	errorsSeen := map[string]map[string]bool{}
	errorInputs := map[string]map[string]bool{}
	lines := 0
	for sc.Scan() {
		lines++
		var row struct{ Rule, Input, Stdout string }
		must(t, json.Unmarshal(sc.Bytes(), &row))
		r := rules[row.Rule]
		if r == nil {
			t.Fatalf("unknown rule %s", row.Rule)
		}
		if row.Stdout == "null" || row.Stdout == "{}" {
			continue
		}
		var out struct {
			SystemMessage string `json:"systemMessage"`
		}
		must(t, json.Unmarshal([]byte(row.Stdout), &out))
		if msg, ok := strings.CutPrefix(out.SystemMessage, "Hookify error: "); ok {
			if errorsSeen[row.Rule] == nil {
				errorsSeen[row.Rule], errorInputs[row.Rule] = map[string]bool{}, map[string]bool{}
			}
			errorsSeen[row.Rule][msg] = true
			errorInputs[row.Rule][row.Input] = true
			continue
		}
		fired[row.Rule]++
		if want := "**[" + r.Name + "]**\n" + r.Message; out.SystemMessage != want {
			t.Errorf("%s on %s: hookify said %q, we build %q", row.Rule, row.Input, out.SystemMessage, want)
		}
		if blocks := strings.Contains(row.Stdout, `"deny"`) || strings.Contains(row.Stdout, `"decision": "block"`); blocks && !r.Blocks() {
			t.Errorf("%s on %s: hookify blocked, rule action %q", row.Rule, row.Input, r.ActionText)
		}
		filter, ok := filters[row.Input]
		if !ok {
			t.Fatalf("%s fired on raw input %s", row.Rule, row.Input)
		}
		if !filter.considers(r) {
			t.Errorf("%s fired on %s (filter %+v) but the engine's event filter rejects it (event %q, enabled %v)",
				row.Rule, row.Input, filter, r.Event, r.Enabled)
		}
	}
	must(t, sc.Err())
	if lines != 9945 {
		t.Errorf("expected.jsonl has %d lines, want 9945", lines)
	}
	for id, r := range rules {
		for _, te := range []string{r.ToolMatcher.TypeError, condTypeError(r)} {
			if te != "" && !errorsSeen[id][te] {
				t.Errorf("%s: we record %q, hookify printed %v", id, te, errorsSeen[id])
			}
		}
		if r.ToolMatcher.TypeError != "" {
			// hookify reaches the matcher on every call whose filter keeps the rule.
			for in, filter := range filters {
				if in == "exin-12-sessionstart" {
					continue
				}
				if filter.considers(r) != errorInputs[id][in] {
					t.Errorf("%s on %s: selected %v, hookify error %v", id, in, filter.considers(r), errorInputs[id][in])
				}
			}
		}
	}
	t.Logf("%d rules fired, %d rules printed errors", len(fired), len(errorsSeen))
	if len(fired) < 60 {
		t.Errorf("only %d rules fired in the oracle; expected many more", len(fired))
	}
}

func condTypeError(r *ir.Rule) string {
	for _, c := range r.Conditions {
		if c.PatternTypeError != "" {
			return c.PatternTypeError
		}
	}
	return ""
}

// eventFilter is hookify's event filter for one call (engine.EventFilter).
type eventFilter struct {
	kind string
	on   bool
}

func (f eventFilter) considers(r *ir.Rule) bool { return engine.Considers(r, f.kind, f.on) }

// loadInputFilters returns, per input id whose stdin is a JSON object,
// hookify's event filter for that call.
func loadInputFilters(t *testing.T, path string) map[string]eventFilter {
	data, err := os.ReadFile(path)
	must(t, err)
	out := map[string]eventFilter{}
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var in map[string]any
		must(t, json.Unmarshal(line, &in))
		id := in["id"].(string)
		if raw, ok := in["raw_stdin"].(string); ok {
			var inner map[string]any
			if json.Unmarshal([]byte(raw), &inner) != nil {
				continue
			}
			in = inner
			in["hook_event_name"] = in["hook_event_name_for_dispatch"]
		}
		ev, _ := in["hook_event_name"].(string)
		tool, _ := in["tool_name"].(string)
		kind, on := engine.EventFilter(engine.Hookify, ev, tool)
		out[id] = eventFilter{kind, on}
	}
	return out
}

// TestCorpusInvariants: every file reads without panic, positions are in
// range, and toggling enabled changes only the enabled value.
func TestCorpusInvariants(t *testing.T) {
	ids := []string{}
	for _, c := range loadCorpus(t) {
		ids = append(ids, c.id)
		text, err := Decode(c.data)
		must(t, err)
		checkPositions(t, ParseFrontmatter(text))
		for _, r := range c.rule.Conditions {
			if !r.Pos.IsValid() {
				t.Errorf("%s: condition without position", c.id)
			}
		}
		checkToggle(t, c.id, c.data)
	}
	if !sort.StringsAreSorted(ids) {
		t.Errorf("ids not sorted")
	}
}

// checkToggle flips the enabled flag of a rule file and checks that the
// result reads as the same rule except Enabled and that only a small,
// single-region edit was made.
func checkToggle(t testing.TB, id string, data []byte) {
	t.Helper()
	before, d := ReadRule("x", data)
	if d != nil {
		return
	}
	out, err := SetEnabledBytes(data, !before.Enabled)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	after, d := ReadRule("x", out)
	if d != nil {
		t.Fatalf("%s: after toggle: %v\n%q", id, d, out)
	}
	want := *before
	want.Enabled = !before.Enabled
	if diff := ruleDiff(&want, after); diff != "" {
		t.Fatalf("%s: after toggle %s\n%q", id, diff, out)
	}
	// The edit is one region: a value on one line, or one inserted line.
	p := 0
	for p < len(data) && p < len(out) && data[p] == out[p] {
		p++
	}
	s := 0
	for s < len(data)-p && s < len(out)-p && data[len(data)-1-s] == out[len(out)-1-s] {
		s++
	}
	removed, added := data[p:len(data)-s], out[p:len(out)-s]
	// A line break is "\n", "\r\n" or a lone "\r"; an inserted line brings
	// at most two (one before it when the frontmatter closes mid-line),
	// in the file's own style.
	breaks := bytes.Count(added, []byte("\n")) + bytes.Count(added, []byte("\r")) - bytes.Count(added, []byte("\r\n"))
	if bytes.ContainsAny(removed, "\r\n") || breaks > 2 ||
		len(added) > len("\r\nenabled: false\r\n") {
		t.Fatalf("%s: toggle replaced %q with %q", id, removed, added)
	}
	// Toggling back gives the same rule again.
	back, err := SetEnabledBytes(out, before.Enabled)
	if err != nil {
		t.Fatalf("%s: toggle back: %v", id, err)
	}
	again, _ := ReadRule("x", back)
	if again == nil || ruleDiff(before, again) != "" {
		t.Fatalf("%s: toggle back changed the rule", id)
	}
}
