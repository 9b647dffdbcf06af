package perm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookifyc/hookifyc/compiler/ir"
)

// ruleWant is what a loaded rule must look like.
type ruleWant struct {
	pos     string // line:col
	name    string
	action  ir.Action
	event   string
	actor   string
	message string
}

func checkRules(t *testing.T, file string, rules []*ir.Rule, want []ruleWant) {
	t.Helper()
	if len(rules) != len(want) {
		for _, r := range rules {
			t.Logf("got %s %q %s", r.Source, r.Name, r.Action)
		}
		t.Fatalf("got %d rules, want %d", len(rules), len(want))
	}
	for i, w := range want {
		r := rules[i]
		if r.Source.File != file || r.Source.Pos.String() != w.pos || r.Name != w.name || r.Action != w.action ||
			r.Event != w.event || r.Message != wantMessage(file, w) || r.Permission == nil || r.Permission.Actor != w.actor ||
			r.Origin != ir.OriginPermission || !r.Enabled || r.Permission.Pattern != w.name {
			t.Errorf("rule %d = %s %q %s event=%s msg=%q perm=%+v; want %+v", i, r.Source, r.Name, r.Action, r.Event, r.Message, r.Permission, w)
		}
	}
}

// wantMessage is the message of a permission rule: the pattern that
// decides, where it is written, and the genesis reason (w.message).
func wantMessage(file string, w ruleWant) string {
	verb := map[ir.Action]string{ir.ActionBlock: "denied by", ir.ActionAsk: "approval required by", ir.ActionAllow: "allowed by"}[w.action]
	msg := verb + " `" + w.name + "` in " + file + ":" + w.pos
	if w.actor != "" {
		msg += " (actor " + w.actor + ")"
	}
	if w.message != "" {
		msg += ": " + w.message
	}
	return msg
}

