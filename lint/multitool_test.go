package lint

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/hookifyc/hookifyc/internal/codextest"
)

// MultitoolVersion is the SARIF Multitool .ci/run installs (npm
// @microsoft/sarif-multitool@5.7.0 into ~/.cache/hookifyc).
const MultitoolVersion = "5.7.0"

// multitoolValidate runs `Sarif.Multitool validate` on a SARIF log under
// HOOKIFYC_LIVE=1 (the tool missing is a failure there) and fails on any
// error-level result; without the switch it does nothing.
func multitoolValidate(t *testing.T, doc []byte) {
	t.Helper()
	if !codextest.Live() {
		return
	}
	bin := os.Getenv("HOOKIFYC_SARIF_MULTITOOL")
	if bin == "" {
		home, _ := os.UserHomeDir()
		bin = filepath.Join(home, ".cache", "hookifyc", "sarif-multitool-"+MultitoolVersion, "node_modules", "@microsoft", "sarif-multitool-"+runtime.GOOS, "Sarif.Multitool")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("HOOKIFYC_LIVE=1: the SARIF Multitool is missing (%v); install it as .ci/run does or set HOOKIFYC_SARIF_MULTITOOL", err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "lint.sarif"), filepath.Join(dir, "validation.sarif")
	if err := os.WriteFile(in, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "validate", in, "--output", out)
	cmd.Env = append(os.Environ(), "DOTNET_CLI_TELEMETRY_OPTOUT=1")
	msg, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("Sarif.Multitool validate: %v\n%s", err, msg)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Level   string `json:"level"`
				RuleID  string `json:"ruleId"`
				Message struct {
					Text      string   `json:"text"`
					Arguments []string `json:"arguments"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, run := range log.Runs {
		for _, r := range run.Results {
			n++
			if r.Level == "error" {
				t.Errorf("Sarif.Multitool validate: error %s: %s %v", r.RuleID, r.Message.Text, r.Message.Arguments)
			} else {
				t.Logf("Sarif.Multitool validate: %s %s: %v", r.Level, r.RuleID, r.Message.Arguments)
			}
		}
	}
	t.Logf("Sarif.Multitool %s validate: %d result(s), none at error level", MultitoolVersion, n)
}
