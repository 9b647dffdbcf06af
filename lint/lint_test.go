package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/hookifyc/hookifyc/compiler/engine"
	"github.com/hookifyc/hookifyc/compiler/hookify"
	"github.com/hookifyc/hookifyc/compiler/ir"
	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/compiler/sources"
	"github.com/hookifyc/hookifyc/internal/golden"
	"github.com/hookifyc/hookifyc/internal/hookifycorpus"
)

// hermeticEnv is an Env with an empty home and no managed layer.
func hermeticEnv(t *testing.T) sources.Env {
	return sources.Env{Home: t.TempDir()}
}

func TestCollision(t *testing.T) {
	for _, tc := range []struct {
		project string
		want    bool
	}{{"a", true}, {"b", false}} {
		home, proj := t.TempDir(), t.TempDir()
		write(t, filepath.Join(home, ".codex", "hookify", "a.md"), rule("name: a", "event: bash", "action: block", "pattern: shred"))
		write(t, filepath.Join(proj, ".claude", "hookify."+tc.project+".local.md"), rule("name: "+tc.project, "event: bash", "pattern: wipefs"))
		r := Run(Options{Env: sources.Env{Home: home}, Cwd: proj})
		if has(r, "collision") != tc.want {
			t.Errorf("project rule %q: collision reported %v, want %v:\n%s", tc.project, !tc.want, tc.want, dump(r))
		}
	}
}

func write(t *testing.T, p, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// corpusResult lints the hookify parity corpus's rules in place, with
// paths relative to its rules directory.
func corpusResult(t *testing.T, sem engine.Semantics) (*hookifycorpus.Corpus, *Result) {
	c := hookifycorpus.Load(t)
	dir := filepath.Join(c.Dir, "rules")
	r := Run(Options{Paths: []string{dir}, Semantics: sem, Env: hermeticEnv(t)})
	// Paths in goldens are relative to the rules directory, wherever the
	// shared corpus is checked out (messages name other files too).
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		d.Path = filepath.ToSlash(strings.TrimPrefix(d.Path, dir+string(filepath.Separator)))
		d.Message = strings.ReplaceAll(d.Message, dir+string(filepath.Separator), "")
		d.Fix = strings.ReplaceAll(d.Fix, dir+string(filepath.Separator), "")
	}
	return c, r
}

// TestCorpusGolden lints the 153 rule files of the hookify parity corpus
// (read in place) and compares the text output and the count per code.
func TestCorpusGolden(t *testing.T) {
	for _, sem := range []engine.Semantics{engine.Fixed, engine.Hookify} {
		_, r := corpusResult(t, sem)
		var b bytes.Buffer
		if err := WriteText(&b, r); err != nil {
			t.Fatal(err)
		}
		counts := map[string]int{}
		for _, d := range r.Diagnostics {
			counts[d.Code+" "+string(d.Severity)]++
		}
		var keys []string
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteString("\ncounts per code and severity:\n")
		for _, k := range keys {
			fmt.Fprintf(&b, "%5d %s\n", counts[k], k)
		}
		golden.Check(t, filepath.Join("testdata", "corpus-"+sem.String()+".golden"), b.Bytes())
	}
}

