package codextest

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"
)

// Hook is one hook as `codex app-server` lists it (method hooks/list).
type Hook struct {
	Key         string `json:"key"`
	EventName   string `json:"eventName"`
	Matcher     string `json:"matcher"`
	Command     string `json:"command"`
	SourcePath  string `json:"sourcePath"`
	TrustStatus string `json:"trustStatus"`
}

// HooksList asks `codex app-server` for the hooks a session started in dir
// would load, with CODEX_HOME codexHome and HOME home, and returns them
// with the warnings and errors Codex reports about the configuration.
func HooksList(t testing.TB, bin, codexHome, home, dir string) (hooks []Hook, problems []json.RawMessage) {
	t.Helper()
	cmd := exec.Command(bin, "app-server")
	cmd.Env = append(os.Environ(), "CODEX_HOME="+codexHome, "HOME="+home, "RUST_BACKTRACE=0", "NO_COLOR=1")
	cmd.Dir = dir
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"name":"hookifyc-test","version":"1"}}}`+"\n")
	io.WriteString(stdin, `{"jsonrpc":"2.0","method":"initialized"}`+"\n")
	req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 2, "method": "hooks/list", "params": map[string]any{"cwds": []string{dir}}})
	io.WriteString(stdin, string(req)+"\n")
	type answer struct {
		hooks    []Hook
		problems []json.RawMessage
		err      error
	}
	done := make(chan answer, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var msg struct {
				ID     int `json:"id"`
				Result struct {
					Data []struct {
						Hooks    []Hook            `json:"hooks"`
						Warnings []json.RawMessage `json:"warnings"`
						Errors   []json.RawMessage `json:"errors"`
					} `json:"data"`
				} `json:"result"`
			}
			if json.Unmarshal(sc.Bytes(), &msg) == nil && msg.ID == 2 {
				var a answer
				for _, d := range msg.Result.Data {
					a.hooks = append(a.hooks, d.Hooks...)
					a.problems = append(append(a.problems, d.Warnings...), d.Errors...)
				}
				done <- a
				return
			}
		}
		done <- answer{err: errors.New("codex app-server closed without answering hooks/list")}
	}()
	select {
	case a := <-done:
		if a.err != nil {
			t.Fatal(a.err)
		}
		return a.hooks, a.problems
	case <-time.After(60 * time.Second):
		t.Fatal("codex app-server did not answer hooks/list in 60 s")
	}
	return nil, nil
}