func checkDiags(t *testing.T, diags []Diagnostic, want []string) {
	t.Helper()
	var got []string
	for _, d := range diags {
		got = append(got, d.Error())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLoadSettings(t *testing.T) {
	file := "testdata/project/.claude/settings.json"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if k := Detect(file, data); k != KindSettings {
		t.Fatalf("Detect = %s", k)
	}
	rules, diags, err := LoadSettings(file, data, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkRules(t, file, rules, []ruleWant{
		{"7:7", "Bash(git *)", ir.ActionAllow, "bash", "", ""},
		{"8:7", "Bash(npm run test:*)", ir.ActionAllow, "bash", "", ""},
		{"8:31", "Read(/docs/**)", ir.ActionAllow, "file", "", ""},
		{"9:7", "mcp__github__*", ir.ActionAllow, "all", "", ""},
		{"14:7", "Read(./.env)", ir.ActionBlock, "file", "", ""},
		{"17:7", "WebFetch(domain:*.evil.com)", ir.ActionBlock, "all", "", ""},
		{"19:7", "Write(.env)", ir.ActionBlock, "file", "", ""},
		{"21:13", "Bash(git push *)", ir.ActionAsk, "bash", "", ""},
		{"21:33", "Agent(model:opus)", ir.ActionAsk, "all", "", ""},
	})
	checkDiags(t, diags, []string{
		file + `:10:7: warning: allow rules accept tool globs only after a literal mcp__<server>__ prefix; "mcp__*" is skipped`,
		file + `:11:7: warning: Tool(param:value) rules work in deny and ask lists only; "Bash(run_in_background:true)" is skipped in allow`,
		file + `:15:31: rule "Bash(echo \"café\"": missing ')' to close '(' at col 5`,
		file + `:16:7: "permissions.deny" entries must be strings, not a number`,
		file + `:18:7: warning: Bash(command:…) cannot target the primary field command; Claude Code ignores it (write Bash(…) instead)`,
		file + `:19:7: warning: Claude Code never consults Write(…) path rules (use Read(…) or Edit(…)); hookifyc checks "Write(.env)" against Write calls only`,
	})

	// The IR fields of one rule in full.
	r := rules[0]
	if r.ActionText != "allow" || len(r.Conditions) != 1 || r.KeyPos != nil ||
		r.Conditions[0] != (ir.Condition{Field: "command", Operator: ir.OpPermCommand, Pattern: "git *", Pos: ir.Pos{Line: 7, Col: 7}}) ||
		!r.ToolMatcher.Set || r.ToolMatcher.Any || len(r.ToolMatcher.Names) != 1 || r.ToolMatcher.Names[0] != "Bash" ||
		*r.Permission != (ir.Permission{Pattern: "Bash(git *)", Tool: "Bash", Specifier: "git *", BaseDir: "testdata/project"}) {
		t.Errorf("rule 0 = %+v %+v", r, r.Permission)
	}
	if len(rules[3].Conditions) != 0 || !rules[3].ToolMatcher.Any {
		t.Errorf("bare MCP glob rule: conditions %v, matcher %+v", rules[3].Conditions, rules[3].ToolMatcher)
	}
	if c := rules[5].Conditions[0]; c.Operator != ir.OpPermDomain || c.Field != "url" || c.Pattern != "domain:*.evil.com" {
		t.Errorf("WebFetch condition %+v", c)
	}
	if c := rules[8].Conditions[0]; c.Operator != OpPermParam || c.Field != "model" || c.Pattern != "model:opus" {
		t.Errorf("param condition %+v", c)
	}

	// MatchRule evaluates a loaded rule with its own decision and BaseDir.
	ctx := Context{Cwd: "/w/testdata/project"}
	for _, tc := range []struct {
		rule  int
		tool  string
		input map[string]any
		want  bool
	}{
		{0, "Bash", map[string]any{"command": "git log"}, true},
		{0, "Bash", map[string]any{"command": "git log; rm x"}, false},
		{2, "Read", map[string]any{"file_path": "/w/testdata/project/docs/a.md"}, false}, // BaseDir is relative to Cwd
		{2, "Read", map[string]any{"file_path": "/w/testdata/project/testdata/project/docs/a.md"}, true},
		{4, "Bash", map[string]any{"command": "cat .env"}, true},
	} {
		got, err := MatchRule(rules[tc.rule], tc.tool, tc.input, ctx)
		if err != nil || got != tc.want {
			t.Errorf("MatchRule(%q, %v) = %v, %v; want %v", rules[tc.rule].Name, tc.input, got, err, tc.want)
		}
	}
}

func TestLoadGenesis(t *testing.T) {
	file := "testdata/genesis.key"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if k := Detect(file, data); k != KindGenesis {
		t.Fatalf("Detect = %s", k)
	}
	rules, diags, err := Load(file, data, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkRules(t, file, rules, []ruleWant{
		{"5:16", "Bash(rm -rf *)", ir.ActionBlock, "bash", "", "Never delete trees recursively."},
		{"9:16", "Read(~/.ssh/**)", ir.ActionBlock, "file", "", "Keys stay private."},
		{"14:16", "Edit", ir.ActionAsk, "file", "", ""},
		{"14:21", "Write", ir.ActionAsk, "file", "", ""},
		{"20:16", "WebFetch(domain:pastebin.com)", ir.ActionBlock, "all", "", ""},
		{"28:11", "Bash(go test *)", ir.ActionAllow, "bash", "builder", ""},
		{"29:11", "Bash(go build *)", ir.ActionAllow, "bash", "builder", ""},
		{"30:15", "Bash(sudo *)", ir.ActionBlock, "bash", "builder", ""},
		{"30:31", "Read(.env)", ir.ActionBlock, "file", "builder", ""},
		{"32:11", "Bash(git push *)", ir.ActionAsk, "bash", "builder", ""},
		{"35:11", "Edit", ir.ActionBlock, "file", "reviewer", ""},
		{"38:7", "Read(/docs/**)", ir.ActionAllow, "file", "", ""},
	})
	checkDiags(t, diags, []string{
		file + `:2:1: warning: unknown key "version" ignored`,
		file + `:13:9: warning: unknown key config.severity ignored`,
		file + `:16:39: rule "Bash(git push --force *": missing ')' to close '(' at col 5`,
		file + `:19:13: warning: hooks.pre_tool_use type "notify" is not supported (want deny, ask or allow); entry skipped`,
		file + `:22:3: warning: hooks.post_tool_use holds no permission rules; its hooks are placed by hookifyc genesis plan/emit`,
		file + `:36:7: warning: unknown key permissions.actors.reviewer.trusted ignored`,
	})
	if rules[0].Permission.BaseDir != "testdata" {
		t.Errorf("BaseDir = %q", rules[0].Permission.BaseDir)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name, file, data string
		want             string // the error, or the diagnostics joined by newlines
		fatal            bool
	}{
		{name: "json syntax", file: "s.json", data: "{\"permissions\": {\n  \"allow\": [\"Bash\",]\n}}", want: "s.json:2:20: invalid character ']' looking for beginning of value", fatal: true},
		{name: "json not object", file: "s.json", data: `["permissions"]`, want: "s.json:1:1: not a JSON object", fatal: true},
		{name: "permissions not object", file: "s.json", data: `{"permissions": ["Bash"]}`, want: `s.json:1:17: warning: "permissions" is not an object; ignored`},
		{name: "list not array", file: "s.json", data: `{"permissions": {"deny": "Bash"}}`, want: `s.json:1:26: "permissions.deny" must be an array of strings`},
		{name: "duplicate permissions", file: "s.json", data: "{\"permissions\": {\"deny\": [\"Bash\"]},\n \"permissions\": {\"deny\": [\"Read\"]}}", want: `s.json:2:2: warning: duplicate key "permissions": the last one wins`},
		{name: "null lists", file: "s.json", data: `{"permissions": {"allow": null, "deny": [null]}}`, want: `s.json:1:42: "permissions.deny" entries must be strings, not null`},
		{name: "yaml syntax", file: "genesis.key", data: "hooks:\n  pre_tool_use: [\n", want: "genesis.key:2:1: did not find expected node content", fatal: true},
		{name: "yaml not mapping", file: "g.yaml", data: "- a\n- b\n", want: "g.yaml:1:1: a genesis file must be a YAML mapping", fatal: true},
		{name: "yaml bad shapes", file: "g.yml", data: "hooks:\n  pre_tool_use: {}\npermissions:\n  deny: Bash\n  actors:\n    a: [x]\n", want: "g.yml:2:17: hooks.pre_tool_use must be a list\ng.yml:4:9: permissions.deny must be a list of patterns\ng.yml:6:8: permissions.actors.a must be a mapping"},
		{name: "yaml entry without matcher", file: "g.yml", data: "hooks:\n  pre_tool_use:\n    - type: deny\n    - matcher: Bash\n", want: "g.yml:3:7: hooks.pre_tool_use entry without a matcher string; skipped\ng.yml:4:7: warning: hooks.pre_tool_use entry without a type; skipped"},
		{name: "yaml unicode columns", file: "g.yml", data: "permissions:\n  deny: [\"é\", \"Bash(é\"]\n", want: "g.yml:2:11: rule \"é\": invalid character 'é' in tool name \"é\"\ng.yml:2:24: rule \"Bash(é\": missing ')' to close '(' at col 5"},
		{name: "yaml escapes", file: "g.yml", data: "permissions:\n  deny:\n    - \"Bash(\\u00e9\\t\"\n    - 'Bash(it''s'\n", want: "g.yml:3:21: rule \"Bash(é\\t\": missing ')' to close '(' at col 5\ng.yml:4:18: rule \"Bash(it's\": missing ')' to close '(' at col 5"},
		{name: "json with BOM", file: "s.json", data: "\xef\xbb\xbf{\"permissions\": {\"deny\": [\"Bash(\"]}}", want: `s.json:1:36: rule "Bash(": missing ')' to close '(' at col 5`},
		{name: "empty yaml", file: "genesis.key", data: "", want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags, err := Load(tt.file, []byte(tt.data), LoadOptions{})
			if tt.fatal {
				if err == nil || err.Error() != tt.want {
					t.Errorf("error = %v, want %s", err, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range diags {
				got = append(got, d.Error())
			}
			if strings.Join(got, "\n") != tt.want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), tt.want)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		path, data string
		want       Kind
	}{
		{"genesis.key", "anything", KindGenesis},
		{"x/policy.yaml", "", KindGenesis},
		{"x/policy.YML", "", KindGenesis},
		{".claude/settings.json", `{"permissions": {}}`, KindSettings},
		{"whatever.txt", `{"hooks": {"PreToolUse": []}}`, KindSettings},
		{"settings.json", `{"env": {"permissions": 1}}`, KindUnknown},
		{"settings.json", `{"permissions": `, KindUnknown},
		{"package.json", `{"name": "x"}`, KindUnknown},
		{"rule.md", "---\nname: x\n---\n", KindUnknown},
	}
	for _, tt := range tests {
		if got := Detect(tt.path, []byte(tt.data)); got != tt.want {
			t.Errorf("Detect(%q) = %s, want %s", tt.path, got, tt.want)
		}
	}
	if _, _, err := Load("package.json", []byte(`{}`), LoadOptions{}); err == nil {
		t.Error("Load of an unknown source: no error")
	}
}

func TestBaseDir(t *testing.T) {
	home := filepath.FromSlash("/home/u")
	tests := []struct {
		file string
		opts LoadOptions
		want string
	}{
		{"/w/proj/.claude/settings.json", LoadOptions{}, "/w/proj"},
		{"/w/proj/.claude/settings.local.json", LoadOptions{Home: home}, "/w/proj"},
		{"/home/u/.claude/settings.json", LoadOptions{Home: home}, "/home/u/.claude"},
		{"/etc/custom/settings.json", LoadOptions{}, "/etc/custom"},
		{"/w/proj/genesis.key", LoadOptions{}, "/w/proj"},
		{"/w/proj/.claude/settings.json", LoadOptions{BaseDir: "/elsewhere"}, "/elsewhere"},
	}
	for _, tt := range tests {
		if got := tt.opts.baseDir(filepath.FromSlash(tt.file)); got != tt.want {
			t.Errorf("baseDir(%q, %+v) = %q, want %q", tt.file, tt.opts, got, tt.want)
		}
	}
}

func TestReadFile(t *testing.T) {
	rules, _, err := ReadFile("testdata/genesis.key", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if want := filepath.ToSlash(filepath.Join(wd, "testdata")); rules[0].Permission.BaseDir != want {
		t.Errorf("BaseDir = %q, want %q", rules[0].Permission.BaseDir, want)
	}
	if _, _, err := ReadFile("testdata/missing.json", LoadOptions{}); err == nil {
		t.Error("ReadFile of a missing file: no error")
	}
}
