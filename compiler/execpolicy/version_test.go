package execpolicy

import (
	"testing"

	"github.com/hookifyc/hookifyc/internal/version"
)

// TestCodexVersion: the Codex release named by --version and the audit log
// (internal/version, which the hook binary links) is the one this package
// reproduces.
func TestCodexVersion(t *testing.T) {
	if version.Codex != CodexVersion {
		t.Errorf("internal/version.Codex = %q, execpolicy.CodexVersion = %q", version.Codex, CodexVersion)
	}
}
