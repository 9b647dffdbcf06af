package codexhooks

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/lower"
	"github.com/hookifyc/hookifyc/compiler/perm"
	"github.com/hookifyc/hookifyc/internal/testenv"
)

const testHookifyc = "/opt/hookifyc/bin/hookifyc"

// exampleRules reads corpus/examples and the genesis sample of the
// execpolicy tests.
func exampleRules(t *testing.T) map[string][]*ir.Rule {
	t.Helper()
	root := testenv.RepoRoot(t)
	paths, err := filepath.Glob(filepath.Join(root, "corpus", "examples", "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	sort.Strings(paths)
	var examples []*ir.Rule
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, diag := hookify.ReadRule("corpus/examples/"+filepath.Base(p), data)
		if diag != nil {
			t.Fatal(diag)
		}
		examples = append(examples, r)
	}
	gpath := filepath.Join(root, "corpus", "genesis", "genesis.key")
	data, err := os.ReadFile(gpath)
	if err != nil {
		t.Fatal(err)
	}
	genesis, _, err := perm.Load("genesis.key", data, perm.LoadOptions{BaseDir: "/project"})
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]*ir.Rule{"examples": examples, "genesis": genesis}
}

func lowerRules(t *testing.T, rules []*ir.Rule) []lower.Lowered {
	t.Helper()
	ls, err := lower.Lower(rules, lower.LowerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

// TestForms compiles the examples and the genesis sample to hooks.json,
// hooks.toml and requirements.toml, and checks that the TOML and JSON
// forms say the same thing (the files themselves are golden files of
// compiler/driver, in golden/).
func TestForms(t *testing.T) {
	opts := Options{Hookifyc: testHookifyc}
	for name, rules := range exampleRules(t) {
		t.Run(name, func(t *testing.T) {
			ls := lowerRules(t, rules)
			plan := PlanFor(ls)
			js, err := plan.JSON(opts)
			if err != nil {
				t.Fatal(err)
			}
			tm, err := plan.TOML(opts, "hooks for "+name)
			if err != nil {
				t.Fatal(err)
			}
			req, skipped, err := Requirements(lower.PrefixRules(ls), "requirements for "+name)
			if err != nil {
				t.Fatal(err)
			}
			var fromJSON any
			if err := json.Unmarshal(js, &fromJSON); err != nil {
				t.Fatal(err)
			}
			fromTOML, err := parseTOML(string(tm))
			if err != nil {
				t.Fatal(err)
			}
			// Compare through JSON (TOML integers are int64).
			a, _ := json.Marshal(fromJSON)
			b, _ := json.Marshal(fromTOML)
			if !bytes.Equal(a, b) {
				t.Errorf("hooks.json and hooks.toml differ:\n%s\n%s", a, b)
			}
			doc, err := parseTOML(string(req))
			if err != nil {
				t.Fatal(err)
			}
			checkRequirements(t, doc, lower.PrefixRules(ls), skipped)
		})
	}
}

func TestPlanFor(t *testing.T) {
	bash := func(event string, tm ir.ToolMatcher, verdict lower.Verdict) lower.Lowered {
		return lower.Lowered{Verdict: verdict, Rule: &ir.Rule{Origin: ir.OriginHookify, Enabled: true, Event: event, ToolMatcher: tm}}
	}
	any := ir.ToolMatcher{}
	for _, tc := range []struct {
		name string
		ls   []lower.Lowered
		want []Group
	}{
		{"none", nil, nil},
		{"exact only", []lower.Lowered{bash(ir.EventBash, any, lower.VerdictExact)}, nil},
		{"bash", []lower.Lowered{bash(ir.EventBash, any, lower.VerdictPartial)}, []Group{{ir.PreToolUse, MatchBash}}},
		{"file prompt stop", []lower.Lowered{
			bash(ir.EventStop, any, lower.VerdictRuntime), bash(ir.EventFile, any, lower.VerdictRuntime),
			bash(ir.EventPrompt, any, lower.VerdictRuntime), bash(ir.EventBash, any, lower.VerdictRuntime),
		}, []Group{{ir.PreToolUse, MatchBash}, {ir.PreToolUse, MatchFiles}, {ir.UserPromptSubmit, ""}, {ir.Stop, ""}}},
		{"all events", []lower.Lowered{bash(ir.EventAll, any, lower.VerdictRuntime)}, []Group{{ir.PreToolUse, ""}, {ir.UserPromptSubmit, ""}, {ir.Stop, ""}}},
		{"all events, tool matcher", []lower.Lowered{bash(ir.EventAll, ir.ToolMatcher{Set: true, Names: []string{"MultiEdit", "mcp__x__y"}}, lower.VerdictRuntime)},
			[]Group{{ir.PreToolUse, MatchFiles}, {ir.PreToolUse, "mcp__x__y"}, {ir.UserPromptSubmit, ""}, {ir.Stop, ""}}},
		{"odd tool name", []lower.Lowered{bash(ir.EventAll, ir.ToolMatcher{Set: true, Names: []string{"a.b"}}, lower.VerdictRuntime)},
			[]Group{{ir.PreToolUse, ""}, {ir.UserPromptSubmit, ""}, {ir.Stop, ""}}},
		{"inactive", []lower.Lowered{{Verdict: lower.VerdictRuntime, Inactive: true, Rule: &ir.Rule{Event: ir.EventBash, Enabled: true}}}, nil},
		{"unknown event", []lower.Lowered{bash("Bash", any, lower.VerdictRuntime)}, nil},
		{"permission", []lower.Lowered{
			{Verdict: lower.VerdictRuntime, Rule: &ir.Rule{Origin: ir.OriginPermission, Action: ir.ActionBlock, ToolMatcher: ir.ToolMatcher{Set: true, Names: []string{"Read", "Edit", "Bash", "WebFetch"}}}},
			{Verdict: lower.VerdictRuntime, Rule: &ir.Rule{Origin: ir.OriginPermission, Action: ir.ActionAllow, ToolMatcher: ir.ToolMatcher{Set: true, Any: true}}},
		}, []Group{{ir.PreToolUse, MatchBash}, {ir.PreToolUse, MatchFiles}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PlanFor(tc.ls).Groups; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestCommand(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"/usr/local/bin/hookifyc", "/usr/local/bin/hookifyc hook --agent codex"},
		{"/Users/a b/it's/hookifyc", `'/Users/a b/it'"'"'s/hookifyc' hook --agent codex`},
		{"/x/$(rm -rf ~)", `'/x/$(rm -rf ~)' hook --agent codex`},
	} {
		got, err := Options{Hookifyc: tc.path}.Command()
		if err != nil || got != tc.want {
			t.Errorf("Command(%q) = %q, %v; want %q", tc.path, got, err, tc.want)
		}
		plan := Plan{Groups: []Group{{ir.PreToolUse, MatchBash}}}
		js, err := plan.JSON(Options{Hookifyc: tc.path})
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Hooks map[string][]struct {
				Matcher string
				Hooks   []struct{ Command string }
			}
		}
		if err := json.Unmarshal(js, &doc); err != nil || doc.Hooks[ir.PreToolUse][0].Hooks[0].Command != tc.want {
			t.Errorf("hooks.json for %q: %v\n%s", tc.path, err, js)
		}
		tm, err := plan.TOML(Options{Hookifyc: tc.path}, "")
		if err != nil {
			t.Fatal(err)
		}
		d, err := parseTOML(string(tm))
		if err != nil {
			t.Fatal(err)
		}
		h := d["hooks"].(map[string]any)[ir.PreToolUse].([]any)[0].(map[string]any)["hooks"].([]any)[0].(map[string]any)
		if h["command"] != tc.want || h["timeout"] != int64(DefaultTimeout) {
			t.Errorf("hooks.toml for %q: %v", tc.path, h)
		}
	}
	for _, bad := range []string{"", "hookifyc", "./hookifyc", "/bin/x\nrm", "/bin/\x00"} {
		if _, err := (Options{Hookifyc: bad}).Command(); err == nil {
			t.Errorf("Command(%q) accepted", bad)
		}
	}
	js, err := Plan{}.JSON(Options{Hookifyc: testHookifyc})
	if err != nil || string(js) != "{\n  \"hooks\": {}\n}\n" {
		t.Errorf("empty plan: %q %v", js, err)
	}
}
