package starter

import (
	"io/fs"
	"strings"
	"testing"
)

// TestVersionsListed: every file of the pack, as it is now, is listed in
// versions.sha256, so that a later hookifyc's init --update recognises it
// as unedited; and the list is well formed.
func TestVersionsListed(t *testing.T) {
	for _, name := range Names() {
		data, err := fs.ReadFile(FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		if !Shipped(name, data) {
			t.Errorf("%s changed: add its new digest to versions.sha256 (sha256sum), and keep the old lines", name)
		}
	}
	for i, line := range strings.Split(strings.TrimSuffix(versions, "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		if !ok || len(sum) != 64 || strings.Trim(sum, "0123456789abcdef") != "" || !strings.HasSuffix(name, ".md") {
			t.Errorf("versions.sha256:%d: %q is not \"SHA256  NAME.md\"", i+1, line)
		}
	}
	if Shipped("git-force-push.md", []byte("edited\n")) {
		t.Error("an edited file counts as shipped")
	}
}
