package agent

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookifyc/hookifyc/compiler/pyval"
	"github.com/hookifyc/hookifyc/internal/codextest"
	"github.com/hookifyc/hookifyc/internal/golden"
)

// The end-to-end check of the payloads: `codex exec` runs one scripted tool
// call from a mock model (spec: codex-e2e-harness.md) with a PreToolUse hook
// that records its stdin, and every file Codex then created, changed or
// deleted must be a file event of that stdin after Normalize (or the call
// must carry a problem). This is where the shell forms come from: Codex sends
// them to the hook as Bash and applies the heredoc itself, or runs its
// apply_patch helper in the shell. Recorded in
// testdata/apply_patch_e2e_codex.jsonl; HOOKIFYC_LIVE=1 runs codex (about a
// second per case), -update rewrites the recording.

const (
	e2eRecording  = "testdata/apply_patch_e2e_codex.jsonl"
	e2eRegenerate = "HOOKIFYC_LIVE=1 go test ./runtime/agent -run TestApplyPatchPayloadsAgainstCodex -update"
)

// e2eCase is one scripted call.
type e2eCase struct {
	Name string `json:"name"`
	// Model is the model name: gpt-5.5 is offered the apply_patch tool.
	Model string `json:"model"`
	// Item is the model's output item (a function_call or custom_tool_call).
	Item json.RawMessage `json:"item"`
	// Payload is the hook's stdin, the case's root replaced by @ROOT@.
	Payload string `json:"payload"`
	// Touched are the files codex changed, relative to the root.
	Touched []string `json:"touched,omitempty"`
}

func execCommand(args map[string]any) json.RawMessage {
	a, _ := json.Marshal(args)
	item, _ := json.Marshal(map[string]any{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "exec_command", "arguments": string(a)})
	return item
}

