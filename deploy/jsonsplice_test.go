package deploy

import (
	"encoding/json"
	"strings"
	"testing"
)

var ours = []byte(`{"hooks":[{"type":"command","command":"/bin/hookifyc hook --agent codex"}]}`)

func isOurs(g []byte) bool {
	cs := hookCommands(g)
	return len(cs) == 1 && cs[0] == "/bin/hookifyc hook --agent codex"
}

func TestSpliceHooks(t *testing.T) {
	add := EventGroups{Events: []string{"PreToolUse", "Stop"}, Groups: map[string][][]byte{"PreToolUse": {ours}, "Stop": {ours}}}
	for _, tc := range []struct {
		name, doc string
		want      string // "" means: check only the round trip
	}{
		{"empty", "", ""},
		{"empty object", "{}\n", ""},
		{"compact", `{"a":1}`, `{"a":1,"hooks": {"PreToolUse": [{"hooks":[{"type":"command","command":"/bin/hookifyc hook --agent codex"}]}], "Stop": [{"hooks":[{"type":"command","command":"/bin/hookifyc hook --agent codex"}]}]}}`},
		{"tabs", "{\n\t\"a\": 1\n}\n", "{\n\t\"a\": 1,\n\t\"hooks\": {\n\t\t\"PreToolUse\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"/bin/hookifyc hook --agent codex\"\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t],\n\t\t\"Stop\": [\n\t\t\t{\n\t\t\t\t\"hooks\": [\n\t\t\t\t\t{\n\t\t\t\t\t\t\"type\": \"command\",\n\t\t\t\t\t\t\"command\": \"/bin/hookifyc hook --agent codex\"\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}\n\t\t]\n\t}\n}\n"},
		{"user hooks", userHooks, ""},
		{"empty hooks", "{\n  \"hooks\": {}\n}\n", ""},
		{"empty event", "{\"hooks\": {\"Stop\": []}}", ""},
		{"escapes kept", `{"x": "\u00e9\n", "hooks": {"PreToolUse": [{"hooks": [{"command": "a\"b"}]}]}}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := spliceHooks([]byte(tc.doc), isOurs, add)
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(out) {
				t.Fatalf("invalid JSON:\n%s", out)
			}
			if tc.want != "" && string(out) != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", out, tc.want)
			}
			// Splicing again is a fixed point; removing ours gives back the
			// user's groups.
			again, err := spliceHooks(out, isOurs, add)
			if err != nil || string(again) != string(out) {
				t.Errorf("not idempotent:\n%s\n%s", out, again)
			}
			back, err := spliceHooks(out, isOurs, EventGroups{})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(back), "hookifyc") {
				t.Errorf("ours not removed:\n%s", back)
			}
			if tc.doc != "" && strings.Contains(tc.doc, "hooks") {
				var a, b any
				json.Unmarshal([]byte(tc.doc), &a)
				json.Unmarshal(back, &b)
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				if string(ja) != string(jb) && !strings.Contains(tc.name, "empty") {
					t.Errorf("removing ours changed the user's document:\n%s\n%s", ja, jb)
				}
			}
		})
	}
}

func TestSpliceHooksErrors(t *testing.T) {
	for _, doc := range []string{"[]", `{"hooks": []}`, `{"a":`, `{"a":1}x`} {
		if _, err := spliceHooks([]byte(doc), isOurs, EventGroups{Events: []string{"Stop"}, Groups: map[string][][]byte{"Stop": {ours}}}); err == nil {
			t.Errorf("%q: no error", doc)
		}
	}
}

func FuzzSpliceHooks(f *testing.F) {
	for _, s := range []string{"", "{}", userHooks, userSettings, `{"hooks":{"Stop":[{"hooks":[{"command":"/bin/hookifyc hook --agent codex"}]}]}}`} {
		f.Add(s)
	}
	add := EventGroups{Events: []string{"PreToolUse"}, Groups: map[string][][]byte{"PreToolUse": {ours}}}
	f.Fuzz(func(t *testing.T, doc string) {
		out, err := spliceHooks([]byte(doc), isOurs, add)
		if err != nil {
			return
		}
		if !json.Valid(out) {
			t.Fatalf("invalid JSON from %q:\n%s", doc, out)
		}
		var v struct {
			Hooks map[string][]json.RawMessage `json:"hooks"`
		}
		if json.Unmarshal(out, &v) != nil {
			return
		}
		n := 0
		for _, g := range v.Hooks["PreToolUse"] {
			if isOurs(g) {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d groups of ours in PreToolUse from %q:\n%s", n, doc, out)
		}
	})
}

func TestTOMLBlock(t *testing.T) {
	for _, src := range []string{"", "a = 1\n", "a = 1", "# c\n\n[x]\ny = 2\n\n"} {
		out, err := SetBlock([]byte(src), []byte("[[hooks.Stop]]\n"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(out), src) || !HasBlock(out) {
			t.Errorf("%q -> %q", src, out)
		}
		again, _ := SetBlock(out, []byte("[[hooks.Stop]]\n"))
		if string(again) != string(out) {
			t.Errorf("not idempotent: %q", again)
		}
		back, _ := RemoveBlock(out)
		if want := src; !strings.HasSuffix(src, "\n") && src != "" {
			want += "\n"
			if string(back) != want {
				t.Errorf("remove %q: %q", src, back)
			}
		} else if string(back) != src {
			t.Errorf("remove %q: %q", src, back)
		}
	}
	if _, err := SetBlock([]byte(BlockBegin+"\nx\n"), nil); err == nil {
		t.Error("unterminated block accepted")
	}
}

func FuzzTOMLBlock(f *testing.F) {
	for _, s := range []string{"", "a = 1\n", "[x]\ny = 2", userConfig} {
		f.Add(s, "[[hooks.Stop]]\n")
	}
	f.Fuzz(func(t *testing.T, src, body string) {
		if strings.Contains(src, "hookifyc") || strings.Contains(body, "hookifyc") || body == "" {
			return
		}
		out, err := SetBlock([]byte(src), []byte(body))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(out), src) {
			t.Fatalf("SetBlock changed the user's bytes: %q -> %q", src, out)
		}
		again, err := SetBlock(out, []byte(body))
		if err != nil || string(again) != string(out) {
			t.Fatalf("not idempotent: %q %v", again, err)
		}
		back, err := RemoveBlock(out)
		if err != nil {
			t.Fatal(err)
		}
		want := src
		if src != "" && !strings.HasSuffix(src, "\n") {
			want += "\n"
		}
		if string(back) != want {
			t.Fatalf("RemoveBlock: %q, want %q", back, want)
		}
	})
}