// neverMatched are the corpus rules whose recorded hookify output is
// never a warning or a block.
func neverMatched(c *hookifycorpus.Corpus) []string {
	matched := map[string]bool{}
	all := map[string]bool{}
	for _, cs := range c.Single {
		id := cs.Rules[0]
		all[id] = true
		if cs.Stdout == "{}" || cs.Stdout == hookifycorpus.NotRun || strings.Contains(cs.Stdout, `"Hookify error: `) {
			continue
		}
		matched[id] = true
	}
	var out []string
	for id := range all {
		if !matched[id] {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// witnesses are calls on which hookify (the engine under hookify
// semantics) does fire a rule that no corpus input fires: the rule is
// healthy, the corpus just lacks the input.
var witnesses = map[string]struct{ event, text, path string }{
	"pub-abhishekvm-build-rite-git-discipline":            {"bash", "git add -A", ""},
	"pub-kimchanhyung98-agentic-workflows-block-packages": {"file", "x", "node_modules/left-pad/index.js"},
	"pub-orqastudio-app-delete-source-dirs-v1-22d5c78":    {"bash", "rm -rf src/old", ""},
	"pub-orqastudio-app-perpetual-bg-commands":            {"bash", "npm run dev", ""},
	"pub-orqastudio-app-root-file-creation":               {"file", "x", "/c/Users/Bobbi/code/forge/notes.txt"},
	"pub-soviann-tarot-no-rector-protected":               {"bash", "rector process vendor/x", ""},
	"pub-soviann-tarot-squash-merge-only":                 {"bash", "git merge feature", ""},
	"q-31-dotall-multiline":                               {"bash", "b", ""},
}

// TestCorpusNeverMatched: every corpus rule that hookify never matches
// (in expected.jsonl) is flagged by lint with a warning or an error, or
// the "disabled" note — unless a witness shows that hookify does fire it.
func TestCorpusNeverMatched(t *testing.T) {
	c, r := corpusResult(t, engine.Fixed)
	flagged := map[string][]string{}
	for _, d := range r.Diagnostics {
		if d.Severity != Note || d.Code == "disabled" {
			id := strings.TrimSuffix(d.Path, ".md")
			flagged[id] = append(flagged[id], d.Code)
		}
	}
	eng := engine.New(engine.Options{Semantics: engine.Hookify})
	never := neverMatched(c)
	nFlagged, nWitness := 0, 0
	for _, id := range never {
		if len(flagged[id]) > 0 {
			nFlagged++
			continue
		}
		w, ok := witnesses[id]
		if !ok {
			t.Errorf("%s: hookify never matches it and lint does not flag it", id)
			continue
		}
		data, err := os.ReadFile(c.RulePath(id))
		if err != nil {
			t.Fatal(err)
		}
		rl, diag := hookify.ReadRule(id, data)
		if diag != nil {
			t.Fatalf("%s: %v", id, diag)
		}
		ev, err := engine.SyntheticEvent(w.event, w.text, w.path)
		if err != nil {
			t.Fatal(err)
		}
		if res := eng.Evaluate([]*ir.Rule{rl}, ev); res.Decision() == engine.DecisionAllow {
			t.Errorf("%s: not flagged, and the witness %+v does not fire it", id, w)
		}
		nWitness++
	}
	t.Logf("%d corpus rules never matched by hookify: %d flagged by lint, %d shown to fire by a witness", len(never), nFlagged, nWitness)
	_ = pyval.Str("")
}

// TestSARIFSchema validates the SARIF output of the corpus lint against
// the SARIF 2.1.0 JSON schema (lint/testdata/sarif-2.1.0.json, from the
// npm package @microsoft/sarif-multitool-linux@5.7.0, MIT).
func TestSARIFSchema(t *testing.T) {
	_, r := corpusResult(t, engine.Fixed)
	var b bytes.Buffer
	if err := WriteSARIF(&b, r, "test"); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, b.Bytes())
	multitoolValidate(t, b.Bytes())
	// A log with fixes (text edits) too.
	fx := lintFiles(t, map[string]string{"a.md": rule("name: a", "evnet: bash", "event: bahs", "enabled: no", "conditions:", "  - field: comand", "    operator: regex_matches", `    pattern: "rm\\s+-rf"`)}, engine.Fixed)
	b.Reset()
	if err := WriteSARIF(&b, fx, "test"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte(`"fixes"`)) {
		t.Errorf("no fixes in:\n%s", b.Bytes())
	}
	validateSARIF(t, b.Bytes())
	multitoolValidate(t, b.Bytes())
}

func validateSARIF(t *testing.T, doc []byte) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	schemaDoc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	comp := jsonschema.NewCompiler()
	if err := comp.AddResource("sarif-2.1.0.json", schemaDoc); err != nil {
		t.Fatal(err)
	}
	sch, err := comp.Compile("sarif-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("SARIF output does not validate: %v", err)
	}
	var log struct {
		Runs []struct {
			Results []struct{ Level string } `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(doc, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("SARIF output: %v", err)
	}
}

// TestQuotedEscapesControls: a pattern is shown with its control
// characters and bidi overrides escaped, so that a rule file cannot drive
// the terminal of whoever lints it.
func TestQuotedEscapesControls(t *testing.T) {
	for in, want := range map[string]string{
		`rm\s+-rf`:     `'rm\s+-rf'`,
		"a\tb":         "'a\tb'",
		"rm\x1b[2K":    `"rm\x1b[2K"`,
		"rm\u202e -rf": `"rm\u202e -rf"`,
		"a\nb":         `"a\nb"`,
	} {
		if got := quoted(in); got != want {
			t.Errorf("quoted(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestTextOutputCannotBeForged: file names and file contents that hold
// newlines, escape sequences or bidi overrides reach lint's text output
// escaped: one line per diagnostic (and its fix), no terminal control, so
// that a linted repository can neither forge a diagnostic or a CI
// annotation ("::error ...") on a line of its own nor drive the terminal.
func TestTextOutputCannotBeForged(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, data string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".claude/settings.json", `{"permissions":{"allow":["Bash(git\n::error file=README.md,line=1::FORGED\nlog*)"]}}`)
	write(".codex/rules/a.rules", "prefix_rule(pattern=[\"rm\\nfake.rules:1:1: error: FORGED [rules-invalid]\\n\"], decision=\"forbidden\")\n")
	write(".codex/hookify/e.md", "---\nname: e\nenabled: \"\x1b]0;PWNED\x07\x1b[31mRED\"\nevent: bash\npattern: rm\n---\nm\n")
	if runtime.GOOS != "windows" { // Windows refuses these names
		write(".claude/hookify.n\nx.md:1:1: error: FORGED [invalid-regex]\n\x1b[2Jz.md", "---\nname: n\nevent: bash\npattern: (\n---\nm\n")
	}
	r := Run(Options{Paths: []string{filepath.Join(dir, ".claude"), filepath.Join(dir, ".codex", "hookify"), filepath.Join(dir, ".codex", "rules", "a.rules")}, Env: hermeticEnv(t)})
	codes := map[string]bool{}
	for _, d := range r.Diagnostics {
		codes[d.Code] = true
	}
	for _, c := range []string{"permission-glob-space", "enabled-string", "rules-forbidden-bypass"} {
		if !codes[c] {
			t.Errorf("no %s diagnostic: %v", c, r.Diagnostics)
		}
	}
	var b strings.Builder
	if err := WriteText(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := 1 // the summary
	for _, d := range r.Diagnostics {
		want++
		if d.Fix != "" {
			want++
		}
	}
	if len(lines) != want {
		t.Errorf("%d lines for %d diagnostics and their fixes (want %d):\n%s", len(lines), len(r.Diagnostics), want, out)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "::") || strings.Contains(l, "\x1b") || strings.Contains(l, "\x07") || strings.HasPrefix(l, "fake.rules") || strings.HasPrefix(l, "x.md") {
			t.Errorf("forged or raw line: %q", l)
		}
	}
}

// TestFileURI: SARIF artifact locations are URI references (RFC 3986)
// whatever the file is called: characters a path may not hold raw are
// percent-encoded, and a relative path whose first segment has a colon
// does not read as a scheme.
func TestFileURI(t *testing.T) {
	abs := string(filepath.Separator) + filepath.Join("r", "a b", "x#?%.md")
	if runtime.GOOS == "windows" {
		abs = `C:\r\a b\x#?%.md`
	}
	want := map[string]string{
		"rules/a.md":             "rules/a.md",
		"javascript:alert(1).md": "./javascript:alert%281%29.md",
		"n\nx.md":                "n%0Ax.md",
		"[x] é.md":               "%5Bx%5D%20%C3%A9.md",
		abs:                      "file:///r/a%20b/x%23%3F%25.md",
	}
	if runtime.GOOS == "windows" {
		want[abs] = "file:///C:/r/a%20b/x%23%3F%25.md"
	}
	for in, w := range want {
		in = filepath.FromSlash(in)
		if got := fileURI(in); got != w {
			t.Errorf("fileURI(%q) = %q, want %q", in, got, w)
		}
	}
}