func customTool(input string) json.RawMessage {
	item, _ := json.Marshal(map[string]any{"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "apply_patch", "input": input})
	return item
}

func e2eCases() []e2eCase {
	patch := "*** Begin Patch\n  *** Add File: .env\n+K=1\n*** End Patch\n"
	heredoc := "apply_patch <<'EOF'\n" + patch + "EOF\n"
	toolItem := customTool(patch)
	// Shell forms that Codex does not intercept run its helper in the shell:
	// login shells may reset PATH, so they run with login: false.
	return []e2eCase{
		{Name: "apply_patch tool", Model: "gpt-5.5", Item: toolItem},
		{Name: "heredoc", Item: execCommand(map[string]any{"cmd": heredoc})},
		{Name: "applypatch heredoc, unquoted delimiter", Item: execCommand(map[string]any{"cmd": "applypatch <<PATCH\n*** Begin Patch\n*** Add File: .env\n+HOME=$HOME\n*** End Patch\nPATCH\n"})},
		{Name: "cd && heredoc", Item: execCommand(map[string]any{"cmd": "cd sub && " + heredoc})},
		{Name: "heredoc in workdir", Item: execCommand(map[string]any{"cmd": heredoc, "workdir": "sub"})},
		{Name: "tab in the path", Item: execCommand(map[string]any{"cmd": "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: sub/.e\tnv\n+K=1\n*** End Patch\nEOF\n"})},
		{Name: "move", Item: execCommand(map[string]any{"cmd": "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.txt\n*** Move to: .env\n@@\n-one\n+K=1\n*** End Patch\nEOF\n"})},
		{Name: "bash -lc heredoc", Item: execCommand(map[string]any{"cmd": "bash -c " + shellQuote(heredoc), "login": false})},
		{Name: "argument", Item: execCommand(map[string]any{"cmd": "apply_patch " + shellQuote(patch), "login": false})},
		{Name: "pipe", Item: execCommand(map[string]any{"cmd": "printf '%s' " + shellQuote(patch) + " | applypatch", "login": false})},
		{Name: "heredoc then a command", Item: execCommand(map[string]any{"cmd": heredoc + "echo done\n", "login": false})},
		{Name: "cd ; heredoc", Item: execCommand(map[string]any{"cmd": "cd sub; " + heredoc, "login": false})},
		// A reviewer's evasions (each wrote a file hookifyc did not check).
		{Name: "tab component before ..", Model: "gpt-5.5", Item: customTool("*** Begin Patch\n*** Add File: sub/\t/../.env\n+K=1\n*** End Patch\n")},
		{Name: "env -C", Item: execCommand(map[string]any{"cmd": "env -C sub " + heredoc, "login": false})},
		{Name: "cd by a variable", Item: execCommand(map[string]any{"cmd": "X=cd; $X sub; " + heredoc, "login": false})},
		{Name: "heredoc ended by EOF;", Item: execCommand(map[string]any{"cmd": "apply_patch <<'EOF'\n" + patch + "EOF;"})},
		// A second reviewer's: the shell, not Codex, runs these.
		{Name: "braces around an unquoted heredoc", Item: execCommand(map[string]any{"cmd": "{ apply_patch <<EOF\n*** Begin Patch\n*** Add File: .e${U}nv\n+K=1\n*** End Patch\nEOF\n}", "login": false})},
		{Name: "cd && in a loop", Item: execCommand(map[string]any{"cmd": "for i in 1 2; do cd sub && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: x.env\n+K=1\n*** End Patch\nEOF\ndone", "login": false})},
		{Name: "env -u -- -C", Item: execCommand(map[string]any{"cmd": "env -u -- -C sub " + heredoc, "login": false})},
	}
}

func TestApplyPatchPayloadsAgainstCodex(t *testing.T) {
	cases := e2eCases()
	live := os.Getenv("HOOKIFYC_LIVE") == "1"
	if live {
		bin := codextest.Binary(t)
		for i := range cases {
			runE2ECase(t, bin, &cases[i])
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		for _, c := range cases {
			if err := enc.Encode(c); err != nil {
				t.Fatal(err)
			}
		}
		golden.Check(t, e2eRecording, buf.Bytes())
	} else {
		if *golden.Update {
			t.Fatalf("-update needs the real codex: %s", e2eRegenerate)
		}
		data, err := os.ReadFile(e2eRecording)
		if err != nil {
			t.Fatalf("%v (run %s)", err, e2eRegenerate)
		}
		var recorded []e2eCase
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			var c e2eCase
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatal(err)
			}
			recorded = append(recorded, c)
		}
		if len(recorded) != len(cases) {
			t.Fatalf("%s has %d cases, want %d: run %s", e2eRecording, len(recorded), len(cases), e2eRegenerate)
		}
		for i := range cases {
			if recorded[i].Name != cases[i].Name || !bytes.Equal(recorded[i].Item, cases[i].Item) {
				t.Fatalf("%s is stale (case %q): run %s", e2eRecording, cases[i].Name, e2eRegenerate)
			}
		}
		cases = recorded
	}
	const root = "/hookifyc-e2e"
	touched := 0
	for _, c := range cases {
		if c.Payload == "" {
			t.Errorf("%s: the hook was not called", c.Name)
			continue
		}
		raw, err := pyval.LoadJSON(strings.ReplaceAll(c.Payload, rootToken, root))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		in, _ := Normalize(raw)
		reported := map[string]bool{}
		for _, ev := range in.Events {
			if ti, ok := ev.Get("tool_input"); ok {
				if d, ok := ti.(*pyval.Dict); ok && str(d, "file_path") != "" {
					reported[str(d, "file_path")] = true
				}
			}
		}
		problems := in.PatchProblems()
		for _, f := range c.Touched {
			touched++
			if !reported[path.Join(root, f)] && len(problems) == 0 {
				t.Errorf("%s: codex changed %s; events %v, no problem\npayload %s", c.Name, f, sortedKeys(reported), c.Payload)
			}
		}
		if len(c.Touched) == 0 {
			t.Errorf("%s: codex changed no file (see the recording)", c.Name)
		}
		t.Logf("%s: codex changed %v; events %v; problems %d", c.Name, c.Touched, sortedKeys(reported), len(problems))
	}
	if touched == 0 {
		t.Error("no case changed a file")
	}
}

// runE2ECase runs `codex exec` on one scripted call and records the hook's
// stdin and the files codex changed.
func runE2ECase(t *testing.T, bin string, c *e2eCase) {
	t.Helper()
	root := codextest.WorkDir(t, "apply-patch-e2e-")
	home, wd := filepath.Join(root, "home"), filepath.Join(root, "wd")
	for _, d := range []string{home, filepath.Join(wd, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(wd, "a.txt"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	srv := codextest.MockModel(func(body []byte) json.RawMessage {
		if _, answered := codextest.ToolOutput(body); answered {
			return codextest.Message("done")
		}
		return c.Item
	})
	defer srv.Close()

	config := codextest.MockConfig{URL: srv.URL, Model: c.Model, Trusted: wd}.TOML()
	capture := filepath.Join(root, "hook-stdin.json")
	script := filepath.Join(root, "capture.sh")
	hooks := fmt.Sprintf(`{"hooks":{"PreToolUse":[{"matcher":".*","hooks":[{"type":"command","command":%q}]}]}}`, script)
	for name, data := range map[string]string{
		filepath.Join(home, "config.toml"): config,
		filepath.Join(home, "hooks.json"):  hooks,
		script:                             "#!/bin/sh\ncat > '" + capture + "'\necho '{}'\n",
	} {
		if err := os.WriteFile(name, []byte(data), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	before, err := snapshotTree(wd)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	// No sandbox: the test is about which files a call changes, not about
	// whether the machine can run bubblewrap.
	cmd := exec.CommandContext(ctx, bin, "exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "--ephemeral", "-s", "danger-full-access", "run it")
	cmd.Dir = wd
	cmd.Env = append(os.Environ(), "MOCK_API_KEY=x", "CODEX_HOME="+home, "RUST_BACKTRACE=0")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: codex exec: %v\n%s", c.Name, err, out.String())
	}
	after, err := snapshotTree(wd)
	if err != nil {
		t.Fatal(err)
	}
	c.Touched = nil
	for name, sum := range after {
		if before[name] != sum {
			c.Touched = append(c.Touched, "wd/"+name)
		}
	}
	for name := range before {
		if _, ok := after[name]; !ok {
			c.Touched = append(c.Touched, "wd/"+name)
		}
	}
	slices.Sort(c.Touched)
	payload, err := os.ReadFile(capture)
	if err != nil {
		t.Fatalf("%s: the hook was not called (%v)\n%s", c.Name, err, out.String())
	}
	// Only the fields the hook reads; ids and the model change per run.
	var p map[string]any
	if err := json.Unmarshal(payload, &p); err != nil {
		t.Fatalf("%s: hook stdin %s: %v", c.Name, payload, err)
	}
	for _, k := range []string{"session_id", "turn_id", "tool_use_id"} {
		if _, ok := p[k]; ok {
			p[k] = "x"
		}
	}
	var norm bytes.Buffer
	enc := json.NewEncoder(&norm)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		t.Fatal(err)
	}
	c.Payload = strings.ReplaceAll(strings.TrimSuffix(norm.String(), "\n"), root, rootToken)
}
